// Public surface of the execution adapters (issue 5): runners, stores, ids. Implementations
// live beside this file.
import type { IIdGenerator, IToolExecutionStore, IToolRunner, IWallClock } from '@acode/application';

/** The adapters the execution module provides. */
export interface ExecutionAdaptersModule {
  /** Runs `none`-isolation handlers in this process (imported once, cached). */
  createInProcessToolRunner(): IToolRunner;
  /** Runs `standard`-isolation handlers in a child Node process, killed at the deadline. */
  createChildProcessToolRunner(): IToolRunner;
  /** Tokens and results in memory (a host's sessions, tests). */
  createInMemoryToolExecutionStore(): IToolExecutionStore & { close(): void };
  /** Tokens and results in the project's SQLite database (shared with telemetry). Throws ACODE-TEX-001. */
  openSqliteToolExecutionStore(file: string): IToolExecutionStore & { close(): void };
  createRandomIdGenerator(): IIdGenerator;
  createSystemWallClock(): IWallClock;
}
