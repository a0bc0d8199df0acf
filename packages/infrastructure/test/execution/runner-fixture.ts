import type { CatalogTool, ToolRunRequest } from '@acode/application';
import { initialSessionState, type JsonObject, type ToolDefinition } from '@acode/domain';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach } from 'vitest';

const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A fresh temp directory (real path), removed after the test. */
export function makeTempDir(prefix = 'acode-exec-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Absolute path of a fixture handler. */
export function fixturePath(file: string): string {
  return fileURLToPath(new URL(`./fixtures/${file}`, import.meta.url));
}

/** A catalog entry for a fixture handler, with the sha256 of the file as it is now (or `sha256`). */
export function catalogTool(file: string, overrides: { sha256?: string; path?: string } = {}): CatalogTool {
  const path = overrides.path ?? fixturePath(file);
  const sha256 = overrides.sha256 ?? createHash('sha256').update(readFileSync(path)).digest('hex');
  const name = file.replace(/\.(js|ts)$/, '').replaceAll('-', '_');
  return {
    definition: { name, version: '1.0.0', description: `Fixture ${name}`, parameters: { type: 'object', properties: {} } } as unknown as ToolDefinition,
    summary: 'fixture',
    documentation: 'fixture',
    handlerUrl: pathToFileURL(path).href,
    handlerSha256: sha256,
    handlerLanguage: path.endsWith('.ts') ? 'ts' : 'js',
  };
}

/** Audit events a run sent, in order. */
export type AuditRecord = Array<{ event: string; data: JsonObject }>;

/** A run request for `tool`; the audit sink records into the returned list. */
export function runRequest(tool: CatalogTool, overrides: Partial<ToolRunRequest> = {}): { request: ToolRunRequest; audits: AuditRecord } {
  const audits: AuditRecord = [];
  const request: ToolRunRequest = {
    tool,
    args: {},
    context: {
      mode: 'text',
      executionId: 'exec_test',
      tool: { name: tool.definition.name, version: '1.0.0', idempotent: true },
      session: { id: 'session_test', registryVersion: 'abcdef0123456789', state: initialSessionState('text') },
      deadline: Date.now() + 30_000,
      workspaceRoot: process.cwd(),
    },
    timeoutMs: 10_000,
    maxOutputBytes: 1024 * 1024,
    audit: (event, data) => audits.push({ event, data }),
    ...overrides,
  };
  return { request, audits };
}

/** The built package's file (child processes and `.ts` hooks need compiled JavaScript). */
export function distUrl(relative: string): string {
  const url = new URL(`../../dist/${relative}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) {
    throw new Error(`${relative} is not built: run \`npx tsc -p tsconfig.build.json\` in packages/infrastructure first`);
  }
  return url.href;
}

