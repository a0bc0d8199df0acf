import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { captureIo } from './support/capture.js';

/** `runCli` in-process with the real composition (`@acode/infrastructure`), in temporary projects. */

let root: string;
let home: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'acode-cli-inproc-'));
  home = join(root, 'home');
  mkdirSync(home);
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function project(name: string, config: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, '.agent'), { recursive: true });
  writeFileSync(join(dir, '.agent', 'config.yml'), config);
  return dir;
}

async function run(argv: string[], cwd: string, stdin?: string) {
  const captured = captureIo({ cwd, env: { HOME: home }, ...(stdin !== undefined ? { stdin } : {}) });
  const code = await runCli(argv, captured.io);
  return { code, stdout: captured.stdout.text, stderr: captured.stderr.text };
}

describe('runCli with the real registry', () => {
  it('lists core and custom tools', async () => {
    const dir = project('custom', 'tool_registry:\n  custom_tools:\n    - { name: echo_text, version: "1.0.0", category: Custom, description: Echoes, parameters: { type: object, properties: { text: { type: string } }, required: [text] } }\n');
    const { code, stdout, stderr } = await run(['tools', 'list', '--json'], dir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const names = (JSON.parse(stdout) as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['file_read', 'echo_text']));
  });

  it('validates from standard input and reports every missing property', async () => {
    const dir = project('plain', 'tool_registry: {}\n');
    const ok = await run(['tools', 'validate', 'file_read'], dir, '{"path":"/tmp/a"}');
    expect(ok.code).toBe(0);
    const missing = await run(['tools', 'validate', 'file_write', '{}'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stdout.match(/\[ACODE-TSR-003\]/g)?.length).toBeGreaterThanOrEqual(2);
    expect(missing.stdout).toContain('Example: {');
  });

  it('exits 2 for a configuration value out of range, naming the key', async () => {
    const dir = project('bad-value', 'tool_registry:\n  max_schema_size: -5\n');
    const { code, stdout, stderr } = await run(['tools', 'list'], dir);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^\[ACODE-CFG-002\]/);
    expect(stderr).toContain('max_schema_size');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('warns about an unknown configuration key and carries on', async () => {
    const dir = project('unknown-key', 'tool_registry:\n  max_schma_size: 1000\n');
    const { code, stderr } = await run(['tools', 'list'], dir);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^warning: \[ACODE-CFG-003\] .*max_schma_size/m);
  });
});
