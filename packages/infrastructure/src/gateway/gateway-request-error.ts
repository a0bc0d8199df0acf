import { ERROR_CODES, type ErrorCode } from '@acode/domain';
import type { GatewayRequest } from './gateway-request.js';

/**
 * Why a gateway request was refused before any upstream saw it: the body is not readable as its
 * route's wire (ACODE-GTW-001), or a tool it declares cannot be used as a contract (ACODE-GTW-002).
 * Both are the client's to fix, so a route answers them with HTTP 400.
 */
export interface GatewayRequestError {
  readonly code: ErrorCode;
  /** One sentence naming the field and what is wrong with it; never echoes more than a short excerpt of the input. */
  readonly message: string;
  /** JSON Pointer of the offending field in the request body (`/messages/2/content`, `/tools/0/function/name`), when there is one. */
  readonly field?: string;
}

/** A reader's verdict on a body: the request, or the first thing that makes it unreadable. */
export type GatewayRequestReading = { readonly ok: true; readonly request: GatewayRequest } | { readonly ok: false; readonly error: GatewayRequestError };

/** One field read from a body, or why it cannot be. */
export type Read<T> = { readonly value: T } | { readonly error: GatewayRequestError };

/** An ACODE-GTW-001 error at `field` ('' for the whole body, then left out). */
export function requestError(field: string, message: string): GatewayRequestError {
  return field === '' ? { code: ERROR_CODES.GATEWAY_REQUEST_INVALID, message } : { code: ERROR_CODES.GATEWAY_REQUEST_INVALID, message, field };
}

/** An ACODE-GTW-002 error at `field`. */
export function toolError(field: string, message: string): GatewayRequestError {
  return { code: ERROR_CODES.GATEWAY_TOOL_INVALID, message, field };
}

/**
 * A short, printable excerpt of a value a client sent, for messages: at most 40 characters of
 * JSON, so an error never carries a large or hostile input back whole.
 */
export function excerpt(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? 'nothing' : typeof value === 'string' ? JSON.stringify(value.length > 60 ? value.slice(0, 60) : value) : String(JSON.stringify(value) ?? typeof value);
  } catch {
    text = typeof value;
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
