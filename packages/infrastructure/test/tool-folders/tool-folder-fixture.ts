import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built hooks module: tests run from source, where only the compiled one can be `--import`ed. */
export const BUILT_TYPESCRIPT_HOOKS_URL = new URL('../../dist/execution/typescript-hooks-entry.js', import.meta.url).href;

/** The clean fixture: a `.ts` handler (kb-lookup), a `.js` one (echo-text), an `extends` (file-read). */
export const CLEAN_TOOLS_DIR = fileURLToPath(new URL('./fixtures/clean-tools', import.meta.url));

/** A `schema.json` that passes every check; tests break one field at a time. */
export function validSchema(toolId: string): Record<string, unknown> {
  return {
    toolId,
    version: '1.0.0',
    description: 'Look things up in the test knowledge base.',
    kind: 'retrieval',
    category: 'knowledge',
    sideEffects: 'read_only',
    idempotent: true,
    requiresConfirmation: false,
    allowedModes: ['text', 'voice'],
    latencyBudgetMs: 800,
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['query'],
      properties: {
        query: { type: 'string', maxLength: 200 },
        top_k: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
      },
    },
  };
}

/** A `doc.md` with the seven sections, minus any named. */
export function docWithout(...missing: string[]): string {
  const sections = ['Summary', 'Preconditions', 'Postconditions', 'Invariants', 'Failure Modes', 'Examples', 'Common Mistakes'];
  return sections
    .filter((section) => !missing.includes(section))
    .map((section) => `## ${section}\nSomething about ${section.toLowerCase()}.\n`)
    .join('\n');
}

export const VALID_SUMMARY = 'Look things up in the test knowledge base.\n';
export const VALID_HANDLER = 'export async function execute({ args }) {\n  return { ok: true, data: args };\n}\n';

/** The files of one folder; `null` leaves a file out, a string is written as is, an object as JSON. */
export interface FolderFiles {
  readonly 'schema.json'?: Record<string, unknown> | string | null;
  readonly 'doc_summary.md'?: string | null;
  readonly 'doc.md'?: string | null;
  readonly 'handler.js'?: string | null;
  readonly 'handler.ts'?: string | null;
}

/** Writes a valid tool folder, with `files` replacing or removing its parts. */
export function writeToolFolder(toolsDir: string, folder: string, files: FolderFiles = {}): string {
  const dir = join(toolsDir, folder);
  mkdirSync(dir, { recursive: true });
  const all: Record<string, unknown> = {
    'schema.json': validSchema(folder.replace(/-/g, '_')),
    'doc_summary.md': VALID_SUMMARY,
    'doc.md': docWithout(),
    'handler.js': VALID_HANDLER,
    ...files,
  };
  for (const [name, content] of Object.entries(all)) {
    if (content === null || content === undefined) continue;
    writeFileSync(join(dir, name), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return dir;
}

/** A fresh temporary directory; remove it with {@link removeDir}. */
export function tempDir(prefix = 'acode-tool-folders-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Copies the clean fixture into `root/tools`, returning that path. */
export function copyCleanTools(root: string): string {
  const toolsDir = join(root, 'tools');
  cpSync(CLEAN_TOOLS_DIR, toolsDir, { recursive: true });
  return toolsDir;
}

export function removeDir(dir: string | undefined): void {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}
