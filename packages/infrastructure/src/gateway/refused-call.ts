import { ERROR_CODES, type ErrorCode, type ToolCallError } from '@acode/domain';

/**
 * Why the gateway refused a call, as a bounded label: `too_large` (arguments over
 * `max_argument_size`, ACODE-TLP-009), `cut` (the output or the stream ended mid-call,
 * ACODE-TLP-010 / TLP-008), `invalid` (anything else still wrong when the retries are spent).
 */
export type RefusalReason = 'too_large' | 'cut' | 'invalid';

/** A call of the answer that stayed invalid: never handed over as a call. */
export interface RefusedCall {
  /** Its last error's code and message. */
  readonly code: ErrorCode;
  readonly message: string;
  readonly reason: RefusalReason;
  /** Position of the call in the model's answer (-1 for an error that belongs to no call). */
  readonly index: number;
  /** The tool name as the model sent it (bounded), when it sent one. */
  readonly tool?: string;
  /** The arguments as the model last wrote them (bounded); absent when none arrived or they were over the size limit. */
  readonly rawArguments?: string;
}

/** The refusal label of an error code. */
export function refusalReason(code: ErrorCode): RefusalReason {
  if (code === ERROR_CODES.TOOL_CALL_TOO_LARGE) return 'too_large';
  if (code === ERROR_CODES.TOOL_CALL_OUTPUT_TRUNCATED || code === ERROR_CODES.TOOL_CALL_STREAM_ERROR) return 'cut';
  return 'invalid';
}

/** The refused calls of a parse: one per error left when the retries were spent, in the model's order. */
export function refusedCalls(errors: readonly ToolCallError[]): RefusedCall[] {
  return errors.map((error) => ({
    code: error.code,
    message: error.message,
    reason: refusalReason(error.code),
    index: error.index,
    ...(error.tool === undefined ? {} : { tool: error.tool }),
    // Arguments over the limit are never echoed, whatever part of them a parser kept.
    ...(error.rawArguments === undefined || error.code === ERROR_CODES.TOOL_CALL_TOO_LARGE ? {} : { rawArguments: error.rawArguments }),
  }));
}

/** The tags around {@link refusedCallsText}: no text-call format the parsers know uses them. */
export const REFUSED_CALLS_OPEN = '<acode-refused-tool-calls>';
export const REFUSED_CALLS_CLOSE = '</acode-refused-tool-calls>';

/**
 * The refused calls as text for the answer's content, so a client still sees what the model
 * wrote and why it was refused (`on_invalid: pass_through`); the valid calls of the same answer
 * go to the client as calls. One block between {@link REFUSED_CALLS_OPEN} and
 * {@link REFUSED_CALLS_CLOSE}, led by ACODE-GTW-007; each call's name, message and arguments are
 * JSON string literals with `<` and `>` escaped, so nothing in them can close the block or read
 * as a call in any text format.
 */
export function refusedCallsText(refused: readonly RefusedCall[], codes: string): string {
  const count = refused.length === 1 ? '1 tool call' : `${refused.length} tool calls`;
  const lines = [REFUSED_CALLS_OPEN, `ACODE-GTW-007: the gateway refused ${count} of this answer and did not hand it over as a call (${codes}).`];
  for (const call of refused) {
    const where = call.index < 0 ? 'answer' : `call ${call.index}`;
    lines.push(`${where} ${call.tool === undefined ? '(no name)' : quoted(call.tool)}: ${call.code} ${quoted(call.message)}`);
    if (call.rawArguments !== undefined) lines.push(`  arguments as written: ${quoted(call.rawArguments)}`);
    else if (call.reason === 'too_large') lines.push('  arguments not shown: over the size limit');
  }
  lines.push(REFUSED_CALLS_CLOSE);
  return lines.join('\n');
}

/** A JSON string literal with the angle brackets escaped (still valid JSON). */
function quoted(text: string): string {
  return JSON.stringify(text).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');
}
