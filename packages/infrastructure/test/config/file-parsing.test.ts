import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

/** Loads a project file with the given content; no user file. */
function loadProject(content: string | Buffer) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', content);
  return { file, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

describe('loadConfig: reading and parsing a file', () => {
  it('treats an empty file, or one with only comments, as setting nothing', () => {
    expect(loadProject('').load().registry.limits.maxValidationErrors).toBe(50);
    expect(loadProject('# nothing here yet\n').load().registry.limits.maxValidationErrors).toBe(50);
  });

  it('reports a YAML syntax error with file, line and column', () => {
    const { file, load } = loadProject('tool_registry:\n  max_errors: 5\n  max_errors: 6\n');
    const error = catchConfigError(load, 'ACODE-CFG-001');
    expect(error.file).toBe(file);
    expect(error.message).toContain(`${file}:3:3: YAML syntax error:`);
    expect(error.message).toMatch(/unique/i);
  });

  it('reports an unclosed flow sequence as a syntax error with a position', () => {
    const { load } = loadProject('tool_registry:\n  disabled_tools: [a, b\n');
    const error = catchConfigError(load, 'ACODE-CFG-001');
    expect(error.message).toMatch(/config\.yml:\d+:\d+: YAML syntax error: /);
  });

  it('refuses a file larger than 1 MiB without parsing it', () => {
    // Valid YAML, so only the size can be the reason.
    const { load } = loadProject(`# ${'x'.repeat(2 * 1024 * 1024)}\n`);
    const error = catchConfigError(load, 'ACODE-CFG-001');
    expect(error.message).toContain('at most 1048576 bytes');
  });

  it('accepts a file just under 1 MiB', () => {
    const { load } = loadProject(`# ${'x'.repeat(1024 * 1024 - 10)}\n`);
    expect(load().files).toHaveLength(1);
  });

  it('refuses an alias bomb instead of expanding it', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'model: [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    ].join('\n');
    const error = catchConfigError(loadProject(bomb).load, 'ACODE-CFG-001');
    expect(error.message).toMatch(/alias/i);
  });

  it('still allows a few anchors and aliases', () => {
    const { load } = loadProject('model:\n  base: &base { temperature: 0 }\n  other: *base\n');
    expect(load().model).toEqual({ base: { temperature: 0 }, other: { temperature: 0 } });
  });

  it('refuses a value that contains itself through an alias', () => {
    const error = catchConfigError(loadProject('model: &loop [*loop]\n').load, 'ACODE-CFG-001');
    expect(error.message).toContain('deeper than');
  });

  it('refuses absurdly deep nesting without overflowing the stack', () => {
    const deep = `model: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`;
    catchConfigError(loadProject(deep).load, 'ACODE-CFG-001');
  });

  it('refuses several YAML documents in one file', () => {
    catchConfigError(loadProject('tool_registry: {}\n---\ntools: {}\n').load, 'ACODE-CFG-001');
  });

  it('refuses text that is not UTF-8', () => {
    const latin1 = Buffer.from([0x6d, 0x6f, 0x64, 0x65, 0x6c, 0x3a, 0x20, 0xe9, 0xe8, 0x0a]);
    const error = catchConfigError(loadProject(latin1).load, 'ACODE-CFG-001');
    expect(error.message).toContain('UTF-8');
  });

  it('reads a YAML 1.1 tag such as !!binary as a string and warns, instead of producing binary data', () => {
    const { file, load } = loadProject('model:\n  blob: !!binary aGVsbG8=\n');
    const config = load();
    expect(config.model).toEqual({ blob: 'aGVsbG8=' });
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toMatchObject({ code: 'ACODE-CFG-001', file });
    expect(config.warnings[0]!.message).toContain(`${file}:2:9`);
  });

  it('refuses a file whose top level is not a mapping', () => {
    const error = catchConfigError(loadProject('- tool_registry\n- tools\n').load, 'ACODE-CFG-002');
    expect(error.message).toContain('the top level must be a mapping');
    expect(error.message).toContain('got list');
  });

  it('keeps a __proto__ key as data and never touches Object.prototype', () => {
    const { load } = loadProject('model:\n  __proto__:\n    polluted: true\n');
    const config = load();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyNames(config.model)).toEqual(['__proto__']);
  });

  it('returns a deep-frozen configuration', () => {
    const { load } = loadProject('model:\n  providers: { ollama: { tool_call: { max_retries: 2 } } }\n');
    const config = load();
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.registry.limits)).toBe(true);
    expect(Object.isFrozen((config.model as { providers: object }).providers)).toBe(true);
  });
});
