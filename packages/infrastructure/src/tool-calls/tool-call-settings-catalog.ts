import { DEFAULT_TOOL_CALL_SETTINGS, type ToolCallSettings } from '@acode/domain';
import type { ToolCallSettingsCatalog } from '@acode/application';

/**
 * Builds the catalog of `model.providers.<provider>.tool_call` settings: each provider's keys
 * over 002's defaults ({@link DEFAULT_TOOL_CALL_SETTINGS}). The values are expected to be checked
 * already (the config loader refuses out-of-range values); an unknown provider gets the defaults.
 * Provider names are matched exactly, as they are written in the configuration.
 */
export function createToolCallSettingsCatalog(perProvider: Readonly<Record<string, Partial<ToolCallSettings>>>): ToolCallSettingsCatalog {
  const merged = new Map<string, ToolCallSettings>();
  for (const [provider, settings] of Object.entries(perProvider)) {
    merged.set(provider, Object.freeze({ ...DEFAULT_TOOL_CALL_SETTINGS, ...withoutUndefined(settings) }));
  }
  return Object.freeze({
    defaults: DEFAULT_TOOL_CALL_SETTINGS,
    forProvider: (provider: string | undefined) => (provider === undefined ? undefined : merged.get(provider)) ?? DEFAULT_TOOL_CALL_SETTINGS,
  });
}

/** A key present with `undefined` must not erase a default. */
export function withoutUndefined(settings: Partial<ToolCallSettings>): Partial<ToolCallSettings> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Partial<ToolCallSettings>;
}
