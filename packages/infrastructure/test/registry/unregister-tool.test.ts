import { DEFAULT_TOOL_REGISTRY_OPTIONS } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { CORE_TOOL_DEFINITIONS } from '../../src/providers/core-tools/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';

// Issue 16: a definition deleted or replaced while the host runs stops being callable at once.

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function newRegistry(): ToolSchemaRegistry {
  return new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), new AsyncLocalCorrelationContext(), new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
}

function weather(version: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'get_weather',
    description: 'Weather for a city.',
    version,
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    ...extra,
  };
}

describe('ToolSchemaRegistry.unregisterTool', () => {
  it('removes one version: the next highest answers, and the last one removed leaves no tool', () => {
    const registry = newRegistry();
    registry.registerTool(weather('1.0.0'));
    registry.registerTool(weather('2.0.0'));
    expect(registry.unregisterTool('GET_WEATHER', '2.0.0')).toBe('removed');
    expect(registry.getVersions('get_weather')).toEqual(['1.0.0']);
    expect(registry.tryValidateArguments('get_weather', { city: 'Paris' }).success).toBe(true);
    expect(registry.unregisterTool('get_weather', '1.0.0')).toBe('removed');
    expect(registry.findTool('get_weather')).toBeUndefined();
    expect(registry.size).toBe(0);
    expect(registry.tryValidateArguments('get_weather', { city: 'Paris' })).toMatchObject({ success: false, errors: [{ code: 'ACODE-TSR-001' }] });
  });

  it('frees the aliases no remaining version declares, so another definition may take them', () => {
    const registry = newRegistry();
    registry.registerTool(weather('1.0.0', { aliases: ['weather'] }));
    expect(registry.findTool('weather')?.definition.name).toBe('get_weather');
    registry.unregisterTool('get_weather', '1.0.0');
    expect(registry.findTool('weather')).toBeUndefined();
    registry.registerTool({ ...weather('1.0.0'), name: 'weather_now', aliases: ['weather'] });
    expect(registry.findTool('weather')?.definition.name).toBe('weather_now');
  });

  it('lets the same name and version be registered again with another definition after it was removed', () => {
    const registry = newRegistry();
    registry.registerTool(weather('1.0.0'));
    registry.unregisterTool('get_weather', '1.0.0');
    const replaced = weather('1.0.0', { description: 'Weather for a city, now in Kelvin.' });
    expect(registry.registerTool(replaced).status).toBe('registered');
    expect(registry.getToolDefinition('get_weather').description).toBe('Weather for a city, now in Kelvin.');
  });

  it('keeps what a reader already holds: the list taken before is unchanged', () => {
    const registry = newRegistry();
    registry.registerTool(weather('1.0.0'));
    const before = registry.getAllTools();
    registry.unregisterTool('get_weather', '1.0.0');
    expect(before.map((definition) => definition.name)).toEqual(['get_weather']);
    expect(registry.getAllTools()).toEqual([]);
  });

  it('never removes a built-in, and says not_found for an unknown name, version or a version that is not semver', () => {
    const registry = newRegistry();
    const core = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'file_read')!;
    registry.registerTool(core, { builtIn: true });
    expect(registry.unregisterTool('file_read', core.version)).toBe('built_in');
    expect(registry.unregisterTool('read_file', core.version)).toBe('built_in');
    expect(registry.findTool('file_read')).toBeDefined();
    registry.registerTool(weather('1.0.0'));
    expect(registry.unregisterTool('get_weather', '9.9.9')).toBe('not_found');
    expect(registry.unregisterTool('nothing', '1.0.0')).toBe('not_found');
    expect(registry.unregisterTool('get_weather', 'one')).toBe('not_found');
    expect(registry.getVersions('get_weather')).toEqual(['1.0.0']);
  });
});
