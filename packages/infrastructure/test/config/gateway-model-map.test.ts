import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatches, resolveModel, type ModelMapping } from '../../src/config/gateway-model-map.js';
import { loadConfig } from '../../src/config/load-config.js';
import { setConfigValue } from '../../src/config/set-config-value.js';
import { makeSandbox } from './config-fixture.js';

// `gateway.models`: the agents' own model names mapped onto the upstream's.

function project(content: string): { file: string; dir: string; home: string } {
  const sandbox = makeSandbox();
  sandbox.write('project/.agent/config.yml', content);
  return { file: join(sandbox.project, '.agent', 'config.yml'), dir: sandbox.project, home: sandbox.home };
}
const load = (content: string) => {
  const { file, dir, home } = project(content);
  return loadConfig({ cwd: dir, configPath: file, homeDir: home });
};

describe('gateway.models', () => {
  it('reads names and globs in the file order', () => {
    const gateway = load('gateway:\n  models:\n    "claude-*": qwen3-coder:30b\n    claude-3-5-haiku-20241022: qwen2.5:3b\n    "gpt-?": gpt-oss:20b\n').gateway;
    expect(gateway.models).toEqual([
      { name: 'claude-*', upstream: 'qwen3-coder:30b' },
      { name: 'claude-3-5-haiku-20241022', upstream: 'qwen2.5:3b' },
      { name: 'gpt-?', upstream: 'gpt-oss:20b' },
    ]);
  });

  it.each([
    ['a list', 'gateway:\n  models: [a, b]\n', 'gateway.models'],
    ['an empty upstream name', 'gateway:\n  models:\n    claude: ""\n', 'gateway.models.claude'],
    ['a number as upstream', 'gateway:\n  models:\n    claude: 7\n', 'gateway.models.claude'],
  ])('refuses %s with ACODE-CFG-002 naming the key', (_name, text, key) => {
    expect(() => load(text)).toThrow(expect.objectContaining({ code: 'ACODE-CFG-002', message: expect.stringContaining(key) }));
  });

  it('is set whole by config set, and a wrong value leaves the file as it was', () => {
    const { file, dir, home } = project('gateway:\n  strict: true\n');
    expect(setConfigValue({ file, key: 'gateway.models', rawValue: '{"claude-*": "qwen3-coder:30b"}' })).toMatchObject({ ok: true });
    expect(loadConfig({ cwd: dir, configPath: file, homeDir: home }).gateway.models).toEqual([{ name: 'claude-*', upstream: 'qwen3-coder:30b' }]);
    const before = readFileSync(file, 'utf8');
    expect(setConfigValue({ file, key: 'gateway.models', rawValue: '[qwen]' })).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-002' } });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('resolveModel', () => {
  const mappings: ModelMapping[] = [
    { name: 'claude-*', upstream: 'big' },
    { name: 'claude-3-5-haiku-20241022', upstream: 'small' },
    { name: '*-mini', upstream: 'tiny' },
  ];

  it('takes an exact name over a glob listed before it, the first matching glob, else the name itself', () => {
    expect(resolveModel(mappings, 'claude-3-5-haiku-20241022')).toBe('small');
    expect(resolveModel(mappings, 'claude-sonnet-4-5')).toBe('big');
    expect(resolveModel(mappings, 'gpt-5-mini')).toBe('tiny');
    expect(resolveModel(mappings, 'qwen3:8b')).toBe('qwen3:8b');
    expect(resolveModel([], 'anything')).toBe('anything');
  });

  it('passes a name longer than any key unmatched, without running the globs over it', () => {
    // The worst globs for a greedy matcher against a long name: seconds each if they were run (past the test's timeout).
    const slow: ModelMapping[] = Array.from({ length: 256 }, (_, index) => ({ name: `*${'a'.repeat(200)}${index}`, upstream: 'x' }));
    const name = 'a'.repeat(1_000_000);
    expect(resolveModel(slow, name)).toBe(name);
    expect(resolveModel([{ name: '*', upstream: 'all' }], 'a'.repeat(256))).toBe('all');
    expect(resolveModel([{ name: '*', upstream: 'all' }], 'a'.repeat(257))).toBe('a'.repeat(257));
  });
});

describe('globMatches', () => {
  it.each([
    ['*', '', true],
    ['a*', 'a', true],
    ['a*c', 'abbbc', true],
    ['a*c', 'abbbd', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['*a*b', 'xxaxxb', true],
    ['claude-*-4-5', 'claude-sonnet-4-5', true],
    ['claude-*-4-5', 'claude-sonnet-4-6', false],
    ['a.b', 'axb', false],
  ])('%s against %s is %s', (glob, name, expected) => {
    expect(globMatches(glob, name)).toBe(expected);
  });

  it('agrees with the same glob as a regular expression', () => {
    const alphabet = fc.constantFrom('a', 'b', '*', '?');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 8 }), fc.array(fc.constantFrom('a', 'b'), { maxLength: 10 }), (glob, name) => {
        const pattern = new RegExp(`^${glob.map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c)).join('')}$`, 's');
        expect(globMatches(glob.join(''), name.join(''))).toBe(pattern.test(name.join('')));
      }),
    );
  });
});
