// Public surface of the tool-folder builder (issue 5). Implementations live beside this file;
// these signatures are what the CLI and the DI wiring code against.
import type { ToolRegistryOptions } from '@acode/application';
import type { BuiltTool, BuiltToolRegistry, ErrorCode } from '@acode/domain';

/** One thing wrong with a tool folder. `lint` and `build` report every one, never only the first. */
export interface ToolFolderProblem {
  /** ACODE-TBD-001..009. */
  readonly code: ErrorCode;
  /** `error` fails the build; `warning` is printed (an action that writes without confirmation). */
  readonly severity: 'error' | 'warning';
  /** Folder name under the tools directory, such as `kb-search`. */
  readonly folder: string;
  /** File inside the folder, such as `schema.json`. */
  readonly file?: string;
  /** JSON Pointer-ish field path inside the file (`parameters/properties/top_k`) or a doc section name. */
  readonly field?: string;
  /** One sentence naming what is wrong and what is expected. */
  readonly message: string;
}

/** Where the tool folders are and how to check them. */
export interface ToolFoldersOptions {
  /** Directory holding one folder per tool; folders starting with `.` or `_` are not tools. */
  readonly toolsDir: string;
  /** Directory `tool_registry.json` is (or will be) written in; handler and folder paths are relative to it. */
  readonly artifactDir: string;
  /** Registry limits the schemas are checked against; the defaults when absent. */
  readonly registryOptions?: ToolRegistryOptions;
  /**
   * Module the handler-checking child process loads with `--import` to read `handler.ts`;
   * `TYPESCRIPT_HOOKS_ENTRY_URL` when absent (tests running from source pass the built one).
   */
  readonly typescriptHooksUrl?: string;
}

/** What linting found: the tools that read cleanly, and every problem. */
export interface ToolFoldersReport {
  readonly toolsDir: string;
  /** Tools without errors, sorted by `toolId`. */
  readonly tools: readonly BuiltTool[];
  /** Errors and warnings, sorted by folder then file then field. */
  readonly problems: readonly ToolFolderProblem[];
}

/** How to build `tool_registry.json`. */
export interface BuildToolRegistryOptions extends Omit<ToolFoldersOptions, 'artifactDir'> {
  /** The artifact to write (atomically); its directory is the `artifactDir`. */
  readonly outFile: string;
  /** Build time; `new Date()` by default. Not part of the version. */
  readonly now?: () => Date;
  /** The commit of the tools directory; `git rev-parse HEAD` (null when not a repository) by default. */
  readonly gitCommit?: (toolsDir: string) => string | null;
}

/** A build that wrote the artifact, or the problems that stopped it (nothing written then). */
export type BuildToolRegistryResult =
  | { readonly ok: true; readonly registry: BuiltToolRegistry; readonly outFile: string; readonly warnings: readonly ToolFolderProblem[] }
  | { readonly ok: false; readonly problems: readonly ToolFolderProblem[] };
