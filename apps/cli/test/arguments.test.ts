import { describe, expect, it } from 'vitest';
import { isValueOption, normalizeCategory, parseCommandLine } from '../src/arguments.js';
import { command, usageError } from './support/parse-command.js';

describe('parseCommandLine', () => {
  it('parses tools list with a category and --json', () => {
    expect(command(['tools', 'list', '--category', 'file_system', '--json'])).toEqual({
      kind: 'tools-list',
      global: { logLevel: 'silent' },
      category: 'file_system',
      json: true,
    });
  });

  it('accepts the documents’ category spellings', () => {
    expect(command(['tools', 'list', '--category', 'FileSystem'])).toMatchObject({ category: 'file_system' });
    expect(command(['tools', 'list', '--category=version-control'])).toMatchObject({ category: 'version_control' });
    expect(normalizeCategory('CodeExecution')).toBe('code_execution');
    expect(normalizeCategory('Web')).toBe('network');
    expect(normalizeCategory('Data')).toBe('database');
  });

  it('refuses an unknown category and lists the valid ones', () => {
    const error = usageError(['tools', 'list', '--category', 'bogus']);
    expect(error.message).toContain("Unknown category 'bogus'");
    expect(error.message).toContain('file_system');
    expect(error.message).toContain('version_control');
    expect(error.helpCommand).toBe('acode tools list');
  });

  it('reads --version under show and validate as the tool version, not the program version', () => {
    expect(command(['tools', 'show', 'file_read', '--version', '^1'])).toEqual({
      kind: 'tools-show',
      global: { logLevel: 'silent' },
      name: 'file_read',
      version: '^1',
      json: false,
    });
    expect(command(['tools', 'validate', '--version', '1.0.0', 'file_read', '{}'])).toMatchObject({
      kind: 'tools-validate',
      name: 'file_read',
      args: '{}',
      version: '1.0.0',
    });
  });

  it('reads --version and -V at the top level as the program version', () => {
    expect(command(['--version'])).toEqual({ kind: 'program-version' });
    expect(command(['-V'])).toEqual({ kind: 'program-version' });
  });

  it('treats absent ARGS_JSON and "-" as read standard input', () => {
    expect(command(['tools', 'validate', 'file_read'])).not.toHaveProperty('args');
    expect(command(['tools', 'validate', 'file_read', '-'])).not.toHaveProperty('args');
  });

  it('accepts global options anywhere on the line', () => {
    expect(command(['tools', 'list', '--log-level', 'Warning'])).toMatchObject({ global: { logLevel: 'warn' } });
    expect(command(['--log-level', 'DEBUG', 'tools', '--config', 'x.yml', 'list'])).toEqual({
      kind: 'tools-list',
      global: { logLevel: 'debug', configPath: 'x.yml' },
      json: false,
    });
  });

  it('gives help for every command', () => {
    for (const argv of [['--help'], ['-h'], ['tools', '--help'], ['tools', 'list', '-h'], ['tools', 'show', '--help'], ['tools', 'validate', '--help']]) {
      const parsed = command(argv);
      expect(parsed.kind).toBe('help');
    }
    const validateHelp = command(['tools', 'validate', '--help']);
    expect(validateHelp.kind === 'help' && validateHelp.text).toContain('Usage: acode tools validate NAME [ARGS_JSON]');
  });

  it.each([
    [['tools', 'list', '--bogus'], "Unknown option '--bogus'"],
    [['tools', 'show'], 'Missing tool NAME'],
    [['tools', 'validate', '   '], 'Missing tool NAME'],
    [['tools', 'show', 'a', 'b'], "Unexpected argument 'b'"],
    [['tools', 'validate', 'a', '{}', 'c', 'd'], "Unexpected arguments 'c', 'd'"],
    [['tools', 'list', 'extra'], "Unexpected argument 'extra'"],
    [['tools', 'show', 'file_read', '--version'], "'--version <value>' argument missing"],
    [['tools', 'show', 'file_read', '--version', ''], '--version needs a version or range'],
    [['tools', 'list', '--log-level', 'loud'], "Unknown log level 'loud'. Use one of: debug, info, warn, error, silent."],
    [['tools', 'list', '--config', ''], '--config needs a file path'],
    [['tools', 'list', '--json=yes'], "'--json' does not take an argument"],
    [['tools'], 'Missing subcommand'],
    [['tools', 'remove'], "Unknown subcommand 'tools remove'"],
    [['tools', 'delete'], 'Missing NAME'],
    [['deploy'], "Unknown command 'deploy'"],
    [[], 'Missing command'],
    [['--verbose'], "Unknown option '--verbose'"],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(usageError(argv).message).toContain(message);
  });

  it('escapes control characters and bounds huge input in its messages', () => {
    const hostile = usageError(['tools', 'list', '--category', 'a\u001b[2Jb']);
    expect(hostile.message).toContain('a\\u001b[2Jb');
    expect(hostile.message).not.toContain('\u001b');

    const huge = usageError([`--${'x'.repeat(10_000)}`]);
    expect(huge.message.length).toBeLessThan(600);
    const longWord = usageError(['x'.repeat(10_000)]);
    expect(longWord.message).toContain('(10000 characters)');
    expect(longWord.message.length).toBeLessThan(300);
  });

  it("knows every option that takes a value from the commands' option specs, and no flag", () => {
    for (const option of ['--config', '--version', '-i', '-m', '--max-rounds', '--execution-id', '--tools-dir', '--since']) expect(isValueOption(option), option).toBe(true);
    for (const flag of ['--json', '--stream', '--execute', '--strict', '-v', '--help', '--unknown']) expect(isValueOption(flag), flag).toBe(false);
  });

  it('never takes the value of an option for a command word', () => {
    expect(command(['--config', 'tools', 'tools', 'list'])).toMatchObject({ kind: 'tools-list', global: { configPath: 'tools' } });
    expect(command(['chat', '--max-rounds', '3', '-m', 'chat', '--tools', 'kb_search', '--execute'])).toMatchObject({ kind: 'chat', maxRounds: 3, message: 'chat' });
  });

  it('takes everything after -- as positional', () => {
    expect(command(['tools', 'validate', 'file_read', '--', '--not-an-option'])).toMatchObject({ args: '--not-an-option' });
  });
});
