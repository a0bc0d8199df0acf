import { AcodeException, DuplicateToolException, InvalidToolDefinitionException, type IToolSchemaRegistry } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted } from './boot-container.js';

// FR-012, FR-018..FR-020, FR-059, FR-065..FR-069 through the registry the real container builds.
// Decision 4: a "duplicate" is the same name AND version; several versions of a name coexist.

function definition(version = '1.0.0', extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'weather_lookup',
    version,
    description: 'Looks up the weather for a city',
    category: 'network',
    parameters: { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'], additionalProperties: false },
    ...extra,
  } as ToolDefinition;
}

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AcodeException);
    return (error as AcodeException).code;
  }
}

describe('registration contract, through the real container', () => {
  let booted: Awaited<ReturnType<typeof bootContainer>>;
  let registry: IToolSchemaRegistry;
  beforeEach(async () => {
    booted = await bootContainer();
    registry = booted.registry;
  });
  afterEach(() => disposeBooted(booted));

  it('throws InvalidToolDefinitionException with ACODE-TSR-006 for a schema that is not valid JSON Schema (FR-018)', () => {
    const bad = definition('1.0.0', { parameters: { type: 'object', properties: { city: { type: 'string', minLength: -1 } } } as never });
    expect(() => registry.registerTool(bad)).toThrow(InvalidToolDefinitionException);
    expect(codeOf(() => registry.registerTool(bad))).toMatch(/^ACODE-TSR-00[68]$/);
    expect(registry.findTool('weather_lookup')).toBeUndefined();
  });

  it('refuses a remote $ref at registration and never fetches it (NFR-014, decision 10)', () => {
    const remote = definition('1.0.0', { parameters: { type: 'object', properties: { city: { $ref: 'https://example.com/city.json' } } } as never });
    expect(codeOf(() => registry.registerTool(remote))).toMatch(/^ACODE-TSR-00[68]$/);
  });

  it('is idempotent for the same definition, also when its keys come in another order (FR-019)', () => {
    expect(registry.registerTool(definition()).status).toBe('registered');
    const reordered = JSON.parse(JSON.stringify({ parameters: definition().parameters, version: '1.0.0', category: 'network', description: definition().description, name: 'weather_lookup' })) as ToolDefinition;
    expect(registry.registerTool(reordered).status).toBe('unchanged');
    expect(registry.getVersions('weather_lookup')).toEqual(['1.0.0']);
  });

  it('rejects a conflicting definition of the same name and version with ACODE-TSR-007 (FR-012, FR-020)', () => {
    registry.registerTool(definition());
    const conflicting = definition('1.0.0', { description: 'Something different' });
    expect(() => registry.registerTool(conflicting)).toThrow(DuplicateToolException);
    expect(codeOf(() => registry.registerTool(conflicting))).toBe('ACODE-TSR-007');
    expect(registry.getToolDefinition('weather_lookup').description).toBe('Looks up the weather for a city');
  });

  it('keeps several versions side by side and answers version queries (FR-066, FR-067)', () => {
    registry.registerTool(definition('1.0.0'));
    registry.registerTool(definition('1.2.0', { description: 'Version one point two' }));
    registry.registerTool(definition('2.0.0', { description: 'Version two' }));
    expect(registry.getVersions('weather_lookup')).toEqual(['2.0.0', '1.2.0', '1.0.0']);
    expect(registry.getToolDefinition('weather_lookup').version).toBe('2.0.0');
    expect(registry.getToolDefinition('weather_lookup', { version: '^1' }).version).toBe('1.2.0');
    expect(registry.getToolDefinition('weather_lookup', { version: '1.0.0' }).version).toBe('1.0.0');
    expect(registry.findTool('weather_lookup', { version: '3.x' })).toBeUndefined();
  });

  it.each(['1', '1.0', 'v1.0.0', '01.0.0', '1.0.0.0', '', ' 1.0.0', 'latest', '1.0.0-', 'x'.repeat(1000)])(
    'refuses the version %j as not semver, with a code (FR-068, FR-069)',
    (version) => {
      expect(codeOf(() => registry.registerTool(definition(version)))).toBe('ACODE-DEF-001');
    },
  );

  it('refuses a definition without a version (FR-065)', () => {
    const { version: _dropped, ...unversioned } = definition();
    expect(codeOf(() => registry.registerTool(unversioned as ToolDefinition))).toBe('ACODE-DEF-001');
  });

  it('keeps the metadata and descriptive fields of a definition, frozen (FR-059)', () => {
    const rich = definition('1.0.0', {
      metadata: { owner: 'team-weather', tags: ['external'], sensitive: false },
      requiresConfirmation: false,
      kind: 'retrieval',
      sideEffects: 'none',
      idempotent: true,
      allowedModes: ['text', 'voice'],
      latencyBudgetMs: 1500,
    } as Partial<ToolDefinition>);
    registry.registerTool(rich);
    const stored = registry.getToolDefinition('weather_lookup');
    expect(stored).toMatchObject({
      metadata: { owner: 'team-weather', tags: ['external'], sensitive: false },
      kind: 'retrieval',
      sideEffects: 'none',
      idempotent: true,
      allowedModes: ['text', 'voice'],
      latencyBudgetMs: 1500,
      category: 'network',
    });
    expect(Object.isFrozen(stored.metadata)).toBe(true);
    expect(registry.getAllTools().find((d) => d.name === 'weather_lookup')?.metadata).toEqual(stored.metadata);
  });
});
