import { DEFAULT_TOOL_REGISTRY_OPTIONS, DuplicateToolException, ToolRegistrationService, type CatalogTool, type IToolCatalog } from '@acode/application';
import { ERROR_CODES, type ToolDefinition } from '@acode/domain';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';
import { loadConfig } from '../../src/config/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { ConfigToolsProvider, CoreToolsProvider } from '../../src/providers/index.js';
import { CORE_TOOL_DEFINITIONS } from '../../src/providers/core-tools/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { createBuiltToolsProvider } from '../../src/tool-folders/index.js';
import { RecordingLogger } from '../support/recording-logger.js';

// Issue 13 item 3 / 001 §9: built-in definitions cannot be overwritten. A definition from
// configuration or from a tool folder that claims a built-in's name or alias is refused, in any
// version, with ACODE-TSR-007 naming the built-in; the built-in's own definition again is fine.

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newRegistry(): ToolSchemaRegistry {
  return new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), new AsyncLocalCorrelationContext(), new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
}

const coreFileRead = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'file_read') as ToolDefinition;
const lookAlike = (overrides: Partial<ToolDefinition>): ToolDefinition => ({
  ...coreFileRead,
  version: '2.0.0',
  description: 'A look-alike file_read that must not replace the built-in',
  ...overrides,
});

function configProvider(yaml: string): ConfigToolsProvider {
  const root = mkdtempSync(join(tmpdir(), 'acode-builtin-'));
  dirs.push(root);
  mkdirSync(join(root, '.agent'));
  writeFileSync(join(root, '.agent', 'config.yml'), yaml);
  return new ConfigToolsProvider(loadConfig({ cwd: root, homeDir: join(root, 'no-home') }));
}

function catalogOf(definitions: readonly ToolDefinition[]): IToolCatalog {
  const tools: CatalogTool[] = definitions.map((definition) => ({ definition, summary: '', documentation: '', handlerUrl: 'file:///nowhere.js', handlerSha256: '0'.repeat(64), handlerLanguage: 'js' }));
  return { registryVersion: '0123456789abcdef', gitCommit: null, builtAt: '2025-01-01T00:00:00.000Z', artifactPath: '/p/tool_registry.json', find: (name) => tools.find((tool) => tool.definition.name === name), tools: () => tools };
}

describe('built-in names through the registration service', () => {
  it('refuses a config custom tool named file_read v2.0.0: file_read stays the built-in', async () => {
    const registry = newRegistry();
    const logger = new RecordingLogger();
    const provider = configProvider(
      ['tool_registry:', '  custom_tools:', '    - name: file_read', '      version: "2.0.0"', '      description: Look-alike', '      parameters: { type: object, properties: { path: { type: string } }, additionalProperties: false }'].join('\n'),
    );
    const report = await new ToolRegistrationService(registry, [new CoreToolsProvider(), provider], logger, new SystemClock()).start();
    expect(report.skipped).toHaveLength(1);
    expect(report.skipped[0]).toMatchObject({ provider: 'ConfigTools', tool: 'file_read', code: ERROR_CODES.DUPLICATE_TOOL });
    expect(report.skipped[0]?.message).toContain("built-in tool 'file_read'");
    expect(report.skipped[0]?.message).toContain('read_file');
    expect(registry.getVersions('file_read')).toEqual([coreFileRead.version]);
    expect(registry.getToolDefinition('read_file').version).toBe(coreFileRead.version);
  });

  it('refuses a config custom tool that takes a built-in alias, or names itself after one', async () => {
    const registry = newRegistry();
    const provider = configProvider(
      [
        'tools:',
        '  custom:',
        '    - { name: my_reader, version: "1.0.0", description: Takes an alias, aliases: [read_file], parameters: { type: object, properties: {}, additionalProperties: false } }',
        '    - { name: execute_command, version: "9.0.0", description: Named after an alias, parameters: { type: object, properties: {}, additionalProperties: false } }',
      ].join('\n'),
    );
    const report = await new ToolRegistrationService(registry, [new CoreToolsProvider(), provider], silent, new SystemClock()).start();
    expect(report.skipped.map((skip) => [skip.tool, skip.code])).toEqual([
      ['my_reader', ERROR_CODES.DUPLICATE_TOOL],
      ['execute_command', ERROR_CODES.DUPLICATE_TOOL],
    ]);
    expect(report.skipped[0]?.message).toContain("built-in tool 'file_read' (it claims 'read_file')");
    expect(report.skipped[1]?.message).toContain("built-in tool 'command_execute'");
    expect(registry.findTool('read_file')?.definition.name).toBe('file_read');
  });

  it('refuses a built tool-folder definition that changes a built-in, and accepts one that ships it unchanged', async () => {
    const registry = newRegistry();
    // A hand-edited tool_registry.json: file_read at 2.0.0, and file_write replaced at its own version.
    const catalog = catalogOf([lookAlike({}), lookAlike({ name: 'file_write', aliases: [], version: '1.0.0' })]);
    const report = await new ToolRegistrationService(registry, [new CoreToolsProvider(), createBuiltToolsProvider(catalog)], silent, new SystemClock()).start();
    expect(report.skipped.map((skip) => [skip.tool, skip.code])).toEqual([
      ['file_read', ERROR_CODES.DUPLICATE_TOOL],
      ['file_write', ERROR_CODES.DUPLICATE_TOOL],
    ]);
    expect(report.skipped[0]?.source).toBe('/p/tool_registry.json#file_read');
    expect(report.skipped[0]?.message).toContain("built-in tool 'file_read'");
    expect(registry.getVersions('file_read')).toEqual([coreFileRead.version]);

    // A folder that `extends` core:file_read ships the very same definition: unchanged, not refused.
    const shipped = await new ToolRegistrationService(newRegistry(), [new CoreToolsProvider(), createBuiltToolsProvider(catalogOf([coreFileRead]))], silent, new SystemClock()).start();
    expect(shipped.skipped).toEqual([]);
    expect(shipped.registered.filter((entry) => entry.provider === 'BuiltTools').map((entry) => entry.name)).toEqual(['file_read']);
  });
});

describe('ToolSchemaRegistry.registerTool with builtIn', () => {
  it('lets built-ins register versions of their own; other definitions cannot, in any version', () => {
    const registry = newRegistry();
    registry.registerTool(coreFileRead, { builtIn: true });
    registry.registerTool(lookAlike({ version: '1.5.0' }), { builtIn: true });
    for (const version of ['0.0.1', '3.0.0', coreFileRead.version]) {
      expect(() => registry.registerTool(lookAlike({ version }))).toThrow(DuplicateToolException);
    }
    expect(() => registry.registerTool(lookAlike({ version: '4.0.0' }))).toThrow(/built-in tool 'file_read'/);
    expect(registry.registerTool(coreFileRead).status).toBe('unchanged');
  });

  it('without a built-in registered, the names are free (tests and hosts that register their own file_read)', () => {
    const registry = newRegistry();
    expect(registry.registerTool(lookAlike({})).status).toBe('registered');
  });
});
