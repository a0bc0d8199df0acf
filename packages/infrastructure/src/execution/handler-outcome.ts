import type { ToolRunOutcome } from '@acode/application';
import type { ToolHandlerResult } from '@acode/domain';
import { limitOutput } from './limit-output.js';
import { readHandlerResult, readHandlerThrow } from './read-handler-result.js';

/**
 * The outcome of a handler that returned `value`: checked ({@link readHandlerResult}), copied
 * through JSON once, checked again on the copy, and its data cut to `maxOutputBytes`
 * ({@link limitOutput}). Every later step reads the copy, so a getter that answers differently on
 * a second read (or a handler that changes its object afterwards) cannot slip past the checks or
 * the limit. A malformed result is a crash.
 */
export function outcomeOfReturn(value: unknown, maxOutputBytes: number): ToolRunOutcome {
  const first = readHandlerResult(value);
  if (!first.valid) return { kind: 'crashed', detail: `the handler returned a malformed result: ${first.problem}` };
  let snapshot: unknown;
  try {
    // The first check bounds the depth and refuses what JSON would change, so this copy is safe to make.
    snapshot = JSON.parse(JSON.stringify(first.result));
  } catch {
    return { kind: 'crashed', detail: 'the handler returned a result that changed while it was read' };
  }
  const reading = readHandlerResult(snapshot);
  if (!reading.valid) return { kind: 'crashed', detail: `the handler returned a malformed result: ${reading.problem}` };
  const result = reading.result;
  if (!result.ok) return { kind: 'returned', result };
  const limited = limitOutput(result.data, maxOutputBytes);
  return limited.outputTruncated === undefined
    ? { kind: 'returned', result }
    : { kind: 'returned', result: { ...result, data: limited.data }, outputTruncated: limited.outputTruncated };
}

/** The outcome of a handler that threw `thrown` ({@link readHandlerThrow}). */
export function outcomeOfThrow(thrown: unknown): ToolRunOutcome {
  return readHandlerThrow(thrown);
}
