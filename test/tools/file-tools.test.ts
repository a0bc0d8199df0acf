import { mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as directoryList from '../../tools/directory-list/handler.js';
import * as fileRead from '../../tools/file-read/handler.js';
import * as fileWrite from '../../tools/file-write/handler.js';
import { dataOf, errorOf, handlerFixture, type HandlerModule } from './handler-context.js';

const fixture = handlerFixture();
afterAll(() => fixture.dispose());
const run = (module: unknown, args: Record<string, unknown>) => (module as HandlerModule).execute({ args: args as never, context: fixture.context() });

writeFileSync(join(fixture.root, 'notes.txt'), 'one\ntwo\nthree\nfour\n');
writeFileSync(join(fixture.outside, 'secret.txt'), 'outside the workspace');
symlinkSync(join(fixture.outside, 'secret.txt'), join(fixture.root, 'leak.txt'));
symlinkSync(fixture.outside, join(fixture.root, 'leak-dir'));

const ESCAPES = ['../../etc/passwd', '../outside/secret.txt', '/etc/passwd', 'leak.txt', 'leak-dir/secret.txt'];

describe('file_read', () => {
  it('reads a whole file and a line range', async () => {
    expect(dataOf(await run(fileRead, { path: 'notes.txt' }))).toEqual({ path: 'notes.txt', encoding: 'utf-8', size_bytes: 19, total_lines: 4, content: 'one\ntwo\nthree\nfour\n' });
    expect(dataOf(await run(fileRead, { path: 'notes.txt', start_line: 2, end_line: 3 }))).toMatchObject({ content: 'two\nthree', start_line: 2, end_line: 3 });
    // A range past the end is cut to the last line.
    expect(dataOf(await run(fileRead, { path: 'notes.txt', start_line: 4, end_line: 99 }))).toMatchObject({ content: 'four', end_line: 4 });
  });

  it('decodes utf-16 (dropping the byte order mark) and reads ascii as Latin-1', async () => {
    writeFileSync(join(fixture.root, 'wide.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo', 'utf16le')]));
    writeFileSync(join(fixture.root, 'latin.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expect(dataOf(await run(fileRead, { path: 'wide.txt', encoding: 'utf-16' }))['content']).toBe('héllo');
    expect(dataOf(await run(fileRead, { path: 'latin.txt', encoding: 'ascii' }))['content']).toBe('café');
  });

  it.each([
    [{ path: 'missing.txt' }, 'NOT_FOUND'],
    [{ path: 'notes.txt/inner' }, 'NOT_FOUND'],
    [{ path: '.' }, 'VALIDATION'],
    [{ path: 'notes.txt', start_line: 3, end_line: 2 }, 'VALIDATION'],
    [{ path: 'notes.txt', encoding: 'utf-32' }, 'VALIDATION'],
    [{ path: 'bad\u0000name' }, 'VALIDATION'],
  ])('%j fails with %s', async (args, type) => {
    expect(errorOf(await run(fileRead, args)).type).toBe(type);
  });

  it.each(ESCAPES)('refuses %s with POLICY_DENIED, quoting no host path', async (path) => {
    const error = errorOf(await run(fileRead, { path }));
    expect(error.type).toBe('POLICY_DENIED');
    expect(error.message).not.toContain(fixture.outside);
  });

  it('refuses a file over 5 MiB before reading it, naming its size', async () => {
    writeFileSync(join(fixture.root, 'big.bin'), '');
    truncateSync(join(fixture.root, 'big.bin'), 5 * 1024 * 1024 + 1);
    const error = errorOf(await run(fileRead, { path: 'big.bin' }));
    expect(error.type).toBe('PERMANENT');
    expect(error.message).toContain('5242881 bytes');
  });
});

describe('directory_list', () => {
  const tree = join(fixture.root, 'tree');
  mkdirSync(join(tree, 'a', 'deep'), { recursive: true });
  mkdirSync(join(tree, '.hidden'));
  writeFileSync(join(tree, 'readme.md'), '# hi');
  writeFileSync(join(tree, 'a', 'notes.md'), 'x');
  writeFileSync(join(tree, 'a', 'code.ts'), 'y');
  writeFileSync(join(tree, 'a', 'deep', 'far.md'), 'z');
  writeFileSync(join(tree, '.hidden', 'inside.md'), 'h');
  symlinkSync(fixture.outside, join(tree, 'out-link'));

  it('lists one level, sorted, hidden entries left out, symlinks listed not followed', async () => {
    expect(dataOf(await run(directoryList, { path: 'tree' }))).toEqual({
      path: 'tree',
      entries: [
        { path: 'tree/a', name: 'a', type: 'directory' },
        { path: 'tree/out-link', name: 'out-link', type: 'symlink' },
        { path: 'tree/readme.md', name: 'readme.md', type: 'file', size_bytes: 4 },
      ],
      count: 3,
      truncated: false,
    });
  });

  it('recurses breadth-first with a name glob, bounded by max_depth, into hidden ones only on request', async () => {
    const paths = async (args: Record<string, unknown>) => (dataOf(await run(directoryList, { path: 'tree', ...args }))['entries'] as Array<{ path: string }>).map((entry) => entry.path);
    expect(await paths({ pattern: '*.md', recursive: true })).toEqual(['tree/readme.md', 'tree/a/notes.md', 'tree/a/deep/far.md']);
    expect(await paths({ pattern: '*.md', recursive: true, max_depth: 2 })).toEqual(['tree/readme.md', 'tree/a/notes.md']);
    expect(await paths({ pattern: '*.md', recursive: true, include_hidden: true })).toEqual(['tree/readme.md', 'tree/.hidden/inside.md', 'tree/a/notes.md', 'tree/a/deep/far.md']);
    expect(await paths({ pattern: '{code,notes}.?[st]', recursive: true })).toEqual(['tree/a/code.ts']);
  });

  it('caps a listing at 1,000 entries and says it was truncated', async () => {
    const many = join(fixture.root, 'many');
    mkdirSync(many);
    for (let index = 0; index < 1005; index++) writeFileSync(join(many, `f${String(index).padStart(4, '0')}`), '');
    const data = dataOf(await run(directoryList, { path: 'many' }));
    expect(data).toMatchObject({ count: 1000, truncated: true });
  });

  it('answers a pathological glob without backtracking forever', async () => {
    writeFileSync(join(tree, 'a'.repeat(200)), '');
    const data = dataOf(await run(directoryList, { path: 'tree', pattern: '*a*a*a*a*a*a*a*a*a*a*a*a*b' }));
    expect(data['entries']).toEqual([]);
    expect(errorOf(await run(directoryList, { path: 'tree', pattern: '*'.repeat(257) })).type).toBe('VALIDATION');
  });

  it.each([
    [{ path: 'missing' }, 'NOT_FOUND'],
    [{ path: 'notes.txt' }, 'VALIDATION'],
    [{ path: '../..' }, 'POLICY_DENIED'],
    [{ path: 'leak-dir' }, 'POLICY_DENIED'],
  ])('%j fails with %s', async (args, type) => {
    expect(errorOf(await run(directoryList, args)).type).toBe(type);
  });
});

describe('file_write', () => {
  it('overwrites, then appends, atomically, leaving no temporary file behind', async () => {
    expect(dataOf(await run(fileWrite, { path: 'out/log.txt', content: 'first\n' }))).toEqual({
      path: 'out/log.txt',
      mode: 'overwrite',
      encoding: 'utf-8',
      bytes_written: 6,
      size_bytes: 6,
      created: true,
    });
    expect(dataOf(await run(fileWrite, { path: 'out/log.txt', content: 'second\n', mode: 'append' }))).toMatchObject({ bytes_written: 7, size_bytes: 13, created: false });
    expect(readFileSync(join(fixture.root, 'out', 'log.txt'), 'utf8')).toBe('first\nsecond\n');
    expect(readdirSync(join(fixture.root, 'out'))).toEqual(['log.txt']);
  });

  it('writes utf-16 little-endian', async () => {
    await run(fileWrite, { path: 'wide-out.txt', content: 'hé', encoding: 'utf-16' });
    expect(readFileSync(join(fixture.root, 'wide-out.txt'))).toEqual(Buffer.from('hé', 'utf16le'));
  });

  it.each([
    [{ path: 'nowhere/file.txt', content: 'x', create_directories: false }, 'NOT_FOUND'],
    [{ path: 'tree', content: 'x' }, 'VALIDATION'],
    [{ path: '.', content: 'x' }, 'VALIDATION'],
    [{ path: 'notes.txt/child', content: 'x' }, 'VALIDATION'],
    [{ path: 'a.txt', content: 'café', encoding: 'ascii' }, 'VALIDATION'],
    [{ path: 'a.txt', content: 'x', encoding: 'utf-32' }, 'VALIDATION'],
  ])('%j fails with %s', async (args, type) => {
    expect(errorOf(await run(fileWrite, args)).type).toBe(type);
  });

  it.each([...ESCAPES, 'leak-dir/new.txt', '../outside/new.txt'])('refuses to write %s, and nothing outside changes', async (path) => {
    expect(errorOf(await run(fileWrite, { path, content: 'pwned' })).type).toBe('POLICY_DENIED');
    expect(readFileSync(join(fixture.outside, 'secret.txt'), 'utf8')).toBe('outside the workspace');
    expect(readdirSync(fixture.outside)).toEqual(['secret.txt']);
  });
});
