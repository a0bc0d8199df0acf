import { ModelClientException, ToolCallRetryExhaustedException } from '@acode/application';
import type { ChatRequest, TokenUsage } from '@acode/domain';
import { startScriptedModelServer, type ScriptStep } from '@acode/infrastructure/testing';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { displayMessage } from '../render/text.js';
import type { CliRuntime } from '../runtime.js';
import { chatToolsFor } from './chat-tools.js';
import { LogCapture, type CapturedLogLine } from './log-capture.js';
import { expectedFailure } from './model-failure.js';
import { toolCallLine } from './tool-call-line.js';
import type { OutputView } from './view.js';

/** Options of `acode test retry-scenario`. */
export interface TestRetryScenarioOptions {
  /** Malformed answers before the valid one, or `always`. */
  readonly initialFailures: number | 'always';
  readonly maxRetries?: number;
  readonly format: 'ollama' | 'openai';
}

/** The tool and message of 002 scenarios 3 and 7 (`read_file` is `file_read`'s alias). */
const TOOL = 'read_file';
const MESSAGE = 'Read the README.md file';
const MODEL = 'llama3.2:latest';
/** Arguments no repair can save: not JSON from the first character (002 scenario 7: "Invalid JSON at position 0"). */
const MALFORMED_ARGUMENTS = 'path = README.md';
const VALID_ARGUMENTS = Object.freeze({ path: 'README.md' });
/** Backoff base: `retry_delay_ms * 2^attempt` stays well under a second. */
const SCENARIO_RETRY_DELAY_MS = 10;
/** The scripted server answers at once; anything slower is a fault worth reporting quickly. */
const SCENARIO_TIMEOUT_MS = 10_000;

const LEVEL_TAGS: Readonly<Record<CapturedLogLine['level'], string>> = Object.freeze({ debug: '[DEBUG]', info: '[INFO]', warn: '[WARN]', error: '[ERROR]' });

/**
 * `acode test retry-scenario`: 002 scenarios 3 and 7 against a scripted model server started on
 * 127.0.0.1 for the run. The server answers `read_file` with unrepairable arguments N times (or
 * always), then validly; the real client, parser, retry handler and telemetry store do the rest.
 * Prints the handler's log lines and the correlation id; exit 0 when the call ends valid, 1 when
 * retries run out.
 */
export async function testRetryScenario(runtime: CliRuntime, options: TestRetryScenarioOptions, view: OutputView): Promise<CommandOutput> {
  const provider = options.format === 'ollama' ? 'ollama' : 'openai-compatible';
  const maxRetries = options.maxRetries ?? runtime.toolCalls.settings(provider).maxRetries;
  const failures = options.initialFailures;
  const tools = chatToolsFor(runtime.registry, [TOOL]);
  if (!tools.ok) return { exitCode: EXIT_CODES.USAGE, stderr: `The ${TOOL} tool is not registered (disabled in the configuration?).\n` };

  const malformed: ScriptStep = { kind: 'tool_call', name: TOOL, arguments: MALFORMED_ARGUMENTS };
  const valid: ScriptStep = { kind: 'tool_call', name: TOOL, arguments: VALID_ARGUMENTS };
  const server = await startScriptedModelServer({ script: (_request, n) => (failures === 'always' || n < failures ? malformed : valid), models: [MODEL] });
  const log = new LogCapture();
  const lines = [
    view.style.heading(`Retry scenario: ${failures === 'always' ? 'malformed answers every time' : `${failures} malformed answer${failures === 1 ? '' : 's'}, then a valid one`}`),
    `  max_retries ${maxRetries} (attempts, the first included), retry_delay_ms ${SCENARIO_RETRY_DELAY_MS}, log_argument_values true, ${options.format} format, server ${server.url}`,
  ];
  try {
    const settings = runtime.models.providerSettings(provider, { baseUrl: server.url, model: MODEL, timeoutMs: SCENARIO_TIMEOUT_MS });
    const client = runtime.models.client(settings);
    // The arguments are the script's own, so recording them is safe, and lets `debug tool-call` show the caret.
    const handler = runtime.models.retryHandler({ settings: { maxRetries, retryDelayMs: SCENARIO_RETRY_DELAY_MS, logArgumentValues: true }, logger: log });
    const request: ChatRequest = { model: MODEL, messages: [{ role: 'user', content: MESSAGE }], tools: tools.tools };
    return await runtime.models.withCorrelationId(async (correlationId) => {
      lines.push(`Correlation ID: ${correlationId}`);
      const output = (exitCode: typeof EXIT_CODES.OK | typeof EXIT_CODES.VALIDATION_FAILED, tail: string[], usage: TokenUsage | undefined, stderr?: string): CommandOutput => {
        const requests = server.requests.filter((recorded) => recorded.method === 'POST').length;
        return {
          exitCode,
          ...(stderr !== undefined ? { stderr } : {}),
          stdout: [
            ...lines,
            ...log.lines.filter((line) => line.level !== 'debug').map((line) => `${LEVEL_TAGS[line.level]} ${displayMessage(line.message)}`),
            ...tail,
            `Model requests: ${requests}${usage === undefined ? '' : `; tokens ${usage.totalTokens} (prompt ${usage.promptTokens}, completion ${usage.completionTokens})`}`,
            `Telemetry: ${displayMessage(runtime.models.telemetryPath)}`,
            `Inspect: acode providers stats ${provider} --tool-calls; acode debug tool-call --correlation-id ${correlationId}`,
          ].join('\n') + '\n',
        };
      };
      const response = await client.chat(request);
      try {
        const handled = await handler.handle({ client, chatRequest: request, response, provider });
        const call = handled.parse.toolCalls[0];
        const verdict = call === undefined ? `Result: no valid call (${handled.parse.errors[0]?.code ?? 'no tool call'})` : `Result: success on attempt ${handled.attempts}: ${toolCallLine(call)}`;
        return output(call === undefined ? EXIT_CODES.VALIDATION_FAILED : EXIT_CODES.OK, [verdict], handled.usage);
      } catch (error) {
        if (!(error instanceof ToolCallRetryExhaustedException)) throw error;
        const last = error.lastError;
        const tail = [
          `[ERROR] [${error.code}] Failed after ${error.attemptCount} attempts`,
          `  Last error: ${last === undefined ? 'unknown' : displayMessage(`[${last.code}] ${last.message}`)}`,
          `  Tool: ${error.toolName}`,
          `  Correlation ID: ${error.correlationId}`,
        ];
        // 002 scenario 7's user message is the command's error: standard error.
        return output(EXIT_CODES.VALIDATION_FAILED, tail, error.usage ?? response.usage, `${error.message}\n`);
      }
    });
  } catch (error) {
    if (error instanceof ModelClientException) return expectedFailure(error, lines.join('\n') + '\n');
    return expectedFailure(error);
  } finally {
    await server.close();
  }
}
