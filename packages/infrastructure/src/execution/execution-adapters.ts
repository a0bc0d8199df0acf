import type { ExecutionAdaptersModule } from './execution-api.js';
import { ChildProcessToolRunner } from './child-process-tool-runner.js';
import { InMemoryToolExecutionStore } from './in-memory-tool-execution-store.js';
import { InProcessToolRunner } from './in-process-tool-runner.js';
import { RandomIdGenerator } from './random-id-generator.js';
import { SqliteToolExecutionStore } from './sqlite-tool-execution-store.js';
import { SystemWallClock } from './system-wall-clock.js';

/** The execution adapters with their defaults, as `execution-api.ts` lists them (for composition roots). */
export const executionAdapters: ExecutionAdaptersModule = Object.freeze({
  createInProcessToolRunner: () => new InProcessToolRunner(),
  createChildProcessToolRunner: () => new ChildProcessToolRunner(),
  createInMemoryToolExecutionStore: () => new InMemoryToolExecutionStore(),
  openSqliteToolExecutionStore: (file: string) => SqliteToolExecutionStore.open(file),
  createRandomIdGenerator: () => new RandomIdGenerator(),
  createSystemWallClock: () => new SystemWallClock(),
});
