import type { RepairName } from '@acode/domain';

/**
 * How the model's output ended, as far as its calls are concerned:
 *
 * - `complete`: it ended normally; a repair may close what a call left open (a model that forgot
 *   its last brace).
 * - `length`: the finish reason is `length`, the output hit the token limit.
 * - `cut`: the answer ended before its end marker (a stream the server closed or dropped, with no
 *   finish reason, `[DONE]` or `done: true`).
 */
export type OutputEnd = 'complete' | 'length' | 'cut';

/** Why a call counts as cut: its arguments were left open, or it is the last call of a length-limited output. */
export type TruncationCause = 'open' | 'last';

/** Repairs that close what an output cut short left open. */
const CLOSING_REPAIRS: ReadonlySet<RepairName> = new Set<RepairName>(['missing_closing_brace', 'missing_closing_bracket', 'truncated_string']);

/** The end of an output from what the server said: only `length` names the token limit. */
export function outputEndOf(finishReason: string | undefined, incomplete: boolean | undefined): OutputEnd {
  if (finishReason === 'length') return 'length';
  return incomplete === true ? 'cut' : 'complete';
}

/** What the parser knows of one call when it decides whether the end of the output cut it. */
export interface CallEnding {
  /** `RawToolCall.incomplete`: the stream (or an unclosed marker in the text) ended inside it. */
  readonly incomplete: boolean;
  /** The last structured call of the response: the one generation stopped after. */
  readonly last: boolean;
  /** Whether its arguments decoded, and the repairs that took. */
  readonly decoded: boolean;
  readonly repairs: readonly RepairName[];
}

/**
 * Whether the end of the output cut a call, which then never runs whatever a repair could close
 * (ACODE-TLP-010). A call left open by the end of a stream or of the text is cut however the
 * output ended. With finish reason `length` the rule is conservative, because nothing says where
 * the cut fell: every call whose arguments needed a closing repair (brace, bracket, string) or did
 * not decode is cut, and so is the last structured call even when its arguments are valid JSON as
 * sent. The model was stopped right after writing it: a server may have closed the JSON it cut
 * (`[1, 2` sent as `[1, 2]`), or a string value may end early and still parse. Calls written in
 * the text count only when their marker never closed (`incomplete`): a closing `</tool_call>` or
 * bracket is the model's own, so the cut fell after it.
 */
export function truncationCause(end: OutputEnd, call: CallEnding): TruncationCause | undefined {
  if (call.incomplete) return 'open';
  if (end !== 'length') return undefined;
  if (!call.decoded || call.repairs.some((repair) => CLOSING_REPAIRS.has(repair))) return 'open';
  return call.last ? 'last' : undefined;
}

/** The ACODE-TLP-010 message: what cut the call, why its arguments failed when they did (`detail`), that it did not run, and what to do. */
export function truncationMessage(end: OutputEnd, cause: TruncationCause, detail?: string): string {
  const what =
    cause === 'last'
      ? "The model's output stopped at its length limit (finish reason 'length') right after this call, so the call may be cut short"
      : end === 'length'
        ? "The model's output was cut off at its length limit (finish reason 'length') before the call was complete"
        : end === 'cut'
          ? 'The stream ended before the call was complete (no finish reason, [DONE] or done: true arrived)'
          : "The model's output ended before the call was complete";
  return `${what}${detail === undefined ? '' : ` (${detail})`}; it was not run. Send the call again, shorter.`;
}
