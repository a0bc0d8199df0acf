import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY_KEYS, LICENSE_SETTINGS, PROVIDER_CONNECTION_KEYS, TOOL_CALL_SETTINGS, TOOL_REGISTRY_SETTINGS } from '@acode/infrastructure/config';
import { useInProcessCli } from './support/in-process-cli.js';

// `acode config show` / `acode config set` over `gateway.*`, in-process with the real composition.

const cli = useInProcessCli('acode-cli-gateway-config-');
const run = cli.run;

function project(content: string): { dir: string; file: string } {
  const dir = cli.project(content);
  return { dir, file: join(dir, '.agent', 'config.yml') };
}

describe('acode config with gateway keys', () => {
  it('sets gateway.on_invalid, and show reads it back', async () => {
    const { dir, file } = project('# team settings\ngateway:\n  strict: true\n');
    const set = await run(['config', 'set', 'gateway.on_invalid', 'error'], dir);
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toBe(`Set gateway.on_invalid = error in ${file}\nA running host applies this at once (it reloads the file when it changes).\n`);
    expect(readFileSync(file, 'utf8')).toBe('# team settings\ngateway:\n  strict: true\n  on_invalid: error\n');

    const one = await run(['config', 'show', 'gateway.on_invalid'], dir);
    expect(one).toMatchObject({ code: 0, stdout: 'error\n' });
    const json = await run(['config', 'show', 'gateway', '--json'], dir);
    expect(JSON.parse(json.stdout)).toMatchObject({ upstream: { base_url: 'http://127.0.0.1:11434', type: 'ollama' }, on_invalid: 'error', strict: true, max_concurrent_upstream: 32 });
  });

  it('says, after setting a base URL with no type, that the server is taken as OpenAI-compatible, and how to say Ollama', async () => {
    const { dir } = project('gateway:\n  strict: true\n');
    const set = await run(['config', 'set', 'gateway.upstream.base_url', 'http://127.0.0.1:11500'], dir);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('gateway.upstream.type is not set, so the server is taken as OpenAI-compatible; for Ollama: acode config set gateway.upstream.type ollama\n');
    const json = await run(['config', 'show', 'gateway.upstream', '--json'], dir);
    expect(JSON.parse(json.stdout)).toMatchObject({ base_url: 'http://127.0.0.1:11500', type: 'openai-compatible' });
    // Once the type is written, the note is not repeated.
    expect((await run(['config', 'set', 'gateway.upstream.type', 'ollama'], dir)).stdout).not.toContain('is not set');
    expect((await run(['config', 'set', 'gateway.upstream.base_url', 'http://127.0.0.1:11434'], dir)).stdout).not.toContain('is not set');
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

  it('shows every setting with its default, the timeout and the token variable included', async () => {
    const { dir } = project('model:\n  providers:\n    vllm:\n      type: openai-compatible\n      base_url: http://127.0.0.1:8000\n');
    const text = await run(['config', 'show', 'gateway'], dir);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/\n +timeout_ms: +120000\n/);
    expect(text.stdout).toMatch(/\n +auth_token_env: +\(not set\)\n/);
    expect(text.stdout).toMatch(/\n +api_key_env: +\(not set\)\n/);
    // An empty model map is a setting too, not a block left out.
    expect(text.stdout).toMatch(/\n +models: +\(none\)\n/);
    // Every key of the section has its line in the text as well.
    for (const key of GATEWAY_KEYS.filter((key) => key !== 'upstream')) expect(text.stdout).toMatch(new RegExp(`\\n  ${key}: `));

    // Every key of the loader's own tables, in every section.
    const all = JSON.parse((await run(['config', 'show', '--json'], dir)).stdout) as Record<string, Record<string, unknown>>;
    expect(Object.keys(all['gateway']!)).toEqual([...GATEWAY_KEYS]);
    expect(Object.keys(all['tool_registry']!).sort()).toEqual([...Object.keys(TOOL_REGISTRY_SETTINGS), 'disabled_tools', 'custom_tools'].sort());
    expect(Object.keys(all['license']!)).toEqual(Object.keys(LICENSE_SETTINGS));
    const vllm = (all['model'] as { providers: Record<string, Record<string, unknown>> }).providers['vllm']!;
    expect(Object.keys(vllm)).toEqual([...PROVIDER_CONNECTION_KEYS, 'tool_call']);
    expect(Object.keys(vllm['tool_call'] as object).sort()).toEqual(Object.keys(TOOL_CALL_SETTINGS).sort());
  });

  it('says that a running host needs a restart for the token variable', async () => {
    const { dir, file } = project('gateway:\n  strict: true\n');
    const set = await run(['config', 'set', 'gateway.auth_token_env', 'ACODE_TOKEN'], dir);
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toBe(`Set gateway.auth_token_env = ACODE_TOKEN in ${file}\nA running host keeps its current value until it is restarted.\n`);
  });

  it('refuses a wrong value with exit 2 and ACODE-CFG-002, leaving the file untouched', async () => {
    const { dir, file } = project('gateway:\n  strict: true\n');
    const result = await run(['config', 'set', 'gateway.max_concurrent_upstream', '5000'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ACODE-CFG-002');
    expect(result.stderr).toContain('gateway.max_concurrent_upstream');
    expect(readFileSync(file, 'utf8')).toBe('gateway:\n  strict: true\n');
  });

  it('refuses hostile values without echoing secrets, raw control characters or the whole of a huge value', async () => {
    const { dir, file } = project('gateway:\n  strict: true\n');
    const refused = async (key: string, value: string, code = 'ACODE-CFG-002'): Promise<string> => {
      const result = await run(['config', 'set', key, value], dir);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toContain(code);
      // Nothing a terminal would act on reaches it: control characters are escaped.
      expect(result.stderr.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f]/);
      return result.stderr;
    };
    expect(await refused('gateway.auth_token_env', 'sk-abcdefghijklmnopqrstuvwxyz123456')).not.toContain('abcdefghij');
    expect(await refused('gateway.upstream.base_url', 'http://user:hunter2@example.com')).not.toContain('hunter2');
    expect(await refused('gateway.upstream.base_url', 'http://example.com/\u0000x')).toContain('\\u0000');
    expect(await refused('gateway.upstream.type', 'x\u001b[31m')).toContain('\\u001b');
    expect((await refused('gateway.upstream.base_url', `http://example.com/${'a'.repeat(5000)}`)).length).toBeLessThan(1000);
    expect(await refused('gateway.upstream.provider', '../../etc')).toContain('gateway.upstream.provider');
    expect(await refused('gateway.max_body_bytes', '1e400')).toContain('Infinity');
    expect(await refused('gateway.on_invalid', '{a: 1}')).toContain('got mapping');
    expect(await refused('gateway.__proto__', 'x', 'ACODE-CFG-003')).toContain('keys of gateway');
    expect(await refused('gateway.upstream.__proto__.x', 'x', 'ACODE-CFG-003')).toContain('gateway.upstream.__proto__.x');
    expect(readFileSync(file, 'utf8')).toBe('gateway:\n  strict: true\n');
  });
});
