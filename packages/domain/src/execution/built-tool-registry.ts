import type { ToolDefinition } from '../tool-definition.js';
import type { ModeClamps } from './mode-clamps.js';

/** Marks a `tool_registry.json` as ours, so any other JSON file is refused by name. */
export const BUILT_TOOL_REGISTRY_FORMAT = 'acode.tool-registry';

/** Layout version of `tool_registry.json`; a loader refuses one it does not know. */
export const BUILT_TOOL_REGISTRY_FORMAT_VERSION = 1;

/** One tool of a built registry: its definition, its two-tier docs and where its handler is. */
export interface BuiltTool {
  /** Canonical name, equal to `definition.name` and to the folder name with `-` read as `_`. */
  readonly toolId: string;
  /** The tool's own semantic version. */
  readonly version: string;
  /** The definition registered at run time (for `extends`, the core tool's, unchanged). */
  readonly definition: ToolDefinition;
  /** `doc_summary.md`, trimmed, line endings normalised; at most 250 characters. */
  readonly summary: string;
  /** `doc.md`, line endings normalised. */
  readonly documentation: string;
  /** The handler module. */
  readonly handler: {
    /** Path relative to the directory of `tool_registry.json`, with `/` separators (relocatable). */
    readonly path: string;
    /** sha256 hex of the handler file as built; a loader refuses a handler that changed since. */
    readonly sha256: string;
    /** `ts` handlers are stripped of types when loaded. */
    readonly language: 'js' | 'ts';
  };
  /** The tool folder, relative to the directory of `tool_registry.json`. */
  readonly folder: string;
  /** `core:<name>` when `schema.json` takes its definition from a core tool instead of copying it. */
  readonly extends?: string;
  /** Per-mode argument maxima. */
  readonly modeClamps?: ModeClamps;
}

/**
 * `tool_registry.json`, the build artifact (003). `version` is a content hash: the same tools,
 * schemas, docs and handlers give the same version on any machine at any time; `builtAt` and
 * `gitCommit` are kept outside the hash.
 */
export interface BuiltToolRegistry {
  readonly format: typeof BUILT_TOOL_REGISTRY_FORMAT;
  readonly formatVersion: typeof BUILT_TOOL_REGISTRY_FORMAT_VERSION;
  /** First 16 hex digits of `contentHash`; what sessions pin and envelopes report. */
  readonly version: string;
  /** sha256 hex of the canonical JSON of `tools`. */
  readonly contentHash: string;
  /** `git rev-parse HEAD` of the tools folder, or null outside a repository. */
  readonly gitCommit: string | null;
  /** When the build ran, ISO 8601. Not hashed. */
  readonly builtAt: string;
  /** Sorted by `toolId`. */
  readonly tools: readonly BuiltTool[];
}
