import { REPAIR_NAMES, type ToolCallTelemetryRecord } from '@acode/domain';

const PARSE_RESULTS: ReadonlySet<string> = new Set(['success', 'repaired', 'retried', 'failed']);
const KNOWN_REPAIRS: ReadonlySet<string> = new Set(REPAIR_NAMES);
const ERROR_CODE = /^ACODE-[A-Z]{3}-\d{3}$/;
const TEXT_FIELDS = ['correlationId', 'provider', 'model', 'tool', 'callId'] as const;
const OPTIONAL_TEXT_FIELDS = ['upstream', 'originalArguments', 'finalArguments', 'errorMessage', 'route', 'textFormat'] as const;
/** Longest route or text-format name a row may carry (the table's CHECK). */
const MAX_NAME_LENGTH = 64;
const DURATION_FIELDS = ['parseMs', 'repairMs', 'retryMs'] as const;
const TOKEN_FIELDS = ['promptTokens', 'completionTokens', 'totalTokens'] as const;

/** Most repairs or error codes one row may list; a call sees a handful. */
export const MAX_RECORD_LIST_LENGTH = 1_000;

/**
 * What is wrong with a telemetry row, in one sentence, or `undefined` when it can be stored.
 * Checked at run time because a row built by JavaScript (or from a bad cast) must not reach the
 * database half-typed; values are described by type only, never quoted.
 */
export function findRecordProblem(record: ToolCallTelemetryRecord): string | undefined {
  if (typeof record !== 'object' || record === null) return 'the row is not an object';
  for (const field of TEXT_FIELDS) {
    if (typeof record[field] !== 'string') return `${field} must be a string (got ${typeName(record[field])})`;
  }
  for (const field of OPTIONAL_TEXT_FIELDS) {
    if (record[field] !== undefined && typeof record[field] !== 'string') return `${field} must be a string when present (got ${typeName(record[field])})`;
  }
  if (record.upstream === '') return 'upstream must not be empty when present';
  for (const field of ['route', 'textFormat'] as const) {
    const value = record[field];
    if (value !== undefined && (value.length === 0 || value.length > MAX_NAME_LENGTH)) return `${field} must be 1 to ${MAX_NAME_LENGTH} characters when present`;
  }
  if (record.upstreamMs !== undefined && (typeof record.upstreamMs !== 'number' || !Number.isFinite(record.upstreamMs) || record.upstreamMs < 0)) {
    return `upstreamMs must be a finite number ≥ 0 when present (got ${describe(record.upstreamMs)})`;
  }
  if (record.attempts !== undefined && (!isCount(record.attempts) || record.attempts < 1)) return `attempts must be a whole number ≥ 1 when present (got ${describe(record.attempts)})`;
  if (!PARSE_RESULTS.has(record.parseResult)) return `parseResult must be one of success, repaired, retried, failed (got ${describe(record.parseResult)})`;
  const repairsProblem = listProblem('repairs', record.repairs, (item) => KNOWN_REPAIRS.has(item), 'a repair name');
  if (repairsProblem !== undefined) return repairsProblem;
  const codesProblem = listProblem('errorCodes', record.errorCodes, (item) => ERROR_CODE.test(item), 'an ACODE-XXX-NNN code');
  if (codesProblem !== undefined) return codesProblem;
  if (!isCount(record.retryCount)) return `retryCount must be a whole number ≥ 0 (got ${describe(record.retryCount)})`;
  if (record.errorPosition !== undefined && !isCount(record.errorPosition)) return `errorPosition must be a whole number ≥ 0 when present (got ${describe(record.errorPosition)})`;
  for (const field of DURATION_FIELDS) {
    const value = record[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return `${field} must be a finite number ≥ 0 (got ${describe(value)})`;
  }
  if (typeof record.tokens !== 'object' || record.tokens === null) return `tokens must be an object (got ${typeName(record.tokens)})`;
  for (const field of TOKEN_FIELDS) {
    if (!isCount(record.tokens[field])) return `tokens.${field} must be a whole number ≥ 0 (got ${describe(record.tokens[field])})`;
  }
  return undefined;
}

function listProblem(field: string, list: unknown, accepts: (item: string) => boolean, expected: string): string | undefined {
  if (!Array.isArray(list)) return `${field} must be an array (got ${typeName(list)})`;
  if (list.length > MAX_RECORD_LIST_LENGTH) return `${field} lists ${list.length} items, more than ${MAX_RECORD_LIST_LENGTH}`;
  const index = list.findIndex((item: unknown) => typeof item !== 'string' || !accepts(item));
  return index === -1 ? undefined : `${field}[${index}] must be ${expected} (got ${describe(list[index])})`;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Numbers are shown (they are never secrets); anything else by type, or a short string quoted. */
function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length <= 32 ? JSON.stringify(value) : 'a long string';
  return typeName(value);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
