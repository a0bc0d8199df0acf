import { DEFAULT_TOOL_REGISTRY_OPTIONS, ToolDefinitionManager, type ILicenseContext, type ToolDefinitionManagerDependencies } from '@acode/application';
import { ERROR_CODES, type LicenseTier, type ToolDefinition, type ToolDefinitionEvent } from '@acode/domain';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { SqliteToolDefinitionStore } from '../../src/definitions/index.js';
import { subscribeDefinitionLogLines, ToolDefinitionEventBus } from '../../src/definitions-events/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { CORE_TOOL_DEFINITIONS } from '../../src/providers/core-tools/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { RecordingLogger } from '../support/recording-logger.js';
import { makeDefinition, makeFullDefinition, makeTempDir, openDefinitionStore } from './definition-fixture.js';

// Issue 16 item 2 and 001 §10 / §12, end to end over the real parts: the domain rules, the
// license policy, the running registry, a SQLite store and the event bus with its log lines.

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function setUp(tier: LicenseTier = 'enterprise', file = join(makeTempDir(), 'acode.db'), onValidationFailed?: ToolDefinitionManagerDependencies['onValidationFailed']) {
  const registry = new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), new AsyncLocalCorrelationContext(), new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
  for (const core of CORE_TOOL_DEFINITIONS) registry.registerTool(core, { builtIn: true });
  const store = openDefinitionStore(file);
  const events = new ToolDefinitionEventBus();
  const seen: ToolDefinitionEvent[] = [];
  events.subscribe((event) => seen.push(event));
  const logger = new RecordingLogger();
  subscribeDefinitionLogLines(events, logger);
  const license: ILicenseContext = { tier };
  const manager = new ToolDefinitionManager({ store, registry, license, events, clock: new SystemClock(), wallClock: { nowEpochMs: () => Date.now() }, ...(onValidationFailed === undefined ? {} : { onValidationFailed }) });
  return { registry, store, events, seen, logger, manager, file };
}

function numbered(n: number): ToolDefinition {
  return makeDefinition({ name: `custom_tool_${n}` });
}

describe('ToolDefinitionManager: create', () => {
  it('validates, registers, stores and publishes a definition with every field; callable at once', () => {
    const { manager, registry, store, seen, logger } = setUp();
    // The store's round-trip fixture sets every field; a tool that writes may have side effects.
    const full = makeFullDefinition();
    const change = manager.create({ ...full, constraints: { ...full.constraints, allowSideEffects: true } }, 'ops@example');
    expect(change.ok ? [] : change.errors).toEqual([]);
    if (!change.ok) return;
    expect(store.get(change.record.id)?.definition.name).toBe('ticket_create');
    expect(registry.tryValidateArguments('open_ticket', { title: 'Printer on fire' }).success).toBe(true);
    expect(seen.map((event) => event.type)).toEqual(['ToolDefinitionValidated', 'ToolDefinitionCreated']);
    expect(seen[1]).toMatchObject({ definitionId: change.record.id, toolName: 'ticket_create', createdBy: 'ops@example' });
    expect(logger.records.some((entry) => entry.message.startsWith('[TLS-DEF] Custom tool definition created.'))).toBe(true);
  });

  it.each([
    ['an uppercase name', { name: 'GetWeather' }, '/name'],
    ['a name with spaces', { name: 'get weather' }, '/name'],
    ['an enum value of the wrong type', { parameters: { type: 'object', properties: { unit: { type: 'string', enum: ['c', 1] } } } }, '/parameters/properties/unit/enum/1'],
    ['a timeout out of range', { constraints: { maxExecutionTimeMs: 10 } }, '/constraints/maxExecutionTimeMs'],
  ])('refuses %s with a code and the field path, and writes nothing', (_name, overrides, path) => {
    const { manager, registry, store, seen } = setUp();
    const change = manager.create(makeDefinition(overrides as Partial<ToolDefinition>));
    expect(change).toMatchObject({ ok: false, refusal: 'invalid' });
    if (change.ok) return;
    expect(change.errors.map((error) => error.path)).toContain(path);
    expect(change.errors.every((error) => /^ACODE-[A-Z]{3}-\d{3}$/.test(error.code))).toBe(true);
    expect(store.list()).toEqual([]);
    expect(registry.size).toBe(CORE_TOOL_DEFINITIONS.length);
    expect(seen).toEqual([]);
  });

  it('accepts an empty parameter list, and null constraints (the defaults apply)', () => {
    const { manager } = setUp();
    expect(manager.create(makeDefinition({ name: 'ping', parameters: { type: 'object', properties: {} } })).ok).toBe(true);
    expect(manager.create(makeDefinition({ name: 'pong', constraints: null as never })).ok).toBe(true);
  });

  it('refuses any custom definition on the core tier, naming the tier; nothing is written', () => {
    const { manager, store, registry } = setUp('core');
    const change = manager.create(makeDefinition());
    expect(change).toMatchObject({ ok: false, refusal: 'license', errors: [{ code: ERROR_CODES.LICENSE_CUSTOM_LIMIT }] });
    if (!change.ok) expect(change.errors[0]!.message).toContain('core');
    expect(store.list()).toEqual([]);
    expect(registry.findTool('weather_lookup')).toBeUndefined();
  });

  it("refuses WriterPro's 11th custom definition", () => {
    const { manager, store } = setUp('writer_pro');
    for (let n = 1; n <= 10; n++) expect(manager.create(numbered(n)).ok).toBe(true);
    const eleventh = manager.create(numbered(11));
    expect(eleventh).toMatchObject({ ok: false, refusal: 'license' });
    if (!eleventh.ok) expect(eleventh.errors[0]!.message).toMatch(/writer_pro.*10/);
    expect(store.countCustom()).toBe(10);
  });

  it('never lets a built-in be created over, in any version or case', () => {
    const { manager, store } = setUp();
    const core = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'file_read')!;
    for (const attempt of [{ ...core, description: 'Mine now.' }, { ...core, version: '9.0.0' }, { ...core, name: 'FILE_READ' as string, version: '9.0.1' }]) {
      const change = manager.create(attempt);
      expect(change.ok).toBe(false);
      if (!change.ok) expect(['built_in', 'invalid']).toContain(change.refusal);
    }
    expect(store.list()).toEqual([]);
  });

  it('undoes the registration when the store refuses the write: nothing half-done', () => {
    const { manager, registry, file } = setUp();
    // Another writer (a second host, the CLI) stored the same name and version meanwhile.
    const other = SqliteToolDefinitionStore.open(file);
    other.create({ definition: makeDefinition(), licenseTier: 'enterprise' });
    other.close();
    const change = manager.create(makeDefinition());
    expect(change).toMatchObject({ ok: false, refusal: 'conflict', errors: [{ code: ERROR_CODES.DEFINITION_STORE_DUPLICATE }] });
    expect(registry.findTool('weather_lookup')).toBeUndefined();
  });
});

describe('ToolDefinitionManager: validation failures', () => {
  it('tells onValidationFailed of each failure (the name as sent, every violation, the time), and publishes nothing', () => {
    const failures: { toolName: string; paths: string[]; validationMs: number }[] = [];
    const { manager, seen } = setUp('enterprise', undefined, (toolName, violations, validationMs) => failures.push({ toolName, paths: violations.map((v) => v.path), validationMs }));
    expect(manager.create({ ...makeDefinition(), name: 'Bad Name' }).ok).toBe(false);
    expect(manager.validate(42)).not.toEqual([]);
    expect(manager.create(makeDefinition()).ok).toBe(true);
    expect(failures.map((failure) => failure.toolName)).toEqual(['Bad Name', '']);
    expect(failures[0]!.paths).toContain('/name');
    expect(failures.every((failure) => failure.validationMs >= 0)).toBe(true);
    expect(seen.map((event) => event.type)).toEqual(['ToolDefinitionValidated', 'ToolDefinitionCreated']);
  });
});

describe('ToolDefinitionManager: update and delete', () => {
  it('replaces a definition in the registry at once and publishes the changed fields', () => {
    const { manager, registry, seen } = setUp();
    const created = manager.create(makeDefinition());
    if (!created.ok) throw new Error('setup');
    const widened = makeDefinition({ description: 'Weather of a city, with units.', parameters: { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string', enum: ['c', 'f'] } }, required: ['city'] } });
    const updated = manager.update(created.record.id, widened, 'ops');
    expect(updated).toMatchObject({ ok: true, changedFields: expect.arrayContaining(['description', 'parameters']) });
    expect(registry.tryValidateArguments('weather_lookup', { city: 'Oslo', units: 'c' }).success).toBe(true);
    expect(seen.at(-1)).toMatchObject({ type: 'ToolDefinitionUpdated', changedFields: expect.arrayContaining(['description', 'parameters']), updatedBy: 'ops' });
  });

  it('keeps the old definition registered when the new one is refused', () => {
    const { manager, registry } = setUp();
    const created = manager.create(makeDefinition());
    if (!created.ok) throw new Error('setup');
    const refused = manager.update(created.record.id, makeDefinition({ parameters: { type: 'object', properties: { city: {} } } }));
    expect(refused).toMatchObject({ ok: false, refusal: 'invalid' });
    expect(registry.tryValidateArguments('weather_lookup', { city: 'Oslo' }).success).toBe(true);
  });

  it('deletes: the registry stops offering the tool at once; an unknown id is not_found', () => {
    const { manager, registry, store, seen } = setUp();
    const created = manager.create(makeDefinition());
    if (!created.ok) throw new Error('setup');
    expect(manager.delete(created.record.id, 'ops')).toMatchObject({ ok: true });
    expect(registry.findTool('weather_lookup')).toBeUndefined();
    expect(store.list()).toEqual([]);
    expect(seen.at(-1)).toMatchObject({ type: 'ToolDefinitionDeleted', toolName: 'weather_lookup', deletedBy: 'ops' });
    expect(manager.delete(created.record.id)).toMatchObject({ ok: false, refusal: 'not_found', errors: [{ code: ERROR_CODES.DEFINITION_STORE_NOT_FOUND }] });
  });

  it('survives a restart: what was created is in the store for the next registry', () => {
    const first = setUp();
    const created = first.manager.create(makeDefinition());
    if (!created.ok) throw new Error('setup');
    const again = setUp('enterprise', first.file);
    expect(again.manager.list().map((record) => record.definition.name)).toEqual(['weather_lookup']);
  });
});
