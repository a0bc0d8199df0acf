import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, acode, assertBuilt, type AcodeRun } from './support/spawn-acode.js';

/** Issue 13 item 5, "strict everywhere", through the built CLI. */

const MANY_PROPERTIES = Array.from({ length: 70 }, (_, i) => `          p${i}: { type: integer, description: An integer }`).join('\n');
const CONFIG = `
tool_registry:
  custom_tools:
    - name: many_integers
      version: "1.0.0"
      category: general
      description: A tool with seventy integer parameters
      parameters:
        type: object
        properties:
${MANY_PROPERTIES}
        additionalProperties: false
    - name: loose_pattern
      version: "1.0.0"
      category: general
      description: A tool whose pattern is not anchored
      parameters:
        type: object
        properties:
          slug: { type: string, description: A slug, pattern: "[a-z]+" }
        additionalProperties: false
`;

let root: string;
let home: string;
let project: string;

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'acode-strict-'));
  home = join(root, 'home');
  mkdirSync(home);
  project = join(root, 'project');
  mkdirSync(join(project, '.agent'), { recursive: true });
  writeFileSync(join(project, '.agent', 'config.yml'), CONFIG);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (args: string[], input?: string | Buffer): Promise<AcodeRun> => acode(args, { cwd: project, home, ...(input !== undefined ? { input } : {}) });

/** Runs the bin through `sh`, so ARGS_JSON can carry bytes that are not UTF-8 (`printf` octal escapes). */
function runWithRawArgument(printfFormat: string): Promise<AcodeRun> {
  return new Promise((resolve, reject) => {
    const script = `exec "$0" "$1" tools validate file_read "$(printf '${printfFormat}')" --json`;
    const child = spawn('/bin/sh', ['-c', script, process.execPath, BIN], { cwd: project, env: { PATH: process.env['PATH'] ?? '', HOME: home, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}

describe('acode tools validate', () => {
  it('refuses a duplicated key with ACODE-TSR-002 and the position of the second one', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":"/safe","path":"/etc/shadow"}', '--json']);
    expect(code).toBe(1);
    const envelope = JSON.parse(stdout);
    expect(envelope.errors[0].code).toBe('ACODE-TSR-002');
    expect(envelope.errors[0].message).toContain('"path"');
    expect(envelope.errors[0].message).toContain('position 16');
  });

  it('refuses invalid UTF-8 on stdin as the host does (ACODE-TSR-002), never as U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from('{"path":"/a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '--json'], bytes);
    expect(code).toBe(1);
    const envelope = JSON.parse(stdout);
    expect(envelope.errors[0]).toMatchObject({ code: 'ACODE-TSR-002', message: 'The arguments are not valid UTF-8 text' });
  });

  it('refuses invalid UTF-8 in the ARGS_JSON argument, and accepts a real U+FFFD there', async () => {
    const bad = await runWithRawArgument('{"path":"/a\\377"}');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).errors[0]).toMatchObject({ code: 'ACODE-TSR-002', message: 'The arguments are not valid UTF-8 text' });
    // U+FFFD written as its UTF-8 bytes EF BF BD is a character like any other.
    const genuine = await runWithRawArgument('{"path":"/a\\357\\277\\275"}');
    expect(genuine.code).toBe(0);
    expect(JSON.parse(genuine.stdout).arguments.path).toBe('/a\uFFFD');
  });

  it('refuses an integer past 2^53 - 1 with ACODE-TSR-010 instead of rounding it', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":"/a","start_line":9007199254740993}', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).errors[0]).toMatchObject({ code: 'ACODE-TSR-010', path: '/start_line' });
  });

  it('says that errors were left out past the cap, as JSON and as text', async () => {
    const args = JSON.stringify(Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, 'x'])));
    const json = await run(['tools', 'validate', 'many_integers', args, '--json']);
    expect(json.code).toBe(1);
    const envelope = JSON.parse(json.stdout);
    expect(envelope.errors).toHaveLength(50);
    expect(envelope.omitted_errors).toBeGreaterThanOrEqual(1);
    const text = await run(['tools', 'validate', 'many_integers', args]);
    expect(text.stdout).toMatch(/\.\.\.and at least \d+ more errors? not shown/);
  });

  it("refuses --version '>==1' as an invalid range (ACODE-TSR-011), for validate and show", async () => {
    const validate = await run(['tools', 'validate', 'file_read', '{"path":"/a"}', '--version', '>==1', '--json']);
    expect(validate.code).toBe(1);
    expect(JSON.parse(validate.stdout).errors[0].code).toBe('ACODE-TSR-011');
    const show = await run(['tools', 'show', 'file_read', '--version', '>==1', '--json']);
    expect(show.code).toBe(1);
    expect(JSON.parse(show.stdout).errors[0].code).toBe('ACODE-TSR-011');
    const missing = await run(['tools', 'show', 'file_read', '--version', '>=99', '--json']);
    expect(JSON.parse(missing.stdout).errors[0].code).toBe('ACODE-TSR-001');
  });
});
