import { DEFAULT_REGISTRY_LIMITS, type RegistryLimits } from '@acode/domain';

/** Settings of the registry, read from `tool_registry:` in configuration. */
export interface ToolRegistryOptions {
  /** Size, depth, error-count and pattern limits (decision 10). */
  readonly limits: RegistryLimits;
  /** Whether errors may show what was sent (000 `include_actual_values`). */
  readonly includeActualValues: boolean;
  /** Level of the log line written for a failed validation. */
  readonly validationFailureLogLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Names of tools kept out of the registry, whatever provider offers them. */
  readonly disabledTools: readonly string[];
  /**
   * Whether a successful validation writes the schema's `default`s into the arguments it returns
   * (`true` unless set): what an executor wants. `false` returns the arguments exactly as sent,
   * for a gateway that hands calls back to a client (which applies its own defaults).
   */
  readonly applyDefaults?: boolean;
}

/** The defaults: decision 10's limits, actual values shown, failures logged at warn. */
export const DEFAULT_TOOL_REGISTRY_OPTIONS: ToolRegistryOptions = Object.freeze({
  limits: DEFAULT_REGISTRY_LIMITS,
  includeActualValues: true,
  validationFailureLogLevel: 'warn',
  disabledTools: Object.freeze([]) as readonly string[],
});
