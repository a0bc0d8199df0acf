import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBoundedText } from '../src/read-stdin.js';
import { resolveUserCwd } from '../src/user-cwd.js';

describe('resolveUserCwd', () => {
  it('uses INIT_CWD when run as the `acode` package script (pnpm -s acode)', () => {
    expect(resolveUserCwd({ INIT_CWD: '/home/u/project', npm_lifecycle_event: 'acode' }, '/repo')).toBe('/home/u/project');
  });

  it('ignores an INIT_CWD inherited from another script or shell', () => {
    expect(resolveUserCwd({ INIT_CWD: '/repo', npm_lifecycle_event: 'test' }, '/tmp/x')).toBe('/tmp/x');
    expect(resolveUserCwd({ INIT_CWD: '/repo' }, '/tmp/x')).toBe('/tmp/x');
    expect(resolveUserCwd({ INIT_CWD: '', npm_lifecycle_event: 'acode' }, '/tmp/x')).toBe('/tmp/x');
  });
});

describe('readBoundedText', () => {
  it('joins chunks and decodes a character split across them', async () => {
    const euro = Buffer.from('€');
    const stream = Readable.from([Buffer.from('{"a":"'), euro.subarray(0, 1), euro.subarray(1), Buffer.from('"}')]);
    expect(await readBoundedText(stream, 100)).toEqual({ ok: true, text: '{"a":"€"}' });
  });

  it('reads empty input as empty text', async () => {
    expect(await readBoundedText(Readable.from([]), 10)).toEqual({ ok: true, text: '' });
  });

  it('counts bytes, not characters, against the bound', async () => {
    // Four 3-byte characters: 12 bytes.
    expect(await readBoundedText(Readable.from([Buffer.from('€€€€')]), 11)).toMatchObject({ ok: false });
    expect(await readBoundedText(Readable.from([Buffer.from('€€€€')]), 12)).toEqual({ ok: true, text: '€€€€' });
  });

  it('stops at the first chunk past the bound', async () => {
    let pulled = 0;
    const stream = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(10, 0x20));
      },
    });
    const result = await readBoundedText(stream, 25);
    expect(result).toEqual({ ok: false, bytesRead: 30 });
    expect(stream.destroyed).toBe(true);
    expect(pulled).toBeLessThan(10);
  });
});
