import { DEFAULT_TOOL_REGISTRY_OPTIONS, ToolRegistrationService } from '@acode/application';
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SystemClock } from '../../src/clock/index.js';
import { loadConfig } from '../../src/config/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { ConfigToolsProvider, CoreToolsProvider } from '../../src/providers/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function newRegistry() {
  return new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), new AsyncLocalCorrelationContext(), new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
}

describe('the providers with the real registry (000 scenarios 1, 6, 7)', () => {
  it('registers every core tool, and resolves the aliases to them', async () => {
    const registry = newRegistry();
    const report = await new ToolRegistrationService(registry, [new CoreToolsProvider()], silent, new SystemClock()).start();

    expect(report.skipped).toEqual([]);
    expect(report.registered.map((tool) => tool.name)).toEqual(['file_read', 'file_write', 'directory_list', 'command_execute', 'git_status', 'git_diff', 'git_commit']);
    expect(registry.findTool('read_file')?.definition.name).toBe('file_read');
    expect(registry.findTool('write_file')?.definition.name).toBe('file_write');
    expect(registry.findTool('execute_command')?.definition.name).toBe('command_execute');
  });

  it('registers a good custom tool and skips a broken one, naming its source', async () => {
    const root = mkdtempSync(join(tmpdir(), 'acode-register-'));
    try {
      mkdirSync(join(root, '.agent'));
      const file = join(root, '.agent', 'config.yml');
      writeFileSync(
        file,
        [
          'tools:',
          '  custom_tools:',
          '    - name: broken_tool',
          '      version: 1.0.0',
          '      description: This tool has an invalid schema',
          '      parameters:',
          '        type: object',
          '        properties:',
          '          value:',
          '            type: invalid_type_name',
          '    - name: custom_greeting',
          '      version: 1.0.0',
          '      category: Custom',
          '      description: Generates a personalized greeting message',
          '      parameters:',
          '        type: object',
          '        properties:',
          '          name: { type: string, description: Name of the person to greet, maxLength: 100 }',
          '        required: [name]',
          '        additionalProperties: false',
        ].join('\n'),
      );
      const config = loadConfig({ cwd: root, homeDir: join(root, 'no-home') });
      const registry = newRegistry();
      const report = await new ToolRegistrationService(registry, [new CoreToolsProvider(), new ConfigToolsProvider(config)], silent, new SystemClock()).start();

      expect(report.registered.map((tool) => tool.name)).toContain('custom_greeting');
      expect(registry.getToolDefinition('custom_greeting').category).toBe('custom');
      expect(report.skipped).toEqual([expect.objectContaining({ tool: 'broken_tool', provider: 'ConfigTools', source: `${file}#tools.custom_tools[0]` })]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
