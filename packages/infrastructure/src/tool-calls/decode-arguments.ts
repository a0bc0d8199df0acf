import { ERROR_CODES, jsonTypeOf, type JsonObject, type JsonValue, type RepairName } from '@acode/domain';
import { copyJsonValue } from '../validation/json-value-copy.js';
import { utf8ByteLength } from '../validation/utf8-byte-length.js';
import type { ArgumentsTool } from './arguments-tool.js';
import { decodeDoubleEncoded } from './decode-double-encoded.js';
import { decodeJsonText, type JsonTextDecodeFailure, type JsonTextDecodeOptions } from './decode-json-text.js';
import { readPlainTextArguments } from './plain-text-arguments.js';
import { readXmlParameterArguments } from './xml-parameter-arguments.js';

/** The arguments of one call as a JSON object, with the repairs that made them parse. */
export type ArgumentsDecoding = { readonly ok: true; readonly value: JsonObject; readonly repairs: readonly RepairName[] } | JsonTextDecodeFailure;

/** {@link JsonTextDecodeOptions}, and the tool the arguments are for. */
export interface ArgumentsDecodeOptions extends JsonTextDecodeOptions {
  /**
   * The called tool, when it is known: with repair on, a text that is not JSON is then read by its
   * schema where that has one reading (XML parameters, plain text for a single string property).
   */
  readonly tool?: ArgumentsTool;
}

/**
 * Turns a call's arguments as a server sent them into a JSON object (002 FR-012, FR-017..022):
 *
 * - a string (OpenAI) is decoded by {@link decodeJsonText}; empty or whitespace-only means `{}`;
 *   a JSON string holding an object is decoded once more ({@link decodeDoubleEncoded}, flagged
 *   `double_encoded`). With repair on and the tool given, a text of XML parameters is read as
 *   the object they name before any JSON reading ({@link readXmlParameterArguments},
 *   `xml_parameters`: JSON never starts with `<`), and a text no repair could read as JSON is read
 *   as the value of the tool's one required string property when that is its one reading
 *   ({@link readPlainTextArguments}, `plain_text_arguments`; also when the repairer's only
 *   reading was a number or literal with the prose after it dropped); both within the size limit;
 * - an object (Ollama, or a stream's parsed value) is copied with the same size and nesting
 *   limits, iteratively, never running getters;
 * - absent or `null` means `{}`: servers omit arguments for tools without parameters;
 * - anything else, and JSON that is not an object, is ACODE-TLP-002.
 */
export function decodeArguments(raw: unknown, options: ArgumentsDecodeOptions): ArgumentsDecoding {
  if (raw === undefined || raw === null) return { ok: true, value: {}, repairs: [] };
  if (typeof raw === 'string') {
    // JSON whitespace is one byte a character, so a blank text within the length is within the size.
    if (raw.length <= options.maxSizeBytes && isBlank(raw)) return { ok: true, value: {}, repairs: [] };
    const tool = options.repairer === undefined ? undefined : options.tool;
    if (tool !== undefined && startsWithTag(raw) && withinSize(raw, options.maxSizeBytes)) {
      const xml = readXmlParameterArguments(raw, tool, options.maxDepth);
      if (xml !== undefined) return { ok: true, value: xml, repairs: ['xml_parameters'] };
    }
    const decoded = decodeJsonText(raw, options);
    if (!decoded.ok) {
      // Only text the repairer gave up on (not one it ran out of time on) may be plain text.
      if (tool !== undefined && decoded.kind === 'repair' && decoded.code === ERROR_CODES.TOOL_CALL_REPAIR_FAILED) {
        const plain = readPlainTextArguments(raw, tool);
        if (plain !== undefined) return { ok: true, value: plain, repairs: ['plain_text_arguments'] };
      }
      return decoded;
    }
    if (typeof decoded.value === 'string') {
      const inner = decodeDoubleEncoded(decoded.value, options);
      if (inner !== undefined) return { ok: true, value: inner, repairs: [...decoded.repairs, 'double_encoded'] };
    }
    // `2024 was the year?`: the repairer's only reading is a number with prose dropped, which no
    // arguments can be; the text as a whole is the value.
    if (tool !== undefined && isScalar(decoded.value) && decoded.repairs.includes('surrounding_text')) {
      const plain = readPlainTextArguments(raw, tool);
      if (plain !== undefined) return { ok: true, value: plain, repairs: ['plain_text_arguments'] };
    }
    return requireObject(decoded.value, decoded.repairs, options.subject);
  }
  if (typeof raw === 'object') {
    const copied = copyJsonValue(raw, options.maxDepth, options.maxSizeBytes);
    if (copied.ok) return requireObject(copied.value, [], options.subject);
    const { failure } = copied;
    if (failure.kind === 'size') {
      return { ok: false, kind: 'size', code: ERROR_CODES.TOOL_CALL_TOO_LARGE, message: `Arguments too large: at least ${failure.sizeBytes} bytes, the limit is ${options.maxSizeBytes} bytes` };
    }
    if (failure.kind === 'depth') {
      return { ok: false, kind: 'depth', code: ERROR_CODES.TOOL_CALL_TOO_LARGE, message: `Arguments nested too deeply: more than ${options.maxDepth} levels at '${failure.path.slice(0, 256)}'` };
    }
    return { ok: false, kind: 'syntax', code: ERROR_CODES.TOOL_CALL_INVALID_JSON, message: `Arguments must be plain JSON data: the value ${failure.reason}` };
  }
  return notAnObject(jsonTypeOf(raw) ?? typeof raw, options.subject);
}

/** A number, boolean or null: never arguments. */
function isScalar(value: JsonValue): boolean {
  return value === null || typeof value === 'number' || typeof value === 'boolean';
}

/** True when the first character after JSON whitespace is `<`, which starts no JSON text. */
function startsWithTag(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return c === 0x3c;
  }
  return false;
}

/** True when `text` is at most `maxSizeBytes` in UTF-8 (a UTF-16 unit is at most three bytes). */
function withinSize(text: string, maxSizeBytes: number): boolean {
  return text.length <= maxSizeBytes / 3 || (text.length <= maxSizeBytes && utf8ByteLength(text) <= maxSizeBytes);
}

/** True when `text` is empty or only JSON whitespace: OpenAI servers send `""` for "no arguments". */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return true;
}

function requireObject(value: JsonValue, repairs: readonly RepairName[], subject: string): ArgumentsDecoding {
  const type = jsonTypeOf(value);
  if (type === 'object') return { ok: true, value: value as JsonObject, repairs };
  return notAnObject(type ?? 'a non-JSON value', subject);
}

function notAnObject(type: string, subject: string): JsonTextDecodeFailure {
  return { ok: false, kind: 'syntax', code: ERROR_CODES.TOOL_CALL_INVALID_JSON, message: `The ${subject} must be a JSON object, got ${type}`, position: 0 };
}
