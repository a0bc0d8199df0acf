import {
  TOKENS,
  type IClock,
  type ICorrelationContext,
  type IJsonRepairer,
  type IMetrics,
  type ISchemaCompiler,
  type ISchemaProvider,
  type IToolCallParser,
  type IToolSchemaRegistry,
} from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { loadConfig } from '@acode/infrastructure/config';
import { InMemoryMetrics } from '@acode/infrastructure/metrics';
import { ConfigToolsProvider, CoreToolsProvider } from '@acode/infrastructure/providers';
import { JsonRepairer } from '@acode/infrastructure/repair';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { container, registerAcodeServices } from '../../src/index.js';
import { logSink } from '../support/log-sink.js';
import { projectDirs } from '../support/project-dirs.js';

// The infrastructure classes carry no decorators any more: the composition builds each one from
// its ports. These are the container checks that used to sit beside each class.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const { root, project } = projectDirs('acode-di-registrations-');

function compose(config?: string) {
  const cwd = project(config);
  const scope = container.createChildContainer();
  const services = registerAcodeServices(scope, { cwd, homeDir: join(root, 'home'), logLevel: 'warn', logStream: logSink().stream, env: {} });
  return { scope, cwd, services };
}

/** A clock that reads 0 once, then a time far past any budget: the deadline passes at the first check. */
function jumpingClock(): IClock {
  let reads = 0;
  return { now: () => (reads++ === 0 ? 0 : 1_000_000) };
}

describe('registerAcodeServices: registrations', () => {
  it('registers in-memory metrics that record', () => {
    const metrics = compose().scope.resolve<IMetrics>(TOKENS.Metrics);
    expect(metrics).toBeInstanceOf(InMemoryMetrics);
    metrics.increment('c_total');
    expect((metrics as InMemoryMetrics).snapshot().series).toHaveLength(1);
  });

  it('registers a correlation context that makes UUIDs', () => {
    const context = compose().scope.createChildContainer().resolve<ICorrelationContext>(TOKENS.CorrelationContext);
    expect(context.current()).toMatch(UUID);
  });

  it('registers the core tools provider with its seven tools, then the configuration provider', () => {
    const providers = compose().scope.resolveAll<ISchemaProvider>(TOKENS.SchemaProvider);
    expect(providers[0]).toBeInstanceOf(CoreToolsProvider);
    expect([...(providers[0] as CoreToolsProvider).getToolDefinitions()]).toHaveLength(7);
    expect(providers[1]).toBeInstanceOf(ConfigToolsProvider);
  });

  it('builds the configuration provider from TOKENS.Config', () => {
    const configRoot = project('tools:\n  custom_tools:\n    - { name: from_di, version: "1.0.0" }\n');
    const config = loadConfig({ cwd: configRoot, homeDir: join(root, 'no-home') });
    const child = compose().scope.createChildContainer();
    child.register(TOKENS.Config, { useValue: config });
    const provider = child.resolveAll<ISchemaProvider>(TOKENS.SchemaProvider).find((candidate) => candidate instanceof ConfigToolsProvider)!;
    expect([...provider.getToolDefinitions()].map((tool: ToolDefinition) => tool.name)).toEqual(['from_di']);
  });

  it('builds the repairer with the container clock', () => {
    const child = compose().scope.createChildContainer();
    child.register(TOKENS.Clock, { useValue: jumpingClock() });
    const repairer = child.resolve<IJsonRepairer>(TOKENS.JsonRepairer);
    expect(repairer).toBeInstanceOf(JsonRepairer);
    expect(repairer.repair('{"a": 1,}').error?.code).toBe('ACODE-TLP-007');
  });

  it('keeps one clock, compiler and repairer for the container and its children', () => {
    const { scope } = compose();
    const child = scope.createChildContainer();
    expect(child.resolve<IClock>(TOKENS.Clock)).toBe(scope.resolve<IClock>(TOKENS.Clock));
    expect(child.resolve<ISchemaCompiler>(TOKENS.SchemaCompiler)).toBe(scope.resolve<ISchemaCompiler>(TOKENS.SchemaCompiler));
    expect(child.resolve<IJsonRepairer>(TOKENS.JsonRepairer)).toBe(scope.resolve<IJsonRepairer>(TOKENS.JsonRepairer));
  });

  it('keeps one registry and one parser per container: a child container gets its own', () => {
    const { scope } = compose();
    const registry = scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry);
    const parser = scope.resolve<IToolCallParser>(TOKENS.ToolCallParser);
    expect(scope.resolve(TOKENS.ToolSchemaRegistry)).toBe(registry);
    expect(scope.resolve(TOKENS.ToolCallParser)).toBe(parser);
    const child = scope.createChildContainer();
    expect(child.resolve(TOKENS.ToolSchemaRegistry)).not.toBe(registry);
    expect(child.resolve(TOKENS.ToolCallParser)).not.toBe(parser);
    expect(child.resolve(TOKENS.ToolSchemaRegistry)).toBe(child.resolve(TOKENS.ToolSchemaRegistry));
  });

  it('gives a separate composition its own clock and compiler', () => {
    expect(compose().scope.resolve(TOKENS.SchemaCompiler)).not.toBe(compose().scope.resolve(TOKENS.SchemaCompiler));
  });
});
