import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt } from './support/spawn-acode.js';
import { TICKET_YAML } from './support/ticket-definition.js';

// Issue 16 item 2 as a user runs it: the built CLI against the built host (`node
// apps/host/dist/main.js --port 0`) in a project of its own, with an admin token. A definition
// created from a YAML file validates through the host at once, is updated and deleted live, and
// refusals print every error's code and path. The CLI does not depend on @acode/host: the host is
// run as a program, as a user would.

const HOST_MAIN = fileURLToPath(new URL('../../host/dist/main.js', import.meta.url));
const LISTENING = /Acode host listening on (http:\/\/127\.0\.0\.1:\d+)/;
const TOKEN = 'e2e-admin-token-do-not-print';

let dir: string;
let host: ChildProcess | undefined;
let baseUrl: string;
let hostLog = '';

beforeAll(async () => {
  assertBuilt();
  if (!existsSync(HOST_MAIN)) throw new Error(`${HOST_MAIN} is missing: build the host first (cd apps/host && npx tsc -p tsconfig.build.json)`);
  dir = mkdtempSync(join(tmpdir(), 'acode-definitions-e2e-'));
  mkdirSync(join(dir, '.agent'));
  writeFileSync(join(dir, '.agent', 'config.yml'), 'gateway:\n  auth_token_env: E2E_ADMIN_TOKEN\n');
  host = spawn(process.execPath, [HOST_MAIN, '--port', '0', '--log-level', 'info'], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', HOME: dir, E2E_ADMIN_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    host!.stderr!.on('data', (chunk: Buffer) => {
      hostLog += chunk.toString('utf8');
      const match = LISTENING.exec(hostLog);
      if (match) resolve(match[1]!);
    });
    host!.on('exit', (code) => reject(new Error(`the host exited with ${code} before listening:\n${hostLog}`)));
  });
}, 30_000);

afterAll(async () => {
  if (host !== undefined && host.exitCode === null) {
    const exited = new Promise((resolve) => host!.on('exit', resolve));
    host.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], options: { input?: string; token?: boolean } = {}) {
  return acode(['tools', ...args], {
    cwd: dir,
    home: dir,
    env: { ACODE_HOST_URL: baseUrl, ...(options.token === false ? {} : { ACODE_HOST_TOKEN: TOKEN }) },
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
}

async function validate(name: string, args: unknown): Promise<number> {
  const response = await fetch(`${baseUrl}/v1/tools/${name}/validate`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(args) });
  await response.arrayBuffer();
  return response.status;
}

describe('acode tools create|update|delete against a running host', () => {
  it('creates from YAML, updates and deletes live, and never prints the token', async () => {
    writeFileSync(join(dir, 'ticket.yaml'), TICKET_YAML);
    expect(await validate('ticket_create', { title: 'Printer on fire' })).toBe(404);

    const created = await cli(['create', 'ticket.yaml', '--actor', 'e2e']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const id = /^Created ticket_create v1\.0\.0 \(id ([0-9a-f-]+)\)\n$/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();
    // Registered at once: no restart.
    expect(await validate('ticket_create', { title: 'Printer on fire' })).toBe(200);

    const listed = await cli(['definitions']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`│ ${id} │ ticket_create\\s+│ 1\\.0\\.0\\s+│ stored\\s+│ no\\s+│`));
    expect(listed.stdout).toMatch(/│ -\s+│ file_read\s+│ 1\.0\.0\s+│ built_in\s+│ yes\s+│/);

    const widened = TICKET_YAML.replace('Creates a ticket', 'Opens a ticket').replace(
      'title: { type: string, minLength: 1 }',
      'title: { type: string, minLength: 1 }\n    priority: { type: string, enum: [low, high] }',
    );
    const updated = await cli(['update', id!, '-'], { input: widened });
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(/^Updated ticket_create v1\.0\.0 \(id [0-9a-f-]+; changed: (description, parameters|parameters, description)\)\n$/);
    expect(await validate('ticket_create', { title: 'x', priority: 'high' })).toBe(200);

    const deleted = await cli(['delete', id!, '--json']);
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout).definition).toMatchObject({ id, name: 'ticket_create' });
    expect(await validate('ticket_create', { title: 'x' })).toBe(404);

    for (const run of [created, listed, updated, deleted]) expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });

  it('prints every refused error with its code and path (exit 1), and refuses without the token', async () => {
    const bad = JSON.stringify({ name: 'Bad Name', description: 'x', version: '1', category: 'external_api', parameters: { type: 'object', properties: { a: {} } } });
    writeFileSync(join(dir, 'bad.json'), bad);
    const refused = await cli(['create', 'bad.json']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    const errorLines = refused.stderr.split('\n').filter((line) => line.startsWith('  ['));
    expect(errorLines.length).toBeGreaterThanOrEqual(3);
    expect(errorLines).toEqual(expect.arrayContaining([expect.stringMatching(/^ {2}\[ACODE-DEF-001\] \/name: /), expect.stringMatching(/^ {2}\[ACODE-DEF-001\] \/version: /), expect.stringMatching(/^ {2}\[ACODE-[A-Z]{3}-\d{3}\] \/parameters\/properties\/a: /)]));

    const builtIn = await cli(['create', '-'], { input: TICKET_YAML.replace('ticket_create', 'file_read').replace('1.0.0', '9.0.0') });
    expect(builtIn.code).toBe(1);
    expect(builtIn.stderr).toContain('built_in');

    writeFileSync(join(dir, 'ticket.yaml'), TICKET_YAML);
    const withoutToken = await cli(['create', 'ticket.yaml'], { token: false });
    expect(withoutToken.code).toBe(1);
    expect(withoutToken.stderr).toContain('[ACODE-HST-005]');
    expect(withoutToken.stderr).toContain('Set ACODE_HOST_TOKEN');
    expect(await validate('ticket_create', { title: 'x' })).toBe(404);
  });

  it('deletes and updates by tool name, asks for @VERSION when several are stored, and refuses built-ins', async () => {
    const second = TICKET_YAML.replace('version: 1.0.0', 'version: 1.1.0');
    expect((await cli(['create', '-'], { input: TICKET_YAML })).code).toBe(0);
    expect((await cli(['create', '-'], { input: second })).code).toBe(0);

    const ambiguous = await cli(['delete', 'ticket_create']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("'ticket_create' has 2 stored versions (1.0.0, 1.1.0)");
    expect(await validate('ticket_create', { title: 'still here' })).toBe(200);

    const updated = await cli(['update', 'Ticket_Create@1.1.0', '-'], { input: second.replace('Creates a ticket', 'Opens a ticket') });
    expect(updated.stdout).toMatch(/^Updated ticket_create v1\.1\.0 \(id [0-9a-f-]+; changed: description\)\n$/);
    expect((await cli(['delete', 'ticket_create@1.1.0'])).stdout).toMatch(/^Deleted ticket_create v1\.1\.0 /);
    // One version left: the name alone is enough.
    expect((await cli(['delete', 'TICKET_CREATE'])).stdout).toMatch(/^Deleted ticket_create v1\.0\.0 /);
    expect(await validate('ticket_create', { title: 'x' })).toBe(404);

    const unknown = await cli(['delete', 'ticket_create']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('List them with: acode tools definitions');
    const builtIn = await cli(['delete', 'git_diff']);
    expect(builtIn.code).toBe(1);
    expect(builtIn.stderr).toMatch(/^\[ACODE-TDS-003\] 'git_diff' [0-9.]+ is a built-in tool, so it cannot be deleted\./);
    expect(await validate('git_diff', {})).not.toBe(404);
  });

  it('exits 5 with the URL and how to start the host when nothing listens', async () => {
    // A port that was free a moment ago: listened on, then closed.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const result = await acode(['tools', 'definitions', '--host', `http://127.0.0.1:${port}`], { cwd: dir, home: dir });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`cannot reach the acode host at http://127.0.0.1:${port}`);
    expect(result.stderr).toContain('node apps/host/dist/main.js');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
