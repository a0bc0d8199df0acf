import type { CatalogTool, IStateController, IToolCatalog, IToolExecutor, IToolSession, ToolExecutionRequest, ToolSessionOptions } from '@acode/application';
import { initialSessionState, type ToolDefinition, type ToolResponse } from '@acode/domain';
import type { ExecutionServices, ServiceLookup, UnavailableService } from '../../src/runtime.js';

/** A service a test makes unavailable, with the coded reason the runtime would give. */
export interface Unavailable {
  readonly unavailable: UnavailableService;
}

/** {@link Unavailable} for `code` and `message`. */
export function unavailable(code: string, message: string): Unavailable {
  return { unavailable: { code, message } };
}

/** A catalog tool around a definition, with made-up docs and handler. */
export function catalogTool(definition: ToolDefinition, summary = `${definition.name} summary`, documentation = `# ${definition.name}\n\n## Summary\n\nDoc of ${definition.name}.\n`): CatalogTool {
  return { definition, summary, documentation, handlerUrl: `file:///tools/${definition.name}/handler.js`, handlerSha256: '0'.repeat(64), handlerLanguage: 'js' };
}

/** A catalog over fixed tools. */
export function fakeCatalog(tools: readonly CatalogTool[], registryVersion = '0123456789abcdef'): IToolCatalog {
  return {
    registryVersion,
    gitCommit: null,
    builtAt: '2026-01-01T00:00:00.000Z',
    artifactPath: '/project/tool_registry.json',
    find: (name) => tools.find((tool) => tool.definition.name === name),
    tools: () => [...tools].sort((a, b) => a.definition.name.localeCompare(b.definition.name)),
  };
}

/** What the fake executor was asked. */
export interface ExecutorCalls {
  readonly sessions: ToolSessionOptions[];
  readonly requests: ToolExecutionRequest[];
}

const UNUSED_STATE: IStateController = {
  snapshot: () => initialSessionState('text'),
  apply: () => {
    throw new Error('not used');
  },
  applyAll: () => [],
  end: () => {},
};

/** An executor that records its calls and answers with `respond`. */
export function fakeExecutor(respond: (request: ToolExecutionRequest) => ToolResponse): IToolExecutor & { readonly calls: ExecutorCalls } {
  const calls: ExecutorCalls = { sessions: [], requests: [] };
  return {
    calls,
    openSession: (options): IToolSession => {
      calls.sessions.push(options);
      return { id: options.id ?? 'generated', mode: options.mode, registryVersion: '0123456789abcdef', state: UNUSED_STATE, retrievalCallsThisTurn: 0, startTurn: () => {}, countRetrieval: () => {} };
    },
    execute: async (_session, request) => {
      calls.requests.push(request);
      return respond(request);
    },
  };
}

/** Execution services over a catalog and an executor; either may be an unavailable service instead. */
export function fakeExecution(options: {
  catalog?: IToolCatalog | Unavailable;
  executor?: IToolExecutor | Unavailable;
  providerTool?: ExecutionServices['providerTool'];
}): ExecutionServices & { executorResolutions: number } {
  const services = {
    executorResolutions: 0,
    catalog: () => lookup(options.catalog),
    executor: () => {
      services.executorResolutions++;
      return lookup(options.executor);
    },
    providerFormats: ['openai', 'gemini'],
    providerTool:
      options.providerTool ??
      (() => {
        throw new Error('not used');
      }),
  };
  return services;
}

function lookup<T extends object>(value: T | Unavailable | undefined): ServiceLookup<T> {
  if (value === undefined) throw new Error('not configured in this test');
  return 'unavailable' in value ? { ok: false, error: value.unavailable } : { ok: true, value };
}

/** A successful envelope's meta with the given changes. */
export function meta(overrides: Partial<ToolResponse['meta']> = {}): ToolResponse['meta'] {
  return { tool: 'file_read', toolVersion: '1.0.0', registryVersion: '0123456789abcdef', durationMs: 4, executionId: 'exec-1', mode: 'text', isolation: 'none', ...overrides };
}
