import { describe, expect, it } from 'vitest';
import { REDACTED, scrubArgumentsText, scrubSecrets, scrubText } from '../../src/tool-calls/scrub-secrets.js';

describe('scrubSecrets', () => {
  it('redacts the values of secret-named keys at any depth, whatever they hold', () => {
    const scrubbed = scrubSecrets({ path: 'a.txt', password: 'hunter2', nested: { API_KEY: 42, list: [{ session_id: 'x' }] }, Authorization: { scheme: 'Basic' } });
    expect(scrubbed).toEqual({ path: 'a.txt', password: REDACTED, nested: { API_KEY: REDACTED, list: [{ session_id: REDACTED }] }, Authorization: REDACTED });
  });

  it.each([
    ['an OpenAI key', 'sk-proj-abcdefghijklmnop1234'],
    ['a GitHub token', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
    ['an AWS access key', 'AKIAIOSFODNN7EXAMPLE'],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc_DEF-123'],
    ['a long hex run', 'a3f1c9e07b2d4f6a8c1e3b5d7f9a0c2e4b6d8f10'],
    ['a long mixed base64 run', 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MEFCQ0RFRkdISUpL'],
  ])('redacts %s inside a string, keeping the text around it', (_label, secret) => {
    expect(scrubText(`curl -H "X-Key: ${secret}" https://example.com`)).toBe(`curl -H "X-Key: ${REDACTED}" https://example.com`);
  });

  it('redacts the token after Bearer or Basic', () => {
    expect(scrubText('Authorization: Bearer abc.def')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(scrubText('basic dXNlcjpwYXNz')).toBe(`basic ${REDACTED}`);
  });

  it('redacts the value after a secret-named word, and every secret key of arguments text', () => {
    expect(scrubText('login with password: hunter2 now')).toBe(`login with password: ${REDACTED} now`);
    expect(scrubArgumentsText('{"user": "bob", "api_key": "plain words"}')).toBe(`{"user":"bob","api_key":"${REDACTED}"}`);
    expect(scrubArgumentsText('{"token": "abc" cut')).toBe(`{"token": "${REDACTED}" cut`);
  });

  it('keeps ordinary text, paths and long plain words', () => {
    const text = 'src/components/Button.tsx and supercalifragilisticexpialidociousness';
    expect(scrubText(text)).toBe(text);
    expect(scrubSecrets({ content: 'hello world', count: 3, flag: true, none: null })).toEqual({ content: 'hello world', count: 3, flag: true, none: null });
  });

  it('is bounded: 100,000-deep values, huge arrays and long strings come back cut, without a throw', () => {
    let deep: unknown = 'sk-abcdefghijklmnopqrstuvwx';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(JSON.stringify(scrubSecrets(deep))).toContain('[Truncated]');
    const wide = scrubSecrets(Array.from({ length: 20_000 }, () => 'x')) as unknown[];
    expect(wide.filter((item) => item === '[Truncated]').length).toBe(10_000);
    expect(scrubText('z'.repeat(10_000))).toBe(`${'z'.repeat(2000)}…`);
  });

  it('never runs getters and survives throwing proxies', () => {
    let called = false;
    const withGetter = Object.defineProperty({}, 'token', { get: () => ((called = true), 'x'), enumerable: true });
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
    expect(scrubSecrets({ withGetter, proxy })).toEqual({ withGetter: {}, proxy: {} });
    expect(called).toBe(false);
  });
});
