import { isAbsolute } from 'node:path';
import { HANDLER_ENV_NAME_PATTERN, MAX_HANDLER_ENV_NAMES } from '../execution/handler-environment.js';
import { MAX_WORKSPACE_PATH_LENGTH } from '../execution/workspace-access.js';
import { MAX_PERMISSION_LENGTH, type InteractionMode } from '@acode/domain';
import type { ConfigCustomTool, ConfigWarning, ExecutionSettings } from './acode-config.js';
import { checkSetting } from './check-setting.js';
import { invalidValue as invalid, isMapping, sectionMapping, unknownKey } from './config-problems.js';
import type { CustomToolKey } from './custom-tool-keys.js';
import { dottedKey } from './describe-value.js';
import { normalizeCustomTool } from './normalize-custom-tool.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import { readGatewaySection, type GatewaySettings } from './gateway-settings.js';
import { readLicenseSection, type LicenseSettings } from './license-settings.js';
import { readModelSection, type ProviderToolCallSettings } from './read-model-section.js';
import { TOOL_REGISTRY_SETTINGS, isToolRegistrySettingKey, type ToolRegistrySettings } from './tool-registry-settings.js';

/** Most entries `execution.protected_paths` may list. */
export const MAX_PROTECTED_PATHS = 100;

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
  /** `execution:` keys the file sets. */
  readonly execution: Partial<ExecutionSettings>;
  /** `gateway:` keys the file sets. */
  readonly gateway: Partial<GatewaySettings>;
  /** `license:` keys the file sets. */
  readonly license: Partial<LicenseSettings>;
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
  const execution: {
    protectedPaths?: readonly string[];
    handlerEnv?: readonly string[];
    grantedPermissions?: readonly string[];
    retrievalBudgetPerTurn?: Partial<Record<InteractionMode, number | null>>;
  } = {};
  let gateway: Partial<GatewaySettings> = {};
  let license: Partial<LicenseSettings> = {};

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
      case 'execution':
        for (const [key, value] of Object.entries(sectionMapping(document, [section], body))) {
          const path = [section, key];
          if (key === 'protected_paths') execution.protectedPaths = readProtectedPaths(document, path, value);
          else if (key === 'handler_env') execution.handlerEnv = readVariableNames(document, path, value);
          else if (key === 'granted_permissions') execution.grantedPermissions = readPermissions(document, path, value);
          else if (key === 'retrieval_budget_per_turn') execution.retrievalBudgetPerTurn = readRetrievalBudgets(document, path, value, warnings);
          else warnings.push(unknownKey(document, path));
        }
        break;
      case 'gateway':
        gateway = readGatewaySection(document, body, warnings);
        break;
      case 'license':
        license = readLicenseSection(document, body, warnings);
        break;
      case 'model':
        model = body;
        toolCall = readModelSection(document, body, warnings);
        break;
      default:
        warnings.push(unknownKey(document, [section]));
    }
  }
  return { file: document.file, settings, disabledTools, customTools, model, toolCall, execution, gateway, license, warnings };
}

/**
 * `execution.protected_paths`: workspace-relative paths tools may not write (besides `.agent/`,
 * `tools/`, `tool_registry.json` and `.git/`, always protected). Relative, inside the workspace
 * (no `..` segment), without NUL characters; at most {@link MAX_PROTECTED_PATHS}.
 */
function readProtectedPaths(document: ConfigDocument, path: ConfigPath, value: unknown): readonly string[] {
  const expected = 'a workspace-relative path (such as secrets/ or deploy.sh), without .. segments';
  if (value === null) return [];
  if (!Array.isArray(value)) throw invalid(document, path, 'a list of workspace-relative paths', value);
  if (value.length > MAX_PROTECTED_PATHS) throw invalid(document, path, `a list of at most ${MAX_PROTECTED_PATHS} paths`, value);
  return value.map((entry, index) => {
    const ok =
      typeof entry === 'string' &&
      entry.trim() !== '' &&
      entry.length <= MAX_WORKSPACE_PATH_LENGTH &&
      !entry.includes('\0') &&
      !isAbsolute(entry) &&
      !/^[A-Za-z]:/.test(entry) &&
      !entry.split(/[\\/]/).includes('..');
    if (!ok) throw invalid(document, [...path, index], expected, entry);
    return entry;
  });
}

/** Most entries `execution.granted_permissions` may list. */
export const MAX_GRANTED_PERMISSIONS = 100;

/** A granted permission: dotted words, optionally ending in `.*`, or `*` alone. */
const PERMISSION_PATTERN = /^(\*|[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*(\.\*)?)$/;

/** Largest `execution.retrieval_budget_per_turn` value (a turn with more retrievals than this is a loop). */
export const MAX_RETRIEVAL_BUDGET_PER_TURN = 100;

/**
 * `execution.granted_permissions`: permissions tools may require (`tool.filesystem.read`), a
 * prefix ending in `.*` (`tool.git.*`), or `*`; the list replaces the default.
 */
function readPermissions(document: ConfigDocument, path: ConfigPath, value: unknown): readonly string[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw invalid(document, path, 'a list of permissions (such as tool.filesystem.read or tool.git.*)', value);
  if (value.length > MAX_GRANTED_PERMISSIONS) throw invalid(document, path, `a list of at most ${MAX_GRANTED_PERMISSIONS} permissions`, value);
  return value.map((entry, index) => {
    if (typeof entry !== 'string' || entry.length > MAX_PERMISSION_LENGTH || !PERMISSION_PATTERN.test(entry)) {
      throw invalid(document, [...path, index], `a permission of at most ${MAX_PERMISSION_LENGTH} characters: dotted words (tool.filesystem.read), optionally ending in .*, or *`, entry);
    }
    return entry;
  });
}

/** `execution.retrieval_budget_per_turn`: `text` and `voice`, each a whole number from 0 to 100 or null (no limit). */
function readRetrievalBudgets(
  document: ConfigDocument,
  path: ConfigPath,
  value: unknown,
  warnings: ConfigWarning[],
): Partial<Record<InteractionMode, number | null>> {
  const budgets: Partial<Record<InteractionMode, number | null>> = {};
  if (value === null) return budgets;
  if (!isMapping(value)) throw invalid(document, path, 'a mapping with text and voice', value);
  for (const [mode, budget] of Object.entries(value)) {
    if (mode !== 'text' && mode !== 'voice') {
      warnings.push(unknownKey(document, [...path, mode]));
      continue;
    }
    if (budget !== null && !(typeof budget === 'number' && Number.isInteger(budget) && budget >= 0 && budget <= MAX_RETRIEVAL_BUDGET_PER_TURN)) {
      throw invalid(document, [...path, mode], `a whole number from 0 to ${MAX_RETRIEVAL_BUDGET_PER_TURN}, or null for no limit`, budget);
    }
    budgets[mode] = budget;
  }
  return budgets;
}

/** `execution.handler_env`: names of host variables handlers get besides the base allowlist. */
function readVariableNames(document: ConfigDocument, path: ConfigPath, value: unknown): readonly string[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw invalid(document, path, 'a list of environment variable names', value);
  if (value.length > MAX_HANDLER_ENV_NAMES) throw invalid(document, path, `a list of at most ${MAX_HANDLER_ENV_NAMES} names`, value);
  return value.map((name, index) => {
    if (typeof name !== 'string' || !HANDLER_ENV_NAME_PATTERN.test(name)) throw invalid(document, [...path, index], 'an environment variable name (letters, digits and _, not starting with a digit)', name);
    return name;
  });
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
