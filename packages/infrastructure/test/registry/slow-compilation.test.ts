import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { DEFAULT_TOOL_REGISTRY_OPTIONS, type IClock, type ICorrelationContext, type ISchemaCompiler } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { MONOTONIC_CLOCK } from '../../src/clock/monotonic-clock.js';
import { DISCARD_METRICS } from '../../src/library/discard-metrics.js';
import { CORE_TOOL_DEFINITIONS } from '../../src/providers/core-tools/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { RecordingLogger } from '../support/recording-logger.js';

const correlation: ICorrelationContext = { current: () => 'corr-slow', run: (fn) => fn() };

function registryWith(options: { compiler?: ISchemaCompiler; clock?: IClock } = {}) {
  const logger = new RecordingLogger();
  const registry = new ToolSchemaRegistry(options.compiler ?? new CfworkerSchemaCompiler(), logger, DISCARD_METRICS, correlation, options.clock ?? MONOTONIC_CLOCK, DEFAULT_TOOL_REGISTRY_OPTIONS);
  return { registry, slow: () => logger.records.filter((record) => record.fields?.['event'] === 'SchemaCompilationSlow') };
}

/** Spins the CPU for `ms` of this process's own CPU time: work no scheduler can take away. */
function burnCpu(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const spent = process.cpuUsage(start);
    if ((spent.user + spent.system) / 1000 >= ms) return;
  }
}

/** A compiler whose every compilation really costs `ms` of CPU: a genuinely slow schema. */
function slowCompiler(ms: number): ISchemaCompiler {
  const real = new CfworkerSchemaCompiler();
  return {
    compile: (schema, limits, options) => {
      burnCpu(ms);
      return real.compile(schema, limits, options);
    },
  } as ISchemaCompiler;
}

const ticket: ToolDefinition = {
  name: 'ticket_create',
  description: 'Create a ticket.',
  version: '1.0.0',
  parameters: { type: 'object', properties: { title: { type: 'string', description: 'Title' } }, required: ['title'], additionalProperties: false },
};

const burners: ChildProcess[] = [];

afterEach(() => {
  for (const burner of burners.splice(0)) burner.kill('SIGKILL');
});

/** Other processes that keep every core busy (twice over), as a loaded machine does. */
async function loadTheMachine(): Promise<void> {
  const count = Math.max(2, availableParallelism() * 2);
  for (let index = 0; index < count; index++) {
    const burner = spawn(process.execPath, ['-e', 'process.stdout.write("go\\n"); for (;;) {}'], { stdio: ['ignore', 'pipe', 'ignore'] });
    burners.push(burner);
    await new Promise<void>((resolve, reject) => {
      burner.once('error', reject);
      burner.stdout?.once('data', () => resolve());
    });
  }
}

describe('the slow-compilation warning', () => {
  it('warns for a schema whose compilation really takes longer than the budget, with the time it took', () => {
    const { registry, slow } = registryWith({ compiler: slowCompiler(25) });
    registry.registerTool(ticket);
    const warnings = slow();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/^Schema compilation slow for tool 'ticket_create' \(\d+\.\d ms, more than 10 ms\)$/);
    // CPU time counts the runtime's helper threads too, so the wall time of 25 ms of CPU can be a little less.
    expect(warnings[0]?.fields?.['compilation_ms']).toBeGreaterThan(20);
  });

  it('does not warn when the first reading was slow only because the process was kept waiting', () => {
    // The clock jumps 200 ms during the first compilation, as when the scheduler runs another process meanwhile.
    let calls = 0;
    const preempted: IClock = { now: () => performance.now() + (++calls >= 2 ? 200 : 0) };
    const { registry, slow } = registryWith({ clock: preempted });
    registry.registerTool(ticket);
    expect(calls).toBeGreaterThan(2); // it was measured again
    expect(slow()).toEqual([]);
  });

  it('does not warn for the built-in tools on a machine whose every core is busy', { timeout: 60_000 }, async () => {
    await loadTheMachine();
    // Fresh registries, the first of them cold: what each start of a loaded host does.
    for (let round = 0; round < 5; round++) {
      const { registry, slow } = registryWith();
      for (const definition of CORE_TOOL_DEFINITIONS) registry.registerTool(definition, { builtIn: true });
      expect(slow().map((record) => record.message)).toEqual([]);
    }
  });
});
