import type { ToolDefinition } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support/raw-http.js';
import { startTestHost, type TestHost } from './support/test-host.js';

/** Issue 13 item 5, "strict everywhere", over HTTP on 127.0.0.1. */

const MANY: ToolDefinition = {
  name: 'many_integers',
  description: 'A tool with seventy integer parameters.',
  version: '1.0.0',
  category: 'general',
  parameters: {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, { type: 'integer', description: 'An integer' }])),
    additionalProperties: false,
  },
};

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
  host.registry.registerTool(MANY);
});
afterAll(() => host.close());

const validate = (path: string, body: string | Buffer) => send(host.port, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body });

describe('POST /v1/tools/{name}/validate', () => {
  it('refuses a duplicated key with ACODE-TSR-002 and the position of the second one', async () => {
    const response = await validate('/v1/tools/file_read/validate', '{"path":"/safe","path":"/etc/shadow"}');
    expect(response.status).toBe(400);
    const body = response.json();
    expect(body.errors[0].code).toBe('ACODE-TSR-002');
    expect(body.errors[0].message).toContain('"path"');
    expect(body.errors[0].message).toContain('position 16');
  });

  it('refuses an integer past 2^53 - 1 with ACODE-TSR-010', async () => {
    const response = await validate('/v1/tools/file_read/validate', '{"path":"/a","start_line":9007199254740993}');
    expect(response.status).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ code: 'ACODE-TSR-010', path: '/start_line' });
  });

  it('says how many errors past the cap it left out', async () => {
    const args = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, 'x']));
    const response = await validate('/v1/tools/many_integers/validate', JSON.stringify(args));
    expect(response.status).toBe(422);
    const body = response.json();
    expect(body.errors).toHaveLength(50);
    // At least one more: the validator stops looking one failure past the cap (bounded cost).
    expect(body.omitted_errors).toBeGreaterThanOrEqual(1);
    expect(body.omitted_errors_note).toMatch(/^\.\.\.and at least \d+ more errors? not shown/);
  });

  it('refuses a malformed ?version= range with ACODE-TSR-011 (400), not "no matching version"', async () => {
    const response = await validate(`/v1/tools/file_read/validate?version=${encodeURIComponent('>==1')}`, '{"path":"/a"}');
    expect(response.status).toBe(400);
    expect(response.json().errors[0].code).toBe('ACODE-TSR-011');
    const missing = await validate(`/v1/tools/file_read/validate?version=${encodeURIComponent('>=99')}`, '{"path":"/a"}');
    expect(missing.status).toBe(404);
    expect(missing.json().errors[0].code).toBe('ACODE-TSR-001');
  });
});

describe('GET /v1/tools/{name}?version=', () => {
  it('refuses a malformed range with ACODE-TSR-011 (400)', async () => {
    const response = await send(host.port, { method: 'GET', path: `/v1/tools/file_read?version=${encodeURIComponent('>==1')}` });
    expect(response.status).toBe(400);
    expect(response.json().errors[0].code).toBe('ACODE-TSR-011');
  });
});
