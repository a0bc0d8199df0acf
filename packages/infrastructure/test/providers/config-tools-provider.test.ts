import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type AcodeConfig } from '../../src/config/index.js';
import { ConfigToolsProvider } from '../../src/providers/index.js';
import type { ToolDefinition } from '@acode/domain';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configWithTools(yaml: string): { config: AcodeConfig; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'acode-provider-'));
  dirs.push(root);
  mkdirSync(join(root, '.agent'));
  const file = join(root, '.agent', 'config.yml');
  writeFileSync(file, yaml);
  return { config: loadConfig({ cwd: root, homeDir: join(root, 'no-home') }), file };
}

describe('ConfigToolsProvider', () => {
  it('is the ConfigTools provider and runs after the core tools', () => {
    const provider = new ConfigToolsProvider({ customTools: [] });
    expect(provider.name).toBe('ConfigTools');
    expect(provider.priority).toBe(100);
    expect([...provider.getToolDefinitions()]).toEqual([]);
  });

  it('yields the configured tools in order and names the source of each', () => {
    const { config, file } = configWithTools(
      'tool_registry:\n  custom_tools:\n    - { name: alpha, version: "1.0.0" }\ntools:\n  custom:\n    - { name: beta, version: "1.0.0" }\n',
    );
    const provider = new ConfigToolsProvider(config);
    const [alpha, beta] = [...provider.getToolDefinitions()];

    expect([alpha?.name, beta?.name]).toEqual(['alpha', 'beta']);
    expect(provider.sourceOf(alpha!)).toBe(`${file}#tool_registry.custom_tools[0]`);
    expect(provider.sourceOf(beta!)).toBe(`${file}#tools.custom[0]`);
  });

  it('offers malformed entries too, each with its source, for the registry to refuse one by one', () => {
    const { config, file } = configWithTools('tools:\n  custom:\n    - not a tool\n    - { name: fine, version: "1.0.0" }\n');
    const provider = new ConfigToolsProvider(config);
    const definitions = [...provider.getToolDefinitions()];

    expect(definitions).toHaveLength(2);
    expect(provider.sourceOf(definitions[0]!)).toBe(`${file}#tools.custom[0]`);
  });

  it('knows nothing about definitions it did not offer', () => {
    const provider = new ConfigToolsProvider({ customTools: [{ definition: { name: 'a' }, source: 'x#tools.custom[0]' }] });
    expect(provider.sourceOf({ name: 'a' } as unknown as ToolDefinition)).toBeUndefined();
  });

  it('takes the loaded configuration through its constructor', () => {
    const { config } = configWithTools('tools:\n  custom_tools:\n    - { name: from_di, version: "1.0.0" }\n');
    const provider = new ConfigToolsProvider(config);
    expect([...provider.getToolDefinitions()].map((tool) => tool.name)).toEqual(['from_di']);
  });
});
