import { TOKENS, type ISchemaProvider } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted } from './boot-container.js';

// FR-060..FR-064, NFR-009, NFR-010: providers are found through DI, run at start-up in priority
// order, and one failing provider or definition never stops the others.

function definition(name: string, description = `The ${name} tool`): ToolDefinition {
  return {
    name,
    version: '1.0.0',
    description,
    category: 'custom',
    parameters: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'], additionalProperties: false },
  };
}

/** A provider that records when it was asked, so the test can see the order. */
function provider(name: string, priority: number, calls: string[], tools: () => Iterable<ToolDefinition> | Promise<Iterable<ToolDefinition>>): ISchemaProvider {
  return {
    name,
    priority,
    getToolDefinitions: () => {
      calls.push(name);
      return tools();
    },
  };
}

describe('schema providers discovered through the container (FR-062, FR-063)', () => {
  let booted: Awaited<ReturnType<typeof bootContainer>> | undefined;
  afterEach(() => disposeBooted(booted));

  it('picks up a provider registered under TOKENS.SchemaProvider and registers its tools at start-up', async () => {
    const calls: string[] = [];
    booted = await bootContainer({
      customize: (scope) => scope.register(TOKENS.SchemaProvider, { useValue: provider('Plugin', 50, calls, () => [definition('plugin_tool')]) }),
    });
    expect(calls).toEqual(['Plugin']);
    expect(booted.registry.findTool('plugin_tool')?.definition.name).toBe('plugin_tool');
    expect(booted.report.registered).toContainEqual({ name: 'plugin_tool', version: '1.0.0', provider: 'Plugin' });
    // The built-in provider is there as well (FR-064).
    expect(booted.registry.findTool('file_read')).toBeDefined();
  });

  it('asks providers in ascending priority, whatever order they were registered in', async () => {
    const calls: string[] = [];
    booted = await bootContainer({
      customize: (scope) => {
        scope.register(TOKENS.SchemaProvider, { useValue: provider('Late', 500, calls, () => []) });
        scope.register(TOKENS.SchemaProvider, { useValue: provider('Early', -10, calls, () => []) });
        scope.register(TOKENS.SchemaProvider, { useValue: provider('Middle', 50, calls, () => []) });
      },
    });
    expect(calls).toEqual(['Early', 'Middle', 'Late']);
    const order = booted.report.registered.map((r) => r.provider);
    // CoreTools (priority 0) registered its tools; none of them came after a later provider.
    expect(order.every((p) => p === 'CoreTools')).toBe(true);
  });

  it('lets the first provider in priority order own a name: a later conflicting definition is skipped with ACODE-TSR-007', async () => {
    const calls: string[] = [];
    booted = await bootContainer({
      customize: (scope) => {
        scope.register(TOKENS.SchemaProvider, { useValue: provider('Second', 20, calls, () => [definition('shared_tool', 'Second version of it')]) });
        scope.register(TOKENS.SchemaProvider, { useValue: provider('First', 10, calls, () => [definition('shared_tool', 'First version of it')]) });
      },
    });
    expect(booted.registry.getToolDefinition('shared_tool').description).toBe('First version of it');
    expect(booted.report.skipped).toEqual([expect.objectContaining({ provider: 'Second', tool: 'shared_tool', code: 'ACODE-TSR-007' })]);
  });

  it('keeps going when a provider throws, synchronously or asynchronously, and reports it (NFR-009, NFR-010)', async () => {
    const calls: string[] = [];
    booted = await bootContainer({
      customize: (scope) => {
        scope.register(TOKENS.SchemaProvider, {
          useValue: provider('Throws', 1, calls, () => {
            throw new Error('disk on fire');
          }),
        });
        scope.register(TOKENS.SchemaProvider, { useValue: provider('Rejects', 2, calls, () => Promise.reject(new Error('network down'))) });
        scope.register(TOKENS.SchemaProvider, { useValue: provider('Healthy', 3, calls, () => [definition('healthy_tool')]) });
      },
    });
    expect(calls).toEqual(['Throws', 'Rejects', 'Healthy']);
    expect(booted.report.failedProviders).toEqual([
      { provider: 'Throws', message: 'disk on fire' },
      { provider: 'Rejects', message: 'network down' },
    ]);
    expect(booted.registry.findTool('healthy_tool')).toBeDefined();
    expect(booted.registry.findTool('file_read')).toBeDefined();
    expect(booted.log()).toContain("Schema provider 'Throws' failed: disk on fire");
  });

  it('skips only the bad definitions of a provider, keeping its good ones (NFR-010)', async () => {
    const calls: string[] = [];
    const broken = { ...definition('broken_tool'), parameters: { type: 'object', properties: { x: { type: 'no_such_type' } } } } as unknown as ToolDefinition;
    const unnamed = { description: 'no name at all' } as unknown as ToolDefinition;
    booted = await bootContainer({
      customize: (scope) =>
        scope.register(TOKENS.SchemaProvider, {
          useValue: provider('Mixed', 50, calls, () => [definition('good_one'), broken, null as unknown as ToolDefinition, unnamed, definition('good_two')]),
        }),
    });
    expect(booted.registry.findTool('good_one')).toBeDefined();
    expect(booted.registry.findTool('good_two')).toBeDefined();
    expect(booted.registry.findTool('broken_tool')).toBeUndefined();
    expect(booted.report.skipped.filter((s) => s.provider === 'Mixed')).toHaveLength(3);
    for (const skipped of booted.report.skipped) expect(skipped.code).toMatch(/^ACODE-[A-Z]{3}-\d{3}$/);
  });

  it('honours disabled_tools from the configuration for tools any provider offers (FR-074)', async () => {
    const calls: string[] = [];
    booted = await bootContainer({
      config: 'tool_registry:\n  disabled_tools: [plugin_tool]\n',
      customize: (scope) => scope.register(TOKENS.SchemaProvider, { useValue: provider('Plugin', 50, calls, () => [definition('plugin_tool')]) }),
    });
    expect(booted.registry.findTool('plugin_tool')).toBeUndefined();
    expect(booted.report.disabled).toContain('plugin_tool');
  });
});
