import { parseArgs } from 'node:util';
import { ERROR_CODES, TOOL_CATEGORIES, isToolCategory, type ToolCategory } from '@acode/domain';
import { displayMessage, displayName } from './render/text.js';
import { DEBUG_HELP, DEBUG_PARSE_TOOL_CALL_HELP, PROGRAM_HELP, TOOLS_HELP, TOOLS_LIST_HELP, TOOLS_SHOW_HELP, TOOLS_VALIDATE_HELP } from './usage.js';

/** Log levels `--log-level` accepts. */
export const LOG_LEVELS = Object.freeze(['debug', 'info', 'warn', 'error', 'silent'] as const);

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Options every command takes. */
export interface GlobalOptions {
  /** Level of the registry's own log lines on stderr; `silent` unless asked. */
  readonly logLevel: LogLevel;
  /** `--config PATH`, as typed (resolved against the working directory later). */
  readonly configPath?: string;
}

/** A command line understood. */
export type CliCommand =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'program-version' }
  | { readonly kind: 'tools-list'; readonly global: GlobalOptions; readonly category?: ToolCategory; readonly json: boolean }
  | { readonly kind: 'tools-show'; readonly global: GlobalOptions; readonly name: string; readonly version?: string; readonly json: boolean }
  | {
      readonly kind: 'tools-validate';
      readonly global: GlobalOptions;
      readonly name: string;
      /** The arguments text; absent means read standard input. */
      readonly args?: string;
      readonly version?: string;
      readonly json: boolean;
    }
  | {
      readonly kind: 'debug-parse-tool-call';
      readonly global: GlobalOptions;
      /** `--input FILE`, as typed (relative to the working directory); `-` is standard input. */
      readonly input: string;
      /** Repaired calls count as failures. */
      readonly strict: boolean;
      /** `--no-repair`: malformed JSON fails instead of being repaired. */
      readonly repair: boolean;
      readonly verbose: boolean;
      readonly json: boolean;
      /** `--provider NAME`: whose `tool_call` settings apply; the defaults when absent. */
      readonly provider?: string;
    };

/** A command line that could not be understood: exit 2 with `[ACODE-CLI-001] message`. */
export interface UsageError {
  readonly code: typeof ERROR_CODES.CLI_USAGE;
  readonly message: string;
  /** The command whose `--help` explains the right usage, such as `acode tools show`. */
  readonly helpCommand: string;
}

/** The outcome of {@link parseCommandLine}. */
export type ParseCommandLineResult = { readonly ok: true; readonly command: CliCommand } | { readonly ok: false; readonly error: UsageError };

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

const GLOBAL_SPEC = {
  help: { type: 'boolean', short: 'h' },
  'log-level': { type: 'string' },
  config: { type: 'string' },
} as const satisfies OptionSpec;

/** Options that take a value wherever they appear; needed to find the command words. */
const VALUE_OPTIONS = new Set(['--log-level', '--config', '--category', '--version', '--input', '-i', '--provider']);

const SUBCOMMANDS = {
  list: { spec: { ...GLOBAL_SPEC, category: { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_LIST_HELP },
  show: { spec: { ...GLOBAL_SPEC, version: { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_SHOW_HELP },
  validate: { spec: { ...GLOBAL_SPEC, version: { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_VALIDATE_HELP },
} as const satisfies Record<string, { spec: OptionSpec; help: string }>;

type Subcommand = keyof typeof SUBCOMMANDS;

const PARSE_TOOL_CALL_SPEC = {
  ...GLOBAL_SPEC,
  input: { type: 'string', short: 'i' },
  strict: { type: 'boolean' },
  // Node 20's parseArgs has no negated booleans, so `--no-repair` is an option of its own.
  'no-repair': { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  provider: { type: 'string' },
} as const satisfies OptionSpec;

/** Provider names as configuration spells them (`model.providers.<name>`). */
const PROVIDER_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * Parses `acode` arguments (without `node` and the script). Strict: an unknown option, a
 * missing or extra positional, or a bad option value is a {@link UsageError}. Global options may
 * appear anywhere; `--version` is the program's version at the top level and the tool's
 * version under `tools show` and `tools validate`.
 */
export function parseCommandLine(argv: readonly string[]): ParseCommandLineResult {
  const { words, rest } = splitCommandWords(argv);
  const [group, sub] = words;

  if (group === undefined) return parseProgramOptions(rest);
  if (group === 'debug') return parseDebugCommand(sub, rest);
  if (group !== 'tools') return usage(`Unknown command '${displayName(group)}'. Commands: tools list, tools show, tools validate, debug parse-tool-call.`, 'acode');
  if (sub === undefined) {
    const parsed = tryParse(rest, GLOBAL_SPEC, false);
    if (!parsed.ok) return usage(parsed.message, 'acode tools');
    if (parsed.values.help === true) return { ok: true, command: { kind: 'help', text: TOOLS_HELP } };
    return usage('Missing subcommand. Use one of: list, show, validate.', 'acode tools');
  }
  if (!isSubcommand(sub)) return usage(`Unknown subcommand 'tools ${displayName(sub)}'. Use one of: list, show, validate.`, 'acode tools');
  return parseSubcommand(sub, rest);
}

function parseProgramOptions(argv: readonly string[]): ParseCommandLineResult {
  const parsed = tryParse(argv, { ...GLOBAL_SPEC, version: { type: 'boolean', short: 'V' } }, false);
  if (!parsed.ok) return usage(parsed.message, 'acode');
  if (parsed.values.help === true) return { ok: true, command: { kind: 'help', text: PROGRAM_HELP } };
  if (parsed.values.version === true) return { ok: true, command: { kind: 'program-version' } };
  return usage('Missing command.', 'acode');
}

function parseSubcommand(sub: Subcommand, argv: readonly string[]): ParseCommandLineResult {
  const { spec, help } = SUBCOMMANDS[sub];
  const helpCommand = `acode tools ${sub}`;
  // `validate` takes NAME and ARGS_JSON; `show` only NAME; `list` none.
  const parsed = tryParse(argv, spec, sub !== 'list');
  if (!parsed.ok) return usage(parsed.message, helpCommand);
  const values = parsed.values;
  if (values.help === true) return { ok: true, command: { kind: 'help', text: help } };

  const global = readGlobalOptions(values);
  if (typeof global === 'string') return usage(global, helpCommand);
  const json = values.json === true;
  const positionals = parsed.positionals;
  const maxPositionals = sub === 'validate' ? 2 : sub === 'show' ? 1 : 0;
  if (positionals.length > maxPositionals) {
    const extra = positionals.slice(maxPositionals).map((value) => `'${displayName(value)}'`).join(', ');
    return usage(`Unexpected argument${positionals.length - maxPositionals > 1 ? 's' : ''} ${extra}.`, helpCommand);
  }

  if (sub === 'list') {
    const category = stringOption(values, 'category');
    if (category === undefined) return { ok: true, command: { kind: 'tools-list', global, json } };
    const normalized = normalizeCategory(category);
    if (!isToolCategory(normalized)) {
      return usage(`Unknown category '${displayName(category)}'. Valid categories: ${TOOL_CATEGORIES.join(', ')}.`, helpCommand);
    }
    return { ok: true, command: { kind: 'tools-list', global, category: normalized, json } };
  }

  const [name, args] = positionals;
  if (name === undefined || name.trim() === '') return usage('Missing tool NAME.', helpCommand);
  const version = stringOption(values, 'version');
  if (version !== undefined && version.trim() === '') return usage('--version needs a version or range, such as 1.0.0 or ^1.', helpCommand);
  const versionPart = version === undefined ? {} : { version };
  if (sub === 'show') return { ok: true, command: { kind: 'tools-show', global, name, json, ...versionPart } };
  const argsPart = args === undefined || args === '-' ? {} : { args };
  return { ok: true, command: { kind: 'tools-validate', global, name, json, ...versionPart, ...argsPart } };
}

function parseDebugCommand(sub: string | undefined, argv: readonly string[]): ParseCommandLineResult {
  if (sub === undefined) {
    const parsed = tryParse(argv, GLOBAL_SPEC, false);
    if (!parsed.ok) return usage(parsed.message, 'acode debug');
    if (parsed.values.help === true) return { ok: true, command: { kind: 'help', text: DEBUG_HELP } };
    return usage('Missing subcommand. Use: parse-tool-call.', 'acode debug');
  }
  if (sub !== 'parse-tool-call') return usage(`Unknown subcommand 'debug ${displayName(sub)}'. Use: parse-tool-call.`, 'acode debug');

  const helpCommand = 'acode debug parse-tool-call';
  const parsed = tryParse(argv, PARSE_TOOL_CALL_SPEC, true);
  if (!parsed.ok) return usage(parsed.message, helpCommand);
  const values = parsed.values;
  if (values.help === true) return { ok: true, command: { kind: 'help', text: DEBUG_PARSE_TOOL_CALL_HELP } };
  const global = readGlobalOptions(values);
  if (typeof global === 'string') return usage(global, helpCommand);
  if (parsed.positionals.length > 0) {
    return usage(`Unexpected argument '${displayName(parsed.positionals[0] ?? '')}'. Give the file with --input FILE (or --input - for standard input).`, helpCommand);
  }
  const input = stringOption(values, 'input');
  if (input === undefined || input.trim() === '') return usage('Missing --input FILE (use --input - to read standard input).', helpCommand);
  const provider = stringOption(values, 'provider');
  if (provider !== undefined && !PROVIDER_NAME.test(provider)) {
    return usage(`Invalid provider name '${displayName(provider)}': lowercase letters, digits, '_' or '-', starting with a letter.`, helpCommand);
  }
  return {
    ok: true,
    command: {
      kind: 'debug-parse-tool-call',
      global,
      input,
      strict: values.strict === true,
      repair: values['no-repair'] !== true,
      verbose: values.verbose === true,
      json: values.json === true,
      ...(provider !== undefined ? { provider } : {}),
    },
  };
}

function readGlobalOptions(values: Record<string, string | boolean | undefined>): GlobalOptions | string {
  const level = stringOption(values, 'log-level');
  // 000 writes `--log-level Debug` and `warning`; both spellings are accepted.
  const lowered = level?.trim().toLowerCase();
  const normalizedLevel = lowered === 'warning' ? 'warn' : lowered;
  if (normalizedLevel !== undefined && !(LOG_LEVELS as readonly string[]).includes(normalizedLevel)) {
    return `Unknown log level '${displayName(level ?? '')}'. Use one of: ${LOG_LEVELS.join(', ')}.`;
  }
  const config = stringOption(values, 'config');
  if (config !== undefined && config.trim() === '') return '--config needs a file path.';
  return {
    logLevel: (normalizedLevel ?? 'silent') as LogLevel,
    ...(config !== undefined ? { configPath: config } : {}),
  };
}

/** 000's names for two categories (decision 3). */
const CATEGORY_SYNONYMS: Readonly<Record<string, ToolCategory>> = Object.freeze({ web: 'network', data: 'database' });

/**
 * Accepts the spellings the documents use (`FileSystem`, `file-system`, 000's `Web` and `Data`)
 * for a category, so `--category FileSystem` from 000's table works: camel case and dashes become
 * snake case.
 */
export function normalizeCategory(value: string): string {
  const snake = value
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
  return CATEGORY_SYNONYMS[snake] ?? snake;
}

/**
 * Separates the command words (`tools`, `show`) from options and their values, wherever the
 * options appear. Stops at `--`: everything after it is positional.
 */
function splitCommandWords(argv: readonly string[]): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] ?? '';
    if (token === '--') {
      rest.push(...argv.slice(index));
      break;
    }
    if (token.startsWith('-') && token !== '-') {
      rest.push(token);
      if (VALUE_OPTIONS.has(token) && index + 1 < argv.length) rest.push(argv[++index] ?? '');
      continue;
    }
    if (words.length < 2) words.push(token);
    else rest.push(token);
  }
  return { words, rest };
}

type Parsed =
  | { ok: true; values: Record<string, string | boolean | undefined>; positionals: string[] }
  | { ok: false; message: string };

function tryParse(argv: readonly string[], options: OptionSpec, allowPositionals: boolean): Parsed {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options, strict: true, allowPositionals });
    return { ok: true, values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    return { ok: false, message: describeParseError(error) };
  }
}

/**
 * `parseArgs` errors carry a code and a message written for developers; keep the first
 * sentence, which names the option, and escape what the user typed.
 */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstSentence = message.split(/\.\s/)[0] ?? message;
  return displayMessage(firstSentence.endsWith('.') ? firstSentence : `${firstSentence}.`);
}

/** A string option's value; `parseArgs` guarantees the type for options declared as strings. */
function stringOption(values: Record<string, string | boolean | undefined>, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' ? value : undefined;
}

function isSubcommand(value: string): value is Subcommand {
  return Object.hasOwn(SUBCOMMANDS, value);
}

function usage(message: string, helpCommand: string): ParseCommandLineResult {
  return { ok: false, error: { code: ERROR_CODES.CLI_USAGE, message, helpCommand } };
}
