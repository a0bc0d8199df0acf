import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/gm;
/** `import 'x'` (for its side effects) and `import('x')`: no `from`, loaded at run time all the same. */
const BARE_OR_DYNAMIC_IMPORT = /(?:^\s*import\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/gm;

/** Every value (not type-only) import of a third-party package in the files of `dir`. */
function valueImportsOfPeers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(src, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...Array.from(text.matchAll(IMPORT), (match) => (match[2] === undefined ? match[3] : undefined)),
      ...Array.from(text.matchAll(BARE_OR_DYNAMIC_IMPORT), (match) => match[1]),
    ];
    for (const specifier of specifiers) {
      if (specifier === undefined || specifier.startsWith('.') || specifier.startsWith('@acode/') || specifier.startsWith('node:')) continue;
      found.push(`${relative(src, file)} imports '${specifier}'`);
    }
  }
  return found;
}

describe('optional peers', () => {
  it('ai-sdk, zod, mcp and the shared code load no third-party package at run time', () => {
    expect(['ai-sdk', 'zod', 'mcp', 'shared'].flatMap(valueImportsOfPeers)).toEqual([]);
  });

  it('openai-agents loads only @openai/agents', () => {
    expect(valueImportsOfPeers('openai-agents')).toEqual(['openai-agents/to-agents-tool.ts imports \'@openai/agents\'']);
  });

  it('declares every peer optional and none as a dependency', async () => {
    const manifest = JSON.parse(readFileSync(join(src, '..', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    expect(Object.keys(manifest.dependencies).every((name) => name.startsWith('@acode/'))).toBe(true);
    for (const peer of Object.keys(manifest.peerDependencies)) expect(manifest.peerDependenciesMeta[peer]?.optional).toBe(true);
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['@modelcontextprotocol/sdk', '@openai/agents', 'ai', 'zod']);
  });
});
