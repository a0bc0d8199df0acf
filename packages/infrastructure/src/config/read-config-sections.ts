import type { ConfigCustomTool, ConfigWarning } from './acode-config.js';
import { checkSetting } from './check-setting.js';
import { invalidValue as invalid, isMapping, sectionMapping, unknownKey } from './config-problems.js';
import type { CustomToolKey } from './custom-tool-keys.js';
import { dottedKey } from './describe-value.js';
import { normalizeCustomTool } from './normalize-custom-tool.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import { readModelSection, type ProviderToolCallSettings } from './read-model-section.js';
import { TOOL_REGISTRY_SETTINGS, isToolRegistrySettingKey, type ToolRegistrySettings } from './tool-registry-settings.js';

/** What one file sets; keys it leaves out are absent so files beneath it show through. */
export interface FileConfig {
  readonly file: string;
  readonly settings: ToolRegistrySettings;
  /** `tool_registry.disabled_tools`, when the file sets it. */
  readonly disabledTools: readonly string[] | undefined;
  /** Custom tool lists by the key they were written under; only keys the file sets. */
  readonly customTools: ReadonlyMap<CustomToolKey, readonly ConfigCustomTool[]>;
  /** The raw `model:` section; `undefined` when absent. */
  readonly model: unknown;
  /** The checked `model.providers.<provider>.tool_call` settings, only the keys the file sets. */
  readonly toolCall: ProviderToolCallSettings;
  readonly warnings: readonly ConfigWarning[];
}

/**
 * Checks the sections of one parsed file against the configuration schema. Wrong types and
 * out-of-range values throw `ConfigurationException` (ACODE-CFG-002) naming file, line, dotted
 * key, what was found and what is allowed; unknown keys become ACODE-CFG-003 warnings. `model:`
 * is kept as written; of it, only `providers.<provider>.tool_call` is checked here.
 */
export function readConfigSections(document: ConfigDocument): FileConfig {
  const warnings: ConfigWarning[] = [...document.warnings];
  const settings: ToolRegistrySettings = {};
  const customTools = new Map<CustomToolKey, readonly ConfigCustomTool[]>();
  let disabledTools: readonly string[] | undefined;
  let model: unknown;
  let toolCall: ProviderToolCallSettings = {};

  const root = document.data ?? {};
  if (!isMapping(root)) throw invalid(document, [], 'a mapping of sections (tool_registry, tools, model)', root);

  for (const [section, body] of Object.entries(root)) {
    switch (section) {
      case 'tool_registry':
        for (const [key, value] of Object.entries(sectionMapping(document, [section], body))) {
          const path = [section, key];
          if (isToolRegistrySettingKey(key)) settings[key] = checkSetting(document, path, TOOL_REGISTRY_SETTINGS[key], value, warnings);
          else if (key === 'custom_tools') customTools.set('tool_registry.custom_tools', readCustomTools(document, path, value, warnings));
          else if (key === 'disabled_tools') disabledTools = readNames(document, path, value);
          else warnings.push(unknownKey(document, path));
        }
        break;
      case 'tools':
        for (const [key, value] of Object.entries(sectionMapping(document, [section], body))) {
          const path = [section, key];
          if (key === 'custom' || key === 'custom_tools') customTools.set(`tools.${key}`, readCustomTools(document, path, value, warnings));
          else warnings.push(unknownKey(document, path));
        }
        break;
      case 'model':
        model = body;
        toolCall = readModelSection(document, body, warnings);
        break;
      default:
        warnings.push(unknownKey(document, [section]));
    }
  }
  return { file: document.file, settings, disabledTools, customTools, model, toolCall, warnings };
}

function readCustomTools(document: ConfigDocument, path: ConfigPath, value: unknown, warnings: ConfigWarning[]): readonly ConfigCustomTool[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw invalid(document, path, 'a list of tool definitions', value);
  return value.map((entry, index) => ({
    definition: normalizeCustomTool(entry, [...path, index], document, warnings),
    source: `${document.file}#${dottedKey([...path, index])}`,
  }));
}

function readNames(document: ConfigDocument, path: ConfigPath, value: unknown): readonly string[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw invalid(document, path, 'a list of tool names', value);
  return value.map((name, index) => {
    if (typeof name !== 'string' || name.trim() === '') throw invalid(document, [...path, index], 'a tool name (a non-empty string)', name);
    return name;
  });
}
