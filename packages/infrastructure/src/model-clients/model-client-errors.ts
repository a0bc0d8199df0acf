import { ModelClientException } from '@acode/application';
import { ERROR_CODES, quoteText, type ErrorCode } from '@acode/domain';
import type { SecretValue } from './secret-value.js';
import { quoteServerMessage, scrubServerText } from './server-error-message.js';

/** Which server a request went to, as messages name it. */
export interface ModelEndpoint {
  /** Provider name, as configured. */
  readonly provider: string;
  /** The configured `base_url`, without credentials (settings refuse them). */
  readonly baseUrl: string;
}

/** The part of a request an error message may name: the URL asked and the model, never the body. */
export interface RequestSite extends ModelEndpoint {
  readonly url: string;
  readonly model?: string;
}

/** What the network said when no answer came, in words. */
export type UnreachableReason = 'connection refused' | 'connection reset' | 'host not found' | 'connection timed out' | 'port reserved (fetch never connects to it)' | 'network error';

/** ACODE-MDL-001: nothing answered at the address. */
export function unreachableError(site: RequestSite, reason: UnreachableReason, cause?: unknown): ModelClientException {
  return exception(ERROR_CODES.MODEL_UNREACHABLE, `Cannot reach ${site.provider} at ${site.baseUrl}: ${reason}. Is the server running?`, site, { cause });
}

/** ACODE-MDL-001: the connection broke while the answer was arriving. */
export function connectionLostError(site: RequestSite, cause?: unknown): ModelClientException {
  return exception(ERROR_CODES.MODEL_UNREACHABLE, `Lost the connection to ${site.provider} at ${site.baseUrl} while its answer was arriving.`, site, { cause });
}

/** ACODE-MDL-002: the server was silent for longer than `timeout_ms`, before answering or mid-answer. */
export function timeoutError(site: RequestSite, timeoutMs: number, phase: 'answer' | 'body'): ModelClientException {
  const what = phase === 'answer' ? 'did not answer' : 'stopped sending its answer and stayed silent';
  return exception(
    ERROR_CODES.MODEL_TIMEOUT,
    `${site.provider} at ${site.baseUrl} ${what} for ${timeoutMs} ms (timeout_ms ${timeoutMs}). Check that the server is not overloaded, or raise model.providers.${site.provider}.timeout_ms.`,
    site,
  );
}

/** ACODE-MDL-007: the caller cancelled the request. */
export function cancelledError(site: RequestSite): ModelClientException {
  return exception(ERROR_CODES.MODEL_CANCELLED, `The request to ${site.provider} at ${site.baseUrl} was cancelled.`, site);
}

/** ACODE-MDL-005: the answer arrived but cannot be read; `problem` follows "its answer". */
export function badResponseError(site: RequestSite, problem: string): ModelClientException {
  return exception(ERROR_CODES.MODEL_BAD_RESPONSE, `${site.provider} at ${site.baseUrl} sent an answer that cannot be read: its answer ${problem}.`, site);
}

/** Servers' words for a model that cannot take tools (Ollama: "... does not support tools"; vLLM: tool choice requires flags). */
const NO_TOOL_SUPPORT = /does not support tools|tools? (?:are|is) not supported|tool choice requires|tool[_ ]call(?:ing)? (?:is )?not (?:supported|enabled)/i;

/** Servers' words for a model they do not have. */
const MODEL_MISSING = /model\b.*\b(?:not found|does not exist|not exist|unknown|not available)|model_not_found|no such model|try pulling it/i;

/**
 * The exception for an HTTP error status: ACODE-MDL-006 when the server says the model cannot
 * take tools, ACODE-MDL-004 for a 404 about the model, ACODE-MDL-003 otherwise, each with the
 * status and the server's own message, bounded and scrubbed of `apiKey` and of anything that
 * looks secret ({@link scrubServerText}): the kind is read from the words as sent, the message
 * quotes them scrubbed.
 */
export function httpStatusError(site: RequestSite, status: number, serverMessage: string | undefined, apiKey?: SecretValue): ModelClientException {
  const said = serverMessage === undefined ? '' : `: ${quoteServerMessage(scrubServerText(serverMessage, apiKey))}`;
  const model = site.model === undefined ? 'The model' : `Model ${quoteText(site.model, 100)}`;
  if (serverMessage !== undefined && NO_TOOL_SUPPORT.test(serverMessage)) {
    return exception(
      ERROR_CODES.MODEL_NO_TOOL_SUPPORT,
      `${model} on ${site.provider} at ${site.baseUrl} does not support tool calling (HTTP ${status}${said}). Choose a model with tool support, or enable tool calling on the server.`,
      site,
      { status },
    );
  }
  if (status === 404 && (serverMessage === undefined || MODEL_MISSING.test(serverMessage))) {
    const hint = site.provider === 'ollama' || /ollama/i.test(site.baseUrl) ? ' Pull it (ollama pull <model>) or pick one the server lists.' : ' Pick a model the server lists.';
    return exception(ERROR_CODES.MODEL_NOT_FOUND, `${model} is not available on ${site.provider} at ${site.baseUrl} (HTTP 404${said}).${hint}`, site, { status });
  }
  return exception(ERROR_CODES.MODEL_HTTP_ERROR, `${site.provider} at ${site.baseUrl} answered HTTP ${status}${said}.`, site, { status });
}

function exception(code: ErrorCode, message: string, site: RequestSite, extra: { status?: number; cause?: unknown } = {}): ModelClientException {
  return new ModelClientException(code, message, {
    provider: site.provider,
    url: site.url,
    ...(extra.status === undefined ? {} : { status: extra.status }),
    ...(extra.cause === undefined ? {} : { cause: extra.cause }),
  });
}
