import type { ToolRegistryOptions } from '@acode/application';
import { ERROR_CODES, type ErrorCode } from '@acode/domain';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { missingDocSections, normalizeLineEndings, normalizeSummary, checkSummary } from './doc-text.js';
import { folderError } from './folder-problem.js';
import { lintSchemaFile, type SchemaFileLint } from './lint-schema-file.js';
import { parseJsonText } from './parse-json-text.js';
import { describeFileFailure, readFolderFile, readFolderText, type FolderFileFailure } from './read-folder-file.js';
import type { ToolFolderProblem } from './tool-folders-api.js';

/** Largest `schema.json` read (the registry's own schema limit is far below). */
export const MAX_SCHEMA_FILE_BYTES = 256 * 1024;
/** Largest `doc_summary.md` read; its 250-character limit is checked after reading. */
export const MAX_SUMMARY_FILE_BYTES = 16 * 1024;
/** Largest `doc.md` read. */
export const MAX_DOC_FILE_BYTES = 1024 * 1024;
/** Largest handler read (for its hash). */
export const MAX_HANDLER_FILE_BYTES = 4 * 1024 * 1024;
/** Deepest JSON nesting a `schema.json` may have; deeper is refused before parsing. */
export const MAX_SCHEMA_FILE_DEPTH = 64;

/** The handler file a folder provides. */
export interface FolderHandler {
  readonly file: 'handler.js' | 'handler.ts';
  readonly absolutePath: string;
  readonly sha256: string;
  readonly language: 'js' | 'ts';
}

/** Everything read from one tool folder, before the handler import check and duplicates. */
export interface ToolFolderRead {
  readonly folder: string;
  readonly schema?: SchemaFileLint;
  readonly summary?: string;
  readonly documentation?: string;
  readonly handler?: FolderHandler;
  readonly problems: readonly ToolFolderProblem[];
}

/**
 * Reads and checks the four parts of one tool folder (003's three-file pattern plus the handler).
 * Every problem is collected; nothing here imports or runs the handler.
 */
export async function readToolFolder(toolsDir: string, realToolsDir: string, folder: string, options?: ToolRegistryOptions): Promise<ToolFolderRead> {
  const dir = join(toolsDir, folder);
  const problems: ToolFolderProblem[] = [];
  const fileProblem = (file: string, failure: FolderFileFailure, maxBytes: number): ToolFolderProblem => {
    const code: ErrorCode = failure.kind === 'missing' ? ERROR_CODES.TOOL_FOLDER_FILE_MISSING : ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE;
    return folderError(code, { folder, file }, describeFileFailure(file, failure, maxBytes));
  };

  let schema: SchemaFileLint | undefined;
  const schemaText = await readFolderText(join(dir, 'schema.json'), realToolsDir, MAX_SCHEMA_FILE_BYTES);
  if (!schemaText.ok) problems.push(fileProblem('schema.json', schemaText.failure, MAX_SCHEMA_FILE_BYTES));
  else {
    const parsed = parseJsonText(schemaText.text, MAX_SCHEMA_FILE_DEPTH);
    if (!parsed.ok) problems.push(folderError(ERROR_CODES.TOOL_FOLDER_FILE_UNREADABLE, { folder, file: 'schema.json' }, `schema.json ${parsed.message}`));
    else {
      schema = lintSchemaFile(folder, parsed.value, options);
      problems.push(...schema.problems);
    }
  }

  let summary: string | undefined;
  const summaryText = await readFolderText(join(dir, 'doc_summary.md'), realToolsDir, MAX_SUMMARY_FILE_BYTES);
  if (!summaryText.ok) problems.push(fileProblem('doc_summary.md', summaryText.failure, MAX_SUMMARY_FILE_BYTES));
  else {
    summary = normalizeSummary(summaryText.text);
    const refused = checkSummary(summary);
    if (refused !== undefined) problems.push(folderError(ERROR_CODES.TOOL_FOLDER_SUMMARY_TOO_LONG, { folder, file: 'doc_summary.md' }, refused));
  }

  let documentation: string | undefined;
  const docText = await readFolderText(join(dir, 'doc.md'), realToolsDir, MAX_DOC_FILE_BYTES);
  if (!docText.ok) problems.push(fileProblem('doc.md', docText.failure, MAX_DOC_FILE_BYTES));
  else {
    documentation = normalizeLineEndings(docText.text);
    for (const section of missingDocSections(documentation)) {
      problems.push(folderError(ERROR_CODES.TOOL_FOLDER_DOC_SECTION_MISSING, { folder, file: 'doc.md', field: section }, `doc.md has no "## ${section}" section; a tool's doc.md needs all seven`));
    }
  }

  const handler = await readHandler(dir, realToolsDir, folder, problems, fileProblem);
  return { folder, problems, ...(schema ? { schema } : {}), ...(summary !== undefined ? { summary } : {}), ...(documentation !== undefined ? { documentation } : {}), ...(handler ? { handler } : {}) };
}

/**
 * `handler.ts` or `handler.js`, exactly one. Both present is refused (ACODE-TBD-008) rather than
 * one silently winning: the file a reviewer reads must be the file that runs.
 */
async function readHandler(
  dir: string,
  realToolsDir: string,
  folder: string,
  problems: ToolFolderProblem[],
  fileProblem: (file: string, failure: FolderFileFailure, maxBytes: number) => ToolFolderProblem,
): Promise<FolderHandler | undefined> {
  const candidates = (['handler.ts', 'handler.js'] as const).map(async (file) => ({ file, read: await readFolderFile(join(dir, file), realToolsDir, MAX_HANDLER_FILE_BYTES) }));
  const present = (await Promise.all(candidates)).filter(({ read }) => read.ok || read.failure.kind !== 'missing');
  if (present.length === 0) {
    problems.push(folderError(ERROR_CODES.TOOL_FOLDER_FILE_MISSING, { folder, file: 'handler.ts' }, 'the folder has no handler; add handler.ts or handler.js exporting execute({ args, context })'));
    return undefined;
  }
  if (present.length > 1) {
    problems.push(folderError(ERROR_CODES.TOOL_FOLDER_HANDLER_INVALID, { folder, file: 'handler.js' }, 'the folder has both handler.ts and handler.js; keep one, so the code reviewed is the code that runs'));
    return undefined;
  }
  const { file, read } = present[0]!;
  if (!read.ok) {
    problems.push(fileProblem(file, read.failure, MAX_HANDLER_FILE_BYTES));
    return undefined;
  }
  return {
    file,
    absolutePath: join(dir, file),
    sha256: createHash('sha256').update(read.bytes).digest('hex'),
    language: file === 'handler.ts' ? 'ts' : 'js',
  };
}
