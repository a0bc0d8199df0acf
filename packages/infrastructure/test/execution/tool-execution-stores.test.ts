import type { ConfirmationGrant, IToolExecutionStore, StoredExecution } from '@acode/application';
import { ERROR_CODES, type ToolResponse } from '@acode/domain';
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryToolExecutionStore } from '../../src/execution/in-memory-tool-execution-store.js';
import { EXECUTION_RETENTION_MS, SqliteToolExecutionStore } from '../../src/execution/sqlite-tool-execution-store.js';
import { SqliteTelemetryStore } from '../../src/telemetry/index.js';
import { makeTempDir } from './runner-fixture.js';

const TEX = ERROR_CODES.EXECUTION_STORE_UNAVAILABLE;
const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

function openSqlite(file: string): SqliteToolExecutionStore {
  const store = SqliteToolExecutionStore.open(file);
  opened.push(store);
  return store;
}

const binding = { sessionId: 's1', tool: 'command_execute', argsCanonical: '{"command":"ls"}' };
const grant: ConfirmationGrant = { ...binding, token: 'tok_secret_value_0123456789', createdAtMs: 1_000, expiresAtMs: 301_000 };

function execution(executionId: string): StoredExecution {
  const response: ToolResponse = {
    ok: true,
    data: { text: 'ünïcode ✓ "quoted"', list: [1, 2.5, null, { nested: true }] },
    intents: [{ type: 'SUPPRESS_AUDIO', value: true }],
    meta: { tool: 'kb_search', toolVersion: '1.0.0', registryVersion: 'abcdef0123456789', durationMs: 12.5, executionId, mode: 'voice', clampedArguments: [{ argument: 'top_k', requested: 10, applied: 3 }] },
  };
  return { tool: 'kb_search', argsCanonical: '{"query":"q","top_k":3}', response };
}

const stores: Array<[string, () => IToolExecutionStore]> = [
  ['InMemoryToolExecutionStore', () => new InMemoryToolExecutionStore()],
  ['SqliteToolExecutionStore', () => openSqlite(join(makeTempDir(), 'acode.db'))],
];

describe.each(stores)('%s', (_name, create) => {
  it('accepts a token once, for its binding, before it expires', () => {
    const store = create();
    store.saveConfirmation(grant);
    expect(store.consumeConfirmation(grant.token, binding, 2_000)).toBe('accepted');
    expect(store.consumeConfirmation(grant.token, binding, 2_000)).toBe('used');
  });

  it('says unknown for a token never given', () => {
    const store = create();
    store.saveConfirmation(grant);
    expect(store.consumeConfirmation('tok_guess', binding, 2_000)).toBe('unknown');
  });

  it('says mismatch for another session, tool or arguments, and leaves the token usable', () => {
    const store = create();
    store.saveConfirmation(grant);
    expect(store.consumeConfirmation(grant.token, { ...binding, sessionId: 's2' }, 2_000)).toBe('mismatch');
    expect(store.consumeConfirmation(grant.token, { ...binding, tool: 'file_write' }, 2_000)).toBe('mismatch');
    expect(store.consumeConfirmation(grant.token, { ...binding, argsCanonical: '{"command":"rm -rf /"}' }, 2_000)).toBe('mismatch');
    expect(store.consumeConfirmation(grant.token, binding, 2_000)).toBe('accepted');
  });

  it('says expired from the expiry instant on', () => {
    const store = create();
    store.saveConfirmation(grant);
    expect(store.consumeConfirmation(grant.token, binding, grant.expiresAtMs)).toBe('expired');
    expect(store.consumeConfirmation(grant.token, binding, grant.expiresAtMs - 1)).toBe('accepted');
  });

  it('round-trips a response exactly, and returns a copy', () => {
    const store = create();
    const saved = execution('exec_1');
    store.saveExecution('s1', 'exec_1', saved, 100);
    const found = store.findExecution('s1', 'exec_1', saved.argsCanonical);
    expect(found).toEqual(saved);
    expect(found).not.toBe(saved);
    expect(store.findExecution('s2', 'exec_1')).toBeUndefined();
    expect(store.findExecution('s1', 'exec_2')).toBeUndefined();
  });

  it('keeps the last `keep` results per session, other sessions untouched', () => {
    const store = create();
    store.saveExecution('other', 'exec_0', execution('exec_0'), 2);
    for (const id of ['exec_1', 'exec_2', 'exec_3', 'exec_4']) store.saveExecution('s1', id, execution(id), 2);
    expect(['exec_1', 'exec_2', 'exec_3', 'exec_4'].map((id) => store.findExecution('s1', id) !== undefined)).toEqual([false, false, true, true]);
    expect(store.findExecution('other', 'exec_0')).toBeDefined();
  });

  it('counts a result saved again as the newest', () => {
    const store = create();
    for (const id of ['exec_1', 'exec_2', 'exec_1', 'exec_3']) store.saveExecution('s1', id, execution(id), 2);
    expect(store.findExecution('s1', 'exec_1')).toBeDefined();
    expect(store.findExecution('s1', 'exec_2')).toBeUndefined();
  });

  it('keeps at least the result just saved, whatever `keep` says', () => {
    const store = create();
    store.saveExecution('s1', 'exec_1', execution('exec_1'), 0);
    store.saveExecution('s1', 'exec_2', execution('exec_2'), Number.NaN);
    expect(store.findExecution('s1', 'exec_1')).toBeUndefined();
    expect(store.findExecution('s1', 'exec_2')).toBeDefined();
  });
});

describe('InMemoryToolExecutionStore', () => {
  it('keeps results for at most maxSessions sessions, dropping the one saved to least recently', () => {
    const store = new InMemoryToolExecutionStore({ maxSessions: 2 });
    store.saveExecution('a', 'exec_a', execution('exec_a'), 100);
    store.saveExecution('b', 'exec_b', execution('exec_b'), 100);
    store.saveExecution('a', 'exec_a2', execution('exec_a2'), 100);
    store.saveExecution('c', 'exec_c', execution('exec_c'), 100);
    expect(store.findExecution('b', 'exec_b')).toBeUndefined();
    expect([store.findExecution('a', 'exec_a'), store.findExecution('a', 'exec_a2'), store.findExecution('c', 'exec_c')].every((found) => found !== undefined)).toBe(true);
  });
});

describe('SqliteToolExecutionStore', () => {
  it('accepts a token once across two stores on one file', () => {
    const file = join(makeTempDir(), 'acode.db');
    const first = openSqlite(file);
    const second = openSqlite(file);
    first.saveConfirmation(grant);
    const results = [second.consumeConfirmation(grant.token, binding, 2_000), first.consumeConfirmation(grant.token, binding, 2_000)];
    expect(results).toEqual(['accepted', 'used']);
  });

  it('keeps tokens and results after close and reopen', () => {
    const file = join(makeTempDir(), 'acode.db');
    const first = SqliteToolExecutionStore.open(file);
    first.saveConfirmation(grant);
    first.saveExecution('s1', 'exec_1', execution('exec_1'), 100);
    first.close();
    const reopened = openSqlite(file);
    expect(reopened.findExecution('s1', 'exec_1', execution('exec_1').argsCanonical)).toEqual(execution('exec_1'));
    expect(reopened.consumeConfirmation(grant.token, binding, 2_000)).toBe('accepted');
  });

  it('stores the arguments of a result scrubbed of secrets (issue 13), and still matches them by hash', () => {
    const file = join(makeTempDir(), 'acode.db');
    const store = openSqlite(file);
    const argsCanonical = '{"api_key":"k3y-0nly-here","command":"curl -H \'Authorization: Bearer tok_abcdefgh12345678\' https://x","note":"ghp_0123456789abcdefghij"}';
    store.saveExecution('s1', 'exec_s', { ...execution('exec_s'), argsCanonical }, 100);
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT args_json, args_sha256 FROM tool_executions').all() as Array<{ args_json: string; args_sha256: string }>;
    db.close();
    expect(rows).toHaveLength(1);
    const text = rows[0]!.args_json;
    expect(text).not.toContain('k3y-0nly-here');
    expect(text).not.toContain('tok_abcdefgh12345678');
    expect(text).not.toContain('ghp_0123456789abcdefghij');
    expect(JSON.parse(text)).toMatchObject({ api_key: '[REDACTED]', command: expect.stringContaining('curl') as unknown });
    // The replay check still sees the real arguments: by hash, not by the scrubbed copy.
    expect(store.findExecution('s1', 'exec_s', argsCanonical)?.argsCanonical).toBe(argsCanonical);
    expect(store.findExecution('s1', 'exec_s', text)?.argsCanonical).not.toBe(text);
    expect(store.findExecution('s1', 'exec_s')?.argsCanonical).not.toBe(argsCanonical);
  });

  it('stores only the digest of a token', () => {
    const file = join(makeTempDir(), 'acode.db');
    openSqlite(file).saveConfirmation(grant);
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT * FROM confirmation_tokens').all() as Array<Record<string, unknown>>;
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.['token_sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(grant.token);
    expect(JSON.stringify(rows)).not.toContain('ls');
  });

  it('shares the file with telemetry: both open it, in either order', () => {
    const file = join(makeTempDir(), 'acode.db');
    openSqlite(file).saveConfirmation(grant);
    const telemetry = SqliteTelemetryStore.open(file);
    opened.push(telemetry);
    expect(telemetry.query()).toEqual([]);
  });

  it('deletes tokens long expired when a new one is saved', () => {
    const store = openSqlite(':memory:');
    store.saveConfirmation(grant);
    store.saveConfirmation({ ...grant, token: 'tok_later', createdAtMs: grant.expiresAtMs + 25 * 60 * 60_000, expiresAtMs: grant.expiresAtMs + 26 * 60 * 60_000 });
    expect(store.consumeConfirmation(grant.token, binding, 0)).toBe('unknown');
  });

  it('sweeps results older than the retention, of every session, when a result is saved', () => {
    const file = join(makeTempDir(), 'acode.db');
    const store = openSqlite(file);
    store.saveExecution('old-session', 'exec_old', execution('exec_old'), 100);
    store.saveExecution('s1', 'exec_recent', execution('exec_recent'), 100);
    const raw = new Database(file);
    raw.prepare("UPDATE tool_executions SET created_at_ms = ? WHERE execution_id = 'exec_old'").run(Date.now() - EXECUTION_RETENTION_MS - 60_000);
    raw.prepare("UPDATE tool_executions SET created_at_ms = ? WHERE execution_id = 'exec_recent'").run(Date.now() - EXECUTION_RETENTION_MS + 60_000);
    raw.close();
    expect(store.findExecution('old-session', 'exec_old')).toBeDefined();
    store.saveExecution('s2', 'exec_new', execution('exec_new'), 100);
    expect(store.findExecution('old-session', 'exec_old')).toBeUndefined();
    expect(store.findExecution('s1', 'exec_recent')).toBeDefined();
    expect(store.findExecution('s2', 'exec_new')).toBeDefined();
  });

  it('refuses a file that is not a database with ACODE-TEX-001 naming it', () => {
    const file = join(makeTempDir(), 'acode.db');
    writeFileSync(file, 'this is not sqlite, just text long enough to have a header........................');
    const error = catchError(() => SqliteToolExecutionStore.open(file));
    expect(error.code).toBe(TEX);
    expect(error.message).toBe(`Telemetry database ${file} cannot be opened: file is not a database.`);
    expect(error.message).not.toMatch(/\n\s+at |SqliteError/);
    expect(readFileSync(file, 'utf8')).toMatch(/^this is not sqlite/);
  });

  it('fails with ACODE-TEX-001 after close', () => {
    const store = SqliteToolExecutionStore.open(':memory:');
    store.close();
    store.close();
    const error = catchError(() => store.findExecution('s1', 'exec_1'));
    expect(error).toMatchObject({ code: TEX, message: 'Tool execution store :memory: is closed: cannot read a stored result.' });
  });
});

function catchError(fn: () => unknown): { code?: unknown; message: string } {
  try {
    fn();
  } catch (error) {
    return error as { code?: unknown; message: string };
  }
  throw new Error('expected a throw');
}
