import { loadConfig, showConfig } from '@acode/infrastructure/config';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { renderSettingValue, renderSettingsSection, type SettingsValue } from '../render/config-settings.js';
import { formatConfigurationError } from '../render/diagnostics.js';
import { escapeControlCharacters } from '../render/text.js';
import type { ConfigFiles } from './config-files.js';
import type { OutputView } from './view.js';

/** Options of `acode config show`. */
export interface ConfigShowOptions {
  /** Dotted key; empty for the whole configuration. */
  readonly key: string;
  readonly json: boolean;
}

/**
 * `acode config show [KEY]`: the settings in effect under KEY (002's `Tool Call Parsing
 * Configuration:` layout for a section, the bare value for one setting), or JSON. An unknown
 * key or an unusable configuration exits 2 with its ACODE-CFG code. Reads the files only: the
 * registry is never started.
 */
export function configShow(files: ConfigFiles, options: ConfigShowOptions, view: OutputView): CommandOutput {
  const config = loadConfig(files);
  const warnings = config.warnings.map((warning) => `warning: [${warning.code}] ${escapeControlCharacters(warning.message)}\n`).join('');
  const result = showConfig(config, options.key);
  if (!result.ok) return { exitCode: EXIT_CODES.USAGE, stderr: warnings + formatConfigurationError(result.problem) };

  const value = result.value as SettingsValue | undefined;
  const stderr = warnings === '' ? {} : { stderr: warnings };
  if (options.json) return { exitCode: EXIT_CODES.OK, stdout: `${JSON.stringify(value ?? null, null, 2)}\n`, ...stderr };
  if (!isSection(value)) return { exitCode: EXIT_CODES.OK, stdout: renderSettingValue(value), ...stderr };
  const path = options.key === '' ? [] : options.key.split('.');
  const read = config.files.length === 0 ? '(none; defaults only)' : config.files.map(escapeControlCharacters).join(', ');
  const sources = options.key === '' ? `Configuration files: ${read}\n\n` : '';
  return { exitCode: EXIT_CODES.OK, stdout: sources + renderSettingsSection(path, value, view.style, view.width), ...stderr };
}

function isSection(value: SettingsValue | undefined): value is { readonly [key: string]: SettingsValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
