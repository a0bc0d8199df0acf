import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyHandlerFile } from '../../src/execution/verify-handler-file.js';
import { catalogTool, makeTempDir } from './runner-fixture.js';

const HANDLER = 'export async function execute() { return { ok: true, data: 1 }; }\n';
// Same length as HANDLER, different bytes: a size check alone would miss it.
const EDITED = 'export async function execute() { return { ok: true, data: 2 }; }\n';

function handlerIn(dir: string, text = HANDLER): string {
  const path = join(dir, 'handler.js');
  writeFileSync(path, text);
  return path;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('verifyHandlerFile', () => {
  it('accepts the file the registry was built from, again and again', async () => {
    const path = handlerIn(makeTempDir());
    const tool = catalogTool('handler.js', { path });
    expect(await verifyHandlerFile(tool)).toBeUndefined();
    expect(await verifyHandlerFile(tool)).toBeUndefined();
  });

  it('notices an edit of the same size after the file was verified', async () => {
    const path = handlerIn(makeTempDir());
    const tool = catalogTool('handler.js', { path });
    expect(await verifyHandlerFile(tool)).toBeUndefined();
    writeFileSync(path, EDITED);
    expect(EDITED.length).toBe(HANDLER.length);
    expect(await verifyHandlerFile(tool)).toBe('The handler of handler changed since tool_registry.json was built; run acode tools build');
  });

  it('notices a file replaced by rename, and accepts it once the registry names its new hash', async () => {
    const dir = makeTempDir();
    const path = handlerIn(dir);
    const tool = catalogTool('handler.js', { path });
    expect(await verifyHandlerFile(tool)).toBeUndefined();
    writeFileSync(join(dir, 'next.js'), EDITED);
    renameSync(join(dir, 'next.js'), path);
    expect(await verifyHandlerFile(tool)).toContain('changed since tool_registry.json was built');
    expect(await verifyHandlerFile({ ...tool, handlerSha256: sha256(readFileSync(path, 'utf8')) })).toBeUndefined();
  });

  it('says a removed handler is missing, even after it was verified', async () => {
    const path = handlerIn(makeTempDir());
    const tool = catalogTool('handler.js', { path });
    expect(await verifyHandlerFile(tool)).toBeUndefined();
    rmSync(path);
    expect(await verifyHandlerFile(tool)).toBe('The handler of handler is missing; run acode tools build');
  });

  it('refuses a verified file for a registry that expects other bytes', async () => {
    const path = handlerIn(makeTempDir());
    const tool = catalogTool('handler.js', { path });
    expect(await verifyHandlerFile(tool)).toBeUndefined();
    expect(await verifyHandlerFile({ ...tool, handlerSha256: sha256(EDITED) })).toContain('changed since tool_registry.json was built');
  });
});
