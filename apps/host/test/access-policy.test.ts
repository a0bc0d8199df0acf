import { describe, expect, it } from 'vitest';
import { anthropicMessagesFront, ollamaChatFront, openAiChatFront } from '@acode/infrastructure/gateway';
import { SecretValue } from '@acode/infrastructure/model-clients';
import { accessRefusalResponse, createAccessPolicy, isPreflightedType, type AccessTarget } from '../src/http/access-policy.js';
import { hostNameAllowed, isUnspecifiedAddress } from '../src/http/allowed-host-names.js';
import { createHostServer } from '../src/host-server.js';

// The access rule alone: the decisions `http/access-policy.ts` makes for a request's headers, on
// hosts bound where the HTTP tests cannot bind (every interface, another address).

const HOST: AccessTarget = { family: 'host', open: false };
const OPEN: AccessTarget = { family: 'host', open: true };
const CHAT: AccessTarget = { family: 'gateway', front: openAiChatFront, chat: true };
const PASS: AccessTarget = { family: 'gateway', front: ollamaChatFront, chat: false };
const MESSAGES: AccessTarget = { family: 'gateway', front: anthropicMessagesFront, chat: true };
const token = new SecretValue('unit-token');

describe('createAccessPolicy', () => {
  it('needs no token on a loopback host without one, and the token everywhere but the open routes with one', () => {
    const open = createAccessPolicy({}, { address: '127.0.0.1' });
    expect(open.tokenRequired).toBe(false);
    expect(open.check({ headers: { host: '127.0.0.1:7420' } }, HOST)).toBeUndefined();

    const guarded = createAccessPolicy({ token }, { address: '127.0.0.1' });
    expect(guarded.tokenRequired).toBe(true);
    expect(guarded.check({ headers: { host: 'localhost' } }, HOST)).toMatchObject({ reason: 'token', status: 401, code: 'ACODE-HST-005' });
    expect(guarded.check({ headers: { host: 'localhost', authorization: 'Bearer nope' } }, CHAT)).toMatchObject({ reason: 'token' });
    expect(guarded.check({ headers: { host: 'localhost', authorization: 'bearer unit-token', 'content-type': 'application/json' } }, CHAT)).toBeUndefined();
    expect(guarded.check({ headers: { host: 'localhost' } }, OPEN)).toBeUndefined();
    // Anthropic's SDK sends its key as x-api-key: the token there opens a gateway path, never a host route.
    const json = { host: 'localhost', 'content-type': 'application/json' };
    expect(guarded.check({ headers: { ...json, 'x-api-key': 'unit-token' } }, MESSAGES)).toBeUndefined();
    expect(guarded.check({ headers: { ...json, 'x-api-key': 'unit-token' } }, CHAT)).toBeUndefined();
    expect(guarded.check({ headers: { ...json, 'x-api-key': 'nope' } }, MESSAGES)).toMatchObject({ reason: 'token' });
    expect(guarded.check({ headers: { ...json, 'x-api-key': 'unit-token unit-token' } }, MESSAGES)).toMatchObject({ reason: 'token' });
    expect(guarded.check({ headers: { ...json, 'x-api-key': 'unit-token' } }, HOST)).toMatchObject({ reason: 'token' });
  });

  it('serves only the open routes beyond loopback without a token (execution routes above all)', () => {
    const policy = createAccessPolicy({}, { address: '0.0.0.0' }, { interfaceAddresses: () => ['127.0.0.1', '10.1.2.3'] });
    expect(policy.check({ method: 'POST', headers: { host: '10.1.2.3:7420', 'content-type': 'application/json', 'content-length': '2' } }, HOST)).toMatchObject({ reason: 'no-token', status: 401 });
    expect(policy.check({ headers: { host: '10.1.2.3' } }, PASS)).toMatchObject({ reason: 'no-token' });
    expect(policy.check({ headers: { host: '10.1.2.3' } }, OPEN)).toBeUndefined();
  });

  it('checks Host first, then the site, then the token, then the body', () => {
    const policy = createAccessPolicy({ token }, { address: '127.0.0.1' });
    const headers = { host: 'evil.example', origin: 'https://evil.example', 'content-type': 'text/plain', 'content-length': '5' };
    expect(policy.check({ method: 'POST', headers }, HOST)?.reason).toBe('host-name');
    expect(policy.check({ method: 'POST', headers: { ...headers, host: '127.0.0.1' } }, HOST)?.reason).toBe('cross-site');
    expect(policy.check({ method: 'POST', headers: { ...headers, host: '127.0.0.1', origin: 'http://127.0.0.1' } }, HOST)?.reason).toBe('token');
    expect(policy.check({ method: 'POST', headers: { ...headers, host: '127.0.0.1', origin: 'http://127.0.0.1', authorization: 'Bearer unit-token' } }, HOST)).toMatchObject({
      reason: 'media-type',
      status: 415,
      code: 'ACODE-HST-009',
    });
  });

  it('takes the own origin over http or https (a proxy ending TLS), and a listed one', () => {
    const policy = createAccessPolicy({ allowedOrigins: ['https://Tools.Example.com'] }, { address: '127.0.0.1' });
    const from = (origin: string, extra: Record<string, string> = {}) => policy.check({ headers: { host: '127.0.0.1:7420', origin, ...extra } }, HOST)?.reason;
    expect(from('http://127.0.0.1:7420')).toBeUndefined();
    expect(from('https://127.0.0.1:7420')).toBeUndefined();
    expect(from('http://127.0.0.1:7421')).toBe('cross-site');
    expect(from('https://tools.example.com', { 'sec-fetch-site': 'cross-site' })).toBeUndefined();
    expect(from('https://tools.example.com:8443')).toBe('cross-site');
    expect(from('http://127.0.0.1:7420', { 'sec-fetch-site': 'same-site' })).toBe('cross-site');
    expect(policy.check({ headers: { host: '127.0.0.1', 'sec-fetch-site': 'same-origin, cross-site' } }, HOST)?.reason).toBe('cross-site');
  });

  it('refuses hostile origins: two joined by a repeated header, "null", oversized, not http(s); takes an IPv6 own origin', () => {
    const policy = createAccessPolicy({ allowedOrigins: ['https://tools.example.com'] }, { address: '127.0.0.1' });
    const from = (origin: string, host = '127.0.0.1:7420') => policy.check({ headers: { host, origin } }, HOST)?.reason;
    // Node joins a repeated Origin with ", ": neither the own nor a listed origin gets it through.
    expect(from('https://evil.example, http://127.0.0.1:7420')).toBe('cross-site');
    expect(from('https://tools.example.com, https://evil.example')).toBe('cross-site');
    expect(from('null')).toBe('cross-site');
    expect(from(`http://${'a'.repeat(5000)}.example`)).toBe('cross-site');
    expect(from('file:///etc/passwd')).toBe('cross-site');
    expect(from('http://[::1]:7420', '[::1]:7420')).toBeUndefined();
    expect(from('http://[::1]:7421', '[::1]:7420')).toBe('cross-site');
  });

  it('refuses a malformed allowed entry as the configuration would (ACODE-CFG-002)', () => {
    expect(() => createAccessPolicy({ allowedOrigins: ['https://tools.example.com/app'] }, { address: '127.0.0.1' })).toThrow(expect.objectContaining({ code: 'ACODE-CFG-002' }));
    expect(() => createAccessPolicy({ allowedHosts: ['tools.example.com:80'] }, { address: '127.0.0.1' })).toThrow(expect.objectContaining({ code: 'ACODE-CFG-002' }));
  });

  it('a host server built directly checks its lists at construction', () => {
    const ports = { registry: {} as never, logger: {} as never, correlation: {} as never, limits: {} as never };
    expect(() => createHostServer({ ...ports, access: { allowedHosts: ['bad host'] } })).toThrow(expect.objectContaining({ code: 'ACODE-CFG-002' }));
  });
});

describe('media types', () => {
  const policy = createAccessPolicy({}, { address: '127.0.0.1' });
  const body = (contentType: string | undefined, target: AccessTarget) =>
    policy.check({ method: 'POST', headers: { host: '127.0.0.1', 'content-length': '2', ...(contentType === undefined ? {} : { 'content-type': contentType }) } }, target)?.reason;

  it.each([undefined, 'text/plain', 'Text/Plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'MULTIPART/FORM-DATA; boundary=x', 'not a type'])('refuses %s everywhere', (type) => {
    expect(body(type, HOST)).toBe('media-type');
    expect(body(type, CHAT)).toBe('media-type');
    expect(body(type, PASS)).toBe('media-type');
  });

  it('requires JSON on the host and chat routes; pass-through takes any preflighted type', () => {
    expect(body('application/json', HOST)).toBeUndefined();
    expect(body('application/json; charset=utf-8', CHAT)).toBeUndefined();
    expect(body('application/json; charset=latin1', CHAT)).toBe('media-type');
    expect(body('application/octet-stream', HOST)).toBe('media-type');
    expect(body('application/octet-stream', CHAT)).toBe('media-type');
    expect(body('application/octet-stream', PASS)).toBeUndefined();
    expect(body('application/json', PASS)).toBeUndefined();
  });

  it('needs no type without a body, but on the chat routes', () => {
    const bodiless = (target: AccessTarget) => policy.check({ method: 'POST', headers: { host: '127.0.0.1', 'content-length': '0' } }, target)?.reason;
    expect(bodiless(HOST)).toBeUndefined();
    expect(bodiless(PASS)).toBeUndefined();
    expect(bodiless(CHAT)).toBe('media-type');
    expect(policy.check({ method: 'POST', headers: { host: '127.0.0.1', 'transfer-encoding': 'chunked' } }, HOST)?.reason).toBe('media-type');
  });

  it('isPreflightedType', () => {
    expect(isPreflightedType('application/cbor')).toBe(true);
    expect(isPreflightedType(' text/plain ')).toBe(false);
    expect(isPreflightedType('')).toBe(false);
  });
});

describe('hostNameAllowed', () => {
  it('allows loopback names, the bound address and listed names; refuses the rest', () => {
    const allowed = hostNameAllowed({ boundAddress: '10.0.0.5', allowedHosts: ['tools.example.com', '*.example.org'], interfaceAddresses: () => ['10.0.0.6'] });
    for (const name of ['localhost:7420', '127.0.0.1', '[::1]:7420', '10.0.0.5:7420', 'TOOLS.example.com.', 'a.example.org', 'a.b.example.org:1']) expect(allowed(name), name).toBe(true);
    // Bound to one address, the other interfaces' addresses are not this host's.
    for (const name of ['10.0.0.6', 'example.org', 'evil.example', 'tools.example.com.evil.example', 'evil.example/@localhost', '', 'a b']) expect(allowed(name), name).toBe(false);
    expect(allowed(undefined)).toBe(true);
  });

  it('allows every interface address when bound to all of them', () => {
    const allowed = hostNameAllowed({ boundAddress: '::', allowedHosts: [], interfaceAddresses: () => ['10.0.0.6', 'fd00::6'] });
    expect(allowed('10.0.0.6:7420')).toBe(true);
    expect(allowed('[fd00:0::6]:7420')).toBe(true);
    expect(allowed('10.0.0.7')).toBe(false);
  });

  it('isUnspecifiedAddress', () => {
    expect(['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0'].every(isUnspecifiedAddress)).toBe(true);
    expect(['127.0.0.1', '::1', '10.0.0.5'].some(isUnspecifiedAddress)).toBe(false);
  });
});

describe('accessRefusalResponse', () => {
  it('answers in the family\'s shape, without CORS headers', () => {
    const refusal = { reason: 'host-name', status: 421, code: 'ACODE-HST-008', message: 'no' } as const;
    const host = accessRefusalResponse(refusal, HOST, 'c1');
    expect(host.status).toBe(421);
    expect(host.body).toMatchObject({ error: { code: 'ACODE-HST-008', correlation_id: 'c1' } });
    const ollama = accessRefusalResponse(refusal, PASS, 'c1');
    expect(ollama.body).toEqual({ error: 'ACODE-HST-008: no' });
    const openai = accessRefusalResponse({ reason: 'no-token', status: 401, code: 'ACODE-HST-005', message: 'none' }, CHAT, 'c1');
    expect(openai.body).toMatchObject({ error: { code: 'ACODE-GTW-003', message: 'none' } });
    const anthropic = accessRefusalResponse({ reason: 'token', status: 401, code: 'ACODE-HST-005', message: 'none' }, MESSAGES, 'c1');
    expect(anthropic.status).toBe(401);
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: expect.stringContaining('ACODE-GTW-003') } });
    for (const response of [host, ollama, openai, anthropic]) expect(Object.keys(response.headers ?? {}).some((name) => name.toLowerCase().startsWith('access-control'))).toBe(false);
  });
});
