import { readFileSync } from 'node:fs';
import { configFileToEdit, setConfigValue, settingEffect } from '@acode/infrastructure/config';
import { parse } from 'yaml';
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
 * `Set <key> = <value> in <file>`, then whether a running host applies it at once or needs a
 * restart (the host's own rule, `settingEffect`). A refused key or value exits 2 with its
 * ACODE-CFG code and leaves the file untouched.
 */
export function configSet(files: ConfigFiles, options: ConfigSetOptions): CommandOutput {
  const file = configFileToEdit(files.cwd, files.configPath);
  const result = setConfigValue({ file, key: options.key, rawValue: options.value });
  if (!result.ok) return { exitCode: EXIT_CODES.USAGE, stderr: formatConfigurationError(result.problem) };
  const warnings = result.warnings.map((warning) => `warning: [${warning.code}] ${displayMessage(warning.message)}\n`).join('');
  const created = result.created ? `Created ${escapeControlCharacters(result.file)}\n` : '';
  return {
    exitCode: EXIT_CODES.OK,
    stdout: `${created}Set ${escapeControlCharacters(result.key)} = ${displayMessage(formatValue(result.value))} in ${escapeControlCharacters(result.file)}\n${effectLine(result.key)}${upstreamTypeNote(result.key, result.file)}`,
    ...(warnings !== '' ? { stderr: warnings } : {}),
  };
}

/** The value as it reads in YAML: lists in brackets, strings bare. */
function formatValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What a running host does with the new value: the same rule the host applies when it reloads the file. */
function effectLine(key: string): string {
  return settingEffect(key) === 'live'
    ? 'A running host applies this at once (it reloads the file when it changes).\n'
    : 'A running host keeps its current value until it is restarted.\n';
}

/**
 * A base URL written without a type is read as an OpenAI-compatible server, while the default
 * upstream is Ollama: a user moving Ollama to another address would otherwise get the wrong wire
 * without a word.
 */
function upstreamTypeNote(key: string, file: string): string {
  if (key !== 'gateway.upstream.base_url') return '';
  let upstream: unknown;
  try {
    upstream = (parse(readFileSync(file, 'utf8')) as { gateway?: { upstream?: unknown } } | null)?.gateway?.upstream;
  } catch {
    return '';
  }
  if (typeof upstream !== 'object' || upstream === null || 'type' in upstream) return '';
  return 'gateway.upstream.type is not set, so the server is taken as OpenAI-compatible; for Ollama: acode config set gateway.upstream.type ollama\n';
}
