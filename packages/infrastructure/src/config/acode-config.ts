import type { ToolRegistryOptions } from '@acode/application';
import type { InteractionMode, ToolCallSettings } from '@acode/domain';
import type { SettingValue } from './setting-rule.js';
import type { ToolRegistrySettingKey } from './tool-registry-settings.js';
import type { GatewaySettings } from './gateway-settings.js';
import type { LicenseSettings } from './license-settings.js';

/** Codes a configuration warning may carry: CFG-003 for unknown keys, CFG-001/002 for values kept or ignored. */
export type ConfigWarningCode = 'ACODE-CFG-001' | 'ACODE-CFG-002' | 'ACODE-CFG-003';

/** Something in a configuration file that was accepted but deserves attention. Never fatal. */
export interface ConfigWarning {
  /** `ACODE-CFG-003` for an unknown key; `ACODE-CFG-002` for a value that is not honoured as written. */
  readonly code: ConfigWarningCode;
  /** Absolute path of the file the warning is about. */
  readonly file: string;
  /** Dotted key, such as `tool_registry.max_schma_size` or `tools.custom[0].version`. */
  readonly key: string;
  /** What is wrong and what to do, in one sentence. */
  readonly message: string;
}

/** A custom tool from configuration, converted to the shape of a `ToolDefinition` but not yet validated. */
export interface ConfigCustomTool {
  /**
   * The entry with its keys normalised to the definition's field names. Whatever could not be
   * normalised is kept as written, so the registry reports it for this tool alone.
   */
  readonly definition: unknown;
  /** Where the entry was written: `<file>#<dotted key>[<index>]`. */
  readonly source: string;
}

/** The `execution:` section: what confines tool handlers beyond the workspace root. */
export interface ExecutionSettings {
  /** Workspace-relative paths tools may not write, besides the built-in ones (`execution.protected_paths`). */
  readonly protectedPaths: readonly string[];
  /** Host variables handlers get besides `PATH`, `HOME`, `LANG`, `TZ`, `TMPDIR` (`execution.handler_env`). */
  readonly handlerEnv: readonly string[];
  /**
   * `execution.granted_permissions`: the permissions tools may require (001 `requiredPermissions`);
   * replaces the default (what the shipped core tools need). Absent when no file sets it.
   */
  readonly grantedPermissions?: readonly string[];
  /** `execution.retrieval_budget_per_turn.text|voice`: retrievals per turn, `null` for no limit; only the modes set. */
  readonly retrievalBudgetPerTurn?: Readonly<Partial<Record<InteractionMode, number | null>>>;
}

/** The merged configuration of a project: user defaults beneath, project file on top. */
export interface AcodeConfig {
  /** The files read, lowest precedence first (user-level, then project or `--config`). */
  readonly files: readonly string[];
  /** Everything worth telling the user that did not stop loading. */
  readonly warnings: readonly ConfigWarning[];
  /** Registry settings from `tool_registry:`, defaults filled in. */
  readonly registry: ToolRegistryOptions;
  /**
   * Every scalar `tool_registry:` key with the value in effect: as the files set it, the default
   * otherwise, and the default again where a value is accepted but ignored (`cache_compiled_schemas: false`).
   * What `acode config show` prints.
   */
  readonly registrySettings: Readonly<Record<ToolRegistrySettingKey, SettingValue>>;
  /** Custom tools from `tool_registry.custom_tools`, `tools.custom` and `tools.custom_tools`, in that order. */
  readonly customTools: readonly ConfigCustomTool[];
  /**
   * The `model:` section as written (merged across files), `undefined` when absent. Validated
   * by the model-provider settings, not here.
   */
  readonly model: unknown;
  /**
   * `model.providers.<provider>.tool_call` by provider, checked and in camelCase. Only the keys
   * the files set (merged key by key, project over user); the settings catalog puts 002's
   * defaults beneath. A provider without a `tool_call` section is absent.
   */
  readonly toolCall: Readonly<Record<string, Partial<ToolCallSettings>>>;
  /** `execution:`, each list as the highest file that sets it wrote it; empty lists by default. */
  readonly execution: ExecutionSettings;
  /** `gateway:` (issue 15), key by key as the highest file sets it, defaults beneath. */
  readonly gateway: GatewaySettings;
  /** `license:` (001 §3.2), the highest file that sets `tier` wins; `enterprise` by default. */
  readonly license: LicenseSettings;
}
