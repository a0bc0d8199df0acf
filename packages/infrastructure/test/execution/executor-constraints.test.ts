import { DEFAULT_TOOL_REGISTRY_OPTIONS, ToolExecutor, type CatalogTool, type IToolCatalog } from '@acode/application';
import { DEFAULT_EXECUTION_POLICY, type ExecutionPolicy, type ToolDefinition, type ToolResponse } from '@acode/domain';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChildProcessToolRunner, InMemoryToolExecutionStore, RandomIdGenerator, SystemWallClock } from '../../src/execution/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { RecordingLogger } from '../support/recording-logger.js';
import { catalogTool, distUrl, makeTempDir } from './runner-fixture.js';

// Issue 13 item 6: 001's outputSchema and 003's taxonomy and retry, through the real registry and a real child-process runner.

const noMetrics = { increment: () => {}, setGauge: () => {}, observe: () => {} };

function toolFor(file: string, definition: Partial<ToolDefinition>): CatalogTool {
  const base = catalogTool(file);
  const name = base.definition.name;
  return {
    ...base,
    definition: {
      name,
      description: `Fixture ${name}`,
      version: '1.0.0',
      constraints: { requiredIsolation: 'standard', maxExecutionTimeMs: 10_000 },
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      ...definition,
    },
  };
}

function makeExecutor(tools: readonly CatalogTool[], policy: Partial<ExecutionPolicy> = {}) {
  const logger = new RecordingLogger();
  const registry = new ToolSchemaRegistry(
    new CfworkerSchemaCompiler(),
    logger,
    noMetrics,
    { current: () => 'corr-test', run: (fn) => fn() },
    { now: () => performance.now() },
    DEFAULT_TOOL_REGISTRY_OPTIONS,
  );
  for (const tool of tools) registry.registerTool(tool.definition);
  const catalog: IToolCatalog = {
    registryVersion: 'abcdef0123456789',
    gitCommit: null,
    builtAt: '2025-01-01T00:00:00.000Z',
    artifactPath: '/dev/null',
    find: (name) => tools.find((tool) => tool.definition.name === name),
    tools: () => tools,
  };
  const runner = new ChildProcessToolRunner({
    entryUrl: distUrl('execution/child-runner-entry.js'),
    typescriptHooksUrl: distUrl('execution/typescript-hooks-entry.js'),
    logger,
  });
  const workspaceRoot = makeTempDir();
  const executor = new ToolExecutor({
    registry,
    catalog,
    runners: [runner],
    store: new InMemoryToolExecutionStore(),
    ids: new RandomIdGenerator(),
    clock: { now: () => performance.now() },
    wallClock: new SystemWallClock(),
    logger,
    policy: { ...DEFAULT_EXECUTION_POLICY, transientRetryBackoffMs: 10, ...policy },
    workspaceRoot,
  });
  return { executor, logger, workspaceRoot };
}

function failureOf(response: ToolResponse) {
  if (response.ok) throw new Error(`expected a failure, got ${JSON.stringify(response.data)}`);
  return response.error;
}

const TOTAL_TOOL = toolFor('returns-total.js', {
  parameters: { type: 'object', properties: { total: { type: ['integer', 'string'] } }, required: ['total'], additionalProperties: false },
  outputSchema: { type: 'object', properties: { total: { type: 'integer', minimum: 0 } }, required: ['total'], additionalProperties: false },
});

describe('ToolExecutor over a real runner: outputSchema (001 §4.2, §5.1)', () => {
  it('returns a result that matches the outputSchema', async () => {
    const { executor } = makeExecutor([TOTAL_TOOL]);
    const response = await executor.execute(executor.openSession({ mode: 'text' }), { name: 'returns_total', args: { total: 3 } });
    expect(response).toMatchObject({ ok: true, data: { total: 3 } });
  }, 20_000);

  it('answers INTERNAL for a result that does not match, never with the data, and logs the mismatch without it', async () => {
    const { executor, logger } = makeExecutor([TOTAL_TOOL]);
    const response = await executor.execute(executor.openSession({ mode: 'text' }), { name: 'returns_total', args: { total: 'hunter2-secret' } });
    const failure = failureOf(response);
    expect(failure).toMatchObject({ type: 'INTERNAL', retryable: false, message: 'Tool returns_total returned a result that does not match its outputSchema' });
    expect(JSON.stringify(response)).not.toContain('hunter2-secret');
    const logged = logger.records.find((record) => record.message === 'tool result does not match its outputSchema');
    expect(logged?.level).toBe('error');
    expect(logged?.fields).toMatchObject({ tool: 'returns_total', error_summary: expect.stringContaining('/total') });
    expect(logger.dump()).not.toContain('hunter2-secret');
  }, 20_000);
});

describe('ToolExecutor over a real runner: SESSION_INACTIVE (003 taxonomy)', () => {
  it('keeps a handler-returned SESSION_INACTIVE instead of turning it into INTERNAL', async () => {
    const { executor } = makeExecutor([toolFor('returns-session-inactive.js', {})]);
    const failure = failureOf(await executor.execute(executor.openSession({ mode: 'text' }), { name: 'returns_session_inactive', args: {} }));
    expect(failure).toMatchObject({ type: 'SESSION_INACTIVE', message: 'Session already ended', retryable: false, partialSideEffects: false });
  }, 20_000);
});

describe('ToolExecutor over a real runner: one retry of an idempotent TRANSIENT failure in text mode (003)', () => {
  const FLAKY = (idempotent: boolean) =>
    toolFor('fails-transient-once.js', {
      kind: 'retrieval',
      sideEffects: 'read_only',
      idempotent,
      parameters: {
        type: 'object',
        properties: { marker: { type: 'string' }, failures: { type: 'integer' } },
        required: ['marker'],
        additionalProperties: false,
      },
    });
  const runsOf = (marker: string) => (existsSync(marker) ? Number(readFileSync(marker, 'utf8')) : 0);

  it('retries once in text mode and answers the second run, saying so in meta.retries', async () => {
    const { executor, workspaceRoot, logger } = makeExecutor([FLAKY(true)]);
    const marker = join(workspaceRoot, 'runs.txt');
    const session = executor.openSession({ mode: 'text' });
    const response = await executor.execute(session, { name: 'fails_transient_once', args: { marker } });
    expect(response).toMatchObject({ ok: true, data: { runs: 2 }, meta: { retries: 1 } });
    expect(runsOf(marker)).toBe(2);
    // A retry is the same call: one retrieval of the turn's budget.
    expect(session.retrievalCallsThisTurn).toBe(1);
    expect(logger.records.some((record) => record.level === 'warn' && record.message === 'tool transient failure retried')).toBe(true);
  }, 20_000);

  it('retries only once: a second TRANSIENT is answered as it is', async () => {
    const { executor, workspaceRoot } = makeExecutor([FLAKY(true)]);
    const marker = join(workspaceRoot, 'runs.txt');
    const failure = failureOf(await executor.execute(executor.openSession({ mode: 'text' }), { name: 'fails_transient_once', args: { marker, failures: 5 } }));
    expect(failure).toMatchObject({ type: 'TRANSIENT', retryable: true });
    expect(runsOf(marker)).toBe(2);
  }, 20_000);

  it('does not retry in voice mode, nor a tool that is not idempotent', async () => {
    const voice = makeExecutor([FLAKY(true)]);
    const voiceMarker = join(voice.workspaceRoot, 'runs.txt');
    expect(failureOf(await voice.executor.execute(voice.executor.openSession({ mode: 'voice' }), { name: 'fails_transient_once', args: { marker: voiceMarker } })).type).toBe('TRANSIENT');
    expect(runsOf(voiceMarker)).toBe(1);

    const once = makeExecutor([FLAKY(false)]);
    const marker = join(once.workspaceRoot, 'runs.txt');
    expect(failureOf(await once.executor.execute(once.executor.openSession({ mode: 'text' }), { name: 'fails_transient_once', args: { marker } })).type).toBe('TRANSIENT');
    expect(runsOf(marker)).toBe(1);
  }, 30_000);
});
