import type { JsonValue, ToolCategory, ToolDefinition, ToolValidationResult, ToolValidationSuccess, ValidationError } from '@acode/domain';

/** Selects one version of a tool: an exact version (`1.2.0`) or a range (`^1`, `1.x`). Highest otherwise. */
export interface ToolVersionQuery {
  /** Exact semantic version or range; absent means the highest registered version. */
  readonly version?: string;
}

/** What `registerTool` did. */
/** What {@link IToolSchemaRegistry.unregisterTool} did. */
export type ToolUnregistration = 'removed' | 'not_found' | 'built_in';

export interface ToolRegistration {
  /** `registered` for a new name/version; `unchanged` for an identical re-registration (FR-019). */
  readonly status: 'registered' | 'unchanged';
  /** The definition as stored (deep-frozen). */
  readonly definition: ToolDefinition;
  /** Schema hash logged for audit (decision 12). */
  readonly schemaHash: string;
}

/** A look-up that found a tool, with how the name resolved. */
export interface ToolLookup {
  /** The stored definition. */
  readonly definition: ToolDefinition;
  /** The name the caller asked for, when it was an alias or differed in case. */
  readonly requestedName?: string;
}

/**
 * What checking a handler's result against its tool's `outputSchema` found (001 §4.2, §5.1).
 * `checked` is false when the tool version declares no output schema (nothing to check).
 */
export type ToolOutputValidation =
  | { readonly valid: true; readonly checked: boolean }
  | { readonly valid: false; readonly errors: readonly ValidationError[] };

/** How a definition is registered. */
export interface ToolRegistrationOptions {
  /** True for the built-in tools, whose names and aliases nothing else may take. */
  readonly builtIn?: boolean;
}

/** Arguments to validate: the JSON text a model sent, or an already-parsed object (Ollama). */
export type ToolArguments = string | object;

/**
 * The registry of tool definitions and the validator of tool-call arguments (004 FR-001..007).
 * Implementations are safe under concurrent use and compile each schema once.
 */
export interface IToolSchemaRegistry {
  /**
   * Registers a definition after checking it with the domain rules and compiling its schema.
   * Registering the same name and version again is a no-op when identical; otherwise throws
   * `DuplicateToolException` (ACODE-TSR-007). Throws `InvalidToolDefinitionException` or
   * `SchemaCompilationException` for bad definitions.
   *
   * A `builtIn` registration (the core tools) reserves its name and aliases: a later definition
   * that is not built-in and claims one of them, in any version, throws `DuplicateToolException`
   * naming the built-in (001 §9: built-in definitions cannot be overwritten), unless it is the
   * built-in's own definition again (a tool folder that `extends` it), which is `unchanged`.
   */
  registerTool(definition: ToolDefinition, options?: ToolRegistrationOptions): ToolRegistration;

  /**
   * Removes one registered version of a tool, so a definition deleted or replaced while the host
   * runs stops being callable at once (issue 16). Readers holding a snapshot keep it. Built-in
   * tools are never removed. An expected outcome, not an exception: `removed`, `not_found`
   * (no such name and version) or `built_in`.
   */
  unregisterTool(name: string, version: string): ToolUnregistration;

  /** The definition of a tool by name (case-insensitive, aliases resolved); throws `ToolNotFoundException`. */
  getToolDefinition(name: string, query?: ToolVersionQuery): ToolDefinition;

  /** The definition and how its name resolved, or `undefined`. Never throws. */
  findTool(name: string, query?: ToolVersionQuery): ToolLookup | undefined;

  /** The highest version of every tool, sorted by name. O(1): a snapshot, not a copy. */
  getAllTools(): readonly ToolDefinition[];

  /** The highest version of every tool in a category, sorted by name. */
  getToolsByCategory(category: ToolCategory): readonly ToolDefinition[];

  /** Every registered version of a tool, highest first; empty for an unknown tool. */
  getVersions(name: string): readonly string[];

  /** Number of distinct tool names registered. */
  readonly size: number;

  /**
   * Validates arguments and returns them parsed, with defaults applied. Throws
   * `ToolNotFoundException` for an unknown tool and `SchemaValidationException` for invalid
   * arguments (FR-036..044).
   */
  validateArguments(name: string, args: ToolArguments, query?: ToolVersionQuery): ToolValidationSuccess;

  /** Validates arguments without throwing for expected failures (FR-045..048, BP-009). */
  tryValidateArguments(name: string, args: ToolArguments, query?: ToolVersionQuery): ToolValidationResult;

  /**
   * Validates a handler's result `data` against the `outputSchema` compiled at registration, with
   * the same strictness as arguments. Valid (unchecked) when the version declares none; an unknown
   * tool or version is invalid (fail closed). Errors never carry actual values: they go to logs.
   * Never throws.
   */
  tryValidateOutput(name: string, data: JsonValue, query?: ToolVersionQuery): ToolOutputValidation;
}
