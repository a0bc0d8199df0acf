import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import type { ConfigCustomTool, ConfigWarning } from './acode-config.js';
import type { CustomToolKey } from './custom-tool-keys.js';
import { describeValue, dottedKey } from './describe-value.js';
import { locate } from './locate.js';
import { normalizeCustomTool } from './normalize-custom-tool.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import {
  TOOL_REGISTRY_SETTINGS,
  describeRule,
  isToolRegistrySettingKey,
  type SettingRule,
  type ToolRegistrySettings,
} from './tool-registry-settings.js';

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
  readonly warnings: readonly ConfigWarning[];
}

/**
 * Checks the sections of one parsed file against the configuration schema. Wrong types and
 * out-of-range values throw `ConfigurationException` (ACODE-CFG-002) naming file, line, dotted
 * key, what was found and what is allowed; unknown keys become ACODE-CFG-003 warnings. `model:`
 * is kept as written for the model-provider settings to check.
 */
export function readConfigSections(document: ConfigDocument): FileConfig {
  const warnings: ConfigWarning[] = [...document.warnings];
  const settings: ToolRegistrySettings = {};
  const customTools = new Map<CustomToolKey, readonly ConfigCustomTool[]>();
  let disabledTools: readonly string[] | undefined;
  let model: unknown;

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
        break;
      default:
        warnings.push(unknownKey(document, [section]));
    }
  }
  return { file: document.file, settings, disabledTools, customTools, model, warnings };
}

function checkSetting(document: ConfigDocument, path: ConfigPath, rule: SettingRule, value: unknown, warnings: ConfigWarning[]): number | boolean | string {
  const expected = describeRule(rule);
  switch (rule.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min || value > rule.max) throw invalid(document, path, expected, value);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(document, path, expected, value);
      if (rule.unsupported?.value === value) {
        const message = `${dottedKey(path)} cannot be ${value}: ${rule.unsupported.reason}`;
        if (rule.unsupported.severity === 'error') throw invalid(document, path, expected, value, message);
        warnings.push({ code: ERROR_CODES.CONFIG_INVALID, file: document.file, key: dottedKey(path), message: `${locate(document, path)}: ${message}` });
      }
      return value;
    case 'enum':
      if (typeof value !== 'string' || !rule.values.includes(value)) throw invalid(document, path, expected, value);
      return value;
  }
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

/** A section written with nothing under it (`tool_registry:`) is an empty mapping. */
function sectionMapping(document: ConfigDocument, path: ConfigPath, value: unknown): Record<string, unknown> {
  if (value === null) return {};
  if (!isMapping(value)) throw invalid(document, path, 'a mapping', value);
  return value;
}

function unknownKey(document: ConfigDocument, path: ConfigPath): ConfigWarning {
  const key = dottedKey(path);
  return { code: ERROR_CODES.CONFIG_UNKNOWN_KEY, file: document.file, key, message: `${locate(document, path)}: unknown key ${key} is ignored` };
}

function invalid(document: ConfigDocument, path: ConfigPath, expected: string, value: unknown, reason?: string): ConfigurationException {
  const key = dottedKey(path);
  const subject = key === '' ? 'the top level' : key;
  const message = `${locate(document, path)}: ${reason ?? `${subject} must be ${expected}; got ${describeValue(value)}`}`;
  return new ConfigurationException(ERROR_CODES.CONFIG_INVALID, message, { file: document.file, key });
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
