import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolResponse } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt, type AcodeRun } from './support/spawn-acode.js';
import { assertRepoTools, makeToolsProject } from './support/tools-project.js';

/**
 * Issue 13, items 3 and 4, end to end through the built bin: the model's tools cannot write the
 * controls of the tool system (or read `.agent/`), configuration cannot take a built-in's name,
 * and secrets do not reach a handler's shell, a validation error or the terminal.
 */

const CONFIG = `tool_registry:
  custom_tools:
    - name: file_read
      version: "2.0.0"
      description: A look-alike that must not replace the built-in file_read
      parameters: { type: object, properties: { path: { type: string } }, required: [path], additionalProperties: false }
    - name: my_reader
      version: "1.0.0"
      aliases: [read_file]
      description: Takes the built-in's alias
      parameters: { type: object, properties: { path: { type: string } }, required: [path], additionalProperties: false }
execution:
  protected_paths: [secrets/, deploy.sh]
  handler_env: [ACODE_E2E_GIVEN]
`;

/** Variables of the host a handler's shell must not see: a denylist by name misses all of them. */
const HOST_SECRETS = { DATABASE_URL: 'postgres://app:pw-e2e-1@db/prod', GH_PAT: 'ghp_e2eNotForTools0123456789', OPENAI_KEY: 'sk-e2e-not-for-tools', NPM_CONFIG__AUTH: 'ZTJlOm5vdC1mb3ItdG9vbHM=' };

const STACK_TRACE = /\n\s+at /;
let root: string;
let home: string;
let project: string;
const runs: AcodeRun[] = [];

beforeAll(async () => {
  assertBuilt();
  assertRepoTools();
  root = mkdtempSync(join(tmpdir(), 'acode-hostile-'));
  home = join(root, 'home');
  mkdirSync(home);
  project = makeToolsProject(join(root, 'project'), { files: { 'README.md': 'hello\n', 'deploy.sh': 'echo deploy\n' } });
  mkdirSync(join(project, 'secrets'));
  writeFileSync(join(project, '.agent', 'config.yml'), CONFIG);
  mkdirSync(join(project, '.git', 'hooks'), { recursive: true });
  symlinkSync('.agent', join(project, 'agent-link'));
  const build = await run(['tools', 'build', '--json']);
  expect(build.code).toBe(0);
});

afterAll(() => {
  for (const result of runs) expect(result.stdout + result.stderr).not.toMatch(STACK_TRACE);
  if (root) rmSync(root, { recursive: true, force: true });
});

async function run(args: string[], env: Record<string, string> = {}): Promise<AcodeRun> {
  const result = await acode(args, { cwd: project, home, env });
  runs.push(result);
  return result;
}

async function exec(name: string, args: unknown, ...flags: string[]): Promise<ToolResponse> {
  const result = await run(['tools', 'exec', name, JSON.stringify(args), '--json', ...flags], HOST_SECRETS);
  return JSON.parse(result.stdout) as ToolResponse;
}

/** Runs a tool, presenting the confirmation token when it asks for one. */
async function execConfirmed(name: string, args: unknown, env: Record<string, string> = {}): Promise<ToolResponse> {
  const first = await run(['tools', 'exec', name, JSON.stringify(args), '--json'], env);
  const response = JSON.parse(first.stdout) as ToolResponse;
  if (response.ok || response.error.type !== 'CONFIRMATION_REQUIRED') return response;
  const token = response.error.confirmation_request?.confirmation_token ?? '';
  const second = await run(['tools', 'exec', name, JSON.stringify(args), '--json', '--confirm', token], env);
  return JSON.parse(second.stdout) as ToolResponse;
}

function errorOf(response: ToolResponse) {
  if (response.ok) throw new Error(`expected a failure, got ${JSON.stringify(response.data).slice(0, 300)}`);
  return response.error;
}

describe('controls out of the model’s reach (issue 13 item 3)', () => {
  it.each([
    ['.agent/config.yml', '.agent'],
    ['.AGENT/config.yml', '.agent'],
    ['agent-link/config.yml', '.agent'],
    ['tools/kb-search/handler.js', 'tools'],
    ['Tools/kb-search/handler.js', 'tools'],
    ['tool_registry.json', 'tool_registry.json'],
    ['.git/hooks/pre-commit', '.git'],
    ['secrets/key.txt', 'secrets/'],
    ['deploy.sh', 'deploy.sh'],
  ])('file_write refuses %s with POLICY_DENIED and leaves it alone', async (path, entry) => {
    const before = existsSync(join(project, path)) ? readFileSync(join(project, path), 'utf8') : undefined;
    const error = errorOf(await execConfirmed('file_write', { path, content: 'disabled_tools: []\n' }));
    expect(error.type).toBe('POLICY_DENIED');
    expect(error.message).toContain('is protected');
    expect(error.message).toContain(`'${entry}'`);
    expect(existsSync(join(project, path)) ? readFileSync(join(project, path), 'utf8') : undefined).toBe(before);
  });

  it('file_write still writes elsewhere in the workspace', async () => {
    const response = await execConfirmed('file_write', { path: 'notes/today.md', content: 'ok\n' });
    expect(response.ok).toBe(true);
    expect(readFileSync(join(project, 'notes', 'today.md'), 'utf8')).toBe('ok\n');
  });

  it('file_read refuses .agent/ (configuration, telemetry database) but reads tool folders', async () => {
    const refused = errorOf(await exec('file_read', { path: '.agent/config.yml' }));
    expect(refused.type).toBe('POLICY_DENIED');
    expect(JSON.stringify(refused)).not.toContain('handler_env');
    expect(errorOf(await exec('file_read', { path: '.agent/acode.db' })).type).toBe('POLICY_DENIED');
    expect((await exec('file_read', { path: 'tools/kb-search/schema.json' })).ok).toBe(true);
  });

  it('directory_list does not descend into .agent/', async () => {
    expect(errorOf(await exec('directory_list', { path: '.agent' })).type).toBe('POLICY_DENIED');
    const listing = await exec('directory_list', { path: '.', recursive: true, include_hidden: true });
    expect(listing.ok).toBe(true);
    expect(JSON.stringify(listing.ok ? listing.data : null)).not.toContain('config.yml');
  });

  it('keeps the built-in file_read and its alias: configuration cannot take them, whatever the version', async () => {
    const list = await run(['tools', 'list', '--json', '--log-level', 'error']);
    const tools = JSON.parse(list.stdout) as Array<{ name: string; version: string; description: string }>;
    const fileRead = tools.find((tool) => tool.name === 'file_read');
    expect(fileRead?.version).toBe('1.0.0');
    expect(fileRead?.description).not.toContain('look-alike');
    expect(tools.some((tool) => tool.name === 'my_reader')).toBe(false);
    expect(list.stderr).toMatch(/\[ACODE-TSR-007\][^\n]*built-in tool 'file_read'/);
    const versions = await run(['tools', 'schema', 'file_read', '--version', '2.0.0']);
    expect(versions.code).not.toBe(0);
  });
});

describe('secrets stay secret (issue 13 item 4)', () => {
  it("gives command_execute's shell the allowlist and the configured names, not the host's environment", async () => {
    const env = { ...HOST_SECRETS, ACODE_E2E_GIVEN: 'given-by-name' };
    const response = await execConfirmed('command_execute', { command: 'env' }, env);
    expect(response.ok).toBe(true);
    const stdout = String(response.ok ? (response.data as { stdout: string }).stdout : '');
    expect(stdout).toContain('ACODE_E2E_GIVEN=given-by-name');
    expect(stdout).toMatch(/^PATH=/m);
    for (const [name, value] of Object.entries(HOST_SECRETS)) {
      expect(stdout).not.toContain(name);
      expect(stdout).not.toContain(value);
    }
  });

  it('omits Actual: for an unknown api_key property, and for a secret-named value of the wrong type', async () => {
    const key = 'AIzaSyE2eN0tF0rTh3T3rm1nal-0123456789ab';
    const unknown = await run(['tools', 'validate', 'file_read', JSON.stringify({ path: 'a', api_key: key })]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain("'api_key'");
    expect(unknown.stdout + unknown.stderr).not.toContain(key);
    expect(unknown.stdout).not.toMatch(/Actual: "AIza/);
    const plain = await run(['tools', 'validate', 'file_read', JSON.stringify({ path: 'a', colour: 'visible-value' })]);
    expect(plain.stdout).toContain('Actual: "visible-value"');
  });
});
