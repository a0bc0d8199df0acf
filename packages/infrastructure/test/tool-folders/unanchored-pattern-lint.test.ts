import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintToolFolders } from '../../src/tool-folders/lint-tool-folders.js';
import type { ToolFoldersReport } from '../../src/tool-folders/tool-folders-api.js';
import { BUILT_TYPESCRIPT_HOOKS_URL, removeDir, tempDir, validSchema, writeToolFolder } from './tool-folder-fixture.js';

/** Decision 7 / issue 13: `tools lint` warns about a `pattern` without `^...$`; the build still succeeds. */
describe('lintToolFolders: unanchored patterns', () => {
  let root: string;
  let report: ToolFoldersReport;

  beforeAll(async () => {
    root = tempDir();
    const loose = validSchema('loose_pattern');
    (loose['parameters'] as { properties: Record<string, unknown> }).properties['query'] = { type: 'string', maxLength: 200, pattern: '[a-z]+' };
    writeToolFolder(root, 'loose-pattern', { 'schema.json': loose });
    const anchored = validSchema('anchored_pattern');
    (anchored['parameters'] as { properties: Record<string, unknown> }).properties['query'] = { type: 'string', maxLength: 200, pattern: '^[a-z]+$' };
    writeToolFolder(root, 'anchored-pattern', { 'schema.json': anchored });
    report = await lintToolFolders({ toolsDir: root, artifactDir: root, typescriptHooksUrl: BUILT_TYPESCRIPT_HOOKS_URL });
  });
  afterAll(() => removeDir(root));

  it('warns, naming the tool and the schema path, without failing the folder', () => {
    const warnings = report.problems.filter((problem) => problem.code === 'ACODE-DEF-002');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', folder: 'loose-pattern', file: 'schema.json', field: 'parameters/properties/query/pattern' });
    expect(warnings[0]?.message).toContain('"loose_pattern"');
    expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });
});
