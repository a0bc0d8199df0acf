import { ERROR_CODES, jsonTypeOf, type JsonObject, type JsonValue, type RegistryLimits, type ValidationError } from '@acode/domain';
import { copyJsonValue, type JsonValueCopyFailure } from './json-value-copy.js';
import { scanJsonText, type UnsafeIntegerLocation } from './json-text-scanner.js';
import { utf8ByteLength } from './utf8-byte-length.js';

/** Parsed arguments, or the one error that stopped parsing. */
export type ParseArgumentsResult =
  | {
      readonly ok: true;
      readonly value: JsonObject;
      /**
       * Integers in the text outside the safe range (|n| > 2^53 - 1): `JSON.parse` rounded them.
       * The caller refuses those the schema does not declare as `number` (ACODE-TSR-010).
       */
      readonly unsafeIntegers?: readonly UnsafeIntegerLocation[];
    }
  | { readonly ok: false; readonly error: ValidationError };

/** The limits parsing enforces (decision 10). */
export type ParseArgumentsLimits = Pick<RegistryLimits, 'maxArgumentSizeBytes' | 'maxArgumentDepth'>;

/**
 * Parses the arguments a model sent: text is size-checked before parsing (ACODE-TSR-009),
 * scanned in one linear, non-recursive pass for nesting (ACODE-TSR-009) and syntax errors with
 * their position (ACODE-TSR-002), and must be a JSON object (ACODE-TSR-002). An already-parsed
 * value gets the same structural checks and is copied, never mutated (see {@link copyJsonValue}).
 *
 * Never throws for any input. The empty string is invalid JSON here; a parser that wants
 * `""` to mean "no arguments" maps it to `{}` before calling this (002 does).
 *
 * Text with the same property name twice in one object is refused (ACODE-TSR-002, with the
 * position of the second occurrence): `JSON.parse` would keep the last value silently. A property named
 * `__proto__` is an own data property of the result (never a prototype), so code that copies
 * the result (defaults) must define properties rather than assign them.
 */
export function parseArguments(input: string | object, limits: ParseArgumentsLimits): ParseArgumentsResult {
  return typeof input === 'string' ? parseText(input, limits) : checkParsed(input, limits);
}

function parseText(text: string, limits: ParseArgumentsLimits): ParseArgumentsResult {
  // Every UTF-16 unit is at least one byte, so a text this long is over the limit without counting.
  const sizeBytes = text.length > limits.maxArgumentSizeBytes * 3 ? text.length : utf8ByteLength(text);
  if (sizeBytes > limits.maxArgumentSizeBytes) return failure(tooLarge(sizeBytes, limits.maxArgumentSizeBytes, text.length > limits.maxArgumentSizeBytes * 3));

  const scan = scanJsonText(text, limits.maxArgumentDepth, { rejectDuplicateKeys: true, recordUnsafeIntegers: true });
  if (!scan.ok) {
    if (scan.kind === 'depth') return failure(tooDeep('', scan.depth, limits.maxArgumentDepth, scan.position));
    return failure({
      path: '',
      code: ERROR_CODES.INVALID_JSON,
      message: `${scan.kind === 'duplicate-key' ? 'Ambiguous' : 'Invalid'} JSON in arguments: ${scan.reason} at position ${scan.position}`,
      expected: scan.kind === 'duplicate-key' ? 'a JSON object that names each property once' : 'a JSON object',
      suggestion: scan.suggestion,
      position: scan.position,
    });
  }

  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    // Unreachable while the scanner is at least as strict as JSON.parse; kept so a disagreement
    // degrades to a result instead of an exception.
    return failure({
      path: '',
      code: ERROR_CODES.INVALID_JSON,
      message: 'Invalid JSON in arguments: the text could not be parsed',
      expected: 'a JSON object',
      suggestion: 'Send the arguments as one valid JSON object, such as {"name": "value"}',
    });
  }
  const parsed = requireObject(value);
  const unsafe = scan.unsafeIntegers;
  return parsed.ok && unsafe !== undefined && unsafe.length > 0 ? { ...parsed, unsafeIntegers: unsafe } : parsed;
}

function checkParsed(input: unknown, limits: ParseArgumentsLimits): ParseArgumentsResult {
  const copied = copyJsonValue(input, limits.maxArgumentDepth, limits.maxArgumentSizeBytes);
  if (!copied.ok) return failure(describeCopyFailure(copied.failure, limits));
  return requireObject(copied.value);
}

function requireObject(value: JsonValue): ParseArgumentsResult {
  const type = jsonTypeOf(value);
  if (type === 'object') return { ok: true, value: value as JsonObject };
  return failure({
    path: '',
    code: ERROR_CODES.INVALID_JSON,
    message: `Arguments must be a JSON object, got ${type ?? 'a non-JSON value'}`,
    expected: 'object',
    actual: type,
    suggestion: 'Send the arguments as one JSON object whose properties are the parameters, such as {"name": "value"}',
  });
}

function describeCopyFailure(cause: JsonValueCopyFailure, limits: ParseArgumentsLimits): ValidationError {
  switch (cause.kind) {
    case 'size':
      return tooLarge(cause.sizeBytes, limits.maxArgumentSizeBytes, true);
    case 'depth':
      return tooDeep(cause.path, cause.depth, limits.maxArgumentDepth, undefined);
    case 'not-json':
      return {
        path: cause.path,
        code: ERROR_CODES.INVALID_JSON,
        message: `Arguments must be plain JSON data: the value ${cause.reason}`,
        expected: 'plain JSON data (objects, arrays, strings, finite numbers, booleans, null)',
        suggestion: 'Send only values JSON can represent',
      };
  }
}

function tooLarge(sizeBytes: number, limit: number, atLeast: boolean): ValidationError {
  const size = `${atLeast ? 'at least ' : ''}${sizeBytes} bytes`;
  return {
    path: '',
    code: ERROR_CODES.ARGUMENTS_TOO_LARGE,
    message: `Arguments are too large: ${size}, the limit is ${limit} bytes`,
    expected: `at most ${limit} bytes`,
    actual: size,
    suggestion: 'Send smaller arguments; pass large content by reference (a file path) instead of inline',
  };
}

function tooDeep(path: string, depth: number, limit: number, position: number | undefined): ValidationError {
  const where = position === undefined ? '' : ` at position ${position}`;
  return {
    path,
    code: ERROR_CODES.ARGUMENTS_TOO_LARGE,
    message: `Arguments are nested too deeply: depth ${depth} exceeds the limit of ${limit}${where}`,
    expected: `at most ${limit} levels of nested arrays and objects`,
    actual: `more than ${limit} levels`,
    suggestion: 'Flatten the arguments; no parameter needs this much nesting',
    ...(position === undefined ? {} : { position }),
  };
}

function failure(error: ValidationError): ParseArgumentsResult {
  return { ok: false, error };
}
