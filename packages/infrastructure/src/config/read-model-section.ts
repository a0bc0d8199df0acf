import type { ToolCallSettings } from '@acode/domain';
import type { ConfigWarning } from './acode-config.js';
import { checkSetting } from './check-setting.js';
import { invalidValue, isMapping, sectionMapping, unknownKey } from './config-problems.js';
import { quote } from './describe-value.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import { PROVIDER_NAME_PATTERN, TOOL_CALL_SETTINGS, isToolCallSettingKey } from './tool-call-settings.js';

/** `tool_call:` settings by provider name, only the keys a file sets, in camelCase. */
export type ProviderToolCallSettings = Record<string, Partial<ToolCallSettings>>;

/**
 * Checks `model.providers.<provider>.tool_call` in one file. Everything else under `model:`
 * (`base_url`, `model`, `timeout_ms`...) belongs to a later issue and is accepted unchecked, so
 * it neither warns nor fails here. Provider names and every `tool_call` key are checked: a bad
 * value throws ACODE-CFG-002, an unknown key is an ACODE-CFG-003 warning.
 */
export function readModelSection(document: ConfigDocument, model: unknown, warnings: ConfigWarning[]): ProviderToolCallSettings {
  const byProvider: ProviderToolCallSettings = {};
  if (!isMapping(model) || !Object.hasOwn(model, 'providers')) return byProvider;

  const providersPath = ['model', 'providers'];
  for (const [provider, body] of Object.entries(sectionMapping(document, providersPath, model['providers']))) {
    const providerPath = [...providersPath, provider];
    if (!PROVIDER_NAME_PATTERN.test(provider)) {
      throw invalidValue(
        document,
        providerPath,
        '',
        provider,
        `provider name ${quote(provider)} under model.providers must be lowercase letters, digits, "_" or "-", start with a letter and be at most 64 characters`,
      );
    }
    const settings = sectionMapping(document, providerPath, body);
    if (!Object.hasOwn(settings, 'tool_call')) continue;
    // The name pattern rules out `__proto__`, so a plain assignment stays a data key.
    byProvider[provider] = readToolCall(document, [...providerPath, 'tool_call'], settings['tool_call'], warnings);
  }
  return byProvider;
}

function readToolCall(document: ConfigDocument, path: ConfigPath, body: unknown, warnings: ConfigWarning[]): Partial<ToolCallSettings> {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sectionMapping(document, path, body))) {
    if (!isToolCallSettingKey(key)) {
      warnings.push(unknownKey(document, [...path, key]));
      continue;
    }
    const rule = TOOL_CALL_SETTINGS[key];
    settings[rule.field] = checkSetting(document, [...path, key], rule, value, warnings);
  }
  // Each value was checked against the rule of the field it fills, so the shape holds.
  return settings as Partial<ToolCallSettings>;
}
