import {
  canonicalJson,
  isPlainObject,
  isToolErrorType,
  type JsonObject,
  type JsonValue,
  type ToolDefinition,
  type ToolFailure,
  type ToolIntent,
} from '@acode/domain';
import type { ToolRunOutcome } from './tool-runner.js';

/** Longest handler-written message or suggestion passed on, in characters. */
export const MAX_HANDLER_MESSAGE_LENGTH = 500;

/** What a run came to, ready for the envelope. `crashDetail` is for the error log only. */
export type RunResult =
  | {
      readonly ok: true;
      readonly data: JsonValue;
      readonly intents: readonly ToolIntent[];
      readonly outputTruncated?: { readonly originalBytes: number; readonly limitBytes: number };
    }
  | { readonly ok: false; readonly failure: ToolFailure; readonly crashDetail?: string };

/**
 * Turns a runner's outcome into a success or a failure of 003's taxonomy. Handler-written
 * failures are re-checked here, whatever the runner did: an unknown type or a malformed shape
 * becomes `INTERNAL`, so nothing outside the taxonomy reaches the model.
 */
export function interpretRunOutcome(outcome: ToolRunOutcome, definition: ToolDefinition, timeoutMs: number): RunResult {
  switch (outcome.kind) {
    case 'returned':
      return interpretReturned(outcome, definition);
    case 'tool-error':
      return handlerFailure(outcome.error, definition);
    case 'crashed':
      return internalError(definition, outcome.detail);
    case 'timeout':
      return {
        ok: false,
        failure: {
          type: 'TIMEOUT',
          message: `Tool ${definition.name} did not finish within ${timeoutMs} ms`,
          retryable: definition.idempotent === true,
          partialSideEffects: mayHaveChangedSomething(definition),
          idempotencyRequired: definition.idempotent !== true,
        },
      };
    case 'cancelled':
      return {
        ok: false,
        failure: {
          type: 'TRANSIENT',
          message: `Tool ${definition.name} was cancelled`,
          retryable: true,
          partialSideEffects: mayHaveChangedSomething(definition),
          idempotencyRequired: definition.idempotent !== true,
        },
      };
    case 'unavailable':
      return { ok: false, failure: { type: 'PERMANENT', message: cut(outcome.message), retryable: false, partialSideEffects: false } };
    default:
      return internalError(definition, 'runner returned an unknown outcome');
  }
}

/** The failure for anything unexpected: no detail for the model, side effects assumed. */
export function internalError(definition: Pick<ToolDefinition, 'name'>, crashDetail: string): RunResult {
  return {
    ok: false,
    failure: { type: 'INTERNAL', message: `Internal error executing ${definition.name}`, retryable: false, partialSideEffects: true },
    crashDetail,
  };
}

function interpretReturned(outcome: Extract<ToolRunOutcome, { kind: 'returned' }>, definition: ToolDefinition): RunResult {
  const result: unknown = outcome.result;
  if (!isPlainObject(result)) return internalError(definition, 'handler result is not an object');
  if (result['ok'] === false) return handlerFailure(result['error'], definition);
  if (result['ok'] !== true || result['data'] === undefined) return internalError(definition, 'handler result has neither ok data nor an error');
  const intents = result['intents'];
  if (intents !== undefined && !Array.isArray(intents)) return internalError(definition, 'handler intents are not an array');
  return {
    ok: true,
    data: result['data'] as JsonValue,
    intents: (intents ?? []) as ToolIntent[],
    ...(outcome.outputTruncated === undefined ? {} : { outputTruncated: outcome.outputTruncated }),
  };
}

/** Keeps a handler's failure as given when it is well formed; drops fields of the wrong type. */
function handlerFailure(error: unknown, definition: ToolDefinition): RunResult {
  if (!isPlainObject(error) && !(error instanceof Error)) return internalError(definition, 'handler failure is not an object');
  const fields = error as Record<string, unknown>;
  const type = fields['type'];
  const message = fields['message'];
  if (!isToolErrorType(type)) return internalError(definition, 'handler failure has a type outside the taxonomy');
  if (typeof message !== 'string' || message.trim() === '') return internalError(definition, 'handler failure has no message');
  const suggestion = fields['suggestion'];
  const details = fields['details'];
  const failure: ToolFailure = {
    type,
    message: cut(message),
    retryable: fields['retryable'] === true,
    ...booleanField('partialSideEffects', fields['partialSideEffects']),
    ...booleanField('idempotencyRequired', fields['idempotencyRequired']),
    ...(typeof suggestion === 'string' && suggestion !== '' ? { suggestion: cut(suggestion) } : {}),
    ...(isPlainObject(details) && canonicalJson(details) !== undefined ? { details: details as JsonObject } : {}),
  };
  return { ok: false, failure };
}

function booleanField<K extends string>(key: K, value: unknown): Partial<Record<K, boolean>> {
  return typeof value === 'boolean' ? ({ [key]: value } as Record<K, boolean>) : {};
}

/** Whether an interrupted run may have changed something; unknown side effects count as yes. */
function mayHaveChangedSomething(definition: ToolDefinition): boolean {
  return definition.sideEffects !== 'none' && definition.sideEffects !== 'read_only';
}

function cut(text: string): string {
  return text.length > MAX_HANDLER_MESSAGE_LENGTH ? `${text.slice(0, MAX_HANDLER_MESSAGE_LENGTH)}…` : text;
}
