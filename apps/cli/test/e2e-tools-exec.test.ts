import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolResponse } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt, type AcodeRun } from './support/spawn-acode.js';
import { FIXTURE_TOOLS, assertRepoTools, makeToolsProject } from './support/tools-project.js';

/**
 * End to end: `tools exec`, `tools prompt` and `tools doc` of the built bin in a project holding
 * the shipped tools plus fixture tools that sleep past their limit, throw, or are text-only,
 * built once with `tools build` (issue 5 acceptance).
 */

const STACK_TRACE = /\n\s+at /;
const README = '# Demo project\n\nThe file the acceptance test reads.\n';
let root: string;
let home: string;
let project: string;
let registryVersion: string;
const runs: AcodeRun[] = [];

beforeAll(async () => {
  assertBuilt();
  assertRepoTools();
  root = mkdtempSync(join(tmpdir(), 'acode-tools-exec-'));
  home = join(root, 'home');
  project = makeToolsProject(join(root, 'project'), { fixtures: [FIXTURE_TOOLS.exec], files: { 'README.md': README } });
  const build = await run(['tools', 'build', '--json']);
  expect(build.stderr).toBe('');
  expect(build.code).toBe(0);
  registryVersion = (JSON.parse(build.stdout) as { version: string }).version;
});

afterAll(() => {
  for (const result of runs) {
    expect(result.stdout + result.stderr).not.toMatch(STACK_TRACE);
    expect(result.stderr).not.toMatch(/internal error/);
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

async function run(args: string[], options: { cwd?: string; input?: string | Buffer } = {}): Promise<AcodeRun> {
  const result = await acode(args, { cwd: options.cwd ?? project, home, ...(options.input !== undefined ? { input: options.input } : {}) });
  runs.push(result);
  return result;
}

/** `tools exec ... --json`, its envelope parsed; the exit code must agree with `ok`. */
async function exec(name: string, args: string, ...flags: string[]): Promise<ToolResponse> {
  const result = await run(['tools', 'exec', name, args, '--json', ...flags]);
  expect(result.stderr).toBe('');
  const response = JSON.parse(result.stdout) as ToolResponse;
  expect(result.code).toBe(response.ok ? 0 : 1);
  return response;
}

function failure(response: ToolResponse) {
  if (response.ok) throw new Error(`expected a failure, got ${JSON.stringify(response.data)}`);
  return response.error;
}

describe('acode tools exec', () => {
  it('returns README.md in an ok envelope pinned to the built registry', async () => {
    const response = await exec('file_read', '{"path":"README.md"}');
    expect(response.ok).toBe(true);
    expect(JSON.stringify(response.ok ? response.data : null)).toContain('The file the acceptance test reads.');
    expect(response.meta).toMatchObject({ tool: 'file_read', registryVersion, mode: 'text', isolation: 'none' });
    expect(response.meta.executionId).not.toBe('');

    const human = await run(['tools', 'exec', 'read_file', '{"path":"README.md"}']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^✓ file_read \d+\.\d+\.\d+\n/);
    expect(human.stdout).toMatch(new RegExp(`^ {2}Registry: +${registryVersion}$`, 'm'));
  });

  it('refuses a path outside the workspace with POLICY_DENIED', async () => {
    const error = failure(await exec('file_read', '{"path":"../../etc/passwd"}'));
    expect(error.type).toBe('POLICY_DENIED');
    expect(error.message).not.toContain('root:');
  });

  it('runs command_execute only with its confirmation token, and only once', async () => {
    const args = '{"command":"echo acode-e2e-$((40+2))"}';
    const asked = failure(await exec('command_execute', args));
    expect(asked.type).toBe('CONFIRMATION_REQUIRED');
    const request = asked.confirmation_request;
    expect(request).toMatchObject({ tool: 'command_execute', args: { command: 'echo acode-e2e-$((40+2))' } });
    if (request === undefined) throw new Error('no confirmation request');

    // The human rendering prints the exact command line; the token is in it.
    const human = await run(['tools', 'exec', 'command_execute', args]);
    expect(human.stdout).toMatch(/^ {2}Confirm: +acode tools exec command_execute '\{.*\}' --confirm \S+$/m);

    const confirmed = await exec('command_execute', JSON.stringify(request.args), '--confirm', request.confirmation_token);
    expect(confirmed.ok).toBe(true);
    expect(JSON.stringify(confirmed.ok ? confirmed.data : null)).toContain('acode-e2e-42');
    expect(confirmed.meta.isolation).toBe('standard');

    const again = failure(await exec('command_execute', JSON.stringify(request.args), '--confirm', request.confirmation_token));
    expect(again.type).toBe('CONFIRMATION_REQUIRED');
    expect(again.details).toEqual({ reason: 'used' });
    expect(again.confirmation_request?.confirmation_token).not.toBe(request.confirmation_token);
  });

  it('refuses a token for other arguments', async () => {
    const asked = failure(await exec('command_execute', '{"command":"echo one"}'));
    const token = asked.confirmation_request?.confirmation_token ?? '';
    const other = failure(await exec('command_execute', '{"command":"echo two"}', '--confirm', token));
    expect(other.type).toBe('CONFIRMATION_REQUIRED');
    expect(other.details).toEqual({ reason: 'mismatch' });
  });

  it('ends a handler that sleeps past its limit with TIMEOUT', async () => {
    const error = failure(await exec('slow_sleeper', '{}'));
    expect(error.type).toBe('TIMEOUT');
  });

  it('turns a handler that throws into INTERNAL with partial side effects, without its message or stack', async () => {
    const result = await run(['tools', 'exec', 'crashing_tool', '{}', '--json']);
    expect(result.code).toBe(1);
    const error = failure(JSON.parse(result.stdout) as ToolResponse);
    expect(error.type).toBe('INTERNAL');
    expect(error.partialSideEffects).toBe(true);
    expect(result.stdout).not.toContain('/secret/internal/path.js');
    expect(result.stdout).not.toContain('TypeError');
  });

  it('refuses a text-only tool in voice mode with POLICY_DENIED', async () => {
    expect(failure(await exec('text_only', '{}', '--mode', 'voice')).type).toBe('POLICY_DENIED');
    expect(failure(await exec('command_execute', '{"command":"echo x"}', '--mode', 'voice')).type).toBe('POLICY_DENIED');
    expect((await exec('text_only', '{}')).ok).toBe(true);
  });

  it('runs kb_search with top_k 10 in voice mode with 3', async () => {
    // More than three records of the bundled knowledge base match, so only the clamp keeps it to three.
    const response = await exec('kb_search', '{"query":"production pipeline","top_k":10}', '--mode', 'voice');
    expect(response.meta.clampedArguments).toEqual([{ argument: 'top_k', requested: 10, applied: 3 }]);
    const data = (response.ok ? response.data : {}) as { results?: unknown[]; total_matches?: number };
    expect(data.total_matches).toBeGreaterThan(3);
    expect(data.results).toHaveLength(3);

    const text = await exec('kb_search', '{"query":"production pipeline","top_k":10}');
    expect(text.meta.clampedArguments).toBeUndefined();
    expect(((text.ok ? text.data : {}) as { results?: unknown[] }).results?.length).toBeGreaterThan(3);
  });

  it('replays the stored result for a repeated execution id', async () => {
    const first = await exec('file_read', '{"path":"README.md"}', '--execution-id', 'e2e-replay-1');
    const second = await exec('file_read', '{"path":"README.md"}', '--execution-id', 'e2e-replay-1');
    expect(first.meta.replayed).toBeUndefined();
    expect(second.meta.replayed).toBe(true);
    expect(second.ok && first.ok ? second.data : null).toEqual(first.ok ? first.data : undefined);
  });
});

describe('acode tools prompt and doc', () => {
  it('omits text-only tools from the voice prompt', async () => {
    const voice = await run(['tools', 'prompt', '--mode', 'voice']);
    expect(voice.code).toBe(0);
    expect(voice.stdout.split('\n')[0]).toBe(`## Available Tools (v${registryVersion})`);
    expect(voice.stdout).toMatch(/^\*\*kb_search\*\* \(retrieval\): \S/m);
    expect(voice.stdout).not.toContain('**text_only**');
    expect(voice.stdout).not.toContain('**command_execute**');

    const text = await run(['tools', 'prompt']);
    expect(text.stdout).toContain('**text_only**');
    expect(text.stdout).toContain('**command_execute**');
  });

  it('prints the full doc of kb_search with its seven sections', async () => {
    const result = await run(['tools', 'doc', 'KB_SEARCH']);
    expect(result.code).toBe(0);
    for (const section of ['Summary', 'Preconditions', 'Postconditions', 'Invariants', 'Failure Modes', 'Examples', 'Common Mistakes']) {
      expect(result.stdout).toMatch(new RegExp(`^## ${section}\\s*$`, 'm'));
    }
    const unknown = await run(['tools', 'doc', 'kb_serch']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^\[ACODE-TSR-001\] .*Available tools: .*kb_search/);
  });
});

describe('acode tools exec: hostile input', () => {
  it('answers ARGS_JSON that is not JSON with a VALIDATION envelope and a code', async () => {
    const result = await run(['tools', 'exec', 'file_read', '{"path": README.md}']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^✗ file_read: \[VALIDATION\] /);
    expect(result.stdout).toMatch(/ACODE-TSR-\d{3}/);
  });

  it('refuses 2 MB of arguments on standard input without running anything', async () => {
    const big = JSON.stringify({ path: 'x'.repeat(2 * 1024 * 1024) });
    const result = await run(['tools', 'exec', 'file_read', '-'], { input: big });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\[ACODE-TSR-009\] Arguments exceed the maximum size of \d+ bytes\.\n$/);
  });

  it('exits 2 for --mode shout, a missing NAME and an unknown flag', async () => {
    for (const args of [
      ['tools', 'exec', 'file_read', '{}', '--mode', 'shout'],
      ['tools', 'exec'],
      ['tools', 'exec', 'file_read', '{}', '--yes'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^\[ACODE-CLI-001\] /);
      expect(result.stdout).toBe('');
    }
  });

  it('exits 2 with ACODE-TBD-010 for a corrupt or missing registry, while other commands keep working', async () => {
    const corrupt = makeToolsProject(join(root, 'corrupt'), { files: { 'tool_registry.json': '{"format":"acode.tool-registry","tools":[' } });
    const result = await run(['tools', 'exec', 'file_read', '{"path":"README.md"}'], { cwd: corrupt });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^\[ACODE-TBD-010\] .*pnpm run build:tools/m);
    expect(existsSync(join(corrupt, '.agent', 'acode.db'))).toBe(false);
    const list = await run(['tools', 'list'], { cwd: corrupt });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('file_read');

    const missing = makeToolsProject(join(root, 'unbuilt'));
    const prompt = await run(['tools', 'prompt'], { cwd: missing });
    expect(prompt.code).toBe(2);
    expect(prompt.stderr).toMatch(/^\[ACODE-TBD-010\] No built tool registry at .*tool_registry\.json\. Run 'pnpm run build:tools'/);
  });

  it('creates no database for commands that execute nothing', async () => {
    const fresh = makeToolsProject(join(root, 'fresh'));
    expect((await run(['tools', 'build'], { cwd: fresh })).code).toBe(0);
    for (const args of [['tools', 'list'], ['tools', 'prompt'], ['tools', 'doc', 'kb_get']]) {
      expect((await run(args, { cwd: fresh })).code, args.join(' ')).toBe(0);
    }
    expect(existsSync(join(fresh, '.agent', 'acode.db'))).toBe(false);
    writeFileSync(join(fresh, 'README.md'), README);
    expect((await run(['tools', 'exec', 'file_read', '{"path":"README.md"}'], { cwd: fresh })).code).toBe(0);
    expect(existsSync(join(fresh, '.agent', 'acode.db'))).toBe(true);
  });
});
