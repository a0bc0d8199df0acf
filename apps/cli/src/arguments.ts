import { parseArgs } from 'node:util';
import { EXECUTION_ID_PATTERN } from '@acode/application';
import { ERROR_CODES, INTERACTION_MODES, TOOL_CALL_SETTING_RANGES, TOOL_CATEGORIES, isToolCategory, type InteractionMode, type ToolCategory } from '@acode/domain';
import { displayMessage, displayName } from './render/text.js';
import {
  CHAT_HELP,
  CONFIG_HELP,
  CONFIG_SET_HELP,
  CONFIG_SHOW_HELP,
  DEBUG_HELP,
  DEBUG_PARSE_TOOL_CALL_HELP,
  DEBUG_TOOL_CALL_HELP,
  PROGRAM_HELP,
  PROVIDERS_HELP,
  PROVIDERS_SMOKE_TEST_HELP,
  PROVIDERS_STATS_HELP,
  TEST_HELP,
  TEST_RETRY_SCENARIO_HELP,
  TOOLS_BUILD_HELP,
  TOOLS_CREATE_HELP,
  TOOLS_DEFINITIONS_HELP,
  TOOLS_DELETE_HELP,
  TOOLS_DOC_HELP,
  TOOLS_EXEC_HELP,
  TOOLS_HELP,
  TOOLS_LINT_HELP,
  TOOLS_LIST_HELP,
  TOOLS_PROMPT_HELP,
  TOOLS_SCHEMA_HELP,
  TOOLS_SHOW_HELP,
  TOOLS_UPDATE_HELP,
  TOOLS_VALIDATE_HELP,
} from './usage.js';

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
  /** `acode config show [KEY]`: the settings in effect; `key` is empty for all of them. */
  | { readonly kind: 'config-show'; readonly global: GlobalOptions; readonly key: string; readonly json: boolean }
  /** `acode config set KEY VALUE`: `value` as typed, read as YAML by the command. */
  | { readonly kind: 'config-set'; readonly global: GlobalOptions; readonly key: string; readonly value: string }
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
      /** FILE or `--input FILE`, as typed (relative to the working directory); `-` is standard input. */
      readonly input: string;
      /** `--tools FILE`, as typed: the request's tools to check the calls against, instead of the registry. */
      readonly tools?: string;
      /** Repaired calls count as failures. */
      readonly strict: boolean;
      /** `--no-repair`: malformed JSON fails instead of being repaired. */
      readonly repair: boolean;
      readonly verbose: boolean;
      readonly json: boolean;
      /** `--provider NAME`: whose `tool_call` settings apply; the defaults when absent. */
      readonly provider?: string;
    }
  | ModelCommand
  | ToolFolderCommand
  | ToolExecutionCommand
  | DefinitionCommand;

/** What every command that talks to a running host takes (issue 16). */
interface HostCommandOptions {
  readonly global: GlobalOptions;
  /** `--host URL`, as typed; `$ACODE_HOST_URL`, else http://127.0.0.1:7420, when absent (resolved by the command). */
  readonly host?: string;
  readonly json: boolean;
}

/** The commands that manage stored tool definitions through a running host (issue 16). */
export type DefinitionCommand =
  | ({ readonly kind: 'tools-definitions' } & HostCommandOptions)
  | ({
      readonly kind: 'tools-create';
      /** The definition file as typed (YAML or JSON); `-` is standard input. */
      readonly file: string;
      /** `--actor NAME`: sent as `X-Acode-Actor`. */
      readonly actor?: string;
    } & HostCommandOptions)
  /** `target`: a stored definition's id, `NAME` or `NAME@VERSION`, as typed (resolved against the host's list). */
  | ({ readonly kind: 'tools-update'; readonly target: string; readonly file: string; readonly actor?: string } & HostCommandOptions)
  | ({ readonly kind: 'tools-delete'; readonly target: string; readonly actor?: string } & HostCommandOptions);

/** The commands that check and build tool folders (issue 5); they need no built registry. */
export type ToolFolderCommand =
  | {
      readonly kind: 'tools-build';
      readonly global: GlobalOptions;
      /** `--tools-dir D`, as typed; `<project root>/tools` when absent. */
      readonly toolsDir?: string;
      /** `--out F`, as typed; `<project root>/tool_registry.json` when absent. */
      readonly out?: string;
      readonly json: boolean;
    }
  | { readonly kind: 'tools-lint'; readonly global: GlobalOptions; readonly toolsDir?: string; readonly json: boolean };

/** The commands that read the built registry or run its tools (issue 5). */
export type ToolExecutionCommand =
  | {
      readonly kind: 'tools-prompt';
      readonly global: GlobalOptions;
      readonly mode: InteractionMode;
      /** `--registry F`, as typed; `<project root>/tool_registry.json` when absent. */
      readonly registry?: string;
    }
  | { readonly kind: 'tools-doc'; readonly global: GlobalOptions; readonly name: string; readonly registry?: string }
  | {
      readonly kind: 'tools-schema';
      readonly global: GlobalOptions;
      readonly name: string;
      /** `--format`, as typed (lowercased); checked against the converter's formats when the command runs. */
      readonly format: string;
      readonly registry?: string;
    }
  | {
      readonly kind: 'tools-exec';
      readonly global: GlobalOptions;
      readonly name: string;
      /** The arguments text; absent means read standard input. */
      readonly args?: string;
      readonly mode: InteractionMode;
      /** `--confirm TOKEN`: the token an earlier `CONFIRMATION_REQUIRED` printed. */
      readonly confirm?: string;
      /** `--execution-id ID`: idempotency key; a repeated id replays the stored result. */
      readonly executionId?: string;
      /** `--session ID`; {@link DEFAULT_EXEC_SESSION} when absent, so tokens work across runs. */
      readonly session: string;
      readonly registry?: string;
      /** `--db PATH`: where tokens and results are kept; `.agent/acode.db` of the project when absent. */
      readonly db?: string;
      readonly json: boolean;
    };

/** Session id of `tools exec` when `--session` is absent: stable, so a printed token works in the next run. */
export const DEFAULT_EXEC_SESSION = 'cli';

/** The commands that talk to model servers or read tool-call telemetry (issue 4). */
export type ModelCommand =
  | {
      readonly kind: 'providers-smoke-test';
      readonly global: GlobalOptions;
      /** `model.providers.<provider>`, or one of the server types (`ollama`, `openai-compatible`). */
      readonly provider: string;
      readonly baseUrl?: string;
      readonly model?: string;
      readonly timeoutMs?: number;
    }
  | {
      readonly kind: 'providers-stats';
      readonly global: GlobalOptions;
      readonly provider: string;
      /** `--since` as typed (`24h`, `7d`, an ISO date); checked against the clock when the command runs. */
      readonly since: string;
      readonly json: boolean;
      /** `--db PATH`, as typed; `.agent/acode.db` under the working directory when absent. */
      readonly db?: string;
    }
  | { readonly kind: 'debug-tool-call'; readonly global: GlobalOptions; readonly correlationId: string; readonly json: boolean; readonly db?: string }
  | {
      readonly kind: 'test-retry-scenario';
      readonly global: GlobalOptions;
      /** Malformed answers before a valid one; `always` for `--always-fail`. */
      readonly initialFailures: number | 'always';
      /** Attempts including the first (002's `max_retries`); the provider's setting when absent. */
      readonly maxRetries?: number;
      /** Wire format the scripted server speaks. */
      readonly format: 'ollama' | 'openai';
      readonly db?: string;
    }
  | {
      readonly kind: 'chat';
      readonly global: GlobalOptions;
      readonly message: string;
      /** Tool names offered to the model, as typed (resolved by the registry). */
      readonly tools: readonly string[];
      readonly provider?: string;
      readonly stream: boolean;
      readonly model?: string;
      readonly db?: string;
      /** `--execute`: run the valid calls through the executor and send the results back, until the model answers. */
      readonly execute: boolean;
      /** `--mode`, with `--execute`: the session's mode; `text` when absent. */
      readonly mode: InteractionMode;
      /** `--max-rounds N`, with `--execute`: most model requests that may call tools before the answer; {@link DEFAULT_CHAT_ROUNDS} when absent. */
      readonly maxRounds: number;
    };

/** Model rounds `chat --execute` allows when `--max-rounds` is absent. */
export const DEFAULT_CHAT_ROUNDS = 5;
/** Most `--max-rounds`: each round is a model request and may run every call it makes. */
export const MAX_CHAT_ROUNDS = 20;

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

/**
 * Every option spec of the CLI. The options that take a value (needed to tell an option's value
 * from a command word) are read from these, so a new `{ type: 'string' }` option is known at once.
 * A new spec constant must be listed here.
 */
function allOptionSpecs(): OptionSpec[] {
  return [
    GLOBAL_SPEC,
    PARSE_TOOL_CALL_SPEC,
    PROVIDERS_SMOKE_TEST_SPEC,
    PROVIDERS_STATS_SPEC,
    DEBUG_TOOL_CALL_SPEC,
    TEST_RETRY_SCENARIO_SPEC,
    CHAT_SPEC,
    CONFIG_SHOW_SPEC,
    ...[SUBCOMMANDS, TOOL_FOLDER_SPECS, TOOL_EXECUTION_SPECS, DEFINITION_SPECS].flatMap((table) => Object.values(table).map(({ spec }): OptionSpec => spec)),
  ];
}

let valueOptions: ReadonlySet<string> | undefined;

/** True for `--name` or `-x` of an option that takes a value, in any command. */
export function isValueOption(token: string): boolean {
  valueOptions ??= new Set(
    allOptionSpecs().flatMap((spec) =>
      Object.entries(spec).flatMap(([name, option]) => (option.type === 'string' ? [`--${name}`, ...(option.short === undefined ? [] : [`-${option.short}`])] : [])),
    ),
  );
  return valueOptions.has(token);
}

const SUBCOMMANDS = {
  list: { spec: { ...GLOBAL_SPEC, category: { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_LIST_HELP },
  show: { spec: { ...GLOBAL_SPEC, version: { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_SHOW_HELP },
  validate: { spec: { ...GLOBAL_SPEC, version: { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_VALIDATE_HELP },
} as const satisfies Record<string, { spec: OptionSpec; help: string }>;

type Subcommand = keyof typeof SUBCOMMANDS;

const PARSE_TOOL_CALL_SPEC = {
  ...GLOBAL_SPEC,
  input: { type: 'string', short: 'i' },
  tools: { type: 'string' },
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
  if (group === 'debug' && sub === 'tool-call') return parseDebugToolCall(rest);
  if (group === 'debug') return parseDebugCommand(sub, rest);
  if (group === 'providers') return parseProvidersCommand(sub, rest);
  if (group === 'test') return parseTestCommand(sub, rest);
  if (group === 'chat') return parseChatCommand(sub, rest);
  if (group === 'config') return parseConfigCommand(sub, rest);
  if (group !== 'tools') return usage(`Unknown command '${displayName(group)}'. Commands: tools, debug, providers, test, chat, config.`, 'acode');
  if (sub === undefined) {
    const parsed = tryParse(rest, GLOBAL_SPEC, false);
    if (!parsed.ok) return usage(parsed.message, 'acode tools');
    if (parsed.values.help === true) return { ok: true, command: { kind: 'help', text: TOOLS_HELP } };
    return usage(`Missing subcommand. Use one of: ${TOOLS_SUBCOMMANDS}.`, 'acode tools');
  }
  if (isToolFolderSubcommand(sub)) return parseToolFolderCommand(sub, rest);
  if (isToolExecutionSubcommand(sub)) return parseToolExecutionCommand(sub, rest);
  if (isDefinitionSubcommand(sub)) return parseDefinitionCommand(sub, rest);
  if (!isSubcommand(sub)) return usage(`Unknown subcommand 'tools ${displayName(sub)}'. Use one of: ${TOOLS_SUBCOMMANDS}.`, 'acode tools');
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
  const parsed = parseToolsOptions(argv, spec, help, helpCommand, sub !== 'list');
  if ('result' in parsed) return parsed.result;
  const { values, global, positionals } = parsed;
  const json = values.json === true;
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
    return usage('Missing subcommand. Use: parse-tool-call, tool-call.', 'acode debug');
  }
  if (sub !== 'parse-tool-call') return usage(`Unknown subcommand 'debug ${displayName(sub)}'. Use: parse-tool-call, tool-call.`, 'acode debug');

  const helpCommand = 'acode debug parse-tool-call';
  const parsed = tryParse(argv, PARSE_TOOL_CALL_SPEC, true);
  if (!parsed.ok) return usage(parsed.message, helpCommand);
  const values = parsed.values;
  if (values.help === true) return { ok: true, command: { kind: 'help', text: DEBUG_PARSE_TOOL_CALL_HELP } };
  const global = readGlobalOptions(values);
  if (typeof global === 'string') return usage(global, helpCommand);
  const [file, extra] = parsed.positionals;
  if (extra !== undefined) return usage(`Unexpected argument '${displayName(extra)}'. Give one FILE (or - for standard input).`, helpCommand);
  const flagged = stringOption(values, 'input');
  if (file !== undefined && flagged !== undefined) return usage(`Give the input once: FILE '${displayName(file)}' or --input '${displayName(flagged)}', not both.`, helpCommand);
  const input = file ?? flagged;
  if (input === undefined || input.trim() === '') return usage('Missing FILE: the response or stream to parse (- reads standard input).', helpCommand);
  const tools = pathOption(values, 'tools');
  if (tools === '') return usage('--tools needs a file path: a JSON list of the request\'s tools.', helpCommand);
  if (tools === '-') return usage('--tools needs a file path: standard input can only carry the response (FILE -).', helpCommand);
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
      ...(tools !== undefined ? { tools } : {}),
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
      if (isValueOption(token) && index + 1 < argv.length) rest.push(argv[++index] ?? '');
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

/**
 * The start every `acode tools SUB` parser shares: the options parsed, `--help`
 * answered with `help`, the global options read; a usage error names `helpCommand`.
 */
function parseToolsOptions(
  argv: readonly string[],
  spec: OptionSpec,
  help: string,
  helpCommand: string,
  allowPositionals = true,
): { readonly result: ParseCommandLineResult } | { readonly values: Values; readonly global: GlobalOptions; readonly positionals: readonly string[] } {
  const parsed = tryParse(argv, spec, allowPositionals);
  if (!parsed.ok) return { result: usage(parsed.message, helpCommand) };
  const values: Values = parsed.values;
  if (values.help === true) return { result: { ok: true, command: { kind: 'help', text: help } } };
  const global = readGlobalOptions(values);
  if (typeof global === 'string') return { result: usage(global, helpCommand) };
  return { values, global, positionals: parsed.positionals };
}

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

// ---------------------------------------------------------------------------------------------
// Commands that talk to model servers or read tool-call telemetry (issue 4).

const PROVIDERS_SMOKE_TEST_SPEC = {
  ...GLOBAL_SPEC,
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'timeout-ms': { type: 'string' },
} as const satisfies OptionSpec;

const PROVIDERS_STATS_SPEC = { ...GLOBAL_SPEC, 'tool-calls': { type: 'boolean' }, since: { type: 'string' }, json: { type: 'boolean' }, db: { type: 'string' } } as const satisfies OptionSpec;

const DEBUG_TOOL_CALL_SPEC = { ...GLOBAL_SPEC, 'correlation-id': { type: 'string' }, json: { type: 'boolean' }, db: { type: 'string' } } as const satisfies OptionSpec;

const TEST_RETRY_SCENARIO_SPEC = {
  ...GLOBAL_SPEC,
  'initial-failures': { type: 'string' },
  'always-fail': { type: 'boolean' },
  'max-retries': { type: 'string' },
  format: { type: 'string' },
  db: { type: 'string' },
} as const satisfies OptionSpec;

const CHAT_SPEC = {
  ...GLOBAL_SPEC,
  message: { type: 'string', short: 'm' },
  tools: { type: 'string' },
  provider: { type: 'string' },
  stream: { type: 'boolean' },
  model: { type: 'string' },
  db: { type: 'string' },
  execute: { type: 'boolean' },
  mode: { type: 'string' },
  'max-rounds': { type: 'string' },
} as const satisfies OptionSpec;

/** Shortest `--timeout-ms`: one second, as `timeout_ms` allows. */
const MIN_TIMEOUT_MS = 1000;
/** Longest `--timeout-ms`: ten minutes. */
const MAX_TIMEOUT_MS = 600_000;
/** The provider the gateway's telemetry rows are filed under (`GATEWAY_TELEMETRY_PROVIDER`, not imported: parsing loads no SQLite). */
const GATEWAY_PROVIDER = 'gateway';
/** 002's window for `providers stats`. */
const DEFAULT_SINCE = '24h';
/** Longest `--message`: a turn, not a document. */
const MAX_MESSAGE_LENGTH = 100_000;
/** Most tools `--tools` may offer in one turn. */
const MAX_CHAT_TOOLS = 64;
/** Correlation ids are generated UUIDs or ids a caller passed; anything longer is not one. */
const MAX_CORRELATION_ID_LENGTH = 200;

type Values = Record<string, string | boolean | undefined>;

/** Parses one subcommand's options: help, global options, no positionals. */
function parseLeaf(argv: readonly string[], spec: OptionSpec, help: string, helpCommand: string): { values: Values; global: GlobalOptions } | ParseCommandLineResult {
  const parsed = tryParse(argv, spec, true);
  if (!parsed.ok) return usage(parsed.message, helpCommand);
  if (parsed.values.help === true) return { ok: true, command: { kind: 'help', text: help } };
  const global = readGlobalOptions(parsed.values);
  if (typeof global === 'string') return usage(global, helpCommand);
  if (parsed.positionals.length > 0) return usage(`Unexpected argument '${displayName(parsed.positionals[0] ?? '')}'.`, helpCommand);
  return { values: parsed.values, global };
}

function isParseResult(value: object): value is ParseCommandLineResult {
  return 'ok' in value;
}

/** `acode providers smoke-test PROVIDER` and `acode providers stats PROVIDER --tool-calls` (`--tool-calls` optional for `gateway`). */
function parseProvidersCommand(sub: string | undefined, argv: readonly string[]): ParseCommandLineResult {
  if (sub === undefined) return groupHelp(argv, PROVIDERS_HELP, 'acode providers', 'Missing subcommand. Use one of: smoke-test, stats.');
  if (sub !== 'smoke-test' && sub !== 'stats') return usage(`Unknown subcommand 'providers ${displayName(sub)}'. Use one of: smoke-test, stats.`, 'acode providers');
  const helpCommand = `acode providers ${sub}`;
  const spec = sub === 'smoke-test' ? PROVIDERS_SMOKE_TEST_SPEC : PROVIDERS_STATS_SPEC;
  const parsed = tryParse(argv, spec, true);
  if (!parsed.ok) return usage(parsed.message, helpCommand);
  const values = parsed.values;
  if (values.help === true) return { ok: true, command: { kind: 'help', text: sub === 'smoke-test' ? PROVIDERS_SMOKE_TEST_HELP : PROVIDERS_STATS_HELP } };
  const global = readGlobalOptions(values);
  if (typeof global === 'string') return usage(global, helpCommand);
  const [provider, ...extra] = parsed.positionals;
  if (provider === undefined) return usage('Missing PROVIDER, such as ollama or openai-compatible.', helpCommand);
  if (extra.length > 0) return usage(`Unexpected argument '${displayName(extra[0] ?? '')}'.`, helpCommand);
  if (!PROVIDER_NAME.test(provider)) return usage(invalidProviderMessage(provider), helpCommand);

  if (sub === 'stats') {
    // The gateway records tool calls only, so `providers stats gateway` needs no --tool-calls.
    if (values['tool-calls'] !== true && provider !== GATEWAY_PROVIDER) return usage('Say which statistics: --tool-calls.', helpCommand);
    const since = stringOption(values, 'since') ?? DEFAULT_SINCE;
    if (since.trim() === '') return usage('--since needs a window such as 24h or 7d, or a date.', helpCommand);
    const db = pathOption(values, 'db');
    if (db === '') return usage('--db needs a file path.', helpCommand);
    return { ok: true, command: { kind: 'providers-stats', global, provider, since, json: values.json === true, ...(db !== undefined ? { db } : {}) } };
  }

  const baseUrl = stringOption(values, 'base-url');
  if (baseUrl !== undefined) {
    const problem = checkBaseUrl(baseUrl);
    if (problem !== undefined) return usage(problem, helpCommand);
  }
  const model = stringOption(values, 'model');
  if (model !== undefined && !isModelName(model)) return usage(`Invalid --model '${displayName(model)}': give the model's name as the server lists it.`, helpCommand);
  const timeout = integerOption(values, 'timeout-ms', MIN_TIMEOUT_MS, MAX_TIMEOUT_MS);
  if (typeof timeout === 'string') return usage(timeout, helpCommand);
  return {
    ok: true,
    command: {
      kind: 'providers-smoke-test',
      global,
      provider,
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
    },
  };
}

/** `acode debug tool-call --correlation-id ID`. */
function parseDebugToolCall(argv: readonly string[]): ParseCommandLineResult {
  const helpCommand = 'acode debug tool-call';
  const leaf = parseLeaf(argv, DEBUG_TOOL_CALL_SPEC, DEBUG_TOOL_CALL_HELP, helpCommand);
  if (isParseResult(leaf)) return leaf;
  const correlationId = stringOption(leaf.values, 'correlation-id')?.trim();
  if (correlationId === undefined || correlationId === '') return usage('Missing --correlation-id ID (printed by the command that made the call, and in its log lines).', helpCommand);
  if (correlationId.length > MAX_CORRELATION_ID_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(correlationId)) {
    return usage(`Invalid correlation id '${displayName(correlationId)}'.`, helpCommand);
  }
  const db = pathOption(leaf.values, 'db');
  if (db === '') return usage('--db needs a file path.', helpCommand);
  return { ok: true, command: { kind: 'debug-tool-call', global: leaf.global, correlationId, json: leaf.values.json === true, ...(db !== undefined ? { db } : {}) } };
}

/** `acode test retry-scenario --initial-failures N | --always-fail`. */
function parseTestCommand(sub: string | undefined, argv: readonly string[]): ParseCommandLineResult {
  if (sub === undefined) return groupHelp(argv, TEST_HELP, 'acode test', 'Missing subcommand. Use: retry-scenario.');
  if (sub !== 'retry-scenario') return usage(`Unknown subcommand 'test ${displayName(sub)}'. Use: retry-scenario.`, 'acode test');
  const helpCommand = 'acode test retry-scenario';
  const leaf = parseLeaf(argv, TEST_RETRY_SCENARIO_SPEC, TEST_RETRY_SCENARIO_HELP, helpCommand);
  if (isParseResult(leaf)) return leaf;
  const { values, global } = leaf;
  const alwaysFail = values['always-fail'] === true;
  const failures = integerOption(values, 'initial-failures', 0, TOOL_CALL_SETTING_RANGES.maxRetries.max);
  if (typeof failures === 'string') return usage(failures, helpCommand);
  if (alwaysFail === (failures !== undefined)) return usage('Give exactly one of --initial-failures N and --always-fail.', helpCommand);
  const { min, max } = TOOL_CALL_SETTING_RANGES.maxRetries;
  const maxRetries = integerOption(values, 'max-retries', min, max);
  if (typeof maxRetries === 'string') return usage(maxRetries, helpCommand);
  const format = stringOption(values, 'format') ?? 'ollama';
  if (format !== 'ollama' && format !== 'openai') return usage(`Unknown --format '${displayName(format)}'. Use ollama or openai.`, helpCommand);
  const db = pathOption(values, 'db');
  if (db === '') return usage('--db needs a file path.', helpCommand);
  return {
    ok: true,
    command: {
      kind: 'test-retry-scenario',
      global,
      initialFailures: failures ?? 'always',
      format,
      ...(maxRetries !== undefined ? { maxRetries } : {}),
      ...(db !== undefined ? { db } : {}),
    },
  };
}

/** `acode chat --message TEXT --tools a,b`. */
function parseChatCommand(sub: string | undefined, argv: readonly string[]): ParseCommandLineResult {
  const helpCommand = 'acode chat';
  // `chat` has no subcommand: a second word is a message someone forgot to quote or flag.
  if (sub !== undefined) return usage(`Unexpected argument '${displayName(sub)}'. Give the text with --message TEXT.`, helpCommand);
  const leaf = parseLeaf(argv, CHAT_SPEC, CHAT_HELP, helpCommand);
  if (isParseResult(leaf)) return leaf;
  const { values, global } = leaf;
  const message = stringOption(values, 'message');
  if (message === undefined || message.trim() === '') return usage('Missing --message TEXT.', helpCommand);
  if (message.length > MAX_MESSAGE_LENGTH) return usage(`--message is ${message.length} characters; at most ${MAX_MESSAGE_LENGTH} are accepted.`, helpCommand);
  const toolsText = stringOption(values, 'tools');
  const tools = [...new Set((toolsText ?? '').split(',').map((name) => name.trim()).filter((name) => name !== ''))];
  if (tools.length === 0) return usage('Missing --tools NAME[,NAME...]: the tools the model may call, such as --tools file_read.', helpCommand);
  if (tools.length > MAX_CHAT_TOOLS) return usage(`--tools names ${tools.length} tools; at most ${MAX_CHAT_TOOLS} can be offered in one turn.`, helpCommand);
  const provider = stringOption(values, 'provider');
  if (provider !== undefined && !PROVIDER_NAME.test(provider)) return usage(invalidProviderMessage(provider), helpCommand);
  const model = stringOption(values, 'model');
  if (model !== undefined && !isModelName(model)) return usage(`Invalid --model '${displayName(model)}': give the model's name as the server lists it.`, helpCommand);
  const db = pathOption(values, 'db');
  if (db === '') return usage('--db needs a file path.', helpCommand);
  const execute = values.execute === true;
  const mode = modeOption(values);
  if (mode === undefined) return usage(`Unknown --mode '${displayName(stringOption(values, 'mode') ?? '')}'. Use one of: ${INTERACTION_MODES.join(', ')}.`, helpCommand);
  const roundsText = stringOption(values, 'max-rounds');
  if (!execute && (roundsText !== undefined || stringOption(values, 'mode') !== undefined)) {
    return usage('--mode and --max-rounds go with --execute: without it nothing runs.', helpCommand);
  }
  const maxRounds = integerOption(values, 'max-rounds', 1, MAX_CHAT_ROUNDS) ?? DEFAULT_CHAT_ROUNDS;
  if (typeof maxRounds === 'string') return usage(maxRounds, helpCommand);
  return {
    ok: true,
    command: {
      kind: 'chat',
      global,
      message,
      tools,
      execute,
      mode,
      maxRounds,
      stream: values.stream === true,
      ...(provider !== undefined ? { provider } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(db !== undefined ? { db } : {}),
    },
  };
}

/** `acode providers` or `acode test` alone: help with `--help`, a usage error otherwise. */
function groupHelp(argv: readonly string[], help: string, helpCommand: string, missing: string): ParseCommandLineResult {
  const parsed = tryParse(argv, GLOBAL_SPEC, false);
  if (!parsed.ok) return usage(parsed.message, helpCommand);
  if (parsed.values.help === true) return { ok: true, command: { kind: 'help', text: help } };
  return usage(missing, helpCommand);
}

function invalidProviderMessage(provider: string): string {
  return `Invalid provider name '${displayName(provider)}': lowercase letters, digits, '_' or '-', starting with a letter.`;
}

/** An integer option within `[min, max]`; undefined when absent, a message when malformed. */
function integerOption(values: Values, key: string, min: number, max: number): number | undefined | string {
  const text = stringOption(values, key);
  if (text === undefined) return undefined;
  const value = /^[0-9]{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) return `--${key} must be a whole number from ${min} to ${max}, not '${displayName(text)}'.`;
  return value;
}

/** A path option: undefined when absent, '' when given empty. */
function pathOption(values: Values, key: string): string | undefined {
  const text = stringOption(values, key);
  return text === undefined ? undefined : text.trim();
}

/** Model names as servers list them (`llama3.2:latest`, `Qwen/Qwen2.5-7B`): printable, no spaces, bounded. */
function isModelName(name: string): boolean {
  return /^[^\s\u0000-\u001f\u007f-\u009f]{1,200}$/.test(name);
}

/** A base URL the adapters can use: http or https, no credentials in it (keys come from `api_key_env`). */
function checkBaseUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `Invalid --base-url '${displayName(text)}': give a URL such as http://127.0.0.1:11434.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Invalid --base-url '${displayName(text)}': use http or https.`;
  if (url.username !== '' || url.password !== '') return 'Invalid --base-url: it must not contain credentials; name the key\'s environment variable in api_key_env instead.';
  return undefined;
}

/** `acode config show [KEY] [--json]` and `acode config set KEY VALUE`. */
function parseConfigCommand(sub: string | undefined, argv: readonly string[]): ParseCommandLineResult {
  if (sub === undefined) return groupHelp(argv, CONFIG_HELP, 'acode config', 'Missing subcommand. Use one of: show, set.');
  if (sub !== 'show' && sub !== 'set') return usage(`Unknown subcommand 'config ${displayName(sub)}'. Use one of: show, set.`, 'acode config');
  const helpCommand = `acode config ${sub}`;
  const parsed = tryParse(argv, sub === 'show' ? CONFIG_SHOW_SPEC : GLOBAL_SPEC, true);
  if (!parsed.ok) return usage(parsed.message, helpCommand);
  if (parsed.values.help === true) return { ok: true, command: { kind: 'help', text: sub === 'show' ? CONFIG_SHOW_HELP : CONFIG_SET_HELP } };
  const global = readGlobalOptions(parsed.values);
  if (typeof global === 'string') return usage(global, helpCommand);
  const [key, value, ...extra] = parsed.positionals;
  if (sub === 'show') {
    if (value !== undefined) return usage(`Unexpected argument '${displayName(value)}'. Give one KEY, such as model.providers.ollama.tool_call.`, helpCommand);
    return { ok: true, command: { kind: 'config-show', global, key: key ?? '', json: parsed.values.json === true } };
  }
  if (key === undefined || key === '') return usage('Missing KEY and VALUE, such as: acode config set model.providers.ollama.tool_call.max_retries 5.', helpCommand);
  if (value === undefined) return usage(`Missing VALUE for '${displayName(key)}'.`, helpCommand);
  if (extra.length > 0) return usage(`Unexpected argument '${displayName(extra[0] ?? '')}'. Quote a VALUE that contains spaces.`, helpCommand);
  return { ok: true, command: { kind: 'config-set', global, key, value } };
}

const CONFIG_SHOW_SPEC = { ...GLOBAL_SPEC, json: { type: 'boolean' } } as const satisfies OptionSpec;

// ---------------------------------------------------------------------------------------------
// Tool folders, the built registry and execution (issue 5).

/** Every `tools` subcommand, for usage messages. */
const TOOLS_SUBCOMMANDS = 'list, show, validate, lint, build, prompt, doc, exec, schema, definitions, create, update, delete';

const TOOL_FOLDER_SPECS = {
  build: { spec: { ...GLOBAL_SPEC, 'tools-dir': { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_BUILD_HELP },
  lint: { spec: { ...GLOBAL_SPEC, 'tools-dir': { type: 'string' }, json: { type: 'boolean' } }, help: TOOLS_LINT_HELP },
} as const satisfies Record<string, { spec: OptionSpec; help: string }>;

const TOOL_EXECUTION_SPECS = {
  prompt: { spec: { ...GLOBAL_SPEC, mode: { type: 'string' }, registry: { type: 'string' } }, help: TOOLS_PROMPT_HELP, positionals: 0 },
  doc: { spec: { ...GLOBAL_SPEC, registry: { type: 'string' } }, help: TOOLS_DOC_HELP, positionals: 1 },
  schema: { spec: { ...GLOBAL_SPEC, format: { type: 'string' }, registry: { type: 'string' } }, help: TOOLS_SCHEMA_HELP, positionals: 1 },
  exec: {
    spec: {
      ...GLOBAL_SPEC,
      mode: { type: 'string' },
      confirm: { type: 'string' },
      'execution-id': { type: 'string' },
      session: { type: 'string' },
      registry: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean' },
    },
    help: TOOLS_EXEC_HELP,
    positionals: 2,
  },
} as const satisfies Record<string, { spec: OptionSpec; help: string; positionals: number }>;

type ToolFolderSubcommand = keyof typeof TOOL_FOLDER_SPECS;
type ToolExecutionSubcommand = keyof typeof TOOL_EXECUTION_SPECS;

/** Longest `--confirm`, `--execution-id` and `--session` value: ids and tokens, not text. */
const MAX_ID_LENGTH = 200;

function isToolFolderSubcommand(value: string): value is ToolFolderSubcommand {
  return Object.hasOwn(TOOL_FOLDER_SPECS, value);
}

function isToolExecutionSubcommand(value: string): value is ToolExecutionSubcommand {
  return Object.hasOwn(TOOL_EXECUTION_SPECS, value);
}

/** `acode tools build [--tools-dir D] [--out F] [--json]` and `acode tools lint [--tools-dir D] [--json]`. */
function parseToolFolderCommand(sub: ToolFolderSubcommand, argv: readonly string[]): ParseCommandLineResult {
  const { spec, help } = TOOL_FOLDER_SPECS[sub];
  const helpCommand = `acode tools ${sub}`;
  const leaf = parseLeaf(argv, spec, help, helpCommand);
  if (isParseResult(leaf)) return leaf;
  const { values, global } = leaf;
  const toolsDir = pathOption(values, 'tools-dir');
  if (toolsDir === '') return usage('--tools-dir needs a directory path.', helpCommand);
  const paths = toolsDir !== undefined ? { toolsDir } : {};
  const json = values.json === true;
  if (sub === 'lint') return { ok: true, command: { kind: 'tools-lint', global, json, ...paths } };
  const out = pathOption(values, 'out');
  if (out === '') return usage('--out needs a file path.', helpCommand);
  return { ok: true, command: { kind: 'tools-build', global, json, ...paths, ...(out !== undefined ? { out } : {}) } };
}

/** `acode tools prompt|doc|schema|exec ...`: the commands that read `tool_registry.json`. */
function parseToolExecutionCommand(sub: ToolExecutionSubcommand, argv: readonly string[]): ParseCommandLineResult {
  const { spec, help, positionals: maxPositionals } = TOOL_EXECUTION_SPECS[sub];
  const helpCommand = `acode tools ${sub}`;
  const parsed = parseToolsOptions(argv, spec, help, helpCommand);
  if ('result' in parsed) return parsed.result;
  const { values, global, positionals } = parsed;
  if (positionals.length > maxPositionals) {
    const hint = sub === 'exec' ? ' Quote ARGS_JSON as one argument.' : '';
    return usage(`Unexpected argument '${displayName(positionals[maxPositionals] ?? '')}'.${hint}`, helpCommand);
  }
  const registry = pathOption(values, 'registry');
  if (registry === '') return usage('--registry needs a file path.', helpCommand);
  const registryPart = registry !== undefined ? { registry } : {};

  const mode = modeOption(values);
  if (mode === undefined) return usage(`Unknown --mode '${displayName(stringOption(values, 'mode') ?? '')}'. Use one of: ${INTERACTION_MODES.join(', ')}.`, helpCommand);
  if (sub === 'prompt') return { ok: true, command: { kind: 'tools-prompt', global, mode, ...registryPart } };

  const [name, args] = positionals;
  if (name === undefined || name.trim() === '') return usage('Missing tool NAME.', helpCommand);
  if (sub === 'doc') return { ok: true, command: { kind: 'tools-doc', global, name, ...registryPart } };
  if (sub === 'schema') {
    const format = stringOption(values, 'format')?.trim().toLowerCase();
    if (format === undefined || format === '') return usage('Missing --format: one of openai, openai-strict, ollama, gemini, anthropic.', helpCommand);
    return { ok: true, command: { kind: 'tools-schema', global, name, format, ...registryPart } };
  }

  const ids: { confirm?: string; executionId?: string; session?: string } = {};
  for (const [option, key] of [['confirm', 'confirm'], ['execution-id', 'executionId'], ['session', 'session']] as const) {
    const value = stringOption(values, option);
    if (value === undefined) continue;
    // The execution id is checked by the executor's own rule, so a bad one is a usage error here, not a refused run.
    if (option === 'execution-id' && !EXECUTION_ID_PATTERN.test(value)) {
      return usage(`Invalid --execution-id '${displayName(value)}': 1 to 128 letters, digits, '.', '_', ':' or '-'.`, helpCommand);
    }
    if (!isIdentifier(value)) return usage(`Invalid --${option} '${displayName(value)}': printable characters without spaces, at most ${MAX_ID_LENGTH}.`, helpCommand);
    ids[key] = value;
  }
  const db = pathOption(values, 'db');
  if (db === '') return usage('--db needs a file path.', helpCommand);
  return {
    ok: true,
    command: {
      kind: 'tools-exec',
      global,
      name,
      mode,
      session: ids.session ?? DEFAULT_EXEC_SESSION,
      json: values.json === true,
      ...(args !== undefined && args !== '-' ? { args } : {}),
      ...(ids.confirm !== undefined ? { confirm: ids.confirm } : {}),
      ...(ids.executionId !== undefined ? { executionId: ids.executionId } : {}),
      ...registryPart,
      ...(db !== undefined ? { db } : {}),
    },
  };
}

/** `--mode`: `text` when absent, case-insensitive; undefined for anything else. */
function modeOption(values: Values): InteractionMode | undefined {
  const text = stringOption(values, 'mode');
  if (text === undefined) return 'text';
  const mode = text.trim().toLowerCase();
  return (INTERACTION_MODES as readonly string[]).includes(mode) ? (mode as InteractionMode) : undefined;
}

/** Tokens and ids: printable, no whitespace, bounded. */
function isIdentifier(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ID_LENGTH && /^[^\s\u0000-\u001f\u007f-\u009f]+$/.test(value);
}

// ---------------------------------------------------------------------------------------------
// Stored tool definitions, changed through a running host (issue 16).

const HOST_SPEC = { ...GLOBAL_SPEC, host: { type: 'string' }, json: { type: 'boolean' } } as const satisfies OptionSpec;

const DEFINITION_SPECS = {
  definitions: { spec: HOST_SPEC, help: TOOLS_DEFINITIONS_HELP, positionals: [] },
  create: { spec: { ...HOST_SPEC, actor: { type: 'string' } }, help: TOOLS_CREATE_HELP, positionals: ['FILE'] },
  update: { spec: { ...HOST_SPEC, actor: { type: 'string' } }, help: TOOLS_UPDATE_HELP, positionals: ['NAME', 'FILE'] },
  delete: { spec: { ...HOST_SPEC, actor: { type: 'string' } }, help: TOOLS_DELETE_HELP, positionals: ['NAME'] },
} as const satisfies Record<string, { spec: OptionSpec; help: string; positionals: readonly string[] }>;

type DefinitionSubcommand = keyof typeof DEFINITION_SPECS;

/** Longest `--actor`: the host keeps at most 256 characters of it. */
const MAX_ACTOR_LENGTH = 256;

function isDefinitionSubcommand(value: string): value is DefinitionSubcommand {
  return Object.hasOwn(DEFINITION_SPECS, value);
}

/** `acode tools definitions|create|update|delete ...`: the commands that send a change to a running host. */
function parseDefinitionCommand(sub: DefinitionSubcommand, argv: readonly string[]): ParseCommandLineResult {
  const { spec, help, positionals: names } = DEFINITION_SPECS[sub];
  const helpCommand = `acode tools ${sub}`;
  const parsed = parseToolsOptions(argv, spec, help, helpCommand);
  if ('result' in parsed) return parsed.result;
  const { values, global, positionals } = parsed;
  if (positionals.length > names.length) return usage(`Unexpected argument '${displayName(positionals[names.length] ?? '')}'.`, helpCommand);
  const missing = names.find((_, index) => (positionals[index] ?? '').trim() === '');
  if (missing !== undefined) return usage(`Missing ${missing}${missing === 'FILE' ? ': a YAML or JSON definition file, or - for standard input' : missing === 'NAME' ? ": the tool's name (NAME or NAME@VERSION) or its stored id, as 'acode tools definitions' lists them" : ''}.`, helpCommand);
  const host = stringOption(values, 'host')?.trim();
  if (host === '') return usage('--host needs a URL, such as http://127.0.0.1:7420.', helpCommand);
  const actor = stringOption(values, 'actor')?.trim();
  if (actor !== undefined && (actor === '' || actor.length > MAX_ACTOR_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(actor))) {
    return usage(`Invalid --actor '${displayName(actor)}': printable text, 1 to ${MAX_ACTOR_LENGTH} characters.`, helpCommand);
  }
  const common = { global, json: values.json === true, ...(host !== undefined ? { host } : {}) };
  const actorPart = actor !== undefined ? { actor } : {};
  const [first = '', second = ''] = positionals;
  switch (sub) {
    case 'definitions':
      return { ok: true, command: { kind: 'tools-definitions', ...common } };
    case 'create':
      return { ok: true, command: { kind: 'tools-create', ...common, file: first, ...actorPart } };
    case 'update':
      return { ok: true, command: { kind: 'tools-update', ...common, target: first.trim(), file: second, ...actorPart } };
    case 'delete':
      return { ok: true, command: { kind: 'tools-delete', ...common, target: first.trim(), ...actorPart } };
  }
}
