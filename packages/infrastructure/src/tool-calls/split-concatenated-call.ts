import { canonicalJsonText, ERROR_CODES, type JsonObject, type RawToolCall, type RepairName } from '@acode/domain';
import { utf8ByteLength } from '../validation/utf8-byte-length.js';
import { decodeArguments, type ArgumentsDecoding } from './decode-arguments.js';
import type { JsonTextDecodeFailure, JsonTextDecodeOptions } from './decode-json-text.js';
import { splitConcatenatedArguments } from './split-concatenated-arguments.js';

/** One call of an arguments text that held several: its text and its decoded arguments. */
export interface SplitCallPiece {
  readonly text: string;
  readonly value: JsonObject;
  /** The piece's own repairs, then `concatenated_calls_split` (and `duplicate_call_collapsed`). */
  readonly repairs: readonly RepairName[];
}

/**
 * What {@link splitConcatenatedCall} made of one arguments text: `undefined` when it is not a run
 * of objects (decode it as a whole); the distinct calls in order; or why the run cannot be used.
 */
export type ConcatenatedCallSplit =
  | { readonly ok: true; readonly pieces: readonly SplitCallPiece[]; readonly collapsed: number }
  | { readonly ok: false; readonly failure: JsonTextDecodeFailure }
  | undefined;

/**
 * Splits an arguments text holding several objects (issue 11 item 3) into calls of the same tool,
 * before any repair: the repairer refuses a second value rather than dropping it, so this is the
 * only place that reads one. Each piece goes through {@link decodeArguments} (limits, repair);
 * when any piece fails, the whole call fails with that piece's error (its position counted in the
 * whole text), so no call is dropped silently. Exact repeats (equal canonical JSON) collapse into
 * the first and are counted. `maxPieces` bounds the run; past it the call is ACODE-TLP-009.
 *
 * A text over the size limit is left whole, so the size is refused before anything reads it.
 */
export function splitConcatenatedCall(text: string, options: JsonTextDecodeOptions, maxPieces: number): ConcatenatedCallSplit {
  if (text.length > options.maxSizeBytes || utf8ByteLength(text) > options.maxSizeBytes) return undefined;
  const split = splitConcatenatedArguments(text, maxPieces);
  if (split.kind === 'single') return undefined;
  if (split.kind === 'too_many') {
    const message = `The ${options.subject} hold more than ${split.limit} calls run together; send at most ${split.limit}, one per tool call`;
    return { ok: false, failure: { ok: false, kind: 'size', code: ERROR_CODES.TOOL_CALL_TOO_LARGE, message } };
  }

  const pieces: SplitCallPiece[] = [];
  const seen = new Set<string>();
  let collapsed = 0;
  for (const [position, { start, end }] of split.pieces.entries()) {
    const pieceText = text.slice(start, end);
    const decoded = decodeArguments(pieceText, options);
    if (!decoded.ok) return { ok: false, failure: inWholeText(decoded, start, position, split.pieces.length) };
    const key = canonicalJsonText(decoded.value);
    if (seen.has(key)) {
      collapsed++;
      continue;
    }
    seen.add(key);
    pieces.push({ text: pieceText, value: decoded.value, repairs: decoded.repairs });
  }
  const flags: RepairName[] = collapsed > 0 ? ['concatenated_calls_split', 'duplicate_call_collapsed'] : ['concatenated_calls_split'];
  return { ok: true, pieces: pieces.map((piece) => ({ ...piece, repairs: [...new Set([...piece.repairs, ...flags])] })), collapsed };
}

/** A piece's failure, said of the whole text: which call of how many, and the position in the whole. */
function inWholeText(failure: JsonTextDecodeFailure, start: number, position: number, count: number): JsonTextDecodeFailure {
  return {
    ...failure,
    message: `${failure.message} (in call ${position + 1} of ${count} run together in one text; that call starts at position ${start})`,
    ...(failure.position === undefined ? {} : { position: failure.position + start }),
  };
}

/** One call to parse after a split: the raw call (a piece's text as its arguments) and its arguments, decoded already. */
export interface SplitRawCall {
  readonly raw: RawToolCall;
  readonly decoded: ArgumentsDecoding;
}

/**
 * A raw call whose arguments text holds several objects, as the calls to parse in its place
 * ({@link splitConcatenatedCall}): one per distinct object, in order, each without the server's
 * id so each gets a fresh one (a tool result must answer exactly one call), and at the same
 * `index`, the position of the call the model sent. When the repeats collapse into one call it
 * keeps the id. When a piece fails, the one call in its place carries the failure. `undefined`
 * when the arguments are not a string holding several objects: parse the call as it is.
 */
export function splitRawToolCall(raw: RawToolCall, options: JsonTextDecodeOptions, maxPieces: number): readonly SplitRawCall[] | undefined {
  if (typeof raw.arguments !== 'string') return undefined;
  const split = splitConcatenatedCall(raw.arguments, options, maxPieces);
  if (split === undefined) return undefined;
  if (!split.ok) return [{ raw, decoded: split.failure }];
  const { id: _serverId, ...withoutId } = raw;
  const single = split.pieces.length === 1;
  return split.pieces.map((piece) => ({
    raw: single ? raw : { ...withoutId, arguments: piece.text },
    decoded: { ok: true, value: piece.value, repairs: piece.repairs },
  }));
}
