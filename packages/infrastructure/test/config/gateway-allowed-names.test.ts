import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalHostPattern, canonicalOrigin } from '../../src/config/gateway-allowed-names.js';
import { loadConfig } from '../../src/config/load-config.js';
import { setConfigValue } from '../../src/config/set-config-value.js';
import { showConfig } from '../../src/config/show-config.js';
import { makeSandbox } from './config-fixture.js';

// `gateway.allowed_origins` and `gateway.allowed_hosts`: the browser origins and `Host` names the
// host serves beyond its own, checked when the file is read and when `config set` writes them.

function project(content?: string): { file: string; dir: string; home: string } {
  const sandbox = makeSandbox();
  const file = join(sandbox.project, '.agent', 'config.yml');
  if (content !== undefined) sandbox.write('project/.agent/config.yml', content);
  return { file, dir: sandbox.project, home: sandbox.home };
}

const load = (content: string) => {
  const { file, dir, home } = project(content);
  return loadConfig({ cwd: dir, configPath: file, homeDir: home });
};

describe('canonical entries', () => {
  it.each([
    ['https://tools.example.com', 'https://tools.example.com'],
    ['HTTPS://Tools.Example.COM:443/', 'https://tools.example.com'],
    ['http://10.0.0.5:7420', 'http://10.0.0.5:7420'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('origin %s is %s', (text, canonical) => expect(canonicalOrigin(text)).toBe(canonical));

  it.each(['https://tools.example.com/app', 'https://tools.example.com?x=1', 'https://user:pw@tools.example.com', 'ftp://tools.example.com', 'https://*.example.com', 'null', 'tools.example.com', '', 42])(
    'origin %s is refused',
    (text) => expect(canonicalOrigin(text)).toBeUndefined(),
  );

  it.each([
    ['Tools.Example.com.', 'tools.example.com'],
    ['*.Example.com', '*.example.com'],
    ['10.0.0.5', '10.0.0.5'],
    ['fd00::1', '[fd00::1]'],
    ['[0:0:0:0:0:0:0:1]', '[::1]'],
    ['my_service', 'my_service'],
  ])('host %s is %s', (text, canonical) => expect(canonicalHostPattern(text)).toBe(canonical));

  it.each(['tools.example.com:7420', 'https://tools.example.com', '*', '*.10.0.0.5', 'a..b', '-bad.example', '127.1', 'exa mple.com', ''])('host %s is refused', (text) =>
    expect(canonicalHostPattern(text)).toBeUndefined(),
  );
});

describe('gateway.allowed_origins and gateway.allowed_hosts in files', () => {
  it('are empty by default and read in canonical form, duplicates dropped', () => {
    expect(load('').gateway).toMatchObject({ allowedOrigins: [], allowedHosts: [] });
    const gateway = load('gateway:\n  allowed_origins: [https://Tools.example.com, "https://tools.example.com:443"]\n  allowed_hosts: [tools.example.com, "*.example.org"]\n').gateway;
    expect(gateway.allowedOrigins).toEqual(['https://tools.example.com']);
    expect(gateway.allowedHosts).toEqual(['tools.example.com', '*.example.org']);
  });

  it('refuses a malformed entry with ACODE-CFG-002 naming the entry', () => {
    expect(() => load('gateway:\n  allowed_origins: [https://tools.example.com/app]\n')).toThrow(expect.objectContaining({ code: 'ACODE-CFG-002', message: expect.stringContaining('gateway.allowed_origins[0]') }));
    expect(() => load('gateway:\n  allowed_hosts: [ok.example.com, "evil.example.com:80"]\n')).toThrow(expect.objectContaining({ code: 'ACODE-CFG-002', message: expect.stringContaining('gateway.allowed_hosts[1]') }));
    expect(() => load('gateway:\n  allowed_hosts: tools.example.com\n')).toThrow(expect.objectContaining({ code: 'ACODE-CFG-002' }));
  });

  it('are shown by config show', () => {
    const { file, dir, home } = project('gateway:\n  allowed_hosts: [tools.example.com]\n');
    const result = showConfig(loadConfig({ cwd: dir, configPath: file, homeDir: home }), 'gateway.allowed_hosts');
    expect(result).toMatchObject({ ok: true, value: ['tools.example.com'] });
    const section = showConfig(loadConfig({ cwd: dir, configPath: file, homeDir: home }), 'gateway');
    expect(section).toMatchObject({ ok: true, value: { allowed_origins: [], allowed_hosts: ['tools.example.com'] } });
  });
});

describe('config set gateway.allowed_origins / allowed_hosts', () => {
  it('writes a whole list', () => {
    const { file, dir, home } = project('gateway:\n  strict: true\n');
    const result = setConfigValue({ file, key: 'gateway.allowed_origins', rawValue: '[https://tools.example.com]' });
    expect(result).toMatchObject({ ok: true, value: ['https://tools.example.com'] });
    expect(setConfigValue({ file, key: 'gateway.allowed_hosts', rawValue: '[tools.example.com, "*.example.org"]' })).toMatchObject({ ok: true });
    expect(loadConfig({ cwd: dir, configPath: file, homeDir: home }).gateway).toMatchObject({ allowedOrigins: ['https://tools.example.com'], allowedHosts: ['tools.example.com', '*.example.org'] });
  });

  it('refuses a malformed entry and leaves the file as it was', () => {
    const { file } = project('gateway:\n  strict: true\n');
    const before = readFileSync(file, 'utf8');
    const origin = setConfigValue({ file, key: 'gateway.allowed_origins', rawValue: '[https://tools.example.com/path]' });
    expect(origin).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-002' } });
    const host = setConfigValue({ file, key: 'gateway.allowed_hosts', rawValue: 'tools.example.com' });
    expect(host).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-002' } });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
