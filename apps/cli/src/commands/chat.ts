import { ModelClientException, ToolCallRetryExhaustedException } from '@acode/application';
import { ERROR_CODES, type ChatRequest, type ChatResponse, type ToolCallError, type ToolCallParseResult } from '@acode/domain';
import type { ProviderSettings } from '@acode/infrastructure';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatUsageError } from '../render/diagnostics.js';
import { displayName, escapeControlCharacters } from '../render/text.js';
import type { CliRuntime } from '../runtime.js';
import { chatToolsFor } from './chat-tools.js';
import { codedLine, expectedFailure } from './model-failure.js';
import { toolCallLine } from './tool-call-line.js';
import type { OutputView } from './view.js';

/** Options of `acode chat`. */
export interface ChatOptions {
  readonly message: string;
  readonly tools: readonly string[];
  readonly provider?: string;
  readonly model?: string;
  readonly stream: boolean;
}

/** The provider `chat` talks to unless told otherwise. */
const DEFAULT_PROVIDER = 'ollama';
const HELP_COMMAND = 'acode chat';

/**
 * `acode chat --message TEXT --tools a,b`: one turn with a configured model server. The answer's
 * tool calls are parsed, repaired, validated and retried as the provider's `tool_call` settings
 * say, recorded in the telemetry store, and printed; nothing is executed. With `--stream` the
 * assistant's text is written to `stdout` as it arrives, and the calls follow once the stream ends.
 * Exit 0 when every call is valid, 1 when one is not (or a tool is unknown), 3/4 for a server or
 * model that cannot be used.
 */
export async function chat(runtime: CliRuntime, options: ChatOptions, view: OutputView, stdout: NodeJS.WritableStream): Promise<CommandOutput> {
  const provider = options.provider ?? DEFAULT_PROVIDER;
  const tools = chatToolsFor(runtime.registry, options.tools);
  if (!tools.ok) {
    const names = tools.unknown.map((name) => `'${displayName(name)}'`).join(', ');
    return {
      exitCode: EXIT_CODES.VALIDATION_FAILED,
      stderr: `${codedLine({ code: ERROR_CODES.UNKNOWN_TOOL, message: `Unknown tool ${names}. Run 'acode tools list' for the registered tools.` })}\n`,
    };
  }

  let settings: ProviderSettings;
  try {
    settings = runtime.models.providerSettings(provider, options.model !== undefined ? { model: options.model } : {});
  } catch (error) {
    return expectedFailure(error);
  }
  if (settings.model === undefined) {
    return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message: `No model: pass --model or set model.providers.${provider}.model.`, helpCommand: HELP_COMMAND }) };
  }
  const client = runtime.models.client(settings);
  const request: ChatRequest = { model: settings.model, messages: [{ role: 'user', content: options.message }], tools: tools.tools };

  return runtime.models.withCorrelationId(async (correlationId) => {
    let streamed = false;
    const onContent = (text: string): void => {
      streamed = true;
      stdout.write(text.split('\n').map(escapeControlCharacters).join('\n'));
    };
    let response: ChatResponse;
    try {
      response = options.stream ? await client.chatStream(request, { onContent }) : await client.chat(request);
    } catch (error) {
      // Text already streamed stays; a newline keeps the error off its line.
      return expectedFailure(error, streamed ? '\n' : undefined);
    }

    let parse: ToolCallParseResult;
    let footer: string[];
    try {
      const handled = await runtime.models.retryHandler().handle({ client, chatRequest: request, response, provider });
      parse = handled.parse;
      footer = [`Model requests: ${handled.attempts}; tokens ${handled.usage.totalTokens} (prompt ${handled.usage.promptTokens}, completion ${handled.usage.completionTokens})`];
    } catch (error) {
      if (error instanceof ModelClientException) return expectedFailure(error, streamed ? '\n' : undefined);
      if (!(error instanceof ToolCallRetryExhaustedException)) throw error;
      parse = error.partialResult ?? { success: false, toolCalls: [], errors: error.errors, content: response.content, retryCount: error.attemptCount - 1, correlationId };
      footer = ['', ...error.message.split('\n')];
    }

    const errors: readonly ToolCallError[] = [...response.streamErrors, ...parse.errors];
    const lines: string[] = [];
    if (streamed) lines.push('');
    else if (parse.content.trim() !== '') lines.push(displayMessageBlock(parse.content));
    lines.push(view.style.heading(`Tool calls (${parse.toolCalls.length} valid${errors.length > 0 ? `, ${errors.length} failed` : ''}):`));
    for (const call of parse.toolCalls) lines.push(`  ${view.style.success('✓')} ${toolCallLine(call)}`);
    for (const error of errors) lines.push(`  ${view.style.failure('✗')} ${error.tool !== undefined ? `${displayName(error.tool)}: ` : ''}${codedLine(error)}`);
    if (parse.toolCalls.length === 0 && errors.length === 0) lines.push('  (none)');
    lines.push(`Correlation ID: ${correlationId}`, ...footer);
    return { exitCode: errors.length > 0 ? EXIT_CODES.VALIDATION_FAILED : EXIT_CODES.OK, stdout: lines.join('\n') + '\n' };
  });
}

/** The assistant's text, its lines kept, each one made safe to print. */
function displayMessageBlock(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => escapeControlCharacters(line))
    .join('\n');
}

