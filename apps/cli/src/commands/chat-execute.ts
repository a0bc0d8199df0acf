import { EXECUTION_ID_PATTERN, type IChatModelClient, type IToolExecutor, type IToolSession } from '@acode/application';
import { ERROR_CODES, type ChatMessage, type ChatRequest, type InteractionMode, type JsonObject, type ToolCall, type ToolResponse } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatUsageError } from '../render/diagnostics.js';
import { displayMessage, displayName } from '../render/text.js';
import { formatUnavailableService } from '../render/unavailable-service.js';
import type { CliRuntime } from '../runtime.js';
import { askModel, displayMessageBlock } from './ask-model.js';
import { codedLine } from './model-failure.js';
import { toolCallLine } from './tool-call-line.js';
import type { OutputView } from './view.js';
import { MAX_CHAT_ROUNDS } from '../arguments.js';

/** What `chat --execute` works with: the request `chat` prepared and how to run the loop. */
export interface ChatAndExecuteInput {
  readonly runtime: Pick<CliRuntime, 'models' | 'execution'>;
  readonly client: IChatModelClient;
  /** The first request: the user's message and the offered tools. */
  readonly request: ChatRequest;
  readonly provider: string;
  readonly stream: boolean;
  readonly mode: InteractionMode;
  /** Most model requests that may call tools; the answer must come by then. */
  readonly maxRounds: number;
  readonly view: OutputView;
  readonly stdout: NodeJS.WritableStream;
}

/**
 * `acode chat --execute`: the agent loop of one user turn. Each round sends the conversation, runs
 * the answer's valid calls through the `ToolExecutor` (in one session of the mode, opened for this
 * run: one turn, so voice's retrieval budget spans the rounds) and appends the assistant's calls
 * and one tool message per result; the loop ends when the model answers without calls.
 *
 * Refusals (`POLICY_DENIED`, `CONFIRMATION_REQUIRED`...) and tool failures are results the model
 * is shown, not the end of the run: a confirmation cannot be given from inside this loop, so the
 * model is told it is needed and says so. The run fails (exit 1) when a call stays invalid after
 * repair and retries (nothing of that round runs) or when `maxRounds` pass without an answer
 * (ACODE-TEX-002); exit 2 when an offered tool has no handler in `tool_registry.json`.
 */
export async function chatAndExecute(input: ChatAndExecuteInput): Promise<CommandOutput> {
  const { runtime, view } = input;
  const catalog = runtime.execution.catalog();
  if (!catalog.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatUnavailableService(catalog.error) };
  const offered = input.request.tools ?? [];
  const withoutHandler = offered.filter((tool) => catalog.value.find(tool.name) === undefined).map((tool) => tool.name);
  if (withoutHandler.length > 0) {
    const runnable = catalog.value.tools().map((tool) => tool.definition.name);
    const message = `--execute runs only tools built into tool_registry.json; ${withoutHandler.map(displayName).join(', ')} ${withoutHandler.length === 1 ? 'has' : 'have'} no handler there. Runnable: ${runnable.join(', ') || '(none)'}.`;
    return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message, helpCommand: 'acode chat' }) };
  }
  const executor = runtime.execution.executor();
  if (!executor.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatUnavailableService(executor.error) };
  // A session of its own: model call ids repeat across runs, and must not replay another run's results.
  const session = executor.value.openSession({ mode: input.mode });
  session.startTurn();

  return runtime.models.withCorrelationId(async (correlationId) => {
    const out = new RoundOutput(input.stream, input.stdout);
    const messages: ChatMessage[] = [...input.request.messages];
    const totals = { requests: 0, promptTokens: 0, completionTokens: 0, runs: 0, failedRuns: 0 };
    const summary = (): string[] => [
      `Correlation ID: ${correlationId}`,
      `Model requests: ${totals.requests}; tokens ${totals.promptTokens + totals.completionTokens} (prompt ${totals.promptTokens}, completion ${totals.completionTokens}); tool runs: ${totals.runs} (${totals.failedRuns} failed or refused); session ${session.id}, ${session.mode} mode`,
    ];

    for (let round = 1; round <= input.maxRounds; round++) {
      const asked = await askModel({ ...input, request: { ...input.request, messages }, correlationId, printed: out.pending() });
      if (!asked.ok) return asked.output;
      const { parse, errors, footer, streamed, exhausted, attempts, usage } = asked.answer;
      totals.requests += attempts;
      totals.promptTokens += usage.promptTokens;
      totals.completionTokens += usage.completionTokens;
      if (streamed) out.line('');
      else if (parse.content.trim() !== '') out.line(displayMessageBlock(parse.content));

      if (errors.length > 0 || exhausted) {
        // A round is run whole or not at all: the model meant its calls together.
        out.line(view.style.heading(`Round ${round}: ${parse.toolCalls.length} valid, ${errors.length} failed; nothing of this round runs`));
        for (const error of errors) out.line(`  ${view.style.failure('✗')} ${error.tool !== undefined ? `${displayName(error.tool)}: ` : ''}${codedLine(error)}`);
        return out.finish(EXIT_CODES.VALIDATION_FAILED, [...summary(), ...(exhausted ? footer : [])]);
      }
      if (parse.toolCalls.length === 0) return out.finish(EXIT_CODES.OK, [view.style.heading(`Answered in round ${round}.`), ...summary()]);

      out.line(view.style.heading(`Round ${round}: ${parse.toolCalls.length} call${parse.toolCalls.length === 1 ? '' : 's'}`));
      messages.push({ role: 'assistant', content: parse.content, toolCalls: parse.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: JSON.stringify(call.arguments) })) });
      for (const call of parse.toolCalls) {
        const response = await runCall(executor.value, session, call, round);
        totals.runs++;
        if (!response.ok) totals.failedRuns++;
        out.line(`  ${view.style.success('✓')} ${toolCallLine(call)}`);
        out.line(`    ${resultLine(response, view)}`);
        messages.push({ role: 'tool', content: toolResultContent(response), toolCallId: call.id, toolName: call.name });
      }
    }
    const limit = { code: ERROR_CODES.AGENT_ROUNDS_EXHAUSTED, message: `No answer after ${input.maxRounds} model round${input.maxRounds === 1 ? '' : 's'}: the model kept calling tools. Raise --max-rounds (at most ${MAX_CHAT_ROUNDS}) or narrow the request.` };
    return out.finish(EXIT_CODES.VALIDATION_FAILED, [view.style.failure(codedLine(limit)), ...summary()]);
  });
}

/** Runs one validated call; its execution id ties the run to the model's call id and round. */
function runCall(executor: IToolExecutor, session: IToolSession, call: ToolCall, round: number): Promise<ToolResponse> {
  const executionId = `r${round}:${call.id}`;
  return executor.execute(session, { name: call.name, args: call.arguments, ...(EXECUTION_ID_PATTERN.test(executionId) ? { executionId } : {}) });
}

/**
 * The tool message the model reads: the envelope's outcome without the bookkeeping (ids,
 * durations, versions), plus what changed its call (clamped arguments, cut output), so it can
 * tell why it got three results and not ten.
 */
export function toolResultContent(response: ToolResponse): string {
  const { meta } = response;
  const body: JsonObject = response.ok ? { ok: true, data: response.data } : { ok: false, error: response.error as unknown as JsonObject };
  if (meta.clampedArguments !== undefined) body['clamped_arguments'] = meta.clampedArguments as unknown as JsonObject[];
  if (meta.outputTruncated !== undefined) body['output_truncated'] = meta.outputTruncated as unknown as JsonObject;
  return JSON.stringify(body);
}

/** `→ ok (12 ms)` or `→ [POLICY_DENIED] message`, with clamps, truncation and intents noted. */
function resultLine(response: ToolResponse, view: OutputView): string {
  const { meta } = response;
  const notes: string[] = [];
  for (const clamp of meta.clampedArguments ?? []) notes.push(`${displayName(clamp.argument)} ${clamp.requested} → ${clamp.applied}`);
  if (meta.outputTruncated !== undefined) notes.push(`output cut to ${meta.outputTruncated.limitBytes} bytes`);
  if (response.ok && response.intents.length > 0) notes.push(`intents: ${response.intents.map((intent) => displayName(intent.type)).join(', ')}`);
  const extra = notes.length > 0 ? `; ${notes.join('; ')}` : '';
  if (response.ok) return `→ ${view.style.success('ok')} (${Math.round(meta.durationMs)} ms${extra})`;
  return `→ ${view.style.failure(`[${response.error.type}]`)} ${displayMessage(response.error.message)}${extra ? ` (${extra.slice(2)})` : ''}`;
}

/**
 * The loop's lines: written as they come when the answer streams (so they stay in order with the
 * streamed text), else collected and written once with the command's output.
 */
class RoundOutput {
  readonly #stream: boolean;
  readonly #stdout: NodeJS.WritableStream;
  readonly #lines: string[] = [];

  constructor(stream: boolean, stdout: NodeJS.WritableStream) {
    this.#stream = stream;
    this.#stdout = stdout;
  }

  line(text: string): void {
    if (this.#stream) this.#stdout.write(`${text}\n`);
    else this.#lines.push(text);
  }

  /** What is collected and not yet written ('' when streaming). */
  pending(): string {
    return this.#lines.length === 0 ? '' : `${this.#lines.join('\n')}\n`;
  }

  finish(exitCode: CommandOutput['exitCode'], closing: readonly string[]): CommandOutput {
    return { exitCode, stdout: this.pending() + `${closing.join('\n')}\n` };
  }
}
