import type { TextCallFormat } from '@acode/domain';
import { partsAt, textCallParts } from './call-parts.js';
import { finishWithCalls, parseContext } from './parse-context.js';
import type { AnswerJudge } from './rewrite-generate-content.js';
import type { CallOptions, SdkToolCall, StreamPart } from './sdk-types.js';
import { isClientCall, judgedCalls } from './structured-calls.js';
import { leadingNameState, TextCallTriggers } from '@acode/infrastructure/parse';

type FinishPart = Extract<StreamPart, { type: 'finish' }>;

/** What {@link toolCallStream} needs besides the judge. */
export interface ToolCallStreamOptions {
  readonly judge: AnswerJudge;
  readonly params: CallOptions;
  /** The text-call formats looked for (the parser's settings); every known one when absent. */
  readonly textFormats?: readonly TextCallFormat[];
  /** Whether calls written in the text are looked for at all (`extractFromContent`). */
  readonly extractText: boolean;
}

/**
 * A transform of a model's stream that repairs and validates its tool calls as the middleware
 * does for a generate result. What it holds back, and until when:
 *
 * - every client `tool-call` part, until the `finish` part: the finish reason decides whether the
 *   last call may have been cut (`length`), and a call may become several. They are sent, judged,
 *   just before `finish`. `tool-input-*` parts (the arguments as they stream) pass at once.
 * - text, from the first place a call written in the text may start (a trigger of an enabled
 *   format: `<`, `[`, `{`, a code fence, `>>>`, `functools[`...; and a few characters at the end of
 *   a delta that may be the beginning of one), until the `finish` part. Then the held text is
 *   parsed: calls found become tool-call parts, the rest is sent as one text delta (and reasoning
 *   written into the text as reasoning parts). Held text that holds no call is sent as it came.
 *   Text before the first trigger streams as usual.
 * - nothing else: reasoning, sources, files, metadata and errors pass at once.
 *
 * A stream that ends without a `finish` part is judged as cut: calls it left open are refused.
 */
export function toolCallStream(options: ToolCallStreamOptions): TransformStream<StreamPart, StreamPart> {
  const state = new StreamState(options);
  return new TransformStream<StreamPart, StreamPart>({
    transform(part, controller) {
      for (const out of state.accept(part)) controller.enqueue(out);
    },
    flush(controller) {
      for (const out of state.end(undefined)) controller.enqueue(out);
    },
  });
}

class StreamState {
  private readonly triggers: TextCallTriggers;
  /** True once text that is not blank went out unheld: what is held is then the end of the message. */
  private spoke = false;
  private readonly names: readonly string[];
  private readonly calls: SdkToolCall[] = [];
  /** Text parts held since the trigger, in order; the first is the text from the trigger on. */
  private readonly held: StreamPart[] = [];
  private heldText = '';
  private holding = false;
  /** The end of the last delta that may begin a trigger, per text block. */
  private partial = '';
  private partialId = '';
  /** Text blocks started downstream and not yet ended. */
  private readonly open = new Set<string>();
  private holdBlock = '';
  /** All text seen before the trigger, for Functionary's unmarked first call. */
  private leading: string | undefined = '';
  private finished = false;

  constructor(private readonly options: ToolCallStreamOptions) {
    this.triggers = new TextCallTriggers(options.textFormats);
    // Functionary's `NAME\n{...}` and a bare pythonic `NAME(...)` both open the message unmarked.
    const leadingCalls = options.textFormats === undefined || options.textFormats.includes('functionary') || options.textFormats.includes('pythonic');
    this.names = leadingCalls ? options.judge.registry.getAllTools().map((tool) => tool.name) : [];
    if (!leadingCalls || !options.extractText) this.leading = undefined;
  }

  accept(part: StreamPart): StreamPart[] {
    if (this.finished) return [part];
    switch (part.type) {
      case 'tool-call':
        if (!isClientCall(part)) return [part];
        this.calls.push(part);
        return [];
      case 'text-start':
        if (this.holding) return this.hold(part);
        this.open.add(part.id);
        return [part];
      case 'text-delta':
        return this.holding ? this.holdDelta(part) : this.textDelta(part);
      case 'text-end':
        if (this.holding) return this.hold(part);
        this.open.delete(part.id);
        return [...this.releasePartial(), part];
      case 'finish':
        return this.end(part);
      default:
        return [part];
    }
  }

  /** Everything held, judged; then `finish` when there is one. */
  end(finish: FinishPart | undefined): StreamPart[] {
    if (this.finished) return [];
    this.finished = true;
    const context = parseContext(finish?.finishReason, this.options.params, finish === undefined);
    const out: StreamPart[] = [...this.releasePartial()];
    let callsMade = false;
    if (this.calls.length > 0) {
      out.push(...this.held, ...this.structuredCalls(context));
    } else {
      const text = this.holding && this.options.extractText ? this.heldText : '';
      // Text that went out already makes the held text the end of a message, not all of it.
      const result = text === '' ? undefined : this.options.judge.parser.parseRawToolCalls([], text, this.spoke ? { ...context, afterText: true } : context);
      if (result !== undefined) this.options.judge.onParse?.(result);
      if (result === undefined || (result.toolCalls.length === 0 && result.errors.length === 0)) {
        out.push(...this.held);
      } else {
        if (result.reasoning !== undefined) out.push(...reasoningParts(`${this.holdBlock}-acode-reasoning`, result.reasoning));
        if (result.content !== '') out.push({ type: 'text-delta', id: this.holdBlock, delta: result.content });
        for (const id of this.open) out.push({ type: 'text-end', id });
        this.open.clear();
        const parts = textCallParts(result);
        callsMade = parts.length > 0;
        out.push(...parts);
      }
    }
    if (finish !== undefined) out.push({ ...finish, finishReason: finishWithCalls(finish.finishReason, callsMade) });
    return out;
  }

  private structuredCalls(context: ReturnType<typeof parseContext>): StreamPart[] {
    const judged = judgedCalls(this.calls, this.options.judge.registry);
    if (judged.length === 0) return [...this.calls];
    const result = this.options.judge.parser.parseRawToolCalls(
      judged.map((call) => call.raw),
      '',
      context,
    );
    this.options.judge.onParse?.(result);
    const replaced = new Map(judged.map((call) => [call.part, partsAt(result, call.raw.index, call.part, this.options.judge.refused)]));
    return this.calls.flatMap((part) => replaced.get(part) ?? [part]);
  }

  private textDelta(part: Extract<StreamPart, { type: 'text-delta' }>): StreamPart[] {
    if (!this.options.extractText) return [part];
    const out: StreamPart[] = this.partialId !== part.id ? this.releasePartial() : [];
    const text = this.partial + part.delta;
    this.partial = '';
    let at = -1;
    let keep = 0;
    if (this.leading !== undefined) {
      this.leading += part.delta;
      const leading = leadingNameState(this.leading.trimStart(), this.names);
      if (leading === 'no') this.leading = undefined;
      else if (leading === 'trigger' || leading === 'wait') {
        // Held whole until the first line decides; what was emitted already is none of it.
        if (leading === 'trigger') at = 0;
        else keep = text.length;
      }
    }
    if (at === -1 && keep === 0) {
      const scan = this.triggers.scan(text);
      at = scan.at;
      keep = scan.partial;
    }
    if (at !== -1) {
      this.leading = undefined;
      if (at > 0) out.push({ ...part, delta: text.slice(0, at) });
      this.spoke ||= /\S/.test(text.slice(0, at));
      this.holding = true;
      this.holdBlock = part.id;
      this.heldText = text.slice(at);
      this.held.push({ ...part, delta: this.heldText });
      return out;
    }
    if (text.length > keep) out.push({ ...part, delta: text.slice(0, text.length - keep) });
    this.spoke ||= /\S/.test(text.slice(0, text.length - keep));
    this.partial = text.slice(text.length - keep);
    this.partialId = part.id;
    return out;
  }

  private holdDelta(part: Extract<StreamPart, { type: 'text-delta' }>): StreamPart[] {
    this.heldText += part.delta;
    return this.hold(part);
  }

  private hold(part: StreamPart): StreamPart[] {
    this.held.push(part);
    return [];
  }

  private releasePartial(): StreamPart[] {
    if (this.partial === '') return [];
    const out: StreamPart[] = [{ type: 'text-delta', id: this.partialId, delta: this.partial }];
    this.spoke ||= /\S/.test(this.partial);
    this.partial = '';
    this.leading = undefined;
    return out;
  }
}

function reasoningParts(id: string, text: string): StreamPart[] {
  return [
    { type: 'reasoning-start', id },
    { type: 'reasoning-delta', id, delta: text },
    { type: 'reasoning-end', id },
  ];
}
