import type { ToolRunContextData, ToolRunOutcome } from '@acode/application';
import { isPlainObject, type JsonObject, type JsonValue } from '@acode/domain';
import { outcomeOfReturn } from './handler-outcome.js';
import { jsonByteLength } from './limit-output.js';
import { readHandlerThrow } from './read-handler-result.js';

// The messages between a ChildProcessToolRunner and its child (`child-runner-entry.ts`), over
// Node's IPC channel with JSON serialisation. The parent trusts nothing the child sends: the
// handler runs there and can call `process.send` itself, so every message is checked again here.

/** Parent to child: the one run the child exists for. */
export interface ChildRunMessage {
  readonly type: 'run';
  readonly handlerUrl: string;
  readonly args: JsonObject;
  readonly context: ToolRunContextData;
  readonly maxOutputBytes: number;
}

/**
 * Parent to child: stop the run (the caller cancelled, or the time limit passed). The child aborts
 * the handler's signal so it can end what it started (a command's process group); the parent
 * kills the process after {@link CHILD_STOP_GRACE_MS} whatever happens.
 */
export interface ChildCancelMessage {
  readonly type: 'cancel';
}

/** How long a stopped handler has to end by itself before its process is killed. */
export const CHILD_STOP_GRACE_MS = 1_000;

/** True for a {@link ChildCancelMessage}. */
export function isCancelMessage(message: unknown): boolean {
  return isPlainObject(message) && message['type'] === 'cancel';
}

/** Child to parent: an audit event, relayed as the handler logs it. */
export interface ChildAuditMessage {
  readonly type: 'audit';
  readonly event: string;
  readonly data: JsonObject;
}

/** Child to parent: how the run ended; the child sends one and is then killed. */
export interface ChildOutcomeMessage {
  readonly type: 'outcome';
  readonly outcome: ToolRunOutcome;
}

/** Room a result message may take beyond `maxOutputBytes` (intents, error details, framing). */
export const CHILD_MESSAGE_OVERHEAD_BYTES = 1024 * 1024;

/** A message from the child, as the parent reads it. */
export type ChildMessageReading =
  | { readonly type: 'audit'; readonly event: unknown; readonly data: unknown }
  | { readonly type: 'outcome'; readonly outcome: ToolRunOutcome };

/**
 * Reads a message from the child. An outcome is checked as if the handler had returned it here:
 * a result is read and cut again (a no-op for an honest child), a `ToolError` normalised again;
 * anything malformed or larger than `maxOutputBytes` plus {@link CHILD_MESSAGE_OVERHEAD_BYTES}
 * becomes a `crashed` outcome. Audit events are returned raw, for `sanitizeAuditEvent`.
 */
export function readChildMessage(message: unknown, maxOutputBytes: number): ChildMessageReading {
  if (!isPlainObject(message)) return crashed('the handler process sent a malformed message');
  if (message['type'] === 'audit') return { type: 'audit', event: message['event'], data: message['data'] };
  if (message['type'] !== 'outcome' || !isPlainObject(message['outcome'])) return crashed('the handler process sent a malformed message');
  // Messages arrive through JSON.parse, so they are JSON values.
  if (jsonByteLength(message as JsonValue) > maxOutputBytes + CHILD_MESSAGE_OVERHEAD_BYTES) return crashed('the handler process sent output over the limit');
  return { type: 'outcome', outcome: readOutcome(message['outcome'], maxOutputBytes) };
}

/** Reads the run message in the child; `undefined` when it is not one. */
export function readRunMessage(message: unknown): ChildRunMessage | undefined {
  if (!isPlainObject(message) || message['type'] !== 'run') return undefined;
  const { handlerUrl, args, context, maxOutputBytes } = message;
  if (typeof handlerUrl !== 'string' || !isPlainObject(args) || !isPlainObject(context) || typeof maxOutputBytes !== 'number') return undefined;
  return message as unknown as ChildRunMessage;
}

function readOutcome(outcome: Record<string, unknown>, maxOutputBytes: number): ToolRunOutcome {
  switch (outcome['kind']) {
    case 'returned': {
      const read = outcomeOfReturn(outcome['result'], maxOutputBytes);
      if (read.kind !== 'returned' || read.outputTruncated !== undefined) return read;
      const truncated = readTruncation(outcome['outputTruncated'], maxOutputBytes);
      return truncated === undefined ? read : { ...read, outputTruncated: truncated };
    }
    case 'tool-error': {
      const error = outcome['error'];
      if (!isPlainObject(error)) return { kind: 'crashed', detail: 'the handler process sent a malformed result' };
      const read = readHandlerThrow({ ...error, name: 'ToolError' });
      return read.kind === 'tool-error' ? read : { kind: 'crashed', detail: 'the handler process sent a malformed result' };
    }
    case 'crashed': {
      const detail = outcome['detail'];
      return { kind: 'crashed', detail: typeof detail === 'string' ? detail.slice(0, 300) : 'the handler process reported a crash' };
    }
    default:
      return { kind: 'crashed', detail: 'the handler process sent a malformed result' };
  }
}

/** The child's truncation report, when it is plausible for this limit. */
function readTruncation(value: unknown, maxOutputBytes: number): { originalBytes: number; limitBytes: number } | undefined {
  if (!isPlainObject(value)) return undefined;
  const { originalBytes, limitBytes } = value;
  if (!Number.isSafeInteger(originalBytes) || limitBytes !== Math.max(0, Math.floor(maxOutputBytes)) || (originalBytes as number) <= limitBytes) return undefined;
  return { originalBytes: originalBytes as number, limitBytes };
}

function crashed(detail: string): ChildMessageReading {
  return { type: 'outcome', outcome: { kind: 'crashed', detail } };
}
