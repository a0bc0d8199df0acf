import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initialSessionState, type JsonObject, type ToolHandlerContext, type ToolHandlerResult } from '../../packages/domain/src/index.js';
import { createWorkspaceAccess } from '../../packages/infrastructure/src/execution/workspace-access.js';

/** A handler module of `tools/`, as the runners import it. */
export interface HandlerModule {
  execute(input: { args: JsonObject; context: ToolHandlerContext }): Promise<ToolHandlerResult>;
}

/** A temporary workspace and a context over it, as the executor would build one. */
export interface HandlerFixture {
  /** Real path of the workspace. */
  readonly root: string;
  /** A directory beside the workspace, for escape attempts to aim at. */
  readonly outside: string;
  readonly audit: Array<{ event: string; data?: JsonObject }>;
  context(overrides?: Partial<ToolHandlerContext>): ToolHandlerContext;
  dispose(): void;
}

/** Makes `base/workspace` and `base/outside`; the context's workspace is confined to the first. */
export function handlerFixture(): HandlerFixture {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'acode-tools-')));
  const root = join(base, 'workspace');
  const outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  const audit: Array<{ event: string; data?: JsonObject }> = [];
  return {
    root,
    outside,
    audit,
    context(overrides = {}) {
      return {
        mode: 'text',
        executionId: 'exec-test',
        tool: { name: 'test_tool', version: '1.0.0', idempotent: true },
        session: { id: 'session-test', registryVersion: '0000000000000000', state: initialSessionState('text') },
        signal: new AbortController().signal,
        deadline: Date.now() + 60_000,
        audit: { log: (event, data) => audit.push(data === undefined ? { event } : { event, data }) },
        workspace: createWorkspaceAccess(root),
        ...overrides,
      };
    },
    dispose: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** The error of a failed result, or a test failure naming what came back instead. */
export function errorOf(result: ToolHandlerResult) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.data).slice(0, 200)}`);
  return result.error;
}

/** The data of a successful result, or a test failure naming the error. */
export function dataOf(result: ToolHandlerResult): JsonObject {
  if (!result.ok) throw new Error(`expected success, got ${result.error.type}: ${result.error.message}`);
  return result.data as JsonObject;
}
