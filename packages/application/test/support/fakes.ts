import type { ToolResponse } from '@acode/domain';
import type {
  CatalogTool,
  ConfirmationBinding,
  ConfirmationCheck,
  ConfirmationGrant,
  IClock,
  IIdGenerator,
  ILogger,
  IToolCatalog,
  IToolExecutionStore,
  IToolRunner,
  IWallClock,
  LogFields,
  StoredExecution,
  ToolRunOutcome,
  ToolRunRequest,
} from '../../src/index.js';
import type { SandboxIsolationLevel } from '@acode/domain';

/** A catalog over a fixed list of tools. */
export class FakeCatalog implements IToolCatalog {
  readonly gitCommit = null;
  readonly builtAt = '2024-01-01T00:00:00.000Z';
  readonly artifactPath = '/virtual/tool_registry.json';

  constructor(
    private readonly entries: readonly CatalogTool[],
    public registryVersion = 'a1b2c3d4e5f60718',
  ) {}

  find(name: string): CatalogTool | undefined {
    return this.entries.find((entry) => entry.definition.name === name);
  }

  tools(): readonly CatalogTool[] {
    return this.entries;
  }
}

/** What a fake runner answers a request with. */
export type RunBehaviour = (request: ToolRunRequest) => ToolRunOutcome | Promise<ToolRunOutcome>;

/** A runner that records every request and answers with a programmable behaviour. */
export class FakeRunner implements IToolRunner {
  readonly requests: ToolRunRequest[] = [];

  constructor(
    readonly isolation: SandboxIsolationLevel,
    public behaviour: RunBehaviour = (request) => ({ kind: 'returned', result: { ok: true, data: { echoed: request.args } } }),
  ) {}

  async run(request: ToolRunRequest): Promise<ToolRunOutcome> {
    this.requests.push(request);
    return this.behaviour(request);
  }
}

/** Honours the store port: single-use, bound, expiring tokens; the last `keep` results per session. */
export class InMemoryExecutionStore implements IToolExecutionStore {
  readonly #grants = new Map<string, { grant: ConfirmationGrant; used: boolean }>();
  readonly #executions = new Map<string, Map<string, StoredExecution>>();
  /** Execution ids looked up, in order: a look-up is a database read in production. */
  readonly lookups: string[] = [];

  saveConfirmation(grant: ConfirmationGrant): void {
    this.#grants.set(grant.token, { grant, used: false });
  }

  consumeConfirmation(token: string, binding: ConfirmationBinding, nowEpochMs: number): ConfirmationCheck {
    const entry = this.#grants.get(token);
    if (entry === undefined) return 'unknown';
    if (entry.used) return 'used';
    if (nowEpochMs >= entry.grant.expiresAtMs) return 'expired';
    const { sessionId, tool, argsCanonical } = entry.grant;
    if (sessionId !== binding.sessionId || tool !== binding.tool || argsCanonical !== binding.argsCanonical) return 'mismatch';
    entry.used = true;
    return 'accepted';
  }

  findExecution(sessionId: string, executionId: string): StoredExecution | undefined {
    this.lookups.push(executionId);
    return this.#executions.get(sessionId)?.get(executionId);
  }

  saveExecution(sessionId: string, executionId: string, execution: StoredExecution, keep: number): void {
    const session = this.#executions.get(sessionId) ?? new Map<string, StoredExecution>();
    session.set(executionId, execution);
    for (const oldest of session.keys()) {
      if (session.size <= keep) break;
      session.delete(oldest);
    }
    this.#executions.set(sessionId, session);
  }

  /** Stored responses of a session, for assertions. */
  responses(sessionId: string): ToolResponse[] {
    return [...(this.#executions.get(sessionId)?.values() ?? [])].map((execution) => execution.response);
  }
}

/** Predictable ids: `exec_1`, `session_2`, `token_3`... */
export class SequentialIds implements IIdGenerator {
  #next = 0;
  nextId(prefix: string): string {
    return `${prefix}_${++this.#next}`;
  }
  secretToken(): string {
    return `token_${++this.#next}`;
  }
}

/** Monotonic and wall time that move only when a test says so. */
export class ManualClock implements IClock, IWallClock {
  constructor(private epochMs = Date.UTC(2024, 0, 1)) {}
  #monotonic = 1000;
  now(): number {
    return this.#monotonic;
  }
  nowEpochMs(): number {
    return this.epochMs;
  }
  advance(ms: number): void {
    this.#monotonic += ms;
    this.epochMs += ms;
  }
}

/** One log line as written. */
export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly fields: LogFields;
}

/** Keeps every log line for assertions. */
export class RecordingLogger implements ILogger {
  readonly entries: LogEntry[] = [];
  debug(message: string, fields: LogFields = {}): void {
    this.entries.push({ level: 'debug', message, fields });
  }
  info(message: string, fields: LogFields = {}): void {
    this.entries.push({ level: 'info', message, fields });
  }
  warn(message: string, fields: LogFields = {}): void {
    this.entries.push({ level: 'warn', message, fields });
  }
  error(message: string, fields: LogFields = {}): void {
    this.entries.push({ level: 'error', message, fields });
  }
  at(level: LogEntry['level']): LogEntry[] {
    return this.entries.filter((entry) => entry.level === level);
  }
  /** Everything logged, as one string, to check that no argument value leaked. */
  text(): string {
    return JSON.stringify(this.entries);
  }
}
