import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_DOC_SUMMARY_LENGTH, REQUIRED_DOC_SECTIONS, type ToolDefinition } from '../../packages/domain/src/index.js';
import { CORE_TOOL_DEFINITIONS } from '../../packages/infrastructure/src/providers/core-tools/index.js';
import { newRegistry } from '../../packages/infrastructure/test/provider-schemas/registry.js';

const toolsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tools');
const folders = readdirSync(toolsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !/^[._]/.test(entry.name)).map((entry) => entry.name);
const read = (folder: string, file: string) => readFileSync(join(toolsDir, folder, file), 'utf8');

describe('the tools shipped in tools/', () => {
  it('are the six of issue 5', () => {
    expect(folders.sort()).toEqual(['command-execute', 'directory-list', 'file-read', 'file-write', 'kb-get', 'kb-search']);
  });

  describe.each(folders)('%s', (folder) => {
    const schema = JSON.parse(read(folder, 'schema.json')) as Record<string, unknown>;

    it('names itself after its folder and has a short summary and the seven doc sections', () => {
      expect(schema['toolId']).toBe(folder.replaceAll('-', '_'));
      expect(read(folder, 'doc_summary.md').trim().length).toBeLessThanOrEqual(MAX_DOC_SUMMARY_LENGTH);
      const headings = read(folder, 'doc.md').split('\n').filter((line) => line.startsWith('## ')).map((line) => line.slice(3).trim());
      expect(headings).toEqual([...REQUIRED_DOC_SECTIONS]);
    });

    it('has a handler that imports nothing from @acode at run time', () => {
      const handler = read(folder, 'handler.js');
      expect(handler).toMatch(/export async function execute\(/);
      expect(handler).not.toMatch(/^\s*import\s[^(]*['"]@acode\//m);
    });

    it('extends its core tool, or declares a definition the registry accepts', () => {
      if (schema['extends'] !== undefined) {
        expect(Object.keys(schema).sort()).toEqual(['extends', 'toolId']);
        expect(CORE_TOOL_DEFINITIONS.map((tool) => `core:${tool.name}`)).toContain(schema['extends']);
        return;
      }
      const { toolId, modeClamps: _clamps, ...rest } = schema;
      const definition = { ...rest, name: toolId } as unknown as ToolDefinition;
      expect(() => newRegistry().registerTool(definition)).not.toThrow();
    });
  });
});
