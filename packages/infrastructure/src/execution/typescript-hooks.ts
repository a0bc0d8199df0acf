// Module loader hooks that let a tool's `handler.ts` be imported as it is: types are stripped
// with TypeScript's `transpileModule` (no type check, no bundling), so relative imports and
// `import.meta.url` keep working from the handler's own folder. Registered by
// `registerTypeScriptHooks` in this process, or with `--import` in a child process.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

type ResolveResult = { url: string; format?: string | null; shortCircuit?: boolean };
type ResolveContext = { parentURL?: string; conditions: readonly string[] };
type NextResolve = (specifier: string, context?: ResolveContext) => Promise<ResolveResult>;
type LoadResult = { format: string; source?: string | ArrayBuffer | Uint8Array; shortCircuit?: boolean };
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

interface TypeScriptApi {
  transpileModule(source: string, options: { compilerOptions: Record<string, unknown>; fileName: string; reportDiagnostics?: boolean }): { outputText: string; diagnostics?: readonly { messageText: unknown }[] };
  ModuleKind: { ESNext: number };
  ScriptTarget: { ES2022: number };
}

let typescript: Promise<TypeScriptApi> | undefined;

/** TypeScript, imported once and only when a `.ts` file is first loaded. */
function loadTypeScript(): Promise<TypeScriptApi> {
  typescript ??= import('typescript').then((module) => ((module as { default?: TypeScriptApi }).default ?? (module as unknown as TypeScriptApi)));
  return typescript;
}

/** A `./x.js` import from a `.ts` file may name `./x.ts` (TypeScript's convention). */
export async function resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve): Promise<ResolveResult> {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const parent = context.parentURL;
    if (parent?.startsWith('file:') === true && parent.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

/** Loads `file:` URLs ending in `.ts` as ES modules with their types stripped. */
export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<LoadResult> {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const ts = await loadTypeScript();
  const source = await readFile(fileURLToPath(url), 'utf8');
  const output = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false, inlineSourceMap: true },
  });
  return { format: 'module', source: output.outputText, shortCircuit: true };
}
