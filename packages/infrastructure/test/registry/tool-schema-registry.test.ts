import {
  DEFAULT_TOOL_REGISTRY_OPTIONS,
  DuplicateToolException,
  InvalidToolDefinitionException,
  METRIC_NAMES,
  SchemaCompilationException,
  SchemaValidationException,
  ToolNotFoundException,
  type ICorrelationContext,
  type IMetrics,
  type ISchemaCompiler,
  type MetricLabels,
  type ToolRegistryOptions,
} from '@acode/application';
import { toErrorEnvelope, type ToolDefinition, type ToolValidationFailure } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { RecordingLogger } from '../support/recording-logger.js';

class RecordingMetrics implements IMetrics {
  readonly counters = new Map<string, number>();
  readonly gauges = new Map<string, number>();
  readonly observations: Array<{ name: string; value: number; labels?: MetricLabels }> = [];
  increment(name: string, labels?: MetricLabels, value = 1): void {
    const key = `${name}${JSON.stringify(labels ?? {})}`;
    this.counters.set(key, (this.counters.get(key) ?? 0) + value);
  }
  setGauge(name: string, value: number): void {
    this.gauges.set(name, value);
  }
  observe(name: string, value: number, labels?: MetricLabels): void {
    this.observations.push({ name, value, ...(labels ? { labels } : {}) });
  }
}

const fixedCorrelation: ICorrelationContext = { current: () => 'corr-test-1', run: (fn) => fn() };

function makeRegistry(overrides: { compiler?: ISchemaCompiler; options?: Partial<ToolRegistryOptions> } = {}) {
  const logger = new RecordingLogger();
  const metrics = new RecordingMetrics();
  let tick = 0;
  const registry = new ToolSchemaRegistry(
    overrides.compiler ?? new CfworkerSchemaCompiler(),
    logger,
    metrics,
    fixedCorrelation,
    { now: () => (tick += 0.25) },
    { ...DEFAULT_TOOL_REGISTRY_OPTIONS, ...overrides.options },
  );
  return { registry, logger, metrics };
}

const fileRead: ToolDefinition = {
  name: 'file_read',
  description: 'Read the contents of a file from the filesystem.',
  version: '1.0.0',
  category: 'file_system',
  aliases: ['read_file'],
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Path to the file', maxLength: 4096 },
      encoding: { type: 'string', description: 'Encoding', enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'], default: 'utf-8' },
      start_line: { type: 'integer', description: 'First line', minimum: 1 },
      end_line: { type: 'integer', description: 'Last line', minimum: 1 },
    },
    required: ['path'],
    additionalProperties: false,
  },
};

function tool(name: string, version = '1.0.0', extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    version,
    description: `The ${name} tool`,
    parameters: { type: 'object', properties: { input: { type: 'string', description: 'Input' } }, required: ['input'] },
    ...extra,
  };
}

describe('ToolSchemaRegistry registration', () => {
  it('registers a tool, logs name, version and a 12-hex schema hash, and counts it', () => {
    const { registry, logger, metrics } = makeRegistry();
    const outcome = registry.registerTool(fileRead);
    expect(outcome.status).toBe('registered');
    expect(outcome.schemaHash).toMatch(/^[0-9a-f]{12}$/);
    expect(registry.size).toBe(1);
    const line = logger.records.find((r) => r.level === 'info' && r.message.startsWith('Registering tool'));
    expect(line?.message).toBe(`Registering tool 'file_read' v1.0.0 (hash: ${outcome.schemaHash})`);
    expect(line?.fields).toMatchObject({ tool_name: 'file_read', version: '1.0.0', schema_hash: outcome.schemaHash });
    expect(metrics.counters.get(`${METRIC_NAMES.registrationsTotal}{"tool_name":"file_read"}`)).toBe(1);
    expect(metrics.gauges.get(METRIC_NAMES.registrySize)).toBe(1);
  });

  it('does not compile an identical definition again (a built folder extending a core tool)', () => {
    const real = new CfworkerSchemaCompiler();
    let compiles = 0;
    const counting: ISchemaCompiler = { compile: (schema, limits) => (compiles++, real.compile(schema, limits)) };
    const { registry } = makeRegistry({ compiler: counting });
    registry.registerTool(fileRead);
    expect(registry.registerTool(structuredClone(fileRead)).status).toBe('unchanged');
    expect(compiles).toBe(1);
    expect(() => registry.registerTool({ ...fileRead, description: 'Something else entirely.' })).toThrow(DuplicateToolException);
  });

  it('is idempotent for an identical definition and rejects a conflicting one with ACODE-TSR-007', () => {
    const { registry } = makeRegistry();
    registry.registerTool(fileRead);
    expect(registry.registerTool(structuredClone(fileRead)).status).toBe('unchanged');
    const changed = { ...fileRead, description: 'Something else entirely.' };
    expect(() => registry.registerTool(changed)).toThrow(DuplicateToolException);
    try {
      registry.registerTool(changed);
    } catch (error) {
      expect((error as DuplicateToolException).code).toBe('ACODE-TSR-007');
    }
    expect(registry.getToolDefinition('file_read').description).toBe(fileRead.description);
  });

  it('reports every definition violation at once and registers nothing', () => {
    const { registry } = makeRegistry();
    const bad = { name: 'Bad Name', description: '', version: 'one', parameters: { type: 'object', properties: {} } } as unknown as ToolDefinition;
    let caught: unknown;
    try {
      registry.registerTool(bad);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidToolDefinitionException);
    const paths = (caught as InvalidToolDefinitionException).violations.map((v) => v.path);
    expect(paths).toEqual(expect.arrayContaining(['/name', '/description', '/version']));
    expect(registry.size).toBe(0);
  });

  it('refuses a schema the compiler rejects, naming the path inside the schema', () => {
    const { registry } = makeRegistry();
    const broken = tool('broken_tool', '1.0.0', {
      parameters: { type: 'object', properties: { value: { type: 'invalid_type_name' } } } as ToolDefinition['parameters'],
    });
    let caught: unknown;
    try {
      registry.registerTool(broken);
    } catch (error) {
      caught = error;
    }
    // Either the domain rules or the compiler may catch it first; both must name the path.
    expect(caught).toBeInstanceOf(InvalidToolDefinitionException);
    expect((caught as Error).message).toContain('/parameters/properties/value/type');
    expect(registry.size).toBe(0);
  });

  it('rejects a reserved name', () => {
    const { registry } = makeRegistry();
    expect(() => registry.registerTool(tool('execute'))).toThrow(/reserved/i);
  });

  it('keeps a private frozen copy: the caller cannot change the stored definition afterwards', () => {
    const { registry } = makeRegistry();
    const mine = structuredClone(fileRead) as { -readonly [K in keyof ToolDefinition]: ToolDefinition[K] };
    registry.registerTool(mine);
    mine.description = 'changed after registration';
    (mine.parameters.properties as Record<string, unknown>)['path'] = { type: 'integer' };
    const stored = registry.getToolDefinition('file_read');
    expect(stored.description).toBe(fileRead.description);
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.isFrozen(stored.parameters.properties)).toBe(true);
    expect(registry.tryValidateArguments('file_read', '{"path":"/a"}').success).toBe(true);
  });

  it('refuses an alias that is another tool, and a tool named like another tool alias', () => {
    const { registry } = makeRegistry();
    registry.registerTool(fileRead);
    expect(() => registry.registerTool(tool('other_tool', '1.0.0', { aliases: ['file_read'] }))).toThrow(DuplicateToolException);
    expect(() => registry.registerTool(tool('read_file'))).toThrow(DuplicateToolException);
    expect(() => registry.registerTool(tool('third_tool', '1.0.0', { aliases: ['read_file'] }))).toThrow(/alias 'read_file'/);
    expect(registry.size).toBe(1);
  });

  it('compiles each schema once, at registration, however often it validates (FR-010, FR-011)', () => {
    const real = new CfworkerSchemaCompiler();
    let compilations = 0;
    const counting: ISchemaCompiler = {
      compile: (schema, limits) => {
        compilations += 1;
        return real.compile(schema, limits);
      },
    };
    const { registry } = makeRegistry({ compiler: counting });
    registry.registerTool(fileRead);
    for (let i = 0; i < 100; i += 1) registry.tryValidateArguments('file_read', i % 2 ? '{"path":"/a"}' : '{}');
    expect(compilations).toBe(1);
  });
});

describe('ToolSchemaRegistry look-up and versions', () => {
  function versioned() {
    const { registry } = makeRegistry();
    for (const version of ['1.0.0', '2.0.0', '1.2.0', '2.1.0-beta.1']) registry.registerTool(tool('search_code', version));
    return registry;
  }

  it('lists versions highest first and returns the highest release without a query', () => {
    const registry = versioned();
    expect(registry.getVersions('search_code')).toEqual(['2.1.0-beta.1', '2.0.0', '1.2.0', '1.0.0']);
    // Highest by semver precedence: a prerelease of 2.1.0 ranks above 2.0.0.
    expect(registry.getToolDefinition('search_code').version).toBe('2.1.0-beta.1');
  });

  it('answers exact versions and ranges', () => {
    const registry = versioned();
    expect(registry.getToolDefinition('search_code', { version: '1.0.0' }).version).toBe('1.0.0');
    expect(registry.getToolDefinition('search_code', { version: '^1' }).version).toBe('1.2.0');
    expect(registry.getToolDefinition('search_code', { version: '1.x' }).version).toBe('1.2.0');
    expect(registry.getToolDefinition('search_code', { version: '>=1 <2' }).version).toBe('1.2.0');
    expect(registry.findTool('search_code', { version: '3.x' })).toBeUndefined();
    expect(registry.findTool('search_code', { version: 'not a range' })).toBeUndefined();
    expect(() => registry.getToolDefinition('search_code', { version: '9.9.9' })).toThrow(ToolNotFoundException);
  });

  it('validates against the version asked for', () => {
    const { registry } = makeRegistry();
    registry.registerTool(tool('convert', '1.0.0'));
    registry.registerTool(
      tool('convert', '2.0.0', {
        parameters: { type: 'object', properties: { input: { type: 'integer', description: 'Input' } }, required: ['input'] },
      }),
    );
    expect(registry.tryValidateArguments('convert', '{"input":"x"}', { version: '1.0.0' }).success).toBe(true);
    const v2 = registry.tryValidateArguments('convert', '{"input":"x"}');
    expect(v2.success).toBe(false);
    expect(v2.success ? '' : v2.errors[0]?.code).toBe('ACODE-TSR-004');
    expect(registry.getAllTools()).toHaveLength(1);
  });

  it('resolves names case-insensitively and aliases to the canonical tool, saying so', () => {
    const { registry } = makeRegistry();
    registry.registerTool(fileRead);
    expect(registry.findTool('FILE_READ')).toEqual({ definition: registry.getToolDefinition('file_read'), requestedName: 'FILE_READ' });
    expect(registry.findTool('read_file')?.definition.name).toBe('file_read');
    const viaAlias = registry.tryValidateArguments('read_file', '{"path":"/tmp/a"}');
    expect(viaAlias).toMatchObject({ success: true, tool: 'file_read', requestedName: 'read_file' });
    expect(registry.findTool('file_read')?.requestedName).toBeUndefined();
  });

  it('returns one frozen, sorted snapshot from getAllTools until the next registration', () => {
    const { registry } = makeRegistry();
    registry.registerTool(tool('zeta'));
    registry.registerTool(tool('alpha'));
    const first = registry.getAllTools();
    expect(first.map((d) => d.name)).toEqual(['alpha', 'zeta']);
    expect(registry.getAllTools()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    registry.registerTool(tool('mid'));
    const second = registry.getAllTools();
    expect(second.map((d) => d.name)).toEqual(['alpha', 'mid', 'zeta']);
    // A reader holding the old snapshot never sees a partial update (ST-4).
    expect(first.map((d) => d.name)).toEqual(['alpha', 'zeta']);
  });

  it('filters by category (FR-058) and defaults the category to general', () => {
    const { registry } = makeRegistry();
    registry.registerTool(fileRead);
    registry.registerTool(tool('plain'));
    expect(registry.getToolsByCategory('file_system').map((d) => d.name)).toEqual(['file_read']);
    expect(registry.getToolsByCategory('general').map((d) => d.name)).toEqual(['plain']);
    expect(registry.getToolsByCategory('network')).toEqual([]);
  });
});

describe('ToolSchemaRegistry validation', () => {
  function withFileRead(options?: Partial<ToolRegistryOptions>) {
    const made = makeRegistry(options ? { options } : {});
    made.registry.registerTool(fileRead);
    return made;
  }

  it('returns the parsed arguments with defaults applied, without touching an object input', () => {
    const { registry } = withFileRead();
    const input = { path: '/tmp/a' };
    const result = registry.tryValidateArguments('file_read', input);
    expect(result).toEqual({ success: true, tool: 'file_read', version: '1.0.0', arguments: { path: '/tmp/a', encoding: 'utf-8' }, correlationId: 'corr-test-1' });
    expect(input).toEqual({ path: '/tmp/a' });
  });

  it('reports a missing required field as ACODE-TSR-003 naming it, with a schema hint and correlation id', () => {
    const { registry } = withFileRead();
    const result = registry.tryValidateArguments('file_read', '{}') as ToolValidationFailure;
    expect(result.success).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'ACODE-TSR-003', path: '/path' });
    expect(result.errors[0]?.message).toContain("'path'");
    expect(result.schemaHint).toMatch(/^file_read expects: \{path: string \(required\)/);
    expect(result.correlationId).toBe('corr-test-1');
    const envelope = toErrorEnvelope(result);
    expect(envelope).toMatchObject({ success: false, tool: 'file_read', correlation_id: 'corr-test-1' });
    expect(envelope.schema_hint).toBe(result.schemaHint);
  });

  it('reports 12345 for a string as ACODE-TSR-004, expected string, actual integer', () => {
    const { registry } = withFileRead();
    const result = registry.tryValidateArguments('file_read', '{"path":12345}') as ToolValidationFailure;
    expect(result.errors).toEqual([expect.objectContaining({ code: 'ACODE-TSR-004', path: '/path', expected: 'string', actual: 'integer' })]);
  });

  it('rejects unknown properties and does not coerce "5" to an integer', () => {
    const { registry } = withFileRead();
    const extra = registry.tryValidateArguments('file_read', '{"path":"/a","extra":1}') as ToolValidationFailure;
    expect(extra.errors).toEqual([expect.objectContaining({ code: 'ACODE-TSR-005', path: '/extra' })]);
    const coerced = registry.tryValidateArguments('file_read', '{"path":"/a","start_line":"5"}') as ToolValidationFailure;
    expect(coerced.errors).toEqual([expect.objectContaining({ code: 'ACODE-TSR-004', path: '/start_line', expected: 'integer', actual: 'string' })]);
  });

  it('reports invalid JSON as ACODE-TSR-002 with a position, as a result, not an exception', () => {
    const { registry } = withFileRead();
    const result = registry.tryValidateArguments('file_read', '{"path": "/a",}') as ToolValidationFailure;
    expect(result.errors[0]?.code).toBe('ACODE-TSR-002');
    expect(typeof result.errors[0]?.position).toBe('number');
  });

  it('refuses oversized and deeply nested arguments with ACODE-TSR-009 before parsing', () => {
    const { registry } = withFileRead({ limits: { ...DEFAULT_TOOL_REGISTRY_OPTIONS.limits, maxArgumentSizeBytes: 1024 } });
    const big = registry.tryValidateArguments('file_read', JSON.stringify({ path: 'x'.repeat(2000) })) as ToolValidationFailure;
    expect(big.errors[0]?.code).toBe('ACODE-TSR-009');
    const { registry: other } = withFileRead();
    const deep = other.tryValidateArguments('file_read', `{"path":${'['.repeat(100_000)}${']'.repeat(100_000)}}`) as ToolValidationFailure;
    expect(deep.errors[0]?.code).toBe('ACODE-TSR-009');
  });

  it('answers an unknown tool with ACODE-TSR-001, the available tools and a close name', () => {
    const { registry } = withFileRead();
    registry.registerTool(tool('file_write'));
    const result = registry.tryValidateArguments('file_raed', '{}') as ToolValidationFailure;
    expect(result.errors[0]).toMatchObject({ code: 'ACODE-TSR-001', message: "Unknown tool: 'file_raed'" });
    expect(result.availableTools).toEqual(['file_read', 'file_write']);
    expect(result.didYouMean).toBe('file_read');
  });

  it('bounds and escapes a hostile tool name echoed back', () => {
    const { registry } = withFileRead();
    const result = registry.tryValidateArguments(`evil\n${'x'.repeat(10_000)}`, '{}') as ToolValidationFailure;
    expect(result.tool.length).toBeLessThanOrEqual(80);
    expect(result.tool).not.toContain('\n');
  });

  it('leaves actual values out for sensitive tools and when configured off', () => {
    const { registry } = makeRegistry();
    registry.registerTool(tool('secret_tool', '1.0.0', { metadata: { sensitive: true } }));
    const sensitive = registry.tryValidateArguments('secret_tool', '{"input":"hunter2","x":"topsecret"}') as ToolValidationFailure;
    expect(sensitive.success).toBe(false);
    expect(JSON.stringify(sensitive)).not.toContain('topsecret');
    const { registry: quiet } = withFileRead({ includeActualValues: false });
    const result = quiet.tryValidateArguments('file_read', '{"path":"/a","encoding":"klingon-secret"}') as ToolValidationFailure;
    expect(result.errors[0]?.code).toBe('ACODE-TSR-005');
    expect(JSON.stringify(result)).not.toContain('klingon-secret');
  });

  it('never logs argument values, and logs failures with codes and counts', () => {
    const { registry, logger } = withFileRead();
    registry.tryValidateArguments('file_read', '{"path":"SECRET-PATH-VALUE","encoding":"SECRET-ENC"}');
    registry.tryValidateArguments('file_read', '{"path":"SECRET-PATH-VALUE"}');
    expect(logger.dump()).not.toContain('SECRET');
    const failure = logger.records.find((r) => r.message === "Validation failed for tool 'file_read'");
    expect(failure?.level).toBe('warn');
    expect(failure?.fields).toMatchObject({ error_count: 1, first_error_code: 'ACODE-TSR-005', correlation_id: 'corr-test-1' });
  });

  it('counts validations by result and error code, bucketing unknown names', () => {
    const { registry, metrics } = withFileRead();
    registry.tryValidateArguments('file_read', '{"path":"/a"}');
    registry.tryValidateArguments('file_read', '{}');
    registry.tryValidateArguments('no_such_tool_1', '{}');
    registry.tryValidateArguments('no_such_tool_2', '{}');
    expect(metrics.counters.get(`${METRIC_NAMES.validationsTotal}{"tool_name":"file_read","result":"success"}`)).toBe(1);
    expect(metrics.counters.get(`${METRIC_NAMES.validationsTotal}{"tool_name":"file_read","result":"failure"}`)).toBe(1);
    expect(metrics.counters.get(`${METRIC_NAMES.validationErrorsTotal}{"tool_name":"file_read","error_code":"ACODE-TSR-003"}`)).toBe(1);
    expect(metrics.counters.get(`${METRIC_NAMES.validationsTotal}{"tool_name":"unknown","result":"failure"}`)).toBe(2);
    expect(metrics.observations.filter((o) => o.name === METRIC_NAMES.validationSeconds)).toHaveLength(4);
  });

  it('has throwing forms: SchemaValidationException and ToolNotFoundException', () => {
    const { registry } = withFileRead();
    expect(registry.validateArguments('file_read', '{"path":"/a"}').arguments).toEqual({ path: '/a', encoding: 'utf-8' });
    expect(() => registry.validateArguments('file_read', '{}')).toThrow(SchemaValidationException);
    try {
      registry.validateArguments('file_read', '{}');
    } catch (error) {
      expect((error as SchemaValidationException).errors[0]?.code).toBe('ACODE-TSR-003');
    }
    expect(() => registry.validateArguments('nope', '{}')).toThrow(ToolNotFoundException);
    expect(() => registry.getToolDefinition('nope')).toThrow(/Unknown tool: 'nope'/);
  });

  it('is deterministic: the same input always gives the same result (NFR-007)', () => {
    const { registry } = withFileRead();
    const inputs = ['{}', '{"path":1}', '{"path":"/a","x":[1,2]}', '{"path":"/a"}', 'nope'];
    const first = inputs.map((i) => registry.tryValidateArguments('file_read', i));
    for (let round = 0; round < 5; round += 1) expect(inputs.map((i) => registry.tryValidateArguments('file_read', i))).toEqual(first);
  });
});
