import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt, type AcodeRun } from './support/spawn-acode.js';
import { FIXTURE_TOOLS, assertRepoTools, makeToolsProject } from './support/tools-project.js';

/**
 * End to end: `tools build` and `tools lint` of the built bin over a copy of the repository's
 * `tools/` and over a fixture folder seeded with one mistake of each kind (issue 5 acceptance).
 */

const STACK_TRACE = /\n\s+at /;
let root: string;
let home: string;
const runs: AcodeRun[] = [];

beforeAll(() => {
  assertBuilt();
  assertRepoTools();
  root = mkdtempSync(join(tmpdir(), 'acode-tools-build-'));
  home = join(root, 'home');
});

afterAll(() => {
  for (const run of runs) {
    expect(run.stdout + run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stderr).not.toMatch(/internal error/);
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

async function run(args: string[], cwd: string): Promise<AcodeRun> {
  const result = await acode(args, { cwd, home });
  runs.push(result);
  return result;
}

interface BuildJson {
  ok: boolean;
  version: string;
  builtAt: string;
  outFile: string;
  tools: Array<{ toolId: string }>;
}

async function buildVersion(cwd: string): Promise<string> {
  const result = await run(['tools', 'build', '--json'], cwd);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as BuildJson).version;
}

describe('acode tools build', () => {
  it('writes tool_registry.json in the project root, one line per tool, without starting the runtime', async () => {
    const project = makeToolsProject(join(root, 'plain'));
    const result = await run(['tools', 'build'], project);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✓ kb_search \d+\.\d+\.\d+ {2}\(tools\/kb-search\)$/m);
    expect(result.stdout).toMatch(/^Tool registry [0-9a-f]{16} \(\d+ tools, (commit [0-9a-f]{7}|no git commit)\) written to tool_registry\.json$/m);
    const artifact = JSON.parse(readFileSync(join(project, 'tool_registry.json'), 'utf8')) as { format: string; tools: Array<{ toolId: string }> };
    expect(artifact.format).toBe('acode.tool-registry');
    expect(artifact.tools.map((tool) => tool.toolId)).toEqual(expect.arrayContaining(['kb_search', 'kb_get', 'file_read', 'command_execute']));
    // No registry, model client or telemetry was started: the database does not exist.
    expect(existsSync(join(project, '.agent', 'acode.db'))).toBe(false);
  });

  it('gives the same version when built twice, and another when one character of one doc changes', async () => {
    const project = makeToolsProject(join(root, 'versions'));
    const first = await buildVersion(project);
    expect(await buildVersion(project)).toBe(first);

    const doc = join(project, 'tools', 'kb-search', 'doc.md');
    const original = readFileSync(doc, 'utf8');
    const index = original.indexOf('e');
    writeFileSync(doc, `${original.slice(0, index)}E${original.slice(index + 1)}`);
    const changed = await buildVersion(project);
    expect(changed).not.toBe(first);

    writeFileSync(doc, original);
    expect(await buildVersion(project)).toBe(first);
  });

  it('gives the same version to the same folders in another directory', async () => {
    const a = await buildVersion(makeToolsProject(join(root, 'machine-a')));
    const b = await buildVersion(makeToolsProject(join(root, 'machine-b')));
    expect(b).toBe(a);
  });

  it('fails on a folder seeded with one mistake of each kind, listing every one, and writes nothing', async () => {
    const cwd = makeToolsProject(join(root, 'broken'));
    const out = join(cwd, 'broken-registry.json');
    const result = await run(['tools', 'build', '--tools-dir', FIXTURE_TOOLS.broken, '--out', out], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    const expected: Array<[string, string]> = [
      ['missing-doc', 'ACODE-TBD-001'],
      ['unreadable-schema', 'ACODE-TBD-002'],
      ['bad-field', 'ACODE-TBD-003'],
      ['wrong-id', 'ACODE-TBD-004'],
      ['bad-parameters', 'ACODE-TBD-005'],
      ['long-summary', 'ACODE-TBD-006'],
      ['missing-section', 'ACODE-TBD-007'],
      ['no-execute', 'ACODE-TBD-008'],
      ['dup', 'ACODE-TBD-009'],
    ];
    for (const [folder, code] of expected) {
      expect(result.stderr, `${folder} ${code}`).toMatch(new RegExp(`^${folder}[^\\n]*: \\[${code}\\] `, 'm'));
    }
    expect(result.stderr).not.toMatch(/^good-tool/m);
    expect(result.stderr).toMatch(/^Build failed: \d+ errors in \d+ tool folders/m);
  });

  it('lints the same folder with the same problems, and the shipped tools clean', async () => {
    const cwd = makeToolsProject(join(root, 'lint'));
    const broken = await run(['tools', 'lint', '--tools-dir', FIXTURE_TOOLS.broken], cwd);
    expect(broken.code).toBe(1);
    for (const code of ['001', '002', '003', '004', '005', '006', '007', '008', '009']) expect(broken.stderr).toContain(`[ACODE-TBD-${code}]`);
    expect(existsSync(join(cwd, 'tool_registry.json'))).toBe(false);

    const shipped = await run(['tools', 'lint'], cwd);
    expect(shipped.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('warning: '))).toEqual([]);
    expect(shipped.code).toBe(0);
    expect(shipped.stdout).toMatch(/^Lint passed: \d+ tools, no errors/m);
  });

  it('replaces a corrupt tool_registry.json: building never needs a usable one', async () => {
    const project = makeToolsProject(join(root, 'corrupt'), { files: { 'tool_registry.json': '{"format": "nope"' } });
    const result = await run(['tools', 'build'], project);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(readFileSync(join(project, 'tool_registry.json'), 'utf8'))).toMatchObject({ format: 'acode.tool-registry' });
  });

  it('exits 2 for a usage error, with its code', async () => {
    const cwd = makeToolsProject(join(root, 'usage'));
    const result = await run(['tools', 'build', '--force'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^\[ACODE-CLI-001\] Unknown option '--force'/);
  });
});
