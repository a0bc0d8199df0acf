import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/arguments.js';
import { acode, assertBuilt } from './support/spawn-acode.js';

/** `acode config show` and `acode config set` end to end: the built bin in temporary projects. */

const STACK_TRACE = /\n\s+at /;
const COMMENTED = `# Team settings: do not remove this comment
model:
  providers:
    ollama:
      tool_call:
        max_retries: 3   # attempts, including the first
        enable_auto_repair: true
tool_registry:
  max_errors: 20
`;

let root: string;
let home: string;

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'acode-config-e2e-'));
  home = join(root, 'home');
  mkdirSync(home);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, content?: string): { dir: string; file: string } {
  const dir = join(root, name);
  const file = join(dir, '.agent', 'config.yml');
  mkdirSync(join(dir, '.agent'), { recursive: true });
  if (content !== undefined) writeFileSync(file, content);
  return { dir, file };
}

describe('acode config set', () => {
  it('sets a value, keeps the comments and order, and prints what it did', async () => {
    const { dir, file } = project('set-ok', COMMENTED);
    const run = await acode(['config', 'set', 'model.providers.ollama.tool_call.max_retries', '5'], { cwd: dir, home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    // A retry setting: a running host's gateway takes it up at once.
    expect(run.stdout).toBe(`Set model.providers.ollama.tool_call.max_retries = 5 in ${file}\nA running host applies this at once (it reloads the file when it changes).\n`);
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED.replace('max_retries: 3', 'max_retries: 5'));
    expect(readdirSync(join(dir, '.agent'))).toEqual(['config.yml']);
  });

  it('says when a running host needs a restart for the setting', async () => {
    const { dir, file } = project('set-restart', COMMENTED);
    const run = await acode(['config', 'set', 'tool_registry.max_errors', '7'], { cwd: dir, home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`Set tool_registry.max_errors = 7 in ${file}\nA running host keeps its current value until it is restarted.\n`);
  });

  it('removes the temporary files of writes killed earlier, and leaves a live writer\'s (issue 13)', async () => {
    const { dir, file } = project('set-stale', COMMENTED);
    const agent = join(dir, '.agent');
    // A pid that is surely dead: a process that has exited and been reaped.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const stale = [`.config.yml.${dead}.0123456789ab.tmp`, `.config.yml.${dead}.ba9876543210.tmp`];
    for (const name of stale) writeFileSync(join(agent, name), 'half a write');
    // This test's process is alive: its recent file is a write in progress and stays; one an hour old does not.
    const live = `.config.yml.${process.pid}.aaaaaaaaaaaa.tmp`;
    const oldLive = `.config.yml.${process.pid}.bbbbbbbbbbbb.tmp`;
    writeFileSync(join(agent, live), 'in progress');
    writeFileSync(join(agent, oldLive), 'forgotten');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(join(agent, oldLive), anHourAgo, anHourAgo);
    // Not of the pattern: never touched.
    writeFileSync(join(agent, '.config.yml.notes.tmp'), 'mine');
    const run = await acode(['config', 'set', 'tool_registry.max_errors', '7'], { cwd: dir, home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(file, 'utf8')).toContain('max_errors: 7');
    expect(readdirSync(agent).sort()).toEqual(['.config.yml.notes.tmp', live, 'config.yml'].sort());
  });

  it('finds the project file from a subdirectory', async () => {
    const { dir, file } = project('set-nested', COMMENTED);
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    const run = await acode(['config', 'set', 'tool_registry.max_errors', '30'], { cwd: join(dir, 'src', 'deep'), home });
    expect(run.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('max_errors: 30');
  });

  it('creates .agent/config.yml in the working directory when there is none', async () => {
    const dir = join(root, 'set-new');
    mkdirSync(dir);
    const run = await acode(['config', 'set', 'tool_registry.disabled_tools', '[git_commit, git_diff]'], { cwd: dir, home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created ');
    expect(readFileSync(join(dir, '.agent', 'config.yml'), 'utf8')).toBe('tool_registry:\n  disabled_tools: [ git_commit, git_diff ]\n');
  });

  it.each([
    ['an unknown key', ['tool_registry.max_schma_size', '5'], 'ACODE-CFG-003', /max_schema_size/],
    ['a value out of range', ['model.providers.ollama.tool_call.max_retries', '50'], 'ACODE-CFG-002', /from 1 to 10/],
    ['a value of the wrong type', ['model.providers.ollama.tool_call.enable_auto_repair', 'maybe'], 'ACODE-CFG-002', /true or false/],
  ])('refuses %s with exit 2 and its code, leaving the file byte for byte', async (_, args, code, message) => {
    const { dir, file } = project(`refused-${code}-${args[0]}`, COMMENTED);
    const run = await acode(['config', 'set', ...args], { cwd: dir, home });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`[${code}]`);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
  });

  it('refuses to edit a file with YAML errors, naming line and column', async () => {
    const broken = 'model:\n  providers: [ollama\n';
    const { dir, file } = project('broken', broken);
    const run = await acode(['config', 'set', 'tool_registry.max_errors', '5'], { cwd: dir, home });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/\[ACODE-CFG-001\] .*config\.yml:\d+:\d+: YAML syntax error/);
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });

  it('escapes control characters of a hostile key instead of printing them', async () => {
    const { dir } = project('hostile', COMMENTED);
    const run = await acode(['config', 'set', 'tool_registry.\u001b[2Jx', '1'], { cwd: dir, home });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('\u001b');
  });
});

describe('acode config show', () => {
  it("prints 002's Tool Call Parsing Configuration layout for a provider", async () => {
    const { dir } = project('show', COMMENTED);
    const run = await acode(['config', 'show', 'model.providers.ollama.tool_call'], { cwd: dir, home });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('Tool Call Parsing Configuration:');
    expect(lines).toContain('  max_retries:           3');
    expect(lines).toContain('  max_argument_size:     1048576 (1 MB)');
    expect(lines).toContain('  strict_validation:     true');
  });

  it('prints a single setting bare, and JSON with --json', async () => {
    const { dir } = project('show-scalar', COMMENTED);
    expect((await acode(['config', 'show', 'tool_registry.max_errors'], { cwd: dir, home })).stdout).toBe('20\n');
    const json = await acode(['config', 'show', 'tool_registry', '--json'], { cwd: dir, home });
    expect(JSON.parse(json.stdout)).toMatchObject({ max_errors: 20, strict_mode: true, disabled_tools: [] });
  });

  it('shows what a set wrote', async () => {
    const { dir } = project('round-trip', COMMENTED);
    await acode(['config', 'set', 'model.providers.vllm.tool_call.retry_delay_ms', '250'], { cwd: dir, home });
    const run = await acode(['config', 'show', 'model.providers.vllm.tool_call.retry_delay_ms'], { cwd: dir, home });
    expect(run).toMatchObject({ code: 0, stdout: '250\n' });
  });

  it('refuses an unknown key with exit 2 and ACODE-CFG-003', async () => {
    const { dir } = project('show-unknown', COMMENTED);
    const run = await acode(['config', 'show', 'model.providers.ollama.tool_call.max_retry'], { cwd: dir, home });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/\[ACODE-CFG-003\].*keys of tool_call: max_retries/);
  });
});

describe('parseCommandLine: config', () => {
  it('reads show with an optional KEY and set with KEY and VALUE', () => {
    expect(parseCommandLine(['config', 'show'])).toMatchObject({ ok: true, command: { kind: 'config-show', key: '', json: false } });
    expect(parseCommandLine(['config', 'show', 'tool_registry', '--json'])).toMatchObject({ ok: true, command: { key: 'tool_registry', json: true } });
    expect(parseCommandLine(['config', 'set', 'a.b', '--', '-1'])).toMatchObject({ ok: true, command: { kind: 'config-set', key: 'a.b', value: '-1' } });
  });

  it.each([
    [['config'], /Missing subcommand/],
    [['config', 'get', 'x'], /Unknown subcommand 'config get'/],
    [['config', 'set'], /Missing KEY and VALUE/],
    [['config', 'set', 'tool_registry.max_errors'], /Missing VALUE/],
    [['config', 'set', 'a', 'b', 'c'], /Unexpected argument 'c'/],
    [['config', 'show', 'a', 'b'], /Unexpected argument 'b'/],
    [['config', 'set', 'a', 'b', '--json'], /Unknown option '--json'/],
  ])('refuses %j as a usage error', (argv, message) => {
    const parsed = parseCommandLine(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toMatch(message);
  });
});
