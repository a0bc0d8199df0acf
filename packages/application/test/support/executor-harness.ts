import { DEFAULT_EXECUTION_POLICY, type ExecutionPolicy, type ModeClamps, type ToolDefinition, type ToolFailure, type ToolResponse } from '@acode/domain';
import { ToolExecutor, type CatalogTool, type ToolExecutionRequest } from '../../src/index.js';
import { FakeRegistry } from './fake-registry.js';
import { FakeCatalog, FakeRunner, InMemoryExecutionStore, ManualClock, RecordingLogger, SequentialIds } from './fakes.js';

/** A text+voice utility that runs in process. */
export const ECHO_TEXT: ToolDefinition = {
  name: 'echo_text',
  description: 'Repeats the text.',
  version: '1.0.0',
  aliases: ['echo'],
  kind: 'utility',
  sideEffects: 'none',
  idempotent: true,
  constraints: { requiredIsolation: 'none', maxExecutionTimeMs: 5_000 },
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

/** 003's reference retrieval tool, with its voice clamp and latency budget. */
export const KB_SEARCH: ToolDefinition = {
  name: 'kb_search',
  description: 'Searches the knowledge base.',
  version: '1.2.0',
  kind: 'retrieval',
  sideEffects: 'read_only',
  idempotent: true,
  allowedModes: ['text', 'voice'],
  latencyBudgetMs: 800,
  constraints: { requiredIsolation: 'none' },
  parameters: { type: 'object', properties: { query: { type: 'string' }, top_k: { type: 'integer', default: 5 } }, required: ['query'] },
};

/** A text-only, confirmed, non-idempotent writer that runs in a child process. */
export const WRITE_NOTE: ToolDefinition = {
  name: 'write_note',
  description: 'Writes a note.',
  version: '0.3.0',
  kind: 'action',
  sideEffects: 'writes',
  idempotent: false,
  requiresConfirmation: true,
  allowedModes: ['text'],
  constraints: { requiredIsolation: 'standard', maxExecutionTimeMs: 2_000, maxOutputSizeBytes: 4096 },
  parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string', default: '' } }, required: ['path'] },
};

/** Asks for more isolation than any runner here gives. */
export const VAULT_OPEN: ToolDefinition = {
  name: 'vault_open',
  description: 'Opens the vault.',
  version: '1.0.0',
  kind: 'action',
  sideEffects: 'writes',
  constraints: { requiredIsolation: 'strict' },
  parameters: { type: 'object', properties: {} },
};

/** Registered (a config custom tool) but without a folder, so without a handler. */
export const GIT_STATUS: ToolDefinition = {
  name: 'git_status',
  description: 'Shows git status.',
  version: '1.0.0',
  parameters: { type: 'object', properties: {} },
};

/** A catalog entry for a definition. */
export function catalogTool(definition: ToolDefinition, modeClamps?: ModeClamps): CatalogTool {
  return {
    definition,
    summary: `${definition.name} summary`,
    documentation: `# ${definition.name}`,
    handlerUrl: `file:///tools/${definition.name}/handler.js`,
    handlerSha256: '0'.repeat(64),
    handlerLanguage: 'js',
    ...(modeClamps === undefined ? {} : { modeClamps }),
  };
}

/** Options of {@link createHarness}. */
export interface HarnessOptions {
  readonly definitions?: readonly ToolDefinition[];
  readonly catalog?: readonly CatalogTool[];
  readonly policy?: Partial<ExecutionPolicy>;
}

/** An executor over fakes, with every fake exposed for assertions. */
export function createHarness(options: HarnessOptions = {}) {
  const registry = new FakeRegistry(options.definitions ?? [ECHO_TEXT, KB_SEARCH, WRITE_NOTE, VAULT_OPEN, GIT_STATUS]);
  const catalog = new FakeCatalog(
    options.catalog ?? [catalogTool(ECHO_TEXT), catalogTool(KB_SEARCH, { voice: { top_k: 3 } }), catalogTool(WRITE_NOTE), catalogTool(VAULT_OPEN)],
  );
  const inProcess = new FakeRunner('none');
  const child = new FakeRunner('standard');
  const store = new InMemoryExecutionStore();
  const ids = new SequentialIds();
  const clock = new ManualClock();
  const logger = new RecordingLogger();
  // No real wait before a transient retry: the tests drive the clock themselves.
  const policy: ExecutionPolicy = { ...DEFAULT_EXECUTION_POLICY, transientRetryBackoffMs: 0, ...options.policy };
  const executor = new ToolExecutor({
    registry,
    catalog,
    runners: [inProcess, child],
    store,
    ids,
    clock,
    wallClock: clock,
    logger,
    policy,
    workspaceRoot: '/workspace',
  });
  /** Every handler run, on either runner. */
  const runs = () => [...inProcess.requests, ...child.requests];
  return { executor, registry, catalog, inProcess, child, store, ids, clock, logger, policy, runs };
}

/** The error of a failed envelope; fails the test when it succeeded. */
export function failureOf(response: ToolResponse): ToolFailure {
  if (response.ok) throw new Error(`expected a failure, got success: ${JSON.stringify(response.data)}`);
  return response.error;
}

/** Runs a call in a fresh text session. */
export async function executeOnce(harness: ReturnType<typeof createHarness>, request: ToolExecutionRequest, mode: 'text' | 'voice' = 'text'): Promise<ToolResponse> {
  return harness.executor.execute(harness.executor.openSession({ mode }), request);
}
