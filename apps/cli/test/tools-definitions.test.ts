import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/arguments.js';
import { runCli } from '../src/main.js';
import { captureIo } from './support/capture.js';
import { TICKET_YAML as SHARED_TICKET_YAML } from './support/ticket-definition.js';

// `acode tools definitions|create|update|delete` against a small real HTTP server on 127.0.0.1
// that answers as the host's /v1/definitions routes do (apps/host/src/definitions): what the CLI
// sends, and what it prints and exits with for each answer. e2e-tools-definitions.test.ts runs the
// built CLI against the built host.

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

type Reply = { status: number; body: unknown } | { status: number; raw: string };

let server: Server | undefined;
let received: Received[] = [];
let replies: Reply[] = [];
let dir: string;

async function startServer(): Promise<string> {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = replies.shift() ?? { status: 500, body: { error: { code: 'ACODE-HST-003', message: 'no reply scripted', correlation_id: 'c' } } };
      response.writeHead(reply.status, { 'content-type': 'raw' in reply ? 'text/html' : 'application/json' });
      response.end('raw' in reply ? reply.raw : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

beforeEach(() => {
  received = [];
  replies = [];
  dir = mkdtempSync(join(tmpdir(), 'acode-definitions-'));
});
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  const captured = captureIo({ cwd: dir, env: options.env ?? {}, ...(options.stdin !== undefined ? { stdin: options.stdin } : {}) });
  const code = await runCli(argv, captured.io, {
    openRuntime: async () => {
      throw new Error('the definition commands must not build a registry');
    },
  });
  return { code, stdout: captured.stdout.text, stderr: captured.stderr.text };
}

const TICKET = {
  name: 'ticket_create',
  description: 'Creates a ticket in the tracker.',
  version: '1.0.0',
  category: 'external_api',
  parameters: { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'], additionalProperties: false },
};

const TICKET_YAML = `# a ticket tool\n${SHARED_TICKET_YAML}`;

const ID = '0b9f3c1e-5d2a-4c8e-9f00-1234567890ab';

function stored(definition: Record<string, unknown> = TICKET) {
  return {
    id: ID,
    name: definition['name'],
    version: definition['version'],
    source: 'stored',
    locked: false,
    is_built_in: false,
    license_tier: 'enterprise',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    definition,
  };
}

describe('acode tools create', () => {
  it('reads a YAML file, POSTs it as JSON and prints one line', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'ticket.yaml'), TICKET_YAML);
    replies.push({ status: 201, body: { definition: stored() } });
    const result = await run(['tools', 'create', 'ticket.yaml', '--host', host, '--actor', 'ops']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(`Created ticket_create v1.0.0 (id ${ID})\n`);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/definitions' });
    expect(received[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(received[0]!.headers['x-acode-actor']).toBe('ops');
    expect(received[0]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(received[0]!.body)).toEqual(TICKET);
  });

  it('reads JSON by its extension, and YAML or JSON from standard input with -', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'ticket.json'), JSON.stringify(TICKET, null, 2));
    replies.push({ status: 201, body: { definition: stored() } }, { status: 201, body: { definition: stored() } }, { status: 201, body: { definition: stored() } });
    expect((await run(['tools', 'create', 'ticket.json', '--host', host])).code).toBe(0);
    expect((await run(['tools', 'create', '-', '--host', host], { stdin: TICKET_YAML })).code).toBe(0);
    expect((await run(['tools', 'create', '-', '--host', host], { stdin: JSON.stringify(TICKET) })).code).toBe(0);
    expect(received.map((request) => JSON.parse(request.body))).toEqual([TICKET, TICKET, TICKET]);
  });

  it('takes the host from ACODE_HOST_URL when --host is absent', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'ticket.yml'), TICKET_YAML);
    replies.push({ status: 201, body: { definition: stored() } });
    expect((await run(['tools', 'create', 'ticket.yml'], { env: { ACODE_HOST_URL: host } })).code).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('prints every refused error with its code and path, one per line, and exits 1', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...TICKET, name: 'Ticket Create' }));
    const errors = [
      { code: 'ACODE-DEF-001', path: '/name', message: 'name "Ticket Create" must be lowercase snake_case' },
      { code: 'ACODE-TSR-006', path: '/parameters/properties/title', message: 'property "title" must constrain its type' },
      { code: 'ACODE-LIC-001', path: '', message: 'The core tier allows 0 custom definitions' },
    ];
    replies.push({ status: 400, body: { error: { code: 'ACODE-DEF-001', message: 'joined', refusal: 'invalid', correlation_id: 'c1', errors } } });
    const result = await run(['tools', 'create', 'bad.json', '--host', host]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toContain('invalid, 3 errors');
    expect(lines.slice(1)).toEqual([
      '  [ACODE-DEF-001] /name: name "Ticket Create" must be lowercase snake_case',
      '  [ACODE-TSR-006] /parameters/properties/title: property "title" must constrain its type',
      '  [ACODE-LIC-001] (definition): The core tier allows 0 custom definitions',
    ]);
  });

  it('prints the host\'s error body as JSON with --json, and still exits 1', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'ticket.json'), JSON.stringify(TICKET));
    const body = { error: { code: 'ACODE-TDS-002', message: 'taken', refusal: 'conflict', correlation_id: 'c', errors: [{ code: 'ACODE-TDS-002', path: '/name', message: 'taken' }] } };
    replies.push({ status: 409, body });
    const result = await run(['tools', 'create', 'ticket.json', '--json', '--host', host]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual(body);
  });

  it('refuses a malformed file with its name and position, before any request (exit 2)', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'broken.yaml'), 'name: ticket_create\nparameters: [a\n');
    writeFileSync(join(dir, 'broken.json'), '{\n  "name": "ticket_create",\n}\n');
    writeFileSync(join(dir, 'list.yaml'), '- a\n- b\n');
    writeFileSync(join(dir, 'big.json'), `{"description":"${'x'.repeat(256 * 1024)}"}`);
    const yaml = await run(['tools', 'create', 'broken.yaml', '--host', host]);
    expect(yaml.code).toBe(2);
    expect(yaml.stderr).toMatch(/^\[ACODE-CLI-001\] broken\.yaml:\d+:\d+: YAML syntax error: /);
    const json = await run(['tools', 'create', 'broken.json', '--host', host]);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/^\[ACODE-CLI-001\] broken\.json:3:1: invalid JSON\./);
    const list = await run(['tools', 'create', 'list.yaml', '--host', host]);
    expect(list.stderr).toContain('list.yaml must hold one tool definition as a YAML mapping, not a list');
    const big = await run(['tools', 'create', 'big.json', '--host', host]);
    expect(big).toMatchObject({ code: 2 });
    expect(big.stderr).toContain('big.json is larger than 256 KiB');
    const missing = await run(['tools', 'create', 'nope.yaml', '--host', host]);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('nope.yaml does not exist');
    const oversizedStdin = await run(['tools', 'create', '-', '--host', host], { stdin: 'x'.repeat(256 * 1024 + 1) });
    expect(oversizedStdin.stderr).toContain('standard input is larger than 256 KiB');
    expect(received).toEqual([]);
  });

  it('refuses a file that is not UTF-8 before any request, and reads one that starts with a byte order mark', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'latin1.yaml'), Buffer.from('name: caf\xe9_tool\n', 'latin1'));
    const latin1 = await run(['tools', 'create', 'latin1.yaml', '--host', host]);
    expect(latin1.code).toBe(2);
    expect(latin1.stderr).toContain('latin1.yaml is not UTF-8 text.');
    expect(received).toEqual([]);
    writeFileSync(join(dir, 'bom.json'), `\uFEFF${JSON.stringify(TICKET)}`);
    replies = [{ status: 201, body: { definition: stored() } }];
    const bom = await run(['tools', 'create', 'bom.json', '--host', host]);
    expect(bom.code).toBe(0);
    expect(JSON.parse(received[0]!.body)).toEqual(TICKET);
  });

  it('refuses a YAML alias bomb (billion laughs) before any request, and still reads a file with a few aliases', async () => {
    const host = await startServer();
    // Nine levels of nine aliases each: 9^9 (387 million) strings once expanded, in well under 1 KiB of YAML.
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      levels.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
    }
    writeFileSync(join(dir, 'bomb.yaml'), `${TICKET_YAML}x-bomb:\n${levels.map((line) => `  ${line}`).join('\n')}\n`);
    const started = Date.now();
    const bomb = await run(['tools', 'create', 'bomb.yaml', '--host', host]);
    expect(bomb.code).toBe(2);
    expect(bomb.stderr).toMatch(/^\[ACODE-CLI-001\] bomb\.yaml cannot be read as YAML \(aliases that expand too far/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(received).toEqual([]);

    writeFileSync(join(dir, 'aliases.yaml'), `${TICKET_YAML.replace('title: { type: string, minLength: 1 }', 'title: &text { type: string, minLength: 1 }\n    body: *text')}`);
    replies = [{ status: 201, body: { definition: stored() } }];
    const fine = await run(['tools', 'create', 'aliases.yaml', '--host', host]);
    expect(fine.code).toBe(0);
    expect(JSON.parse(received[0]!.body).parameters.properties.body).toEqual({ type: 'string', minLength: 1 });
  });
});

/** The host's list holding `entries`, as `GET /v1/definitions` answers it. */
function list(...entries: unknown[]): Reply {
  return { status: 200, body: { definitions: entries } };
}

const BUILT_IN = { id: null, name: 'git_diff', version: '1.0.0', source: 'built_in', locked: true, is_built_in: true, definition: {} };
const FROM_FOLDER = { id: null, name: 'lint_docs', version: '2.0.0', source: 'registry', locked: true, is_built_in: false, definition: {} };
const ID_2 = '7c1d2e3f-0000-4aaa-8bbb-1234567890cd';

describe('acode tools update and delete', () => {
  it('PUTs the definition to its id and prints the changed fields', async () => {
    const host = await startServer();
    const changed = { ...TICKET, description: 'Opens a ticket.' };
    writeFileSync(join(dir, 'ticket.json'), JSON.stringify(changed));
    replies.push(list(stored()), { status: 200, body: { definition: stored(changed), changed_fields: ['parameters', 'description'] } });
    const result = await run(['tools', 'update', ID, 'ticket.json', '--host', host]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(`Updated ticket_create v1.0.0 (id ${ID}; changed: parameters, description)\n`);
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /v1/definitions', `PUT /v1/definitions/${ID}`]);
    expect(JSON.parse(received[1]!.body)).toEqual(changed);
  });

  it('DELETEs by id, encoding it into the path', async () => {
    const host = await startServer();
    const oddId = 'a/b c';
    replies.push(list(stored()), { status: 200, body: { definition: stored() } }, list({ ...stored(), id: oddId }), { status: 200, body: { definition: stored() } });
    const deleted = await run(['tools', 'delete', ID, '--host', host, '--actor', 'ops']);
    expect(deleted).toMatchObject({ code: 0, stdout: `Deleted ticket_create v1.0.0 (id ${ID})\n` });
    expect(received[1]).toMatchObject({ method: 'DELETE', url: `/v1/definitions/${ID}` });
    expect(received[1]!.headers['x-acode-actor']).toBe('ops');
    expect((await run(['tools', 'delete', oddId, '--host', host])).code).toBe(0);
    expect(received[3]!.url).toBe('/v1/definitions/a%2Fb%20c');
  });

  it('takes a tool name in any case, and NAME@VERSION, and sends the id the host lists for it', async () => {
    const host = await startServer();
    const v2 = { ...stored({ ...TICKET, version: '2.0.0' }), id: ID_2 };
    replies.push(list(stored(), BUILT_IN), { status: 200, body: { definition: stored() } }, list(v2, stored()), { status: 200, body: { definition: v2 } });
    const byName = await run(['tools', 'delete', 'Ticket_Create', '--host', host]);
    expect(byName).toMatchObject({ code: 0, stdout: `Deleted ticket_create v1.0.0 (id ${ID})\n` });
    expect(received[1]).toMatchObject({ method: 'DELETE', url: `/v1/definitions/${ID}` });

    writeFileSync(join(dir, 'ticket.json'), JSON.stringify({ ...TICKET, version: '2.0.0' }));
    const byVersion = await run(['tools', 'update', 'ticket_create@2.0.0', 'ticket.json', '--host', host]);
    expect(byVersion.code).toBe(0);
    expect(received[3]).toMatchObject({ method: 'PUT', url: `/v1/definitions/${ID_2}` });
  });

  it('never guesses between stored versions: it lists them and changes nothing (exit 2)', async () => {
    const host = await startServer();
    const v2 = { ...stored({ ...TICKET, version: '2.0.0' }), id: ID_2 };
    replies.push(list(v2, stored()));
    const result = await run(['tools', 'delete', 'ticket_create', '--host', host]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("[ACODE-CLI-001] 'ticket_create' has 2 stored versions (1.0.0, 2.0.0)");
    expect(result.stderr).toContain("'acode tools delete ticket_create@2.0.0'");
    expect(received.map((request) => request.method)).toEqual(['GET']);
  });

  it('answers an unknown name with how to list the definitions and one "did you mean" (exit 1)', async () => {
    const host = await startServer();
    replies.push(list(stored(), BUILT_IN), list(stored()));
    const result = await run(['tools', 'delete', 'ticket_creat', '--host', host]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "[ACODE-TDS-004] No stored tool definition has the id or name 'ticket_creat'. Did you mean 'ticket_create'? List them with: acode tools definitions\n",
    );
    const missingVersion = await run(['tools', 'delete', 'ticket_create@9.9.9', '--host', host]);
    expect(missingVersion.code).toBe(1);
    expect(missingVersion.stderr).toContain("'ticket_create' has no version 9.9.9; its version is 1.0.0.");
    expect(received.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('refuses a built-in tool, or one from a tool folder, as not a stored definition (exit 1)', async () => {
    const host = await startServer();
    writeFileSync(join(dir, 'ticket.json'), JSON.stringify(TICKET));
    replies.push(list(stored(), BUILT_IN, FROM_FOLDER), list(stored(), BUILT_IN, FROM_FOLDER));
    const builtIn = await run(['tools', 'delete', 'git_diff', '--host', host]);
    expect(builtIn.code).toBe(1);
    expect(builtIn.stderr).toMatch(/^\[ACODE-TDS-003\] 'git_diff' 1\.0\.0 is a built-in tool, so it cannot be deleted\./);
    const folder = await run(['tools', 'update', 'lint_docs', 'ticket.json', '--host', host, '--json']);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain('comes from the configuration or a tool folder');
    expect(JSON.parse(folder.stdout)).toMatchObject({ error: { code: 'ACODE-TDS-003' } });
    expect(received.map((request) => request.method)).toEqual(['GET', 'GET']);
  });
});

describe('acode tools definitions', () => {
  it('lists id, name, version, source and locked', async () => {
    const host = await startServer();
    replies.push({
      status: 200,
      body: { definitions: [stored(), { id: null, name: 'file_read', version: '1.0.0', source: 'built_in', locked: true, is_built_in: true, definition: {} }] },
    });
    const result = await run(['tools', 'definitions', '--host', host]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`│ ${ID} │ ticket_create │ 1\\.0\\.0\\s+│ stored\\s+│ no\\s+│`));
    expect(result.stdout).toMatch(/│ -\s+│ file_read\s+│ 1\.0\.0\s+│ built_in │ yes\s+│/);
    expect(result.stdout).toContain('2 definitions, 1 editable');
    expect(received[0]).toMatchObject({ method: 'GET', url: '/v1/definitions' });
  });
});

describe('the host token', () => {
  it('is sent from ACODE_HOST_TOKEN as a bearer token and never printed', async () => {
    const host = await startServer();
    const token = 'sEcReT-token-123';
    writeFileSync(join(dir, 'ticket.json'), JSON.stringify(TICKET));
    replies.push(
      { status: 201, body: { definition: stored() } },
      { status: 401, body: { error: { code: 'ACODE-HST-005', message: "This route needs the host's bearer token: send Authorization: Bearer <token>", correlation_id: 'c' } } },
    );
    const created = await run(['tools', 'create', 'ticket.json', '--host', host, '--json'], { env: { ACODE_HOST_TOKEN: token } });
    expect(received[0]!.headers.authorization).toBe(`Bearer ${token}`);
    const refused = await run(['tools', 'definitions', '--host', host], { env: { ACODE_HOST_TOKEN: token } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('[ACODE-HST-005]');
    expect(refused.stderr).toContain('The token in ACODE_HOST_TOKEN was refused');
    for (const output of [created.stdout, created.stderr, refused.stdout, refused.stderr]) expect(output).not.toContain(token);
  });

  it('says to set ACODE_HOST_TOKEN when the host needs one and none was sent', async () => {
    const host = await startServer();
    replies.push({ status: 401, body: { error: { code: 'ACODE-HST-005', message: 'needs the token', correlation_id: 'c' } } });
    const result = await run(['tools', 'definitions', '--host', host]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Set ACODE_HOST_TOKEN');
    expect(received[0]!.headers.authorization).toBeUndefined();
  });

  it('is not an option: --token is a usage error', () => {
    const parsed = parseCommandLine(['tools', 'delete', ID, '--token', 'x']);
    expect(parsed.ok).toBe(false);
  });
});

describe('an unusable host', () => {
  it('names the URL and how to start the host when nothing listens, exit 5, no stack', async () => {
    // A port that was just free: listen, note it, close.
    const host = await startServer();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const result = await run(['tools', 'definitions'], { env: { ACODE_HOST_URL: host } });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`cannot reach the acode host at ${host}`);
    expect(result.stderr).toContain('node apps/host/dist/main.js');
    expect(result.stderr).toContain('acode-host');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 5 for a server that does not answer as an acode host, and for a host without a store', async () => {
    const host = await startServer();
    replies.push({ status: 200, raw: '<html>not here</html>' }, { status: 503, body: { error: { code: 'ACODE-TDS-001', message: 'This host was started without a definition store', correlation_id: 'c' } } });
    const html = await run(['tools', 'definitions', '--host', host]);
    expect(html.code).toBe(5);
    expect(html.stderr).toContain('not as an acode host');
    const noStore = await run(['tools', 'delete', 'ticket_create', '--host', host]);
    expect(noStore).toMatchObject({ code: 5, stderr: '[ACODE-TDS-001] This host was started without a definition store\n' });
  });

  it('refuses a --host that is not an http URL, or carries credentials (exit 2)', async () => {
    expect((await run(['tools', 'definitions', '--host', 'ftp://127.0.0.1'])).code).toBe(2);
    const withCredentials = await run(['tools', 'definitions', '--host', 'http://user:pw@127.0.0.1:7420']);
    expect(withCredentials.code).toBe(2);
    expect(withCredentials.stderr).not.toContain('pw@');
  });
});

describe('parsing', () => {
  it('needs FILE and ID, and takes the options of the other tools subcommands', () => {
    expect(parseCommandLine(['tools', 'create'])).toMatchObject({ ok: false, error: { message: expect.stringContaining('Missing FILE') } });
    expect(parseCommandLine(['tools', 'update', ID])).toMatchObject({ ok: false, error: { message: expect.stringContaining('Missing FILE') } });
    expect(parseCommandLine(['tools', 'delete'])).toMatchObject({ ok: false, error: { message: expect.stringContaining('Missing NAME') } });
    expect(parseCommandLine(['tools', 'delete', 'ticket_create@1.0.0'])).toMatchObject({ ok: true, command: { kind: 'tools-delete', target: 'ticket_create@1.0.0' } });
    expect(parseCommandLine(['tools', 'delete', ID, 'extra'])).toMatchObject({ ok: false });
    expect(parseCommandLine(['tools', 'create', '-', '--log-level', 'debug', '--host', 'http://h:1', '--actor', 'ops', '--json'])).toEqual({
      ok: true,
      command: { kind: 'tools-create', global: { logLevel: 'debug' }, file: '-', host: 'http://h:1', actor: 'ops', json: true },
    });
    expect(parseCommandLine(['tools', 'create', '--help'])).toMatchObject({ ok: true, command: { kind: 'help', text: expect.stringContaining('ACODE_HOST_TOKEN') } });
  });
});
