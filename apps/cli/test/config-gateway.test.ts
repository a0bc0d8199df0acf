import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { captureIo } from './support/capture.js';

// `acode config show` / `acode config set` over `gateway.*`, in-process with the real composition.

let root: string;
let home: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'acode-cli-gateway-config-'));
  home = join(root, 'home');
  mkdirSync(home);
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

let projects = 0;
function project(content: string): { dir: string; file: string } {
  const dir = join(root, `project-${++projects}`);
  mkdirSync(join(dir, '.agent'), { recursive: true });
  const file = join(dir, '.agent', 'config.yml');
  writeFileSync(file, content);
  return { dir, file };
}

async function run(argv: string[], cwd: string) {
  const captured = captureIo({ cwd, env: { HOME: home, NO_COLOR: '1' } });
  const code = await runCli(argv, captured.io);
  return { code, stdout: captured.stdout.text, stderr: captured.stderr.text };
}

describe('acode config with gateway keys', () => {
  it('sets gateway.on_invalid, and show reads it back', async () => {
    const { dir, file } = project('# team settings\ngateway:\n  strict: true\n');
    const set = await run(['config', 'set', 'gateway.on_invalid', 'error'], dir);
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toBe(`Set gateway.on_invalid = error in ${file}\n`);
    expect(readFileSync(file, 'utf8')).toBe('# team settings\ngateway:\n  strict: true\n  on_invalid: error\n');

    const one = await run(['config', 'show', 'gateway.on_invalid'], dir);
    expect(one).toMatchObject({ code: 0, stdout: 'error\n' });
    const json = await run(['config', 'show', 'gateway', '--json'], dir);
    expect(JSON.parse(json.stdout)).toMatchObject({ upstream: { base_url: 'http://127.0.0.1:11434', type: 'ollama' }, on_invalid: 'error', strict: true, max_concurrent_upstream: 32 });
  });

  it('shows the gateway section as text, and in the whole configuration', async () => {
    const { dir } = project('gateway:\n  upstream:\n    provider: vllm\n');
    const section = await run(['config', 'show', 'gateway'], dir);
    expect(section.code).toBe(0);
    expect(section.stdout).toMatch(/^Gateway Configuration \(gateway\):\n/);
    expect(section.stdout).toMatch(/ on_invalid: +pass_through\n/);
    expect(section.stdout).toMatch(/ max_body_bytes: +8388608 \(8 MB\)\n/);
    expect(section.stdout).toMatch(/Gateway Upstream \(gateway\.upstream\):\n +provider: vllm\n/);
    const all = await run(['config', 'show', '--json'], dir);
    expect(JSON.parse(all.stdout)).toHaveProperty('gateway.upstream.provider', 'vllm');
  });

  it('refuses a wrong value with exit 2 and ACODE-CFG-002, leaving the file untouched', async () => {
    const { dir, file } = project('gateway:\n  strict: true\n');
    const result = await run(['config', 'set', 'gateway.max_concurrent_upstream', '5000'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ACODE-CFG-002');
    expect(result.stderr).toContain('gateway.max_concurrent_upstream');
    expect(readFileSync(file, 'utf8')).toBe('gateway:\n  strict: true\n');
  });
});
