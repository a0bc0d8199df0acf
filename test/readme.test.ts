import { ADVANCED_SCHEMA_KEYWORDS, BASIC_SCHEMA_KEYWORDS, ERROR_CODE_TITLES, FULL_SCHEMA_KEYWORDS } from '../packages/domain/src/index.js';
import { loadConfig, resolveModel, type AcodeConfig } from '../packages/infrastructure/src/config/index.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');

describe('README', () => {
  it('lists every error code of the domain table, and no other (decision 14)', () => {
    const section = readme.slice(readme.indexOf('## Error codes'));
    const documented = [...section.matchAll(/^\| (ACODE-[A-Z]+-\d{3}) \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ERROR_CODE_TITLES).sort());
  });

  it('has a Quick start block of exactly two lines, the second of which .ci/run runs verbatim', () => {
    const block = /## Quick start\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(2);
    expect(readFileSync(resolve(root, '.ci/run'), 'utf8')).toContain(lines[1]!);
  });

  it('shows a configuration example that loads without warnings and with every key it names', () => {
    const config = loadExample(/```yaml\n(tool_registry:[\s\S]*?)```/);
    expect(config.registry.disabledTools).toEqual(['command_execute']);
    expect(config.customTools.map((t) => (t.definition as { name: string }).name)).toEqual(['custom_greeting']);
  });

  it('shows a gateway.models example for the agents that loads without warnings and maps their names', () => {
    const config = loadExample(/```yaml\n# \.agent\/config\.yml of the directory the host starts in\n(gateway:[\s\S]*?)```/);
    expect(config.gateway.upstream).toEqual({ baseUrl: 'http://127.0.0.1:11434', type: 'ollama' });
    expect(resolveModel(config.gateway.models, 'claude-sonnet-4-5')).toBe('qwen3-coder:30b');
    expect(resolveModel(config.gateway.models, 'gpt-5-codex')).toBe('qwen3-coder:30b');
  });

  it('shows a tool_call example that loads without warnings', () => {
    const config = loadExample(/```yaml\n(model:[\s\S]*?)```/);
    expect(config.toolCall['ollama']).toMatchObject({ maxRetries: 3, maxArgumentSize: 1048576, extractFromContent: true });
  });

  it('shows as "Using the registry from code" exactly examples/registry-from-code/index.mjs, which the packaging test runs', () => {
    const block = /### Using the registry from code\n[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(readFileSync(resolve(root, 'examples/registry-from-code/index.mjs'), 'utf8'));
    expect(block).not.toContain('tsyringe');
  });

  it('shows an execution example that loads without warnings', () => {
    const config = loadExample(/```yaml\n(execution:[\s\S]*?)```/);
    expect(config.execution.protectedPaths).toEqual(['secrets/']);
    expect(config.execution.handlerEnv).toEqual(['GH_PAT']);
  });

  it('shows a license example that loads without warnings', () => {
    expect(loadExample(/```yaml\n(license:[\s\S]*?)```/).license.tier).toBe('teams');
  });

  it('lists exactly the keywords each license validation level allows', () => {
    const row = (level: string): string[] => {
      const line = new RegExp(`^\\| ${level.replace('+', '\\+')} \\|.*$`, 'm').exec(readme.slice(readme.indexOf('## License tiers')))?.[0] ?? '';
      return [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
    };
    expect(row('Basic')).toEqual([...BASIC_SCHEMA_KEYWORDS].sort());
    expect(row('Advanced')).toEqual([...ADVANCED_SCHEMA_KEYWORDS].sort());
    expect(row('Full + Custom')).toEqual([...FULL_SCHEMA_KEYWORDS].sort());
  });
});

/** Loads the README's YAML block that `pattern` finds as a project's `.agent/config.yml`; it must warn about nothing. */
function loadExample(pattern: RegExp): AcodeConfig {
  const yaml = pattern.exec(readme)?.[1];
  expect(yaml).toBeDefined();
  const dir = mkdtempSync(join(tmpdir(), 'acode-readme-'));
  try {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), yaml!);
    const config = loadConfig({ cwd: dir, homeDir: dir });
    expect(config.warnings).toEqual([]);
    return config;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
