import { describe, expect, it } from 'vitest';
import { command, usageError } from './support/parse-command.js';

const GLOBAL = { logLevel: 'silent' };

describe('parseCommandLine: tools lint and build', () => {
  it('reads --tools-dir, --out and --json', () => {
    expect(command(['tools', 'build', '--tools-dir', 'my-tools', '--out', 'out/reg.json', '--json'])).toEqual({
      kind: 'tools-build',
      global: GLOBAL,
      toolsDir: 'my-tools',
      out: 'out/reg.json',
      json: true,
    });
    expect(command(['tools', 'lint'])).toEqual({ kind: 'tools-lint', global: GLOBAL, json: false });
  });

  it('refuses --out under lint, empty paths and positionals', () => {
    expect(usageError(['tools', 'lint', '--out', 'x.json']).message).toMatch(/Unknown option '--out'/);
    expect(usageError(['tools', 'build', '--tools-dir', ' ']).message).toBe('--tools-dir needs a directory path.');
    expect(usageError(['tools', 'build', '--out', '']).message).toBe('--out needs a file path.');
    const extra = usageError(['tools', 'build', 'tools']);
    expect(extra.message).toBe("Unexpected argument 'tools'.");
    expect(extra.helpCommand).toBe('acode tools build');
  });

  it('answers --help with the command’s help', () => {
    expect(command(['tools', 'build', '--help'])).toMatchObject({ kind: 'help', text: expect.stringContaining('Usage: acode tools build') });
    expect(command(['tools', 'lint', '-h'])).toMatchObject({ kind: 'help', text: expect.stringContaining('Usage: acode tools lint') });
  });
});

describe('parseCommandLine: tools prompt, doc and schema', () => {
  it('defaults prompt to text mode and reads --mode in any case', () => {
    expect(command(['tools', 'prompt'])).toEqual({ kind: 'tools-prompt', global: GLOBAL, mode: 'text' });
    expect(command(['tools', 'prompt', '--mode', 'VOICE', '--registry', 'r.json'])).toEqual({ kind: 'tools-prompt', global: GLOBAL, mode: 'voice', registry: 'r.json' });
  });

  it('refuses an unknown mode, naming the valid ones', () => {
    const error = usageError(['tools', 'prompt', '--mode', 'shout']);
    expect(error.message).toBe("Unknown --mode 'shout'. Use one of: text, voice.");
    expect(error.helpCommand).toBe('acode tools prompt');
  });

  it('needs NAME for doc and NAME plus --format for schema', () => {
    expect(command(['tools', 'doc', 'KB_Search'])).toEqual({ kind: 'tools-doc', global: GLOBAL, name: 'KB_Search' });
    expect(usageError(['tools', 'doc']).message).toBe('Missing tool NAME.');
    expect(usageError(['tools', 'doc', 'a', 'b']).message).toBe("Unexpected argument 'b'.");
    expect(command(['tools', 'schema', 'kb_search', '--format', 'Gemini'])).toEqual({ kind: 'tools-schema', global: GLOBAL, name: 'kb_search', format: 'gemini' });
    expect(usageError(['tools', 'schema', 'kb_search']).message).toMatch(/^Missing --format/);
  });
});

describe('parseCommandLine: tools exec', () => {
  it('reads every option, with the cli session by default', () => {
    expect(
      command(['tools', 'exec', 'file_read', '{"path":"README.md"}', '--mode', 'voice', '--confirm', 'tok-1', '--execution-id', 'e-1', '--registry', 'r.json', '--db', 'x.db', '--json']),
    ).toEqual({
      kind: 'tools-exec',
      global: GLOBAL,
      name: 'file_read',
      args: '{"path":"README.md"}',
      mode: 'voice',
      confirm: 'tok-1',
      executionId: 'e-1',
      session: 'cli',
      registry: 'r.json',
      db: 'x.db',
      json: true,
    });
    expect(command(['tools', 'exec', 'x', '{}', '--session', 'alice'])).toMatchObject({ session: 'alice', mode: 'text', json: false });
  });

  it('reads ARGS_JSON from standard input when absent or "-"', () => {
    expect(command(['tools', 'exec', 'file_read'])).not.toHaveProperty('args');
    expect(command(['tools', 'exec', 'file_read', '-'])).not.toHaveProperty('args');
  });

  it('refuses a missing NAME, an unknown flag, an unknown mode and unquoted JSON', () => {
    expect(usageError(['tools', 'exec']).message).toBe('Missing tool NAME.');
    expect(usageError(['tools', 'exec', '']).message).toBe('Missing tool NAME.');
    expect(usageError(['tools', 'exec', 'x', '{}', '--force']).message).toMatch(/Unknown option '--force'/);
    expect(usageError(['tools', 'exec', 'x', '{}', '--mode', 'shout']).message).toContain("Unknown --mode 'shout'");
    const split = usageError(['tools', 'exec', 'x', '{"a":', '1}']);
    expect(split.message).toBe("Unexpected argument '1}'. Quote ARGS_JSON as one argument.");
    expect(split.helpCommand).toBe('acode tools exec');
  });

  it('refuses tokens and ids with spaces, control characters or of absurd length', () => {
    expect(usageError(['tools', 'exec', 'x', '{}', '--confirm', 'a b']).message).toMatch(/^Invalid --confirm 'a b'/);
    expect(usageError(['tools', 'exec', 'x', '{}', '--execution-id', 'e\u001b[2J']).message).toContain('\\u001b');
    expect(usageError(['tools', 'exec', 'x', '{}', '--session', 's'.repeat(201)]).message).toMatch(/^Invalid --session/);
    expect(usageError(['tools', 'exec', 'x', '{}', '--confirm', '']).message).toMatch(/^Invalid --confirm/);
  });

  it("checks --execution-id by the executor's rule: a usage error, not a refused run", () => {
    for (const id of ['a/b', 'e'.repeat(129), 'café', 'a b']) {
      expect(usageError(['tools', 'exec', 'x', '{}', '--execution-id', id]).message, id).toMatch(/^Invalid --execution-id .*1 to 128 letters, digits/);
    }
    expect(command(['tools', 'exec', 'x', '{}', '--execution-id', 'call_1:r2.a-b'])).toMatchObject({ executionId: 'call_1:r2.a-b' });
  });

  it('lists the new subcommands when one is unknown', () => {
    expect(usageError(['tools', 'run']).message).toBe("Unknown subcommand 'tools run'. Use one of: list, show, validate, lint, build, prompt, doc, exec, schema, definitions, create, update, delete.");
  });
});
