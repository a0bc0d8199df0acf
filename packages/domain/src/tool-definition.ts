import type { InteractionMode } from './interaction-mode.js';
import type { JsonSchemaObject } from './json-schema.js';
import type { JsonValue } from './json-value.js';
import type { ToolCategory } from './tool-category.js';
import type { ToolConstraints } from './tool-constraints.js';
import type { ToolKind } from './tool-kind.js';
import type { ToolSideEffects } from './tool-side-effects.js';

/**
 * The one definition of a tool (decision 2): the JSON Schema `parameters` is the contract;
 * the rest describes how the tool may be run. Immutable once registered.
 */
export interface ToolDefinition {
  /** Unique name, `^[a-z][a-z0-9_]*$`, at most 64 characters, not a reserved word. */
  readonly name: string;
  /** What the tool does, for the model and the user. Non-empty, at most 500 characters. */
  readonly description: string;
  /** Semantic version (`1.0.0`); several versions of a name may be registered. */
  readonly version: string;
  /** JSON Schema (draft 2020-12) of the arguments object. */
  readonly parameters: JsonSchemaObject;
  /** Functional domain for filtering; `general` when absent. */
  readonly category?: ToolCategory;
  /** Other names a call may use for this tool; they resolve to `name`. */
  readonly aliases?: readonly string[];
  /** JSON Schema of the tool's output, when the tool promises one. */
  readonly outputSchema?: JsonSchemaObject;
  /** Execution limits; absent fields take 001's defaults. */
  readonly constraints?: ToolConstraints;
  /** Permissions the caller must hold, such as `tool.filesystem.read`. */
  readonly requiredPermissions?: readonly string[];
  /** Whether a user must confirm each run. */
  readonly requiresConfirmation?: boolean;
  /** Retrieval, action or utility (003). */
  readonly kind?: ToolKind;
  /** How far the tool reaches outside itself (003). */
  readonly sideEffects?: ToolSideEffects;
  /** Whether running it twice with the same arguments has the effect of running it once. */
  readonly idempotent?: boolean;
  /** Modes in which the tool may be offered; all when absent. */
  readonly allowedModes?: readonly InteractionMode[];
  /** Time the tool should answer in; overruns are flagged, not aborted. */
  readonly latencyBudgetMs?: number;
  /** `false` keeps the definition out of the registry; `true` when absent. */
  readonly enabled?: boolean;
  /**
   * Free-form facts about the tool (author, risk). `sensitive: true` keeps argument values
   * out of every error and log line for this tool.
   */
  readonly metadata?: Readonly<Record<string, JsonValue>>;
}

/** True when the definition's metadata marks its arguments sensitive (decision 11). */
export function isSensitiveTool(definition: Pick<ToolDefinition, 'metadata'>): boolean {
  return definition.metadata?.['sensitive'] === true;
}
