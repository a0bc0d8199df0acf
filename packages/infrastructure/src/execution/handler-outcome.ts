import type { ToolRunOutcome } from '@acode/application';
import type { ToolHandlerResult } from '@acode/domain';
import { limitOutput } from './limit-output.js';
import { readHandlerResult, readHandlerThrow } from './read-handler-result.js';

/**
 * The outcome of a handler that returned `value`: checked ({@link readHandlerResult}), its data
 * cut to `maxOutputBytes` ({@link limitOutput}), and copied through JSON so nothing the handler
 * still holds (and may change later) reaches the envelope. A malformed result is a crash.
 */
export function outcomeOfReturn(value: unknown, maxOutputBytes: number): ToolRunOutcome {
  const reading = readHandlerResult(value);
  if (!reading.valid) return { kind: 'crashed', detail: `the handler returned a malformed result: ${reading.problem}` };
  const result = reading.result;
  if (!result.ok) return { kind: 'returned', result: copyJson(result) };
  const limited = limitOutput(result.data, maxOutputBytes);
  const copied: ToolHandlerResult = copyJson({ ...result, data: limited.data });
  return limited.outputTruncated === undefined ? { kind: 'returned', result: copied } : { kind: 'returned', result: copied, outputTruncated: limited.outputTruncated };
}

/** The outcome of a handler that threw `thrown` ({@link readHandlerThrow}). */
export function outcomeOfThrow(thrown: unknown): ToolRunOutcome {
  return readHandlerThrow(thrown);
}

/** A deep copy of checked JSON data (members set to undefined are dropped, as JSON does). */
function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
