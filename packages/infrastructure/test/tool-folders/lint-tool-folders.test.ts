import { ERROR_CODES } from '@acode/domain';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintToolFolders } from '../../src/tool-folders/lint-tool-folders.js';
import type { ToolFolderProblem, ToolFoldersReport } from '../../src/tool-folders/tool-folders-api.js';
import {
  BUILT_TYPESCRIPT_HOOKS_URL,
  CLEAN_TOOLS_DIR,
  docWithout,
  removeDir,
  tempDir,
  validSchema,
  writeToolFolder,
} from './tool-folder-fixture.js';

const lint = (toolsDir: string, artifactDir = toolsDir): Promise<ToolFoldersReport> =>
  lintToolFolders({ toolsDir, artifactDir, typescriptHooksUrl: BUILT_TYPESCRIPT_HOOKS_URL });

function problemsOf(report: ToolFoldersReport, folder: string): ToolFolderProblem[] {
  return report.problems.filter((problem) => problem.folder === folder);
}

function schemaWith(folder: string, change: (schema: Record<string, unknown>) => void): Record<string, unknown> {
  const schema = validSchema(folder.replace(/-/g, '_'));
  change(schema);
  return schema;
}

describe('lintToolFolders on a tools folder seeded with one mistake of each kind', () => {
  let root: string;
  let report: ToolFoldersReport;

  beforeAll(async () => {
    root = tempDir();
    const t = root;
    writeToolFolder(t, 'good-tool');
    writeToolFolder(t, 'no-schema', { 'schema.json': null });
    writeToolFolder(t, 'bad-json', { 'schema.json': '{\n  "toolId": "bad_json",\n  "version": \n}\n' });
    writeToolFolder(t, 'missing-field', { 'schema.json': schemaWith('missing-field', (s) => delete s['description']) });
    writeToolFolder(t, 'wrong-type', { 'schema.json': schemaWith('wrong-type', (s) => (s['idempotent'] = 'yes')) });
    writeToolFolder(t, 'unknown-field', { 'schema.json': schemaWith('unknown-field', (s) => (s['colour'] = 'red')) });
    writeToolFolder(t, 'name-mismatch', { 'schema.json': schemaWith('name-mismatch', (s) => (s['toolId'] = 'other_name')) });
    writeToolFolder(t, 'bad-json-schema', {
      'schema.json': schemaWith('bad-json-schema', (s) => ((s['parameters'] as { properties: Record<string, unknown> }).properties['query'] = { type: 'invalid_type_name' })),
    });
    writeToolFolder(t, 'long-summary', { 'doc_summary.md': `${'x'.repeat(251)}\n` });
    writeToolFolder(t, 'missing-section', { 'doc.md': docWithout('Invariants', 'Examples') });
    writeToolFolder(t, 'no-handler', { 'handler.js': null });
    writeToolFolder(t, 'no-execute', { 'handler.js': 'export function run() { return 1; }\n' });
    writeToolFolder(t, 'syntax-error', { 'handler.js': 'export async function execute({ args ) {\n' });
    writeToolFolder(t, 'dup-one', { 'schema.json': schemaWith('dup-one', (s) => (s['aliases'] = ['lookup'])) });
    writeToolFolder(t, 'dup-two', { 'schema.json': schemaWith('dup-two', (s) => (s['aliases'] = ['lookup'])) });
    writeToolFolder(t, 'same-id', {});
    writeToolFolder(t, 'same_id', {});
    writeToolFolder(t, 'bad-clamps', { 'schema.json': schemaWith('bad-clamps', (s) => (s['modeClamps'] = { voice: { query: 3 } })) });
    writeToolFolder(t, 'bad-extends', { 'schema.json': { toolId: 'bad_extends', extends: 'core:no_such_tool' } });
    report = await lint(t);
  });

  afterAll(() => removeDir(root));

  it.each([
    ['no-schema', ERROR_CODES.TOOL_FOLDER_FILE_MISSING, 'schema.json', undefined],
    ['bad-json', ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, 'schema.json', undefined],
    ['missing-field', ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, 'schema.json', 'description'],
    ['wrong-type', ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, 'schema.json', 'idempotent'],
    ['unknown-field', ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, 'schema.json', 'colour'],
    ['name-mismatch', ERROR_CODES.TOOL_FOLDER_NAME_MISMATCH, 'schema.json', 'toolId'],
    ['long-summary', ERROR_CODES.TOOL_FOLDER_SUMMARY_TOO_LONG, 'doc_summary.md', undefined],
    ['missing-section', ERROR_CODES.TOOL_FOLDER_DOC_SECTION_MISSING, 'doc.md', 'Invariants'],
    ['missing-section', ERROR_CODES.TOOL_FOLDER_DOC_SECTION_MISSING, 'doc.md', 'Examples'],
    ['no-handler', ERROR_CODES.TOOL_FOLDER_FILE_MISSING, 'handler.ts', undefined],
    ['no-execute', ERROR_CODES.TOOL_FOLDER_HANDLER_INVALID, 'handler.js', undefined],
    ['syntax-error', ERROR_CODES.TOOL_FOLDER_HANDLER_INVALID, 'handler.js', undefined],
    ['dup-one', ERROR_CODES.TOOL_FOLDER_DUPLICATE, 'schema.json', 'aliases/0'],
    ['dup-two', ERROR_CODES.TOOL_FOLDER_DUPLICATE, 'schema.json', 'aliases/0'],
    ['same-id', ERROR_CODES.TOOL_FOLDER_DUPLICATE, 'schema.json', 'toolId'],
    ['same_id', ERROR_CODES.TOOL_FOLDER_DUPLICATE, 'schema.json', 'toolId'],
    ['bad-clamps', ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, 'schema.json', 'modeClamps/voice/query'],
    ['bad-extends', ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, 'schema.json', 'extends'],
  ])('reports %s as %s in %s at %s', (folder, code, file, field) => {
    const found = problemsOf(report, folder).filter((problem) => problem.code === code && problem.file === file && problem.field === field);
    expect(found).toHaveLength(1);
    expect(found[0]!.severity).toBe('error');
  });

  it('reports the invalid JSON Schema type through the registry compiler, at its path', () => {
    const found = problemsOf(report, 'bad-json-schema').filter((problem) => problem.code === ERROR_CODES.TOOL_FOLDER_SCHEMA_INVALID);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((problem) => problem.field?.startsWith('parameters/properties/query'))).toBe(true);
    expect(found.map((problem) => problem.message).join(' ')).toMatch(/type of property "query"/);
  });

  it('says where and why in the messages', () => {
    const at = (folder: string, code: string): string => problemsOf(report, folder).find((problem) => problem.code === code)!.message;
    expect(at('bad-json', ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE)).toMatch(/line 4, column 1/);
    expect(at('long-summary', ERROR_CODES.TOOL_FOLDER_SUMMARY_TOO_LONG)).toContain('251 characters');
    expect(at('name-mismatch', ERROR_CODES.TOOL_FOLDER_NAME_MISMATCH)).toContain('"name_mismatch"');
    expect(at('syntax-error', ERROR_CODES.TOOL_FOLDER_HANDLER_INVALID)).toMatch(/SyntaxError/);
    expect(at('dup-one', ERROR_CODES.TOOL_FOLDER_DUPLICATE)).toContain('dup-two');
  });

  it('never shows a stack trace or the checker\'s internals', () => {
    for (const problem of report.problems) {
      expect(problem.message).not.toMatch(/\n\s+at |Exception|node:internal/);
    }
  });

  it('fails every seeded folder and only those; the good one is a tool', () => {
    const failed = new Set(report.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.folder));
    expect(failed.has('good-tool')).toBe(false);
    expect(failed.size).toBe(18);
    expect(report.tools.map((tool) => tool.toolId)).toEqual(['good_tool']);
  });

  it('sorts problems by folder, file and field', () => {
    const keys = report.problems.map((problem) => [problem.folder, problem.file ?? '', problem.field ?? '']);
    const sorted = [...keys].sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : a.join('\u0000') > b.join('\u0000') ? 1 : 0));
    expect(keys).toEqual(sorted);
  });
});

describe('lintToolFolders on a clean tools folder', () => {
  it('reads a .ts handler, a .js handler and an extends folder, skipping _data and plain files', async () => {
    const report = await lint(CLEAN_TOOLS_DIR, join(CLEAN_TOOLS_DIR, '..'));
    expect(report.problems).toEqual([]);
    expect(report.tools.map((tool) => tool.toolId)).toEqual(['echo_text', 'file_read', 'kb_lookup']);
    const kb = report.tools.find((tool) => tool.toolId === 'kb_lookup')!;
    expect(kb.handler).toMatchObject({ path: 'clean-tools/kb-lookup/handler.ts', language: 'ts' });
    expect(kb.handler.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(kb.folder).toBe('clean-tools/kb-lookup');
    expect(kb.definition.name).toBe('kb_lookup');
    expect(kb.modeClamps).toEqual({ voice: { top_k: 3 } });
    expect(kb.summary.endsWith('citations.')).toBe(true);
  });

  it('gives an extends folder the core definition unchanged', async () => {
    const { CORE_TOOL_DEFINITIONS } = await import('../../src/providers/core-tools/index.js');
    const report = await lint(CLEAN_TOOLS_DIR);
    const fileRead = report.tools.find((tool) => tool.toolId === 'file_read')!;
    expect(fileRead.extends).toBe('core:file_read');
    expect(fileRead.definition).toBe(CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'file_read'));
  });
});

describe('lintToolFolders: 003 lint rules and field rules', () => {
  let root: string;
  beforeAll(() => (root = tempDir()));
  afterAll(() => removeDir(root));

  it('refuses a retrieval tool that writes, and 003 categories in category', async () => {
    const dir = join(root, 'kinds');
    writeToolFolder(dir, 'writer', {
      'schema.json': schemaWith('writer', (s) => {
        s['sideEffects'] = 'writes';
        s['idempotent'] = false;
        s['category'] = 'retrieval';
      }),
    });
    const problems = problemsOf(await lint(dir), 'writer');
    const fields = problems.filter((problem) => problem.code === ERROR_CODES.TOOL_FOLDER_FIELD_INVALID).map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(['sideEffects', 'idempotent', 'category']));
    expect(problems.find((problem) => problem.field === 'category')!.message).toContain('"kind": "retrieval"');
  });

  it('warns, without failing, about an action that writes without confirmation', async () => {
    const dir = join(root, 'action');
    writeToolFolder(dir, 'ignore-user', {
      'schema.json': schemaWith('ignore-user', (s) => {
        s['kind'] = 'action';
        s['sideEffects'] = 'writes';
        s['idempotent'] = false;
      }),
    });
    const report = await lint(dir);
    expect(report.problems).toEqual([expect.objectContaining({ severity: 'warning', folder: 'ignore-user', field: 'requiresConfirmation' })]);
    expect(report.tools.map((tool) => tool.toolId)).toEqual(['ignore_user']);
  });

  it('requires additionalProperties: false on parameters', async () => {
    const dir = join(root, 'open');
    writeToolFolder(dir, 'open-params', { 'schema.json': schemaWith('open-params', (s) => delete (s['parameters'] as Record<string, unknown>)['additionalProperties']) });
    const problems = problemsOf(await lint(dir), 'open-params');
    expect(problems).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_SCHEMA_INVALID, field: 'parameters/additionalProperties' })]);
  });

  it('refuses isolation none outside a core tool: its handler would run inside the host (issue 13)', async () => {
    const dir = join(root, 'in-process');
    writeToolFolder(dir, 'spins', {
      'schema.json': schemaWith('spins', (s) => (s['constraints'] = { requiredIsolation: 'none', maxExecutionTimeMs: 60_000 })),
      'handler.js': 'export function execute() { for (;;); }\n',
    });
    writeToolFolder(dir, 'isolated', { 'schema.json': schemaWith('isolated', (s) => (s['constraints'] = { requiredIsolation: 'standard' })) });
    writeToolFolder(dir, 'file-read', { 'schema.json': { toolId: 'file_read', extends: 'core:file_read' } });
    const report = await lint(dir);
    expect(problemsOf(report, 'spins')).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: ERROR_CODES.TOOL_FOLDER_FIELD_INVALID,
        file: 'schema.json',
        field: 'constraints/requiredIsolation',
        message: expect.stringMatching(/^requiredIsolation "none" would run the handler inside the host.*only core tools \("extends": "core:<name>"\) run in process\. Use "standard"/),
      }),
    ]);
    // A core tool keeps its none (the project's own code); standard is fine anywhere.
    expect(problemsOf(report, 'isolated')).toEqual([]);
    expect(problemsOf(report, 'file-read')).toEqual([]);
  });

  it('reports each missing field once, even where the registry also requires it', async () => {
    const dir = join(root, 'bare');
    writeToolFolder(dir, 'bare', { 'schema.json': { toolId: 'bare' } });
    const fields = problemsOf(await lint(dir), 'bare').map((problem) => problem.field);
    const required = ['version', 'description', 'kind', 'sideEffects', 'idempotent', 'requiresConfirmation', 'allowedModes', 'latencyBudgetMs', 'parameters'];
    expect([...fields].sort()).toEqual([...required].sort());
  });

  it('refuses fields beside extends, and a toolId that is not the extended tool', async () => {
    const dir = join(root, 'extends');
    writeToolFolder(dir, 'file-read', { 'schema.json': { toolId: 'file_read', extends: 'core:file_read', description: 'mine' } });
    writeToolFolder(join(root, 'extends-other'), 'my-reader', { 'schema.json': { toolId: 'my_reader', extends: 'core:file_read' } });
    const report = await lint(dir);
    expect(problemsOf(report, 'file-read')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, field: 'description' })]);
    expect(problemsOf(report, 'file-read')[0]!.message).toContain('core tool file_read');
    expect(problemsOf(await lint(join(root, 'extends-other')), 'my-reader')).toEqual([
      expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, field: 'toolId' }),
    ]);
  });

  it('refuses a name or alias a core tool holds, unless the folder extends it', async () => {
    const dir = join(root, 'core-names');
    writeToolFolder(dir, 'reader', { 'schema.json': schemaWith('reader', (s) => (s['aliases'] = ['read_file'])) });
    const problems = problemsOf(await lint(dir), 'reader');
    expect(problems).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_DUPLICATE, field: 'aliases/0' })]);
    expect(problems[0]!.message).toContain('file_read');
  });

  it.each([
    ['a mode that does not exist', { car: { top_k: 3 } }, 'modeClamps/car'],
    ['an argument that is not a parameter', { voice: { limit: 3 } }, 'modeClamps/voice/limit'],
    ['a maximum above the schema maximum', { voice: { top_k: 50 } }, 'modeClamps/voice/top_k'],
    ['a maximum below the schema minimum', { voice: { top_k: 0 } }, 'modeClamps/voice/top_k'],
    ['a fractional maximum of an integer', { voice: { top_k: 2.5 } }, 'modeClamps/voice/top_k'],
    ['a non-object', [3], 'modeClamps'],
  ])('refuses modeClamps with %s', async (_case, clamps, field) => {
    const dir = join(root, `clamps-${field.replace(/\W/g, '-')}-${Math.random().toString(36).slice(2)}`);
    writeToolFolder(dir, 'clamped', { 'schema.json': schemaWith('clamped', (s) => (s['modeClamps'] = clamps)) });
    expect(problemsOf(await lint(dir), 'clamped')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, field })]);
  });

  it('refuses two folders extending the same core tool, by its names', async () => {
    const dir = join(root, 'extends-twice');
    writeToolFolder(dir, 'file-read', { 'schema.json': { toolId: 'file_read', extends: 'core:file_read' } });
    writeToolFolder(dir, 'file_read', { 'schema.json': { toolId: 'file_read', extends: 'core:file_read' } });
    const report = await lint(dir);
    for (const folder of ['file-read', 'file_read']) {
      expect(problemsOf(report, folder).map((problem) => [problem.code, problem.field])).toEqual([
        [ERROR_CODES.TOOL_FOLDER_DUPLICATE, 'aliases/0'],
        [ERROR_CODES.TOOL_FOLDER_DUPLICATE, 'toolId'],
      ]);
    }
  });

  it('refuses both handler.js and handler.ts', async () => {
    const dir = join(root, 'both');
    writeToolFolder(dir, 'both', { 'handler.ts': 'export async function execute() { return { ok: true, data: null }; }\n' });
    expect(problemsOf(await lint(dir), 'both')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_HANDLER_INVALID })]);
  });

  it('counts "## Common Mistakes (Do Not)" and ignores headings inside code fences', async () => {
    const dir = join(root, 'docs');
    const fenced = docWithout('Examples').replace('## Common Mistakes', '## Common Mistakes (Do Not)') + '\n```md\n## Examples\n```\n';
    writeToolFolder(dir, 'fenced', { 'doc.md': fenced });
    expect(problemsOf(await lint(dir), 'fenced')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_DOC_SECTION_MISSING, field: 'Examples' })]);
  });

  it('refuses an empty summary', async () => {
    const dir = join(root, 'empty-summary');
    writeToolFolder(dir, 'quiet', { 'doc_summary.md': ' \r\n\n' });
    expect(problemsOf(await lint(dir), 'quiet')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_SUMMARY_TOO_LONG })]);
  });

  it('counts summary characters as code points: 250 emoji pass', async () => {
    const dir = join(root, 'emoji');
    writeToolFolder(dir, 'emoji', { 'doc_summary.md': '😀'.repeat(250) });
    expect(problemsOf(await lint(dir), 'emoji')).toEqual([]);
  });
});

describe('lintToolFolders on hostile input', () => {
  let root: string;
  beforeAll(() => (root = tempDir()));
  afterAll(() => removeDir(root));

  it('refuses a 10 MB schema.json without reading it', async () => {
    const dir = join(root, 'huge');
    writeToolFolder(dir, 'huge', { 'schema.json': `{"toolId": "huge", "padding": "${'x'.repeat(10 * 1024 * 1024)}"}` });
    const problems = problemsOf(await lint(dir), 'huge');
    expect(problems).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, file: 'schema.json' })]);
    expect(problems[0]!.message).toContain('262144 bytes');
  });

  it('refuses 100,000-deep nesting in schema.json without overflowing the stack', async () => {
    const dir = join(root, 'deep');
    writeToolFolder(dir, 'deep', { 'schema.json': `{"toolId": "deep", "parameters": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    const problems = problemsOf(await lint(dir), 'deep');
    expect(problems).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, file: 'schema.json' })]);
    expect(problems[0]!.message).toContain('deeper than 64 levels');
  });

  it('refuses a schema.json and a doc that are not UTF-8', async () => {
    const dir = join(root, 'latin1');
    const folder = writeToolFolder(dir, 'latin1');
    writeFileSync(join(folder, 'schema.json'), Buffer.from([0x7b, 0x22, 0xe9, 0xff, 0x22, 0x7d]));
    writeFileSync(join(folder, 'doc.md'), Buffer.from([0x23, 0x23, 0x20, 0xc3]));
    const problems = problemsOf(await lint(dir), 'latin1');
    expect(problems.map((problem) => [problem.code, problem.file])).toEqual([
      [ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, 'doc.md'],
      [ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, 'schema.json'],
    ]);
    expect(problems[0]!.message).toContain('not valid UTF-8');
  });

  it('refuses a symlinked folder pointing outside the tools directory, and a symlinked file', async () => {
    const outside = join(root, 'outside');
    writeToolFolder(outside, 'escape');
    writeFileSync(join(outside, 'secret.json'), '{"toolId": "secret"}');
    const dir = join(root, 'links');
    mkdirSync(dir);
    symlinkSync(join(outside, 'escape'), join(dir, 'escape'), 'dir');
    const sneaky = writeToolFolder(dir, 'sneaky', { 'schema.json': null });
    symlinkSync(join(outside, 'secret.json'), join(sneaky, 'schema.json'));
    const report = await lint(dir);
    expect(problemsOf(report, 'escape')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE })]);
    expect(problemsOf(report, 'sneaky')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, file: 'schema.json' })]);
    expect(problemsOf(report, 'sneaky')[0]!.message).toContain('outside the tools directory');
    expect(report.tools).toEqual([]);
  });

  it('warns that an empty tools directory gives an empty registry', async () => {
    const dir = join(root, 'empty');
    mkdirSync(join(dir, '_data'), { recursive: true });
    const report = await lint(dir);
    expect(report.tools).toEqual([]);
    expect(report.problems).toEqual([expect.objectContaining({ severity: 'warning', code: ERROR_CODES.TOOL_FOLDER_FILE_MISSING, folder: '.' })]);
  });

  it('reports a tools directory that does not exist, naming it', async () => {
    const missing = join(root, 'nope');
    const report = await lint(missing);
    expect(report.problems).toEqual([expect.objectContaining({ severity: 'error', code: ERROR_CODES.TOOL_FOLDER_FILE_MISSING, folder: '.' })]);
    expect(report.problems[0]!.message).toContain(missing);
  });

  it('refuses a schema.json that is JSON but not an object', async () => {
    const dir = join(root, 'array');
    writeToolFolder(dir, 'listed', { 'schema.json': '[1, 2, 3]' });
    expect(problemsOf(await lint(dir), 'listed')).toEqual([expect.objectContaining({ code: ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, file: 'schema.json' })]);
  });

  it('does not import handlers in this process', async () => {
    const dir = join(root, 'side-effect');
    writeToolFolder(dir, 'marker', { 'handler.js': 'globalThis.__acodeHandlerLoaded = true;\nexport async function execute() { return { ok: true, data: null }; }\n' });
    const report = await lint(dir);
    expect(report.problems).toEqual([]);
    expect((globalThis as Record<string, unknown>)['__acodeHandlerLoaded']).toBeUndefined();
  });
});
