import type { ToolDefinition } from '@acode/domain';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { SqliteToolDefinitionStore, type SqliteToolDefinitionStoreOptions } from '../../src/definitions/index.js';

const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A fresh temp directory, removed after the test. */
export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'acode-definitions-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A store closed after the test (before its directory is removed). */
export function openDefinitionStore(file: string, options?: SqliteToolDefinitionStoreOptions): SqliteToolDefinitionStore {
  const store = SqliteToolDefinitionStore.open(file, options);
  cleanups.push(() => store.close());
  return store;
}

/** A small valid definition; `overrides` set the fields a test is about. */
export function makeDefinition(overrides: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'weather_lookup',
    description: 'Looks up the weather of a city.',
    version: '1.0.0',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    ...overrides,
  };
}

/** A definition with every field of `ToolDefinition` set, none at its default. */
export function makeFullDefinition(): ToolDefinition {
  return {
    name: 'ticket_create',
    description: 'Creates a ticket in the tracker.',
    version: '2.1.0-beta.3+build.7',
    parameters: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 200 },
        priority: { type: 'string', enum: ['low', 'high'], default: 'low' },
        labels: { type: 'array', items: { type: 'string' } },
      },
      required: ['title'],
      additionalProperties: false,
    },
    category: 'external_api',
    aliases: ['open_ticket', 'new_ticket'],
    outputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    constraints: { maxExecutionTimeMs: 30_000, maxOutputSizeBytes: 2048, allowSideEffects: false, requiredIsolation: 'strict' },
    requiredPermissions: ['tool.network.write', 'tool.tracker.create'],
    requiresConfirmation: true,
    kind: 'action',
    sideEffects: 'writes',
    idempotent: false,
    allowedModes: ['voice'],
    latencyBudgetMs: 1500,
    enabled: false,
    metadata: { author: 'team-a', sensitive: true, nested: { risk: 3, tags: ['x', null] } },
  };
}

/** Runs `work` on a plain better-sqlite3 connection to `file`, closed afterwards. */
export function withRaw<T>(file: string, work: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The rows of `tool_definitions`, every column, by id: to prove a refused write changed nothing. */
export function rawRows(file: string): unknown[] {
  return withRaw(file, (db) => db.prepare('SELECT * FROM tool_definitions ORDER BY id').all());
}

/** Runs `fn` and returns what it threw (failing the test when it did not throw). */
export function thrownBy(fn: () => unknown): { code?: unknown; message: string } {
  try {
    fn();
  } catch (error) {
    return error as { code?: unknown; message: string };
  }
  throw new Error('expected a throw');
}
