import type { ModeClamps, ToolDefinition } from '@acode/domain';

/** One tool of the loaded `tool_registry.json`, with its handler located on this machine. */
export interface CatalogTool {
  /** The definition, as registered in the schema registry. */
  readonly definition: ToolDefinition;
  /** `doc_summary.md`: the always-present tier of the docs. */
  readonly summary: string;
  /** `doc.md`: the on-demand tier. */
  readonly documentation: string;
  /** `file://` URL of the handler module (built with `pathToFileURL`). */
  readonly handlerUrl: string;
  /** sha256 hex of the handler file as built; runners refuse a handler whose file changed since. */
  readonly handlerSha256: string;
  /** `ts` handlers are stripped of types when loaded. */
  readonly handlerLanguage: 'js' | 'ts';
  /** Per-mode argument maxima from `schema.json`. */
  readonly modeClamps?: ModeClamps;
  /**
   * `core:<name>` when the folder ships a core tool (`"extends"` in `schema.json`). Only these,
   * the project's own tools, may run in the host's process (isolation `none`).
   */
  readonly extends?: string;
}

/**
 * The built tool registry loaded at startup (003): the tools with handlers, their docs and the
 * registry version sessions pin. Loaded once; never reloaded while running.
 */
export interface IToolCatalog {
  /** Content-hash version of the artifact. */
  readonly registryVersion: string;
  /** The commit the artifact was built from, or null. */
  readonly gitCommit: string | null;
  /** When the artifact was built, ISO 8601. */
  readonly builtAt: string;
  /** Absolute path of the `tool_registry.json` loaded. */
  readonly artifactPath: string;
  /** A tool by canonical name (exact; resolve aliases and case through the schema registry first). */
  find(name: string): CatalogTool | undefined;
  /** Every tool, sorted by name. */
  tools(): readonly CatalogTool[];
}
