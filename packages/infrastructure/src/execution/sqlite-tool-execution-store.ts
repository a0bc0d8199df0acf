import { AcodeException, type ConfirmationBinding, type ConfirmationCheck, type ConfirmationGrant, type IToolExecutionStore, type StoredExecution } from '@acode/application';
import type { ToolResponse } from '@acode/domain';
import type Database from 'better-sqlite3';
import { openTelemetryDatabase } from '../telemetry/open-telemetry-database.js';
import { PreparedStatements } from '../telemetry/prepared-statements.js';
import { describeStorageError } from '../telemetry/telemetry-unavailable.js';
import { checkConfirmation, EXPIRED_TOKEN_RETENTION_MS, type StoredConfirmation } from './check-confirmation.js';
import { normaliseKeep } from './normalise-keep.js';
import { scrubSecrets } from '../tool-calls/scrub-secrets.js';
import { sha256Hex } from './sha256-hex.js';
import { executionStoreUnavailable } from './tool-execution-store-errors.js';

interface TokenRow {
  readonly session_id: string;
  readonly tool: string;
  readonly args_sha256: string;
  readonly expires_at_ms: number;
  readonly used_at_ms: number | null;
}

/** Prefix of the `argsCanonical` returned when the arguments differ: `{` starts every canonical JSON object, never this. */
const ARGS_HASH_MARKER = 'sha256:';

interface ExecutionRow {
  readonly tool: string;
  readonly args_sha256: string;
  readonly response_json: string;
}

/**
 * How long a stored result can be replayed by its execution id: a day, far beyond any resend
 * or reconnect, after which the row is swept whatever its session (the per-session `keep`
 * bound alone would let sessions that are never used again pile up).
 */
export const EXECUTION_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Confirmation tokens and results by execution id in the project's SQLite database, the same
 * file as telemetry (opened by `openTelemetryDatabase`: WAL, `synchronous = FULL`, migrations),
 * so a token printed by one `acode tools exec` is accepted by the next, and by another process.
 *
 * A token is stored as its sha256 only. `consumeConfirmation` reads, checks and marks the token
 * in one `BEGIN IMMEDIATE` transaction whose UPDATE also requires `used_at_ms IS NULL`, so two
 * connections presenting one token accept it once. `saveExecution` inserts and drops the
 * session's oldest results beyond `keep` in one transaction. Every failure is an `AcodeException`
 * ACODE-TEX-001 naming the file.
 */
export class SqliteToolExecutionStore implements IToolExecutionStore {
  /** The file, as given to {@link SqliteToolExecutionStore.open}. */
  readonly file: string;
  readonly #db: Database.Database;
  readonly #statements: PreparedStatements;

  private constructor(db: Database.Database, file: string) {
    this.#db = db;
    this.#statements = new PreparedStatements(db);
    this.file = file;
  }

  /** Opens (creating and migrating it when needed) the database at `file`, or `:memory:`. Throws ACODE-TEX-001. */
  static open(file: string): SqliteToolExecutionStore {
    try {
      return new SqliteToolExecutionStore(openTelemetryDatabase(file), file);
    } catch (error) {
      // The telemetry opener's sentence names the file and the reason; only the code changes.
      const message = error instanceof AcodeException ? error.message : `Tool execution store ${file} cannot be opened: ${describeStorageError(error)}.`;
      throw executionStoreUnavailable(message, error);
    }
  }

  saveConfirmation(grant: ConfirmationGrant): void {
    this.#transaction('save a confirmation token', () => {
      this.#statement('DELETE FROM confirmation_tokens WHERE expires_at_ms < ?').run(grant.createdAtMs - EXPIRED_TOKEN_RETENTION_MS);
      this.#statement(
        `INSERT INTO confirmation_tokens (token_sha256, session_id, tool, args_sha256, created_at_ms, expires_at_ms, used_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, NULL)`,
      ).run(sha256Hex(grant.token), grant.sessionId, grant.tool, sha256Hex(grant.argsCanonical), grant.createdAtMs, grant.expiresAtMs);
    });
  }

  consumeConfirmation(token: string, binding: ConfirmationBinding, nowEpochMs: number): ConfirmationCheck {
    const tokenSha256 = sha256Hex(token);
    return this.#transaction('check a confirmation token', () => {
      const row = this.#statement('SELECT session_id, tool, args_sha256, expires_at_ms, used_at_ms FROM confirmation_tokens WHERE token_sha256 = ?').get(tokenSha256) as
        | TokenRow
        | undefined;
      const check = checkConfirmation(row === undefined ? undefined : toStoredConfirmation(row), binding, sha256Hex(binding.argsCanonical), nowEpochMs);
      if (check !== 'accepted') return check;
      const update = this.#statement('UPDATE confirmation_tokens SET used_at_ms = ? WHERE token_sha256 = ? AND used_at_ms IS NULL').run(nowEpochMs, tokenSha256);
      return update.changes === 1 ? 'accepted' : 'used';
    });
  }

  /**
   * `args_json` holds the arguments scrubbed (see {@link saveExecution}), so they are compared by
   * `args_sha256`: with `argsCanonical` given and its hash equal to the stored one, it is returned
   * as the stored arguments; otherwise a marker no canonical JSON equals, so a replay is refused.
   */
  findExecution(sessionId: string, executionId: string, argsCanonical?: string): StoredExecution | undefined {
    const row = this.#run('read a stored result', () =>
      this.#statement('SELECT tool, args_sha256, response_json FROM tool_executions WHERE session_id = ? AND execution_id = ?').get(sessionId, executionId),
    ) as ExecutionRow | undefined;
    if (row === undefined) return undefined;
    const same = argsCanonical !== undefined && sha256Hex(argsCanonical) === row.args_sha256;
    return { tool: row.tool, argsCanonical: same ? argsCanonical : `${ARGS_HASH_MARKER}${row.args_sha256}`, response: JSON.parse(row.response_json) as ToolResponse };
  }

  /**
   * Stores a result. The arguments are written scrubbed by the telemetry rules (`scrubSecrets`:
   * values of secret-named keys and secret-looking tokens become `[REDACTED]`), never verbatim:
   * the database sits in `.agent/` and outlives the run. Their identity is kept by `args_sha256`.
   */
  saveExecution(sessionId: string, executionId: string, execution: StoredExecution, keep: number): void {
    const argsJson = scrubbedArgumentsJson(execution.argsCanonical);
    const responseJson = JSON.stringify(execution.response);
    const now = Date.now();
    this.#transaction('store a result', () => {
      // Sessions are never closed here (a CLI session is a name; a chat run opens one each time), so age bounds the table.
      this.#statement('DELETE FROM tool_executions WHERE created_at_ms < ?').run(now - EXECUTION_RETENTION_MS);
      this.#statement(
        `INSERT OR REPLACE INTO tool_executions (session_id, execution_id, tool, args_sha256, args_json, response_json, created_at_ms, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tool_executions WHERE session_id = ?))`,
      ).run(sessionId, executionId, execution.tool, sha256Hex(execution.argsCanonical), argsJson, responseJson, now, sessionId);
      this.#statement(
        `DELETE FROM tool_executions WHERE session_id = ? AND seq NOT IN (
           SELECT seq FROM tool_executions WHERE session_id = ? ORDER BY seq DESC LIMIT ?)`,
      ).run(sessionId, sessionId, normaliseKeep(keep));
    });
  }

  /** Closes the connection; later calls fail with ACODE-TEX-001. Closing twice does nothing. */
  close(): void {
    this.#statements.close();
  }

  #statement(sql: string): Database.Statement {
    return this.#statements.get(sql);
  }

  /** `work` in a `BEGIN IMMEDIATE` transaction: the write lock is taken before anything is read. */
  #transaction<T>(action: string, work: () => T): T {
    return this.#run(action, () => this.#db.transaction(work).immediate());
  }

  #run<T>(action: string, work: () => T): T {
    if (!this.#db.open) throw executionStoreUnavailable(`Tool execution store ${this.file} is closed: cannot ${action}.`);
    try {
      return work();
    } catch (error) {
      throw executionStoreUnavailable(`Tool execution store ${this.file} could not ${action}: ${describeStorageError(error)}.`, error);
    }
  }
}

function toStoredConfirmation(row: TokenRow): StoredConfirmation {
  return { sessionId: row.session_id, tool: row.tool, argsSha256: row.args_sha256, expiresAtMs: row.expires_at_ms, usedAtMs: row.used_at_ms };
}

/** The arguments as `args_json` keeps them: scrubbed, still JSON (the column checks `json_valid`). */
function scrubbedArgumentsJson(argsCanonical: string): string {
  try {
    return JSON.stringify(scrubSecrets(JSON.parse(argsCanonical)) ?? null);
  } catch {
    return 'null';
  }
}
