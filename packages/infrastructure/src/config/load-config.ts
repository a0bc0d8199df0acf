import { ConfigurationException, type ToolRegistryOptions } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { deepFreeze } from '../registry/deep-freeze.js';
import type { AcodeConfig, ConfigCustomTool } from './acode-config.js';
import { CUSTOM_TOOL_KEYS, type CustomToolKey } from './custom-tool-keys.js';
import { USER_CONFIG_PATH } from './config-limits.js';
import { findProjectConfig } from './find-config-file.js';
import { mergeMappings } from './merge-mappings.js';
import { readConfigFile } from './read-config-file.js';
import { readConfigSections, type FileConfig } from './read-config-sections.js';
import type { ProviderToolCallSettings } from './read-model-section.js';
import type { SettingRule, SettingValue } from './setting-rule.js';
import { TOOL_REGISTRY_SETTINGS, type ToolRegistrySettingKey, type ToolRegistrySettings } from './tool-registry-settings.js';
import { DEFAULT_GATEWAY_SETTINGS, type GatewaySettings } from './gateway-settings.js';
import { DEFAULT_LICENSE_SETTINGS, type LicenseSettings } from './license-settings.js';

/** Where to look for configuration. */
export interface LoadConfigOptions {
  /** Working directory; `.agent/config.yml` is searched from here upwards. */
  readonly cwd: string;
  /** A file to use instead of the search (`--config PATH`); it must exist. Relative to `cwd`. */
  readonly configPath?: string;
  /** Home directory holding `.acode/config.yml`; from `env` (`HOME`, `USERPROFILE`) or the OS otherwise. */
  readonly homeDir?: string;
  /** Environment consulted for the home directory; `process.env` by default. */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Loads the configuration (decision 6): the user-level `~/.acode/config.yml` gives defaults, the
 * project's `.agent/config.yml` (nearest one walking up from `cwd`, or `configPath`) overrides
 * them. Mappings merge key by key; a list set in the project file replaces the user's list.
 * Neither file is required, except an explicit `configPath`.
 *
 * Throws `ConfigurationException`: ACODE-CFG-001 when a file cannot be read or parsed (with line
 * and column for syntax errors), ACODE-CFG-002 when a value has the wrong type or is out of range.
 * Unknown keys are ACODE-CFG-003 warnings in the result. The result is deep-frozen.
 */
export function loadConfig(options: LoadConfigOptions): AcodeConfig {
  const files: string[] = [];
  const home = options.homeDir ?? homeFromEnv(options.env ?? process.env);
  const userFile = join(resolve(home), USER_CONFIG_PATH);
  if (existsSync(userFile)) files.push(userFile);

  const projectFile = options.configPath === undefined ? findProjectConfig(options.cwd) : resolve(options.cwd, options.configPath);
  if (options.configPath !== undefined && !existsSync(projectFile!)) {
    throw new ConfigurationException(ERROR_CODES.CONFIG_UNREADABLE, `Configuration file not found: ${projectFile} (given with --config)`, {
      file: projectFile,
    });
  }
  if (projectFile !== undefined && projectFile !== userFile) files.push(projectFile);

  const layers = files.map((file) => readConfigSections(readConfigFile(file)));
  return deepFreeze(mergeLayers(files, layers));
}

/** Folds the layers, lowest precedence first. */
function mergeLayers(files: readonly string[], layers: readonly FileConfig[]): AcodeConfig {
  let settings: ToolRegistrySettings = {};
  let disabledTools: readonly string[] = [];
  let model: unknown;
  const toolCall: ProviderToolCallSettings = {};
  const customTools = new Map<CustomToolKey, readonly ConfigCustomTool[]>();
  let protectedPaths: readonly string[] = [];
  let handlerEnv: readonly string[] = [];
  let grantedPermissions: readonly string[] | undefined;
  let gateway: GatewaySettings = DEFAULT_GATEWAY_SETTINGS;
  let license: LicenseSettings = DEFAULT_LICENSE_SETTINGS;
  let retrievalBudgetPerTurn: Partial<Record<'text' | 'voice', number | null>> | undefined;
  for (const layer of layers) {
    // Key by key, project over user; `upstream` as a whole.
    gateway = { ...gateway, ...layer.gateway };
    license = { ...license, ...layer.license };
    // A list set in a higher file replaces the one beneath; budgets merge mode by mode.
    grantedPermissions = layer.execution.grantedPermissions ?? grantedPermissions;
    if (layer.execution.retrievalBudgetPerTurn !== undefined) retrievalBudgetPerTurn = { ...retrievalBudgetPerTurn, ...layer.execution.retrievalBudgetPerTurn };
    // Protections add up: a project file cannot lift one the user-level file set.
    protectedPaths = [...new Set([...protectedPaths, ...(layer.execution.protectedPaths ?? [])])];
    handlerEnv = layer.execution.handlerEnv ?? handlerEnv;
    settings = { ...settings, ...layer.settings };
    disabledTools = layer.disabledTools ?? disabledTools;
    for (const [key, tools] of layer.customTools) customTools.set(key, tools);
    model = mergeMappings(model, layer.model);
    for (const [provider, values] of Object.entries(layer.toolCall)) toolCall[provider] = { ...toolCall[provider], ...values };
  }
  return {
    files,
    warnings: layers.flatMap((layer) => layer.warnings),
    registry: toRegistryOptions(settings, disabledTools),
    registrySettings: effectiveRegistrySettings(settings),
    customTools: CUSTOM_TOOL_KEYS.flatMap((key) => customTools.get(key) ?? []),
    model,
    toolCall,
    gateway,
    license,
    execution: {
      protectedPaths,
      handlerEnv,
      ...(grantedPermissions === undefined ? {} : { grantedPermissions }),
      ...(retrievalBudgetPerTurn === undefined ? {} : { retrievalBudgetPerTurn }),
    },
  };
}

function toRegistryOptions(settings: ToolRegistrySettings, disabledTools: readonly string[]): ToolRegistryOptions {
  const value = <K extends keyof typeof TOOL_REGISTRY_SETTINGS>(key: K): (typeof TOOL_REGISTRY_SETTINGS)[K]['default'] =>
    (settings[key] ?? TOOL_REGISTRY_SETTINGS[key].default) as (typeof TOOL_REGISTRY_SETTINGS)[K]['default'];
  const logLevel: string = value('validation_failure_log_level');
  return {
    limits: {
      maxSchemaSizeBytes: value('max_schema_size'),
      maxSchemaDepth: value('max_schema_depth'),
      maxArgumentSizeBytes: value('max_argument_size'),
      maxArgumentDepth: value('max_argument_depth'),
      maxValidationErrors: value('max_errors'),
      patternTimeoutMs: value('pattern_timeout_ms'),
    },
    includeActualValues: value('include_actual_values'),
    // 000 writes `warning`; the port speaks `warn`.
    validationFailureLogLevel: (logLevel === 'warning' ? 'warn' : logLevel) as ToolRegistryOptions['validationFailureLogLevel'],
    disabledTools,
  };
}

function effectiveRegistrySettings(settings: ToolRegistrySettings): Record<ToolRegistrySettingKey, SettingValue> {
  const effective = {} as Record<ToolRegistrySettingKey, SettingValue>;
  for (const key of Object.keys(TOOL_REGISTRY_SETTINGS) as ToolRegistrySettingKey[]) {
    const rule: SettingRule = TOOL_REGISTRY_SETTINGS[key];
    const value = settings[key];
    // A value accepted with a warning is not honoured, so the default is what is in effect.
    const ignored = rule.type === 'boolean' && rule.unsupported?.severity === 'warning' && rule.unsupported.value === value;
    effective[key] = value === undefined || ignored ? rule.default : value;
  }
  return effective;
}

function homeFromEnv(env: NodeJS.ProcessEnv): string {
  return env['HOME'] || env['USERPROFILE'] || homedir();
}
