import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsSecretForm, redactSecretForms, secretForms, SecretValue, StreamingSecretRedactor, type SecretForms } from '../../src/model-clients/index.js';
import { REDACTED } from '../../src/tool-calls/scrub-secrets.js';

// Every form in which a server may echo a secret (literal, JSON escapes, percent-encoding, base64
// at any alignment, in both alphabets) is redacted, in one piece or cut anywhere in a stream, and
// text without the secret passes unchanged.

const KEY = 'sk-live/Ab+C_0123456789xyz';
const TOKEN = 'gw-token-7f3a9c1e5b';
const formsOf = (...secrets: string[]): SecretForms => secretForms(secrets.map((secret) => new SecretValue(secret)))!;
const latin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const base64Url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const hex4 = (code: number, upper: boolean): string => (upper ? code.toString(16).toUpperCase() : code.toString(16)).padStart(4, '0');
const jsonEscapeAll = (text: string, upper = false): string => Array.from(text, (char) => [...char].map((unit) => `\\u${hex4(unit.charCodeAt(0), upper)}`).join('')).join('');
const percentAll = (text: string, upper = true): string => [...Buffer.from(text, 'utf8')].map((byte) => `%${(upper ? byte.toString(16).toUpperCase() : byte.toString(16)).padStart(2, '0')}`).join('');

/** The pieces a redactor gives out for `text` cut at `cuts`, joined. */
function streamed(forms: SecretForms, text: string, cuts: readonly number[]): string {
  const redactor = new StreamingSecretRedactor(forms);
  let out = '';
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    out += redactor.push(text.slice(from, cut));
    from = cut;
  }
  return out + redactor.end();
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Whether `output` still gives `secret` away, judged without the code under test: the text with
 * JSON escapes and percent-encoding undone holds it, or a run of base64 (either alphabet), decoded
 * from any of its four positions, holds it.
 */
function leaks(output: string, secret: string): boolean {
  const text = Buffer.from(output, 'latin1').toString('utf8');
  const unescaped = text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\(["\\/bfnrt])/g, (_, char: string) => SHORT_ESCAPES[char] ?? char);
  const decoded = unescaped.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'));
  for (const candidate of [text, unescaped, decoded, decoded.replace(/\+/g, ' ')]) {
    if (candidate.includes(secret)) return true;
    for (const run of candidate.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []) {
      for (let start = 0; start < 4; start++) if (Buffer.from(run.slice(start), 'base64').toString('latin1').includes(latin1(secret))) return true;
    }
  }
  return false;
}

describe('secretForms', () => {
  const forms = formsOf(KEY);
  const cases: Array<[string, string]> = [
    ['literal', KEY],
    ['a JSON string with escaped slashes', JSON.stringify({ error: `bad key ${KEY}` }).replaceAll('/', '\\/')],
    ['every character as \\uXXXX, upper-case hex', jsonEscapeAll(KEY, true)],
    ['every character as \\uxxxx, lower-case hex', jsonEscapeAll(KEY)],
    ['only the slash escaped (\\u002f)', KEY.replace('/', '\\u002f')],
    ['percent-encoded as a URL component', encodeURIComponent(KEY)],
    ['every byte percent-encoded, lower-case hex', percentAll(KEY, false)],
    ['base64', base64(KEY)],
    ['base64 of "Bearer <key>"', base64(`Bearer ${KEY}`)],
    ['base64 of Basic "user:<key>"', base64(`user:${KEY}`)],
    ['base64 of ":<key>" without padding', base64(`:${KEY}`).replace(/=+$/, '')],
    ['url-safe base64 at the third alignment', base64Url(`ab${KEY}`)],
    ['base64 inside JSON with its slashes escaped', JSON.stringify(base64(`Bearer ${KEY}`)).replaceAll('/', '\\/')],
    ['base64 percent-encoded', encodeURIComponent(base64(`x:${KEY}`))],
  ];
  it.each(cases)('redacts the key written %s', (_, form) => {
    const text = `before ${form} after`;
    const redacted = redactSecretForms(text, forms);
    expect(leaks(text, KEY)).toBe(true);
    expect(leaks(redacted, KEY)).toBe(false);
    expect(redacted).toContain(REDACTED);
    expect(redacted.startsWith('before ')).toBe(true);
    expect(holdsSecretForm(text, forms)).toBe(true);
  });

  it('redacts a non-ASCII secret in its UTF-8 bytes, its \\u escapes and its percent-encoding', () => {
    const secret = 'clé-secrète-€-42';
    const nonAscii = formsOf(secret);
    for (const form of [secret, JSON.stringify(secret).replace(/[^\x20-\x7e]/g, (char) => `\\u${hex4(char.charCodeAt(0), false)}`), encodeURIComponent(secret), base64(`Bearer ${secret}`)]) {
      const redacted = redactSecretForms(latin1(`<${form}>`), nonAscii);
      expect(leaks(redacted, secret)).toBe(false);
      expect(redacted).toContain(REDACTED);
    }
  });

  it('redacts each of several secrets, the longer one whole when one begins the other', () => {
    const both = formsOf('abc123xyz', 'abc123xyz-and-more');
    expect(redactSecretForms('1 abc123xyz-and-more 2 abc123xyz 3', both)).toBe(`1 ${REDACTED} 2 ${REDACTED} 3`);
  });

  it('leaves text without the secret byte for byte, binary bytes included', () => {
    const forms2 = formsOf(KEY, TOKEN);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const text = `${bytes.toString('latin1')} {"data":[{"id":"qwen3:8b"}]} sk-live/Ab \\u0073 %73 c2stbGl2ZQ==`;
    expect(redactSecretForms(text, forms2)).toBe(text);
    expect(streamed(forms2, text, [1, 7, 100, 300])).toBe(text);
  });

  it('is undefined without a secret, and blank secrets are none', () => {
    expect(secretForms([undefined, new SecretValue(''), new SecretValue('  ')])).toBeUndefined();
    expect(redactSecretForms('anything', undefined)).toBe('anything');
  });
});

describe('StreamingSecretRedactor', () => {
  const forms = formsOf(KEY, TOKEN);

  it('holds only what may begin a form, and gives everything else out at once', () => {
    const redactor = new StreamingSecretRedactor(forms);
    expect(redactor.push('{"status":"pulling manifest"}\n')).toBe('{"status":"pulling manifest"}\n');
    expect(redactor.push('{"error":"bad key sk-li')).toBe('{"error":"bad key ');
    expect(redactor.push('ve/Ab+C_01234')).toBe('');
    expect(redactor.push('56789xyz"}\n')).toBe(`${REDACTED}"}\n`);
    expect(redactor.push('{"error":"\\u00')).toBe('{"error":"');
    expect(redactor.push('41"}')).toBe('\\u0041"}');
    expect(redactor.end()).toBe('');
  });

  it('gives the held tail out at the end, redacted if it was a whole form', () => {
    const redactor = new StreamingSecretRedactor(forms);
    expect(redactor.push(`x ${TOKEN}`)).toBe('x ');
    expect(redactor.end()).toBe(REDACTED);
    const partial = new StreamingSecretRedactor(forms);
    expect(partial.push('x gw-tok')).toBe('x ');
    expect(partial.end()).toBe('gw-tok');
  });

  it('stays within a bound: a long text without the secret is given out whole, a long form held no longer than itself', () => {
    const redactor = new StreamingSecretRedactor(forms);
    const piece = 'The quick brown fox {"a":"\\u00e9 %20"} '.repeat(2000);
    expect(redactor.push(piece)).toBe(piece);
    const escaped = jsonEscapeAll(KEY, true);
    expect(redactor.push(escaped.slice(0, -1))).toBe('');
    expect(redactor.push(escaped.slice(-1))).toBe('');
    expect(redactor.push(' ok')).toBe(`${REDACTED} ok`);
  });
});

describe('properties', () => {
  /** Secrets as keys and tokens are written: key characters, a little punctuation, now and then a non-ASCII one. */
  const secretArb = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=:~!*\'"\\ é€'), minLength: 8, maxLength: 40 });
  /** Text around the secret: printable ASCII, JSON punctuation, line ends. */
  const contextArb = fc.string({ unit: fc.constantFrom(...'abcxyzABC019 {}[]":,\\/%+=-_\n'), maxLength: 30 });

  /** How a server may write the secret: which encoding, and the choices inside it (which characters escaped, the hex case, the prefix). */
  const encodingArb = fc.oneof(
    fc.constant((secret: string) => latin1(secret)),
    fc.constant((secret: string) => latin1(JSON.stringify(secret))),
    fc.constant((secret: string) => latin1(JSON.stringify(secret).replaceAll('/', '\\/'))),
    fc.record({ mask: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), upper: fc.boolean() }).map(({ mask, upper }) => (secret: string) =>
      latin1(Array.from(secret, (char, i) => (mask[i % 40] ? jsonEscapeAll(char, upper) : char)).join('')),
    ),
    fc.record({ mask: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), upper: fc.boolean() }).map(({ mask, upper }) => (secret: string) =>
      Array.from(secret, (char, i) => (mask[i % 40] ? percentAll(char, upper) : latin1(char))).join(''),
    ),
    fc.constant((secret: string) => encodeURIComponent(secret)),
    fc
      .record({ prefix: fc.oneof(fc.constantFrom('', 'Bearer ', 'user:', 'x', 'xy'), fc.string({ maxLength: 5 })), suffix: fc.string({ maxLength: 3 }), urlSafe: fc.boolean(), pad: fc.boolean(), transport: fc.constantFrom('plain', 'json', 'percent') })
      .map(({ prefix, suffix, urlSafe, pad, transport }) => (secret: string) => {
        let text = Buffer.from(`${prefix}${secret}${suffix}`, 'utf8').toString(urlSafe ? 'base64url' : 'base64');
        if (!pad) text = text.replace(/=+$/, '');
        return transport === 'json' ? text.replaceAll('/', '\\/') : transport === 'percent' ? encodeURIComponent(text) : text;
      }),
  );

  it('no form of the secret crosses, however the text is cut, and the pieces join to the whole text redacted', () => {
    fc.assert(
      fc.property(
        secretArb,
        encodingArb,
        contextArb,
        contextArb,
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (secret, encode, before, after, copies, rawCuts) => {
          fc.pre(secret.trim() !== '');
          const forms = formsOf(secret, TOKEN);
          const text = `${before}${Array.from({ length: copies }, () => encode(secret)).join(after)}${after}`;
          const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
          const whole = redactSecretForms(text, forms);
          expect(leaks(whole, secret)).toBe(false);
          expect(streamed(forms, text, cuts)).toBe(whole);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('text without the secret passes byte-identical, however it is cut', () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
          fc.string({ unit: 'binary', maxLength: 200 }).map(latin1),
          fc.array(contextArb, { maxLength: 8 }).map((parts) => parts.join('')),
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        (secret, text, rawCuts) => {
          fc.pre(secret.trim() !== '' && !leaks(text, secret) && !leaks(text, TOKEN));
          const forms = formsOf(secret, TOKEN);
          const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
          expect(redactSecretForms(text, forms)).toBe(text);
          expect(streamed(forms, text, cuts)).toBe(text);
        },
      ),
      { numRuns: 400 },
    );
  });
});
