import { ModelClientException } from '@acode/application';
import { ERROR_CODES, quoteText, type ErrorCode } from '@acode/domain';
import type { SecretValue } from './secret-value.js';
import { quoteServerMessage, scrubServerText } from './server-error-message.js';
import { namingOf, shownBaseUrl, startOfSentence, type ServerNaming } from './server-naming.js';

/** Which server a request went to, as messages name it. */
export interface ModelEndpoint {
  /** Provider name, as configured (`gateway` for an upstream given by `gateway.upstream.base_url`). */
  readonly provider: string;
  /** The configured `base_url`, without credentials (settings refuse them; messages drop any). */
  readonly baseUrl: string;
  /** How messages name the server and its settings; by the provider's name without it. */
  readonly naming?: ServerNaming;
}

/** The part of a request an error message may name: the URL asked and the model, never the body. */
export interface RequestSite extends ModelEndpoint {
  readonly url: string;
  readonly model?: string;
}

/** What the network said when no answer came, in words. */
export type UnreachableReason = 'connection refused' | 'connection reset' | 'host not found' | 'connection timed out' | 'port reserved (fetch never connects to it)' | 'network error';

/**
 * The server and its address, as every model-server message names them: `ollama at http://…`
 * for a provider of the model commands, `the upstream model server (ollama) at http://…` for the
 * gateway's upstream, so a client of the gateway sees whose failure it is.
 */
export function serverAt(site: ModelEndpoint): string {
  return `${namingOf(site).name} at ${shownBaseUrl(site.baseUrl)}`;
}

/** ACODE-MDL-001: nothing answered at the address. */
export function unreachableError(site: RequestSite, reason: UnreachableReason, cause?: unknown): ModelClientException {
  return exception(ERROR_CODES.MODEL_UNREACHABLE, `Cannot reach ${serverAt(site)}: ${reason}. Is it running? ${addressHint(site)}`, site, { cause });
}

/** ACODE-MDL-001: the connection broke while the answer was arriving. */
export function connectionLostError(site: RequestSite, cause?: unknown): ModelClientException {
  return exception(ERROR_CODES.MODEL_UNREACHABLE, `Lost the connection to ${serverAt(site)} while its answer was arriving. Is it still running? ${addressHint(site)}`, site, { cause });
}

/** ACODE-MDL-002: the server was silent for longer than `timeout_ms`, before answering or mid-answer. */
export function timeoutError(site: RequestSite, timeoutMs: number, phase: 'answer' | 'body'): ModelClientException {
  const what = phase === 'answer' ? 'did not answer' : 'stopped sending its answer and stayed silent';
  return exception(
    ERROR_CODES.MODEL_TIMEOUT,
    `${startOfSentence(serverAt(site))} ${what} for ${timeoutMs} ms (timeout_ms ${timeoutMs}). Check that the server is not overloaded, or raise ${namingOf(site).timeoutKey}.${upstreamHint(site)}`,
    site,
  );
}

/** ACODE-MDL-007: the caller cancelled the request. */
export function cancelledError(site: RequestSite): ModelClientException {
  return exception(ERROR_CODES.MODEL_CANCELLED, `The request to ${serverAt(site)} was cancelled.`, site);
}

/** ACODE-MDL-005: the answer arrived but cannot be read; `problem` follows "its answer". */
export function badResponseError(site: RequestSite, problem: string): ModelClientException {
  return exception(ERROR_CODES.MODEL_BAD_RESPONSE, `${startOfSentence(serverAt(site))} sent an answer that cannot be read: its answer ${problem}.${upstreamHint(site)}`, site);
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
      `${model} on ${serverAt(site)} does not support tool calling (HTTP ${status}${said}). Choose a model with tool support, or enable tool calling on the server.${upstreamHint(site)}`,
      site,
      { status },
    );
  }
  if (status === 404 && (serverMessage === undefined || MODEL_MISSING.test(serverMessage))) {
    const hint = /ollama/i.test(namingOf(site).name) || /ollama/i.test(site.baseUrl) ? ' Pull it (ollama pull <model>) or pick one the server lists.' : ' Pick a model the server lists.';
    return exception(ERROR_CODES.MODEL_NOT_FOUND, `${model} is not available on ${serverAt(site)} (HTTP 404${said}).${hint}${upstreamHint(site)}`, site, { status });
  }
  return exception(ERROR_CODES.MODEL_HTTP_ERROR, `${startOfSentence(serverAt(site))} answered HTTP ${status}${said}.${upstreamHint(site)}`, site, { status });
}

/** How to point the program at another server: `Set its address with: acode config set <key> <url>`. */
function addressHint(site: ModelEndpoint): string {
  return `Set its address with: acode config set ${namingOf(site).baseUrlKey} <url>`;
}

/** For the gateway's upstream, the {@link addressHint} after a sentence, since a wrong address shows in any of its failures. */
function upstreamHint(site: ModelEndpoint): string {
  return namingOf(site).upstream ? ` ${addressHint(site)}` : '';
}

function exception(code: ErrorCode, message: string, site: RequestSite, extra: { status?: number; cause?: unknown } = {}): ModelClientException {
  return new ModelClientException(code, message, {
    provider: site.provider,
    url: site.url,
    ...(extra.status === undefined ? {} : { status: extra.status }),
    ...(extra.cause === undefined ? {} : { cause: extra.cause }),
  });
}
