import { describe, expect, it } from 'vitest';
import { acceptedCorrelationId } from '../src/http/correlation-id.js';
import { isJsonUtf8 } from '../src/http/media-type.js';
import { MAX_REQUEST_TARGET_LENGTH, parseRequestTarget } from '../src/http/request-target.js';
import { readQueryParameter } from '../src/routes/query-parameter.js';
import { matchTemplate } from '../src/routes/route.js';

describe('parseRequestTarget', () => {
  it('decodes each segment on its own', () => {
    const result = parseRequestTarget('/v1/tools/a%2Fb%20c?version=%5E1');
    expect(result.ok && result.target.segments).toEqual(['v1', 'tools', 'a/b c']);
    expect(result.ok && result.target.query.get('version')).toBe('^1');
  });

  it.each(['/v1/tools/%E0%A4%A', '/v1/tools/%', '/%ZZ', '/v1/tools/%C0%AF'])('refuses malformed percent-encoding in %s', (raw) => {
    expect(parseRequestTarget(raw)).toEqual({ ok: false, status: 400, message: 'The request path has malformed percent-encoding' });
  });

  it.each(['*', 'http://example.com/healthz', '', undefined])('refuses a target that is not a path: %s', (raw) => {
    expect(parseRequestTarget(raw)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses an overlong target with 414', () => {
    expect(parseRequestTarget('/' + 'a'.repeat(MAX_REQUEST_TARGET_LENGTH))).toMatchObject({ ok: false, status: 414 });
  });
});

describe('matchTemplate', () => {
  it('captures placeholders and refuses empty ones', () => {
    expect(matchTemplate('/v1/tools/{name}/validate', ['v1', 'tools', 'x', 'validate'])).toEqual({ name: 'x' });
    expect(matchTemplate('/v1/tools/{name}', ['v1', 'tools', ''])).toBeUndefined();
    expect(matchTemplate('/v1/tools', ['v1', 'tools', ''])).toBeUndefined();
    expect(matchTemplate('/healthz', ['healthz'])).toEqual({});
  });
});

describe('isJsonUtf8', () => {
  it.each(['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"'])('accepts %s', (value) => {
    expect(isJsonUtf8(value)).toBe(true);
  });
  it.each([undefined, '', 'text/plain', 'application/jsonx', 'application/json; charset=latin1', 'multipart/form-data'])('refuses %s', (value) => {
    expect(isJsonUtf8(value)).toBe(false);
  });
});

describe('acceptedCorrelationId', () => {
  it('keeps sane tokens', () => {
    expect(acceptedCorrelationId('req-42_a.b')).toBe('req-42_a.b');
    expect(acceptedCorrelationId('a'.repeat(64))).toBe('a'.repeat(64));
  });
  it.each([['a'.repeat(65)], ['has space'], ['line\r\nInjected: 1'], [''], ['é'], [['a', 'b']], [undefined]])('drops %j', (value) => {
    expect(acceptedCorrelationId(value as string | string[] | undefined)).toBeUndefined();
  });
});

describe('readQueryParameter', () => {
  const read = (query: string) => readQueryParameter(new URLSearchParams(query), 'version');
  it('reads an absent or single value', () => {
    expect(read('')).toEqual({ ok: true, value: undefined });
    expect(read('version=1.0.0')).toEqual({ ok: true, value: '1.0.0' });
  });
  it('refuses repeated, empty and overlong values', () => {
    expect(read('version=1&version=2')).toEqual({ ok: false, message: "Query parameter 'version' may be given once" });
    expect(read('version=')).toEqual({ ok: false, message: "Query parameter 'version' must not be empty" });
    expect(read(`version=${'1'.repeat(65)}`)).toEqual({ ok: false, message: "Query parameter 'version' is longer than 64 characters" });
  });
});
