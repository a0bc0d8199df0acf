import { AcodeException, TOKENS, type IToolCatalog, type IToolExecutor, type IToolRunner, type IToolSchemaRegistry, type ToolRegistrationService } from '@acode/application';
import { DEFAULT_EXECUTION_POLICY } from '@acode/domain';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { container, registerAcodeServices } from '../../src/index.js';
import { buildToolRegistry } from '@acode/infrastructure/tool-folders';
import type { Writable } from 'node:stream';
import { logSink } from '../support/log-sink.js';

const root = mkdtempSync(join(tmpdir(), 'acode-di-execution-'));
const disposers: Array<() => void> = [];

afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SECTIONS = ['Summary', 'Preconditions', 'Postconditions', 'Invariants', 'Failure Modes', 'Examples', 'Common Mistakes'];

/** A project (`.agent/config.yml`) with one tool folder, `where_am_i`, whose handler answers with its workspace root. */
function project(name: string): string {
  const dir = join(root, name);
  const folder = join(dir, 'tools', 'where-am-i');
  mkdirSync(join(dir, '.agent'), { recursive: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(dir, '.agent', 'config.yml'), 'tool_registry: {}\n');
  const schema = {
    toolId: 'where_am_i',
    version: '1.0.0',
    description: 'Says which workspace root its handler was given.',
    category: 'custom',
    kind: 'utility',
    sideEffects: 'none',
    idempotent: true,
    requiresConfirmation: false,
    allowedModes: ['text'],
    latencyBudgetMs: 1000,
    constraints: { requiredIsolation: 'standard' },
    parameters: { type: 'object', additionalProperties: false, properties: {} },
  };
  writeFileSync(join(folder, 'schema.json'), JSON.stringify(schema, null, 2));
  writeFileSync(join(folder, 'doc_summary.md'), 'Says which workspace root it was given.\n');
  writeFileSync(join(folder, 'doc.md'), ['# where_am_i', '', ...SECTIONS.flatMap((section) => [`## ${section}`, '', `${section}.`, ''])].join('\n'));
  writeFileSync(join(folder, 'handler.js'), 'export async function execute({ context }) {\n  return { ok: true, data: { root: context.workspace.root } };\n}\n');
  return dir;
}

async function build(dir: string, outFile = join(dir, 'tool_registry.json')): Promise<string> {
  const result = await buildToolRegistry({ toolsDir: join(dir, 'tools'), outFile, gitCommit: () => null });
  if (!result.ok) throw new Error(`fixture did not build: ${JSON.stringify(result.problems)}`);
  return result.registry.version;
}


async function compose(cwd: string, options: { toolRegistryPath?: string; workspaceRoot?: string; logStream?: Writable; logLevel?: 'info' | 'warn' } = {}) {
  const scope = container.createChildContainer();
  const { dispose } = registerAcodeServices(scope, {
    cwd,
    homeDir: join(root, 'home'),
    logLevel: options.logLevel ?? 'warn',
    logStream: options.logStream ?? logSink().stream,
    env: {},
    ...(options.toolRegistryPath !== undefined ? { toolRegistryPath: options.toolRegistryPath } : {}),
    ...(options.workspaceRoot !== undefined ? { workspaceRoot: options.workspaceRoot } : {}),
  });
  disposers.push(dispose);
  // The registered runners are the built package's (`@acode/infrastructure/execution` resolves to
  // its dist), so the child process runs the compiled entry beside the runner.
  await scope.resolve<ToolRegistrationService>(TOKENS.ToolRegistrationService).start();
  return scope;
}

function thrown(action: () => unknown): AcodeException {
  try {
    action();
  } catch (error) {
    if (error instanceof AcodeException) return error;
    throw error;
  }
  throw new Error('expected an AcodeException');
}

describe('registerAcodeServices: execution services', () => {
  it('registers the built tools beside the core tools and pins the artifact version, opening no database', async () => {
    const dir = project('built');
    const version = await build(dir);
    const scope = await compose(join(dir, 'tools'));
    const registry = scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry);
    expect(registry.findTool('WHERE_AM_I')?.definition.name).toBe('where_am_i');
    expect(registry.findTool('file_read')).toBeDefined();
    const catalog = scope.resolve<IToolCatalog>(TOKENS.ToolCatalog);
    expect(catalog.registryVersion).toBe(version);
    expect(catalog.artifactPath).toBe(join(dir, 'tool_registry.json'));
    expect(scope.resolve(TOKENS.ExecutionPolicy)).toEqual(DEFAULT_EXECUTION_POLICY);
    expect(scope.resolveAll<IToolRunner>(TOKENS.ToolRunner).map((runner) => runner.isolation)).toEqual(['none', 'standard']);
    expect(existsSync(join(dir, '.agent', 'acode.db'))).toBe(false);
  });

  it('logs the loaded registry version, commit and tools at info (003: the toolset sessions will pin)', async () => {
    const dir = project('logged');
    const version = await build(dir);
    const log = logSink();
    await compose(dir, { logStream: log.stream, logLevel: 'info' });
    expect(log.text()).toContain(`Loaded tool registry v${version} (commit none) with 1 tool: where_am_i`);
  });

  it('opens the store with the executor, which runs a built tool confined to the project root', async () => {
    const dir = project('executes');
    const version = await build(dir);
    const scope = await compose(join(dir, 'tools'));
    const executor = scope.resolve<IToolExecutor>(TOKENS.ToolExecutor);
    expect(existsSync(join(dir, '.agent', 'acode.db'))).toBe(true);
    expect(scope.resolve(TOKENS.ToolExecutor)).toBe(executor);
    const response = await executor.execute(executor.openSession({ id: 's', mode: 'text' }), { name: 'where_am_i', args: '{}' });
    expect(response).toMatchObject({ ok: true, data: { root: realpathSync(dir) }, meta: { registryVersion: version, isolation: 'standard' } });
  });

  it('takes the registry path and the workspace root from the options', async () => {
    const dir = project('options');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    const version = await build(dir, join(elsewhere, 'reg.json'));
    const scope = await compose(dir, { toolRegistryPath: join(elsewhere, 'reg.json'), workspaceRoot: elsewhere });
    const executor = scope.resolve<IToolExecutor>(TOKENS.ToolExecutor);
    const response = await executor.execute(executor.openSession({ mode: 'text' }), { name: 'where_am_i', args: {} });
    expect(response).toMatchObject({ ok: true, data: { root: realpathSync(elsewhere) }, meta: { registryVersion: version } });
  });

  it('without an artifact, leaves the catalog out and says how to build it (ACODE-TBD-010), opening nothing', async () => {
    const dir = project('unbuilt');
    const log = logSink();
    const scope = await compose(dir, { logStream: log.stream });
    expect(scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry).findTool('where_am_i')).toBeUndefined();
    const error = thrown(() => scope.resolve(TOKENS.ToolCatalog));
    expect(error.code).toBe('ACODE-TBD-010');
    expect(error.message).toBe(`No built tool registry at ${join(dir, 'tool_registry.json')}. Run 'pnpm run build:tools' (acode tools build) to create it.`);
    expect(thrown(() => scope.resolve(TOKENS.ToolExecutor)).code).toBe('ACODE-TBD-010');
    expect(existsSync(join(dir, '.agent', 'acode.db'))).toBe(false);
    // Nothing is logged about the missing artifact; only the registry's timing warning may appear
    // (a schema compiling slowly on a loaded machine), which says nothing about it.
    expect(log.text().split('\n').filter((line) => line !== '' && !line.includes('Schema compilation slow'))).toEqual([]);
  });

  it('logs a corrupt artifact at warn with its code, and the other services keep working', async () => {
    const dir = project('corrupt');
    writeFileSync(join(dir, 'tool_registry.json'), '{"format":"acode.tool-registry","tools":[');
    const log = logSink();
    const scope = await compose(dir, { logStream: log.stream });
    expect(log.text()).toMatch(/WRN.*ACODE-TBD-010/);
    expect(scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry).findTool('file_read')).toBeDefined();
    const error = thrown(() => scope.resolve(TOKENS.ToolCatalog));
    expect(error.code).toBe('ACODE-TBD-010');
    expect(error.message).toContain('build:tools');
  });
});
