import type { AcodeException, TelemetryQuery } from '@acode/application';
import { parseIsoInstant } from './parse-iso-instant.js';
import { telemetryUnavailable } from './telemetry-unavailable.js';

/** Most rows one query returns, whatever its `limit`: a listing is read into memory. */
export const MAX_TELEMETRY_QUERY_ROWS = 10_000;

/** A query as SQL: a WHERE clause made of fixed fragments, and its named parameters. */
export interface TelemetryFilter {
  /** Empty, or `WHERE ...` over columns of `tool_calls`. */
  readonly where: string;
  readonly parameters: Readonly<Record<string, string>>;
  /** Rows to return at most. */
  readonly limit: number;
}

/**
 * The SQL form of a query. Values travel only as parameters; the clause is one of four fixed
 * texts, so each has one cached prepared statement and `(provider, timestamp)` serves the index.
 * Throws ACODE-TEL-001 for a `since` that is not an ISO 8601 instant or a `limit` that is not a
 * whole number ≥ 0.
 */
export function buildTelemetryFilter(query: TelemetryQuery = {}): TelemetryFilter {
  const conditions: string[] = [];
  const parameters: Record<string, string> = {};
  if (query.provider !== undefined) {
    if (typeof query.provider !== 'string') throw refused('provider must be a string');
    conditions.push('provider = @provider');
    parameters['provider'] = query.provider;
  }
  if (query.since !== undefined) {
    const since = typeof query.since === 'string' ? parseIsoInstant(query.since) : undefined;
    if (since === undefined) throw refused('since must be an ISO 8601 date or date-time such as 2025-01-15T14:00:00Z');
    conditions.push('timestamp >= @since');
    parameters['since'] = since;
  }
  const limit = query.limit ?? MAX_TELEMETRY_QUERY_ROWS;
  if (!Number.isSafeInteger(limit) || limit < 0) throw refused('limit must be a whole number ≥ 0');
  return {
    where: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`,
    parameters,
    limit: Math.min(limit, MAX_TELEMETRY_QUERY_ROWS),
  };
}

function refused(reason: string): AcodeException {
  return telemetryUnavailable(`Telemetry query refused: ${reason}.`);
}
