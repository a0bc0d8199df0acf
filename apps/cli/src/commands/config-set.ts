import { configFileToEdit, setConfigValue } from '@acode/infrastructure/config';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatConfigurationError } from '../render/diagnostics.js';
import { displayMessage, escapeControlCharacters } from '../render/text.js';
import type { ConfigFiles } from './config-files.js';

/** Options of `acode config set`. */
export interface ConfigSetOptions {
  readonly key: string;
  /** The value as typed; read as YAML. */
  readonly value: string;
}

/**
 * `acode config set KEY VALUE`: writes one setting into `--config PATH`, the nearest
 * `.agent/config.yml`, or a new one in the working directory, and prints
 * `Set <key> = <value> in <file>`. A refused key or value exits 2 with its ACODE-CFG code and
 * leaves the file untouched.
 */
export function configSet(files: ConfigFiles, options: ConfigSetOptions): CommandOutput {
  const file = configFileToEdit(files.cwd, files.configPath);
  const result = setConfigValue({ file, key: options.key, rawValue: options.value });
  if (!result.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatConfigurationError(result.problem) };
  const warnings = result.warnings.map((warning) => `warning: [${warning.code}] ${displayMessage(warning.message)}\n`).join('');
  const created = result.created ? `Created ${escapeControlCharacters(result.file)}\n` : '';
  return {
    exitCode: EXIT_CODES.OK,
    stdout: `${created}Set ${escapeControlCharacters(result.key)} = ${displayMessage(formatValue(result.value))} in ${escapeControlCharacters(result.file)}\n`,
    ...(warnings !== '' ? { stderr: warnings } : {}),
  };
}

/** The value as it reads in YAML: lists in brackets, strings bare. */
function formatValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
