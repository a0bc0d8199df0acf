import { ERROR_CODES, type ErrorCode, type RepairResult } from '@acode/domain';
import type { IClock } from '@acode/application';
import { DEFAULT_REPAIR_HEURISTICS } from './default-heuristics.js';
import { buildHeuristicTable } from './heuristic-table.js';
import { hasInvalidEnds } from './invalid-ends.js';
import type { RepairHeuristic } from './repair-heuristic.js';
import { runRepairPass } from './repair-pass.js';
import { MONOTONIC_CLOCK } from '../clock/monotonic-clock.js';

/** 002's repair budget and decision 10's default, in milliseconds. */
export const DEFAULT_REPAIR_TIMEOUT_MS = 100;

/**
 * The longest text the repairer will work on, in UTF-16 code units: the top of the
 * `max_argument_size` range (16 MiB). Callers refuse larger arguments first; this is a backstop.
 */
export const MAX_REPAIR_INPUT_LENGTH = 16 * 1024 * 1024;

/**
 * What the final `JSON.parse` of the repaired text costs, as a share of the pass's own time for the
 * same text: measured at 3-10% on this project's bench inputs (a mebibyte of single quotes, Python
 * literals, unclosed nesting); 0.15 leaves a margin. The pass reserves that much of its time for
 * the parse, and never more than that share of the budget.
 */
export const PARSE_SHARE_OF_PASS = 0.15;

/** Options of {@link repairJson}. */
export interface RepairJsonOptions {
  /** Source of time for the deadline; `performance.now()` by default. */
  readonly clock?: IClock;
  /** Budget in milliseconds; past it the repair stops with ACODE-TLP-007. Default 100. */
  readonly timeoutMs?: number;
  /** Skip the valid-input check: the caller already knows `JSON.parse` would fail. */
  readonly knownInvalid?: boolean;
  /** The heuristics to apply, in priority order. Default {@link DEFAULT_REPAIR_HEURISTICS}. */
  readonly heuristics?: readonly RepairHeuristic[];
}

/**
 * Repairs `text` into JSON (002 FR-023..039). Valid JSON comes back untouched and unflagged, at
 * the cost of one `JSON.parse` (and a look at the text's two ends, see {@link hasInvalidEnds}). Otherwise one linear pass applies the heuristics, and the result
 * is the candidate only if it parses; never a throw for any input.
 */
export function repairJson(text: string, options: RepairJsonOptions = {}): RepairResult {
  if (options.knownInvalid !== true && !hasInvalidEnds(text) && parsesAsIs(text)) return { attempted: false, success: true, original: text, repaired: text, repairs: [] };
  if (text.length > MAX_REPAIR_INPUT_LENGTH) {
    return failed(text, ERROR_CODES.TOOL_CALL_TOO_LARGE, `text too long to repair (${text.length} characters, the limit is ${MAX_REPAIR_INPUT_LENGTH})`);
  }

  const clock = options.clock ?? MONOTONIC_CLOCK;
  const timeoutMs = options.timeoutMs ?? DEFAULT_REPAIR_TIMEOUT_MS;
  const started = clock.now();
  const deadline = started + timeoutMs;
  const isExpired = (): boolean => clock.now() > deadline;
  // The pass also stops once the JSON.parse that follows it would no longer fit in the budget: that
  // parse cannot be interrupted, so without this a repair finishing just in time overshot (issue 13).
  // The estimate scales the pass's own pace so far; capped at the same share of the budget, so an
  // early, noisy pace (the first characters run before the code is optimised) cannot end it early.
  const maxReserve = timeoutMs * PARSE_SHARE_OF_PASS;
  const passExpired = (position: number): boolean => {
    const now = clock.now();
    if (now > deadline) return true;
    const reserve = position > 0 ? Math.min(maxReserve, ((now - started) / position) * text.length * PARSE_SHARE_OF_PASS) : 0;
    return now + reserve > deadline;
  };
  const pass = runRepairPass(text, buildHeuristicTable(options.heuristics ?? DEFAULT_REPAIR_HEURISTICS), passExpired);

  if (!pass.ok) {
    if (pass.timedOut) return failed(text, ERROR_CODES.TOOL_CALL_REPAIR_TIMEOUT, `JSON repair stopped after ${timeoutMs} ms at position ${pass.position}`, pass.position);
    return failed(text, ERROR_CODES.TOOL_CALL_REPAIR_FAILED, `cannot repair the JSON: ${pass.message} at position ${pass.position}`, pass.position);
  }
  if (isExpired()) return failed(text, ERROR_CODES.TOOL_CALL_REPAIR_TIMEOUT, `JSON repair stopped after ${timeoutMs} ms`);
  if (!parses(pass.text)) {
    // The pass checks the whole grammar, so this is a backstop; the engine's message is not echoed.
    return failed(text, ERROR_CODES.TOOL_CALL_REPAIR_FAILED, 'cannot repair the JSON: the repaired text is still not valid JSON');
  }
  return { attempted: true, success: true, original: text, repaired: pass.text, repairs: pass.repairs };
}

/**
 * The valid-input fast path: a bare `JSON.parse`. It is kept free of the stack-trace toggle in
 * {@link parses} because valid input is the common case and must cost no more than 1.2× a plain
 * `JSON.parse` (issue 3); the damage that reaches a failing parse here is the rarer kind the
 * end check in {@link hasInvalidEnds} cannot see.
 */
function parsesAsIs(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `JSON.parse` accepts `text`. The engine's error is discarded, so its stack trace is not
 * captured: that halves the cost of a failing parse.
 */
function parses(text: string): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function failed(original: string, code: ErrorCode, message: string, position?: number): RepairResult {
  return {
    attempted: true,
    success: false,
    original,
    repairs: [],
    error: position === undefined ? { code, message } : { code, message, position },
  };
}
