import { Readable } from 'node:stream';
import { text as readText, buffer as readBuffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { SecretValue, secretForms } from '@acode/infrastructure/model-clients';
import { scrubStream } from '../../src/gateway/scrub-stream.js';

const KEY = 'sk-live/Ab+C_9f8e7d6c5b4a3210xyz';
const forms = secretForms([new SecretValue(KEY)]);

/** `parts` through the scrubber, each one write. */
const through = (parts: readonly Buffer[], scrubbed = scrubStream(forms)): Readable => Readable.from(parts).pipe(scrubbed);

describe('scrubStream', () => {
  it('redacts a key cut between writes, and the JSON-escaped form of it', async () => {
    const escaped = Array.from(KEY, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const text = `{"error":"bad key ${KEY}"}\n{"echo":"${escaped}"}\n`;
    const cuts = [5, 23, 24, 40, 61, 62, 100, text.length];
    const parts = cuts.map((cut, i) => Buffer.from(text.slice(i === 0 ? 0 : cuts[i - 1], cut)));
    expect(await readText(through(parts))).toBe('{"error":"bad key [REDACTED]"}\n{"echo":"[REDACTED]"}\n');
  });

  it('passes bytes that are not UTF-8, and a UTF-8 character cut between writes, unchanged', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x80]), Buffer.from('héllo € '), Buffer.from([0xc3])]);
    const parts = [bytes.subarray(0, 6), bytes.subarray(6, 7), bytes.subarray(7)];
    expect((await readBuffer(through(parts))).equals(bytes)).toBe(true);
  });

  it('passes everything through unchanged without a secret', async () => {
    const parts = [Buffer.from(`a ${KEY} b`)];
    expect(await readText(through(parts, scrubStream(undefined)))).toBe(`a ${KEY} b`);
  });
});
