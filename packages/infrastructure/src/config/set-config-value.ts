import { ERROR_CODES } from '@acode/domain';
import { existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ConfigWarning } from './acode-config.js';
import { checkSetting } from './check-setting.js';
import { resolveConfigKey, type ConfigKeyTarget } from './config-key.js';
import { PROJECT_CONFIG_PATH } from './config-limits.js';
import { configProblemOf, type ConfigProblem } from './config-problem.js';
import { dottedKey } from './describe-value.js';
import { editConfigText } from './edit-config-text.js';
import { findProjectConfig } from './find-config-file.js';
import { checkGatewayValue } from './gateway-config-value.js';
import { parseConfigValue } from './parse-config-value.js';
import { checkConnectionValue } from './provider-connection.js';
import { parseConfigText, readConfigText, type ConfigDocument } from './read-config-file.js';
import { readConfigSections } from './read-config-sections.js';
import { NEW_CONFIG_FILE_MODE, writeFileAtomic } from './write-file-atomic.js';

/** What to set, and where. */
export interface SetConfigValueOptions {
  /** The file to edit (see {@link configFileToEdit}); created with its directory when missing. */
  readonly file: string;
  /** Dotted key, such as `model.providers.ollama.tool_call.max_retries`. */
  readonly key: string;
  /** The value as typed, read as YAML: `3`, `true`, `"text"`, `[a, b]`. */
  readonly rawValue: string;
}

/** A value written. */
export interface ConfigChange {
  readonly ok: true;
  /** The file written (the target of a symbolic link, which stays a link). */
  readonly file: string;
  readonly key: string;
  /** The value the file held before; `undefined` when the key was not set. */
  readonly previous: unknown;
  /** The value now in the file. */
  readonly value: unknown;
  /** True when the file did not exist and was created. */
  readonly created: boolean;
  /** The value was written but is not honoured as given (`cache_compiled_schemas: false`, an unknown placeholder). */
  readonly warnings: readonly ConfigWarning[];
}

/** The outcome of {@link setConfigValue}: the change, or why nothing was written. */
export type SetConfigValueResult = ConfigChange | { readonly ok: false; readonly problem: ConfigProblem };

/**
 * The file `config set` edits: `configPath` (relative to `cwd`) when given, else the nearest
 * `.agent/config.yml` walking up from `cwd`, else a new `.agent/config.yml` in `cwd`.
 */
export function configFileToEdit(cwd: string, configPath?: string): string {
  if (configPath !== undefined) return resolve(cwd, configPath);
  return findProjectConfig(cwd) ?? join(resolve(cwd), PROJECT_CONFIG_PATH);
}

/**
 * Sets one key in a configuration file and leaves the rest of the file as it was: comments,
 * order and quoting (see `editConfigText`). The key must be one the loader knows (ACODE-CFG-003
 * otherwise, refused here rather than warned about); the value is checked by the loader's own
 * rules (ACODE-CFG-002 naming key and range) and the whole new file by the loader's section
 * reader before anything is written. A file with YAML errors is refused (ACODE-CFG-001 with
 * line and column). The file is replaced atomically, keeping its mode. Every refusal leaves the
 * file byte for byte as it was.
 */
export function setConfigValue(options: SetConfigValueOptions): SetConfigValueResult {
  const { key, rawValue } = options;
  let file = resolve(options.file);
  try {
    const resolved = resolveConfigKey(key);
    if (!resolved.ok) return resolved;
    const target = resolved.target;
    const notSettable = settableProblem(target, key, file);
    if (notSettable !== undefined) return { ok: false, problem: notSettable };

    const parsed = parseConfigValue(key, rawValue);
    if (!parsed.ok) return parsed;
    const warnings: ConfigWarning[] = [];
    checkValue(target, parsed.value, file, warnings);

    const created = !existsSync(file);
    let text = '';
    let mode = NEW_CONFIG_FILE_MODE;
    if (!created) {
      // Edit the file a link points to: renaming over the link would replace it with a copy.
      file = realpathSync(file);
      text = readConfigText(file);
      parseConfigText(file, text);
      mode = statSync(file).mode & 0o7777;
    }

    const edited = editConfigText(text, { path: target.path, value: parsed.value, quoting: parsed.quoting });
    if (!edited.ok) {
      const blocked = edited.blockedAt.length === 0 ? 'the top level' : dottedKey(edited.blockedAt);
      return refuse(ERROR_CODES.CONFIG_INVALID, key, file, `Cannot set ${key}: ${blocked} in ${file} is a ${edited.found}, not a mapping; fix it in the file first`);
    }
    // The loader's own check of the whole new file, before it replaces the old one.
    readConfigSections(parseConfigText(file, edited.text));

    if (created) mkdirSync(dirname(file), { recursive: true });
    writeFileAtomic(file, edited.text, mode);
    return { ok: true, file, key, previous: edited.previous, value: parsed.value, created, warnings };
  } catch (error) {
    const problem = configProblemOf(error, file) ?? writeProblem(error, key, file);
    if (problem === undefined) throw error;
    return { ok: false, problem };
  }
}

function settableProblem(target: ConfigKeyTarget, key: string, file: string): ConfigProblem | undefined {
  switch (target.kind) {
    case 'setting':
    case 'connection':
    case 'tool-names':
    case 'gateway-text':
      return undefined;
    case 'custom-tools':
      return problem(ERROR_CODES.CONFIG_INVALID, key, file, `Cannot set ${key}: custom tools are definitions with schemas; edit them in ${file}`);
    default:
      return problem(ERROR_CODES.CONFIG_INVALID, key, file, `Cannot set ${key === '' ? 'the whole configuration' : key}: it is a section; set one of its keys (see 'acode config show ${key}')`);
  }
}

/** The value alone, by the rule the loader (or the model clients) check it with. */
function checkValue(target: ConfigKeyTarget, value: unknown, file: string, warnings: ConfigWarning[]): void {
  if (target.kind === 'setting') checkSetting(commandLineValue(file), target.path, target.rule, value, warnings);
  else if (target.kind === 'connection') checkConnectionValue(target.provider, target.key, value);
  else if (target.kind === 'gateway-text') checkGatewayValue(commandLineValue(file), target.path, value);
  // `disabled_tools` is checked with the whole file: the loader's list rule is not a scalar rule.
}

/** A stand-in document for a value typed on the command line: messages name the file, no line. */
function commandLineValue(file: string): ConfigDocument {
  return { file, data: null, warnings: [], positionOf: () => undefined, sourceTextOf: () => undefined };
}

/** A filesystem failure while writing, in plain words; `undefined` for anything else (a bug). */
function writeProblem(error: unknown, key: string, file: string): ConfigProblem | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return undefined;
  const reason = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOSPC' ? 'no space left on the device' : code;
  return problem(ERROR_CODES.CONFIG_UNREADABLE, key, file, `Cannot write ${file}: ${reason}; nothing was changed`);
}

function refuse(code: ConfigProblem['code'], key: string, file: string, message: string): SetConfigValueResult {
  return { ok: false, problem: problem(code, key, file, message) };
}

function problem(code: ConfigProblem['code'], key: string, file: string, message: string): ConfigProblem {
  return { code, message, file, ...(key !== '' ? { key } : {}) };
}
