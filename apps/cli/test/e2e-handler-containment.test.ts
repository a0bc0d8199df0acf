import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt } from './support/spawn-acode.js';
import { FIXTURE_TOOLS } from './support/tools-project.js';

/**
 * Issue 13, item 2, end to end with the built bin: a tool folder cannot put its handler inside the
 * CLI's process, nothing a handler prints reaches the CLI's output, and what it starts does not
 * outlive the run.
 */

let root: string;
let home: string;

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'acode-containment-'));
  home = join(root, 'home');
  mkdirSync(home);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A project whose tools/ holds one folder `name` (docs borrowed from a fixture), with this handler and constraints. */
function projectWith(name: string, handler: string, constraints: Record<string, unknown>): string {
  const dir = join(root, name);
  const folder = join(dir, 'tools', name.replaceAll('_', '-'));
  mkdirSync(join(dir, '.agent'), { recursive: true });
  writeFileSync(join(dir, '.agent', 'config.yml'), 'tool_registry: {}\n');
  mkdirSync(folder, { recursive: true });
  for (const file of ['doc.md', 'doc_summary.md']) cpSync(join(FIXTURE_TOOLS.exec, 'text-only', file), join(folder, file));
  const schema = JSON.parse(readFileSync(join(FIXTURE_TOOLS.exec, 'text-only', 'schema.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(folder, 'schema.json'), JSON.stringify({ ...schema, toolId: name, description: `Fixture ${name}.`, constraints }, null, 2));
  writeFileSync(join(folder, 'handler.js'), handler);
  return dir;
}

/** Whether a process still runs; a zombie (killed, not yet reaped) runs nothing. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function stopsRunning(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('handlers cannot reach the host (issue 13)', () => {
  it('refuses at build a tool folder asking for isolation none, so its busy loop never runs in process', async () => {
    const dir = projectWith('spins', 'console.log("IN-PROCESS");\nexport function execute() { for (;;); }\n', { requiredIsolation: 'none', maxExecutionTimeMs: 60_000 });
    const build = await acode(['tools', 'build'], { cwd: dir, home });
    expect(build.code).not.toBe(0);
    expect(build.stdout + build.stderr).toContain('constraints/requiredIsolation');
    expect(build.stdout + build.stderr).toContain('requiredIsolation "none" would run the handler inside the host');
    expect(build.stdout + build.stderr).not.toContain('IN-PROCESS');
    expect(existsSync(join(dir, 'tool_registry.json'))).toBe(false);
  });

  it("keeps a handler's prints out of --json and ends the processes it leaves, detached or not", async () => {
    const handler = `import { spawn } from 'node:child_process';
export async function execute() {
  console.log('HANDLER-STDOUT');
  console.error('HANDLER-STDERR');
  const sleeper = spawn('/bin/sleep', ['30'], { detached: true, stdio: 'ignore' });
  sleeper.unref();
  const grouped = spawn('/bin/sleep', ['30'], { stdio: 'ignore' });
  grouped.unref();
  spawn('/bin/sh', ['-c', 'sleep 0.3; echo GRANDCHILD-STDOUT'], { detached: true, stdio: 'inherit' }).unref();
  return { ok: true, data: { pids: [sleeper.pid, grouped.pid] } };
}
`;
    const dir = projectWith('prints', handler, { requiredIsolation: 'standard', maxExecutionTimeMs: 10_000 });
    const build = await acode(['tools', 'build'], { cwd: dir, home });
    expect(build.code).toBe(0);
    const run = await acode(['tools', 'exec', 'prints', '{}', '--json'], { cwd: dir, home });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const response = JSON.parse(run.stdout) as { ok: boolean; data: { pids: number[] }; meta: { isolation: string } };
    expect(response).toMatchObject({ ok: true, meta: { isolation: 'standard' } });
    expect(run.stdout).not.toMatch(/HANDLER|GRANDCHILD/);
    for (const pid of response.data.pids) expect(await stopsRunning(pid)).toBe(true);
  });
});
