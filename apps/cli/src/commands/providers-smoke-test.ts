import { ModelClientException, ToolCallRetryExhaustedException } from '@acode/application';
import { ERROR_CODES, type ChatRequest, type ToolCallParseResult } from '@acode/domain';
import type { ProviderSettings } from '@acode/infrastructure/model-clients';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES, type ExitCode } from '../exit-codes.js';
import { displayMessage, displayName } from '../render/text.js';
import type { CliRuntime } from '../runtime.js';
import { chatToolsFor } from './chat-tools.js';
import { codedLine, expectedFailure, modelFailureExitCode } from './model-failure.js';
import { toolCallLine } from './tool-call-line.js';
import type { OutputView } from './view.js';

/** Options of `acode providers smoke-test`. */
export interface ProvidersSmokeTestOptions {
  readonly provider: string;
  readonly baseUrl?: string;
  readonly model?: string;
  readonly timeoutMs?: number;
}

/** The tool of the round trip, and the message that should make any tool-calling model call it. */
const SMOKE_TOOL = 'file_read';
const SMOKE_MESSAGE = 'Read the file README.md. Use the file_read tool; do not answer in text.';

/** Models listed in a failure message before `and N more`. */
const MAX_LISTED_MODELS = 10;

interface Report {
  readonly lines: string[];
}

/**
 * `acode providers smoke-test PROVIDER` (002 FR-082..087): three checks, each stopping the test
 * when it fails: the server answers its model list, the model is on it, and a request with the
 * `file_read` tool comes back, after parse, repair, validation and retry, as a valid `file_read`
 * call. Each failure has its own code and exit status (see `EXIT_CODES`).
 */
export async function providersSmokeTest(runtime: CliRuntime, options: ProvidersSmokeTestOptions, view: OutputView): Promise<CommandOutput> {
  const report: Report = { lines: [] };
  const stdout = (): string => report.lines.join('\n') + '\n';
  const pass = (text: string): void => void report.lines.push(`  ${view.style.success('✓')} ${text}`);
  const fail = (text: string, exitCode: ExitCode, error: { code: string; message: string }): CommandOutput => {
    report.lines.push(`  ${view.style.failure('✗')} ${text}`, 'Smoke test failed.');
    return { exitCode, stdout: stdout(), stderr: `${codedLine(error)}\n` };
  };

  let settings: ProviderSettings;
  try {
    settings = runtime.models.providerSettings(options.provider, {
      ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
      ...(options.model !== undefined ? { model: options.model } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
  } catch (error) {
    return expectedFailure(error);
  }
  const client = runtime.models.client(settings);
  report.lines.push(view.style.heading(`Smoke test: ${displayName(settings.name)} (${settings.type}) at ${displayMessage(settings.baseUrl)}`));

  // 1. The server answers.
  let models: readonly string[];
  try {
    models = (await client.listModels()).models;
  } catch (error) {
    if (!(error instanceof ModelClientException)) throw error;
    return fail('Server reachable', modelFailureExitCode(error), error);
  }
  pass(`Server reachable (${models.length} model${models.length === 1 ? '' : 's'})`);

  // 2. The model is there.
  const model = settings.model;
  if (model === undefined) {
    return fail('Model present', EXIT_CODES.USAGE, {
      code: ERROR_CODES.CONFIG_INVALID,
      message: `No model to test: pass --model or set model.providers.${settings.name}.model. Models on the server: ${listModels(models)}.`,
    });
  }
  const listed = findModel(models, model);
  if (listed === undefined) {
    return fail(`Model present: ${displayName(model)}`, EXIT_CODES.MODEL_UNSUITABLE, {
      code: ERROR_CODES.MODEL_NOT_FOUND,
      message: `Model '${model}' is not on the server at ${settings.baseUrl}. Models there: ${listModels(models)}.${settings.type === 'ollama' ? ` Pull it with: ollama pull ${model}` : ''}`,
    });
  }
  pass(`Model present: ${displayName(listed)}`);

  // 3. A tool call makes the round trip.
  const tools = chatToolsFor(runtime.registry, [SMOKE_TOOL]);
  if (!tools.ok) {
    return fail('Tool call round trip', EXIT_CODES.USAGE, { code: ERROR_CODES.UNKNOWN_TOOL, message: `The ${SMOKE_TOOL} tool is not registered (disabled in the configuration?).` });
  }
  const request: ChatRequest = { model, messages: [{ role: 'user', content: SMOKE_MESSAGE }], tools: tools.tools };
  return runtime.models.withCorrelationId(async (correlationId) => {
    let parse: ToolCallParseResult;
    let attempts: number;
    try {
      const response = await client.chat(request);
      const handled = await runtime.models.retryHandler().handle({ client, chatRequest: request, response, provider: settings.name });
      parse = handled.parse;
      attempts = handled.attempts;
    } catch (error) {
      if (error instanceof ModelClientException) return fail('Tool call round trip', modelFailureExitCode(error), error);
      if (error instanceof ToolCallRetryExhaustedException) return fail(`Tool call round trip (correlation id ${correlationId})`, EXIT_CODES.VALIDATION_FAILED, error);
      throw error;
    }
    const call = parse.toolCalls.find((candidate) => candidate.name === SMOKE_TOOL);
    if (call === undefined) {
      const error = parse.errors[0];
      return fail(`Tool call round trip (correlation id ${correlationId})`, EXIT_CODES.VALIDATION_FAILED, error ?? {
        code: ERROR_CODES.TOOL_CALL_NAME_MISSING,
        message: `The model answered without calling ${SMOKE_TOOL}${parse.content.trim() === '' ? '' : ` (it wrote text instead: "${truncateText(parse.content)}")`}. It may not be trained for tool calling.`,
      });
    }
    pass(`Tool call round trip: ${toolCallLine(call)}${attempts > 1 ? ` after ${attempts} attempts` : ''}`);
    report.lines.push(`Smoke test passed (correlation id ${correlationId}).`);
    return { exitCode: EXIT_CODES.OK, stdout: stdout() };
  });
}

/** Ollama lists `llama3.2:latest` for `llama3.2`: a name without a tag means `:latest`. */
function findModel(models: readonly string[], wanted: string): string | undefined {
  return models.find((name) => name === wanted || (!wanted.includes(':') && name === `${wanted}:latest`));
}

function listModels(models: readonly string[]): string {
  if (models.length === 0) return 'none';
  const shown = models.slice(0, MAX_LISTED_MODELS).join(', ');
  return models.length > MAX_LISTED_MODELS ? `${shown} and ${models.length - MAX_LISTED_MODELS} more` : shown;
}

function truncateText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
