import { ERROR_CODES, type ErrorCode, type JsonValue, type RepairName } from '@acode/domain';
import type { IJsonRepairer } from '@acode/application';
import { scanJsonText } from '../validation/json-text-scanner.js';
import { utf8ByteLength } from '../validation/utf8-byte-length.js';

/** Limits and repair policy of one decoding. */
export interface JsonTextDecodeOptions {
  /** Largest text accepted, in UTF-8 bytes; checked before anything reads the text. */
  readonly maxSizeBytes: number;
  /** Deepest nesting of arrays and objects. */
  readonly maxDepth: number;
  /** The repairer to try when the text is not valid JSON; `undefined` when repair is off. */
  readonly repairer: IJsonRepairer | undefined;
  /** Budget of one repair, in ms. */
  readonly repairTimeoutMs: number;
  /** What the text is, in messages (`arguments`, `a tool call written in the content`). */
  readonly subject: string;
}

/** Why a text could not be decoded. */
export interface JsonTextDecodeFailure {
  readonly ok: false;
  /**
   * `size` and `depth` are refused before parsing; `syntax` with repair off; `repair` when it
   * failed; `duplicate-key` for an object naming a property twice (never repaired).
   */
  readonly kind: 'size' | 'depth' | 'syntax' | 'repair' | 'duplicate-key';
  /** ACODE-TLP-009, -002 (syntax, duplicate property name), -003 or -007. */
  readonly code: ErrorCode;
  /** One sentence naming the cause, with the position where there is one. */
  readonly message: string;
  /** Zero-based offset in the text of the first syntax error or of the bracket too deep. */
  readonly position?: number;
  /** Repairs the repairer tried before giving up. */
  readonly repairs?: readonly RepairName[];
}

/** The decoded value, or why there is none. */
export type JsonTextDecoding = { readonly ok: true; readonly value: JsonValue; readonly repairs: readonly RepairName[] } | JsonTextDecodeFailure;

/**
 * Decodes JSON text a model wrote, in the order 002 asks for: the size is checked before the text
 * is read (ACODE-TLP-009), then one linear, non-recursive scan checks nesting (ACODE-TLP-009) and
 * syntax; only text the scanner accepts reaches `JSON.parse`. Text with a syntax error goes to the
 * repairer when one is given (its output is scanned again, so repaired text obeys the same
 * limits); otherwise it is ACODE-TLP-002 with the position. Never throws.
 */
export function decodeJsonText(text: string, options: JsonTextDecodeOptions): JsonTextDecoding {
  // Every UTF-16 unit is at least one byte: a text this long is over the limit without counting.
  const atLeast = text.length > options.maxSizeBytes * 3;
  const sizeBytes = atLeast ? text.length : utf8ByteLength(text);
  if (sizeBytes > options.maxSizeBytes) {
    return failure('size', ERROR_CODES.TOOL_CALL_TOO_LARGE, `${capitalize(options.subject)} too large: ${atLeast ? 'at least ' : ''}${sizeBytes} bytes, the limit is ${options.maxSizeBytes} bytes`);
  }

  const scan = scanJsonText(text, options.maxDepth, STRICT);
  if (scan.ok) return { ok: true, value: JSON.parse(text) as JsonValue, repairs: [] };
  if (scan.kind === 'depth') return tooDeep(options, scan.position);
  // Well-formed but ambiguous: no repair can know which value was meant.
  if (scan.kind === 'duplicate-key') return duplicateKey(options, scan.reason, scan.position);

  const invalid = `${scan.reason} at position ${scan.position}`;
  if (options.repairer === undefined) {
    return failure('syntax', ERROR_CODES.TOOL_CALL_INVALID_JSON, `Invalid JSON in ${options.subject}: ${invalid}`, scan.position);
  }
  return decodeRepaired(text, options.repairer, options, invalid, scan.position);
}

function decodeRepaired(text: string, repairer: IJsonRepairer, options: JsonTextDecodeOptions, invalid: string, position: number): JsonTextDecoding {
  let result;
  try {
    // The scan above already proved the text invalid: spare the repairer its own check.
    result = repairer.repair(text, { timeoutMs: options.repairTimeoutMs, knownInvalid: true });
  } catch {
    // A repairer is not supposed to throw; if it does, the call fails like any failed repair.
    return failure('repair', ERROR_CODES.TOOL_CALL_REPAIR_FAILED, `Invalid JSON in ${options.subject}, and repair failed: ${invalid}`, position);
  }
  if (!result.success || result.repaired === undefined) {
    if (result.error?.code === ERROR_CODES.TOOL_CALL_REPAIR_TIMEOUT) {
      return failure('repair', ERROR_CODES.TOOL_CALL_REPAIR_TIMEOUT, `Invalid JSON in ${options.subject}, and repair ran past its ${options.repairTimeoutMs} ms budget: ${invalid}`, position, result.repairs);
    }
    return failure('repair', ERROR_CODES.TOOL_CALL_REPAIR_FAILED, `Invalid JSON in ${options.subject}, and repair failed: ${invalid}`, position, result.repairs);
  }

  const rescan = scanJsonText(result.repaired, options.maxDepth, STRICT);
  if (rescan.ok) return { ok: true, value: JSON.parse(result.repaired) as JsonValue, repairs: result.repairs };
  if (rescan.kind === 'depth') return tooDeep(options, position);
  if (rescan.kind === 'duplicate-key') return duplicateKey(options, `${rescan.reason} at position ${rescan.position} of the repaired text`, undefined, result.repairs);
  return failure('repair', ERROR_CODES.TOOL_CALL_REPAIR_FAILED, `Invalid JSON in ${options.subject}, and repair failed: ${invalid}`, position, result.repairs);
}

/** Duplicate property names are refused, in the text as sent and in a repairer's output (issue 13). */
const STRICT = { rejectDuplicateKeys: true } as const;

function duplicateKey(options: JsonTextDecodeOptions, reason: string, position: number | undefined, repairs?: readonly RepairName[]): JsonTextDecodeFailure {
  const where = position === undefined ? '' : ` at position ${position}`;
  return failure('duplicate-key', ERROR_CODES.TOOL_CALL_INVALID_JSON, `Ambiguous JSON in ${options.subject}: ${reason}${where}`, position, repairs);
}

function tooDeep(options: JsonTextDecodeOptions, position: number): JsonTextDecodeFailure {
  return failure('depth', ERROR_CODES.TOOL_CALL_TOO_LARGE, `${capitalize(options.subject)} nested too deeply: more than ${options.maxDepth} levels at position ${position}`, position);
}

function failure(kind: JsonTextDecodeFailure['kind'], code: ErrorCode, message: string, position?: number, repairs?: readonly RepairName[]): JsonTextDecodeFailure {
  return {
    ok: false,
    kind,
    code,
    message,
    ...(position === undefined ? {} : { position }),
    ...(repairs === undefined || repairs.length === 0 ? {} : { repairs }),
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
