import { ERROR_CODES, type ChatRequest, type InteractionMode } from '@acode/domain';
import type { ProviderSettings } from '@acode/infrastructure/model-clients';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatUsageError } from '../render/diagnostics.js';
import { displayName } from '../render/text.js';
import type { CliRuntime } from '../runtime.js';
import { askModel, displayMessageBlock } from './ask-model.js';
import { chatAndExecute } from './chat-execute.js';
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
  /** Run the valid calls and send their results back until the model answers (`--execute`). */
  readonly execute: boolean;
  /** With `execute`: the session's mode. */
  readonly mode: InteractionMode;
  /** With `execute`: most model rounds before giving up. */
  readonly maxRounds: number;
}

/** The provider `chat` talks to unless told otherwise. */
const DEFAULT_PROVIDER = 'ollama';
const HELP_COMMAND = 'acode chat';

/**
 * `acode chat --message TEXT --tools a,b`: one turn with a configured model server. The answer's
 * tool calls are parsed, repaired, validated and retried as the provider's `tool_call` settings
 * say, recorded in the telemetry store, and printed. Without `--execute` nothing is run; with it,
 * see `chatAndExecute`. With `--stream` the assistant's text is written to `stdout` as it
 * arrives, and the calls follow once the stream ends. Exit 0 when every call is valid, 1 when one
 * is not (or a tool is unknown), 3/4 for a server or model that cannot be used.
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

  if (options.execute) {
    return chatAndExecute({ runtime, client, request, provider, stream: options.stream, mode: options.mode, maxRounds: options.maxRounds, view, stdout });
  }

  return runtime.models.withCorrelationId(async (correlationId) => {
    const asked = await askModel({ runtime, client, request, provider, stream: options.stream, stdout, correlationId });
    if (!asked.ok) return asked.output;
    const { parse, errors, footer, streamed } = asked.answer;
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
