import { MAX_HANDLER_MESSAGE_LENGTH } from '@acode/application';
import { isPlainObject, isToolErrorLike, type ToolErrorLike, isToolErrorType, type JsonObject, type JsonValue, type ToolFailure, type ToolHandlerResult, type ToolIntent } from '@acode/domain';
import { findJsonProblem } from './find-json-problem.js';
import { jsonByteLength } from './limit-output.js';

/** Most intents one result may carry. */
export const MAX_HANDLER_INTENTS = 32;
/** Longest intent type, in characters. */
export const MAX_INTENT_TYPE_LENGTH = 64;
/** Largest intent, or error `details`, as UTF-8 bytes of JSON. */
export const MAX_HANDLER_FACT_BYTES = 8192;
/** Longest `detail` of a crash, in characters (it is logged, never shown). */
const MAX_CRASH_DETAIL_LENGTH = 200;

/** What a handler returned: a well-formed result, or what is wrong with it (for logs). */
export type HandlerResultReading = { readonly valid: true; readonly result: ToolHandlerResult } | { readonly valid: false; readonly problem: string };

/** A thrown value, classified: a `ToolError` keeps its type; anything else is a crash. */
export type HandlerThrowReading = { readonly kind: 'tool-error'; readonly error: ToolFailure } | { readonly kind: 'crashed'; readonly detail: string };

/**
 * Checks that `value` is a `ToolHandlerResult` (003) and rebuilds it from its known fields only:
 * `ok` a boolean; when ok, `data` JSON data and `intents` absent or at most
 * {@link MAX_HANDLER_INTENTS} objects with a string `type`; when not ok, an `error` whose `type`
 * is in the taxonomy and whose `message` is a string. Messages and suggestions longer than
 * `MAX_HANDLER_MESSAGE_LENGTH` (the application's bound) are cut, returned or thrown alike: a long
 * message (a path quoted in full) is still the failure the handler meant, never a crash. Never
 * throws, not even for a proxy whose getters throw.
 */
export function readHandlerResult(value: unknown): HandlerResultReading {
  try {
    const problem = findResultProblem(value);
    if (problem !== undefined) return { valid: false, problem };
    return { valid: true, result: rebuild(value as Record<string, unknown>) };
  } catch {
    return { valid: false, problem: 'the result could not be read (a property threw when accessed)' };
  }
}

/**
 * Classifies what a handler threw. A `ToolError`, or anything shaped like one ({@link isToolErrorLike}),
 * becomes a `ToolFailure` with its type kept, booleans defaulted and text cut; anything else is a
 * crash whose detail is the first line of its message (never a stack). Never throws.
 */
export function readHandlerThrow(thrown: unknown): HandlerThrowReading {
  try {
    if (isToolErrorLike(thrown)) return { kind: 'tool-error', error: toToolFailure(thrown) };
    return { kind: 'crashed', detail: `the handler threw ${describeThrown(thrown)}` };
  } catch {
    return { kind: 'crashed', detail: 'the handler threw a value that could not be read' };
  }
}

function findResultProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `the handler returned ${describeType(value)}, not { ok, data } or { ok, error }`;
  const ok = value['ok'];
  if (typeof ok !== 'boolean') return '`ok` is missing or not a boolean';
  if (ok) {
    if (!Object.hasOwn(value, 'data') || value['data'] === undefined) return '`data` is missing';
    const dataProblem = findJsonProblem(value['data']);
    if (dataProblem !== undefined) return `\`data\` is not JSON: ${dataProblem}`;
    return findIntentsProblem(value['intents']);
  }
  return findErrorProblem(value['error']);
}

function findIntentsProblem(intents: unknown): string | undefined {
  if (intents === undefined) return undefined;
  if (!Array.isArray(intents)) return '`intents` is not an array';
  if (intents.length > MAX_HANDLER_INTENTS) return `\`intents\` has ${intents.length} items, more than ${MAX_HANDLER_INTENTS}`;
  for (const [index, intent] of intents.entries()) {
    if (!isPlainObject(intent)) return `intent ${index} is not an object`;
    const type = intent['type'];
    if (typeof type !== 'string' || type === '' || type.length > MAX_INTENT_TYPE_LENGTH) {
      return `intent ${index} has no \`type\` string of 1 to ${MAX_INTENT_TYPE_LENGTH} characters`;
    }
    const problem = findJsonProblem(intent);
    if (problem !== undefined) return `intent ${index} is not JSON: ${problem}`;
    if (jsonByteLength(intent as JsonObject) > MAX_HANDLER_FACT_BYTES) return `intent ${index} is larger than ${MAX_HANDLER_FACT_BYTES} bytes`;
  }
  return undefined;
}

function findErrorProblem(error: unknown): string | undefined {
  if (!isPlainObject(error)) return '`error` is missing or not an object';
  if (!isToolErrorType(error['type'])) return '`error.type` is not one of the tool error types';
  if (typeof error['message'] !== 'string') return '`error.message` is not a string';
  for (const flag of ['retryable', 'partialSideEffects'] as const) {
    if (error[flag] !== undefined && typeof error[flag] !== 'boolean') return `\`error.${flag}\` is not a boolean`;
  }
  if (error['suggestion'] !== undefined && typeof error['suggestion'] !== 'string') return '`error.suggestion` is not a string';
  const details = error['details'];
  if (details !== undefined && readDetails(details) === undefined) {
    return `\`error.details\` is not a JSON object of at most ${MAX_HANDLER_FACT_BYTES} bytes`;
  }
  return undefined;
}

/** The result from its known fields; `value` has passed {@link findResultProblem}. */
function rebuild(value: Record<string, unknown>): ToolHandlerResult {
  if (value['ok'] === true) {
    const intents = value['intents'] as ToolIntent[] | undefined;
    return intents === undefined ? { ok: true, data: value['data'] as JsonValue } : { ok: true, data: value['data'] as JsonValue, intents };
  }
  const error = value['error'] as Record<string, unknown>;
  return {
    ok: false,
    error: {
      type: error['type'] as ToolFailure['type'],
      message: cut(error['message'] as string, MAX_HANDLER_MESSAGE_LENGTH),
      ...(typeof error['retryable'] === 'boolean' ? { retryable: error['retryable'] } : {}),
      ...(typeof error['partialSideEffects'] === 'boolean' ? { partialSideEffects: error['partialSideEffects'] } : {}),
      ...(typeof error['suggestion'] === 'string' ? { suggestion: cut(error['suggestion'], MAX_HANDLER_MESSAGE_LENGTH) } : {}),
      ...(error['details'] !== undefined ? { details: error['details'] as JsonObject } : {}),
    },
  };
}

function toToolFailure(thrown: ToolErrorLike): ToolFailure {
  const details = readDetails(thrown.details);
  return {
    type: thrown.type,
    message: cut(thrown.message, MAX_HANDLER_MESSAGE_LENGTH),
    retryable: thrown.retryable === true,
    partialSideEffects: thrown.partialSideEffects === true,
    ...(thrown.idempotencyRequired === true ? { idempotencyRequired: true } : {}),
    ...(typeof thrown.suggestion === 'string' ? { suggestion: cut(thrown.suggestion, MAX_HANDLER_MESSAGE_LENGTH) } : {}),
    ...(details !== undefined ? { details } : {}),
  };
}

/** `details` when it is a JSON object within {@link MAX_HANDLER_FACT_BYTES}. */
function readDetails(details: unknown): JsonObject | undefined {
  if (!isPlainObject(details) || findJsonProblem(details) !== undefined) return undefined;
  return jsonByteLength(details as JsonObject) <= MAX_HANDLER_FACT_BYTES ? (details as JsonObject) : undefined;
}

function describeThrown(thrown: unknown): string {
  const message = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : undefined;
  if (message === undefined) return describeType(thrown);
  const line = (message.split('\n')[0] ?? '').trim();
  return line === '' ? 'an error without a message' : `"${cut(line, MAX_CRASH_DETAIL_LENGTH)}"`;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'a non-plain object';
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
