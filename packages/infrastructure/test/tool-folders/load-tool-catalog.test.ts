import { ERROR_CODES } from '@acode/domain';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcodeException } from '@acode/application';
import { buildToolRegistry, loadToolCatalog } from '../../src/tool-folders/index.js';

/**
 * The runtime loader refuses every kind of bad `tool_registry.json` with ACODE-TBD-010 and the
 * reason: each case starts from a real artifact (the repository's shipped tools) and breaks one thing.
 */

const REPO_TOOLS = resolve(fileURLToPath(new URL('../../../../tools', import.meta.url)));
let dir: string;
let built: Record<string, unknown>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'acode-load-catalog-'));
  const outFile = join(dir, 'tool_registry.json');
  const result = await buildToolRegistry({ toolsDir: REPO_TOOLS, outFile, gitCommit: () => null });
  if (!result.ok) throw new Error(`the shipped tools did not build: ${JSON.stringify(result.problems)}`);
  built = JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, unknown>;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function artifact(content: string | Buffer): string {
  const file = join(dir, `artifact-${++files}.json`);
  writeFileSync(file, content);
  return file;
}

/** The built artifact with `change` applied to a deep copy of it. */
function edited(change: (copy: Record<string, any>) => void): string {
  const copy = structuredClone(built) as Record<string, any>;
  change(copy);
  return artifact(JSON.stringify(copy));
}

function refusal(file: string): string {
  try {
    loadToolCatalog(file);
  } catch (error) {
    expect(error).toBeInstanceOf(AcodeException);
    expect((error as AcodeException).code).toBe(ERROR_CODES.TOOL_REGISTRY_ARTIFACT_INVALID);
    return (error as AcodeException).message;
  }
  throw new Error(`${file} was loaded`);
}

describe('loadToolCatalog', () => {
  it('loads the artifact as built, with its version and tools', () => {
    const catalog = loadToolCatalog(artifact(JSON.stringify(built)));
    expect(catalog.registryVersion).toBe(built['version']);
    expect(catalog.find('kb_search')?.definition.name).toBe('kb_search');
  });

  it('marks the core tools the shipped folders extend, and only those (only they may run in process)', () => {
    const catalog = loadToolCatalog(artifact(JSON.stringify(built)));
    expect(catalog.find('file_read')?.extends).toBe('core:file_read');
    expect(catalog.find('kb_search')?.extends).toBeUndefined();
    // The shipped tools that are not core ask for a child process.
    for (const tool of catalog.tools()) {
      if (tool.extends === undefined) expect(tool.definition.constraints?.requiredIsolation ?? 'standard').not.toBe('none');
    }
  });

  it.each<[string, () => string, RegExp]>([
    ['a missing file', () => join(dir, 'nothing-here.json'), /does not exist or cannot be read; run `pnpm run build:tools`/],
    ['a directory', () => dir, /is not a file/],
    ['bytes that are not UTF-8', () => artifact(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), /is not UTF-8 text/],
    ['truncated JSON', () => artifact(JSON.stringify(built).slice(0, 500)), /build:tools/],
    ['nesting 200 deep', () => artifact(`${'['.repeat(200)}${']'.repeat(200)}`), /build:tools/],
    ['another format', () => edited((copy) => (copy['format'] = 'something.else')), /is not an Acode tool registry/],
    ['another format version', () => edited((copy) => (copy['formatVersion'] = 99)), /has format version 99; this Acode reads version 1/],
    ['tools that is not a list', () => edited((copy) => (copy['tools'] = {})), /has no tools list/],
    ['no content hash', () => edited((copy) => delete copy['contentHash']), /has no version or content hash/],
    ['a malformed build time', () => edited((copy) => (copy['builtAt'] = 7)), /malformed builtAt or gitCommit/],
    ['the same tool twice', () => edited((copy) => copy['tools'].push(copy['tools'][0])), /lists tool \w+ twice/],
    ['an absolute handler path', () => edited((copy) => (copy['tools'][0].handler.path = '/etc/passwd')), /tool entry 0 /],
    ['a handler hash that is not sha256', () => edited((copy) => (copy['tools'][0].handler.sha256 = 'abc')), /tool entry 0 /],
    ['a description edited after the build', () => edited((copy) => (copy['tools'][0].definition.description = 'Edited by hand.')), /content hash does not match its tools: it was edited after the build/],
  ])('refuses %s with ACODE-TBD-010 and the reason', (_label, make, reason) => {
    expect(refusal(make())).toMatch(reason);
  });

  it('refuses a file over the size limit by its size, without reading it', () => {
    const file = artifact('{}');
    truncateSync(file, 33 * 1024 * 1024); // sparse: no 33 MB written
    expect(refusal(file)).toMatch(/is 34603008 bytes, more than the 33554432 a registry may have/);
  });
});
