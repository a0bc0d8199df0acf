import type { ToolCallSettings } from '@acode/domain';

/** The `tool_call` settings of every configured provider, with 002's defaults beneath. */
export interface ToolCallSettingsCatalog {
  /** Settings used when no provider is named. */
  readonly defaults: ToolCallSettings;
  /** The settings of one provider; the defaults for a provider with no `tool_call` section. */
  forProvider(provider: string | undefined): ToolCallSettings;
}
