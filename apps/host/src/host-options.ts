import { isIP } from 'node:net';

/** Lowest level the host logs. */
export const HOST_LOG_LEVELS = Object.freeze(['debug', 'info', 'warn', 'error', 'silent'] as const);
/** How log lines are written. */
export const HOST_LOG_FORMATS = Object.freeze(['pretty', 'json'] as const);

/** How the host was asked to run. */
export interface HostOptions {
  /** TCP port; 0 picks a free one (the listening line names it). */
  readonly port: number;
  /** Address to bind; loopback unless asked otherwise. Beyond loopback the gateway needs `gateway.auth_token_env`. */
  readonly address: string;
  /** A configuration file to use instead of searching for `.agent/config.yml`. */
  readonly configPath?: string;
  readonly logLevel: (typeof HOST_LOG_LEVELS)[number];
  readonly logFormat: (typeof HOST_LOG_FORMATS)[number];
}

/** 7420 on 127.0.0.1, info, pretty: the level at which 000 scenario 1's startup lines show. */
export const DEFAULT_HOST_OPTIONS: HostOptions = Object.freeze({
  port: 7420,
  address: '127.0.0.1',
  logLevel: 'info',
  logFormat: 'pretty',
});

/** The outcome of reading the command line: options, a request for help, or a usage error. */
export type HostOptionsResult =
  | { readonly ok: true; readonly help: false; readonly options: HostOptions }
  | { readonly ok: true; readonly help: true }
  | { readonly ok: false; readonly message: string };

/** The usage text of `acode-host --help`. */
export const HOST_USAGE = `Usage: acode-host [options]

Runs the Acode host: the tool-call gateway (POST /v1/chat/completions, /api/chat,
/v1/messages, /v1/responses, forwarded to gateway.upstream), the tool registry
(GET /v1/tools, POST /v1/tools/{name}/validate), GET /healthz, GET /metrics, and
the host's page at /.

Settings come from .agent/config.yml of the directory the host starts in (or
--config). The host reloads the file when it changes, or on SIGHUP, and logs
which settings it applied and which need a restart.

Options:
  --port N             port to listen on, 0 for any free port   (env ACODE_HOST_PORT, default 7420)
  --host ADDRESS       address to bind                          (env ACODE_HOST_ADDRESS, default 127.0.0.1)
  --config PATH        configuration file instead of .agent/config.yml
  --log-level LEVEL    debug | info | warn | error | silent      (default info)
  --log-format FORMAT  pretty | json                             (default pretty)
  -h, --help           show this text
`;

/**
 * Reads the host's options from its arguments and environment; flags win over the
 * environment, which wins over the defaults. Accepts `--flag value` and `--flag=value`.
 */
export function parseHostOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): HostOptionsResult {
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index] ?? '';
    if (token === '--help' || token === '-h') return { ok: true, help: true };
    if (!token.startsWith('--')) return { ok: false, message: `Unexpected argument '${token}'; see --help` };
    const equals = token.indexOf('=');
    const name = equals === -1 ? token.slice(2) : token.slice(2, equals);
    if (!FLAGS.has(name)) return { ok: false, message: `Unknown option '--${name}'; see --help` };
    if (flags.has(name)) return { ok: false, message: `Option '--${name}' is given more than once` };
    let value: string | undefined;
    if (equals !== -1) {
      value = token.slice(equals + 1);
    } else {
      value = argv[index + 1];
      if (value?.startsWith('--')) value = undefined;
      else index += 1;
    }
    if (value === undefined || value === '') return { ok: false, message: `Option '--${name}' needs a value` };
    flags.set(name, value);
  }

  const port = readPort(flags.get('port') ?? env['ACODE_HOST_PORT'], flags.has('port') ? '--port' : 'ACODE_HOST_PORT');
  if (typeof port === 'string') return { ok: false, message: port };
  const address = flags.get('host') ?? nonEmpty(env['ACODE_HOST_ADDRESS']) ?? DEFAULT_HOST_OPTIONS.address;
  if (address !== 'localhost' && isIP(address) === 0) {
    return { ok: false, message: `Address '${address}' is not an IP address or 'localhost'` };
  }
  const logLevel = oneOf(flags.get('log-level'), HOST_LOG_LEVELS, '--log-level');
  if (typeof logLevel === 'object') return logLevel;
  const logFormat = oneOf(flags.get('log-format'), HOST_LOG_FORMATS, '--log-format');
  if (typeof logFormat === 'object') return logFormat;
  const configPath = flags.get('config');

  return {
    ok: true,
    help: false,
    options: {
      port: port ?? DEFAULT_HOST_OPTIONS.port,
      address,
      logLevel: logLevel ?? DEFAULT_HOST_OPTIONS.logLevel,
      logFormat: logFormat ?? DEFAULT_HOST_OPTIONS.logFormat,
      ...(configPath === undefined ? {} : { configPath }),
    },
  };
}

const FLAGS = new Set(['port', 'host', 'config', 'log-level', 'log-format']);

/** The port, `undefined` when not given, or the message saying why it is refused. */
function readPort(raw: string | undefined, source: string): number | string | undefined {
  const text = nonEmpty(raw);
  if (text === undefined) return undefined;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(port) && port <= 65_535 ? port : `${source} must be an integer from 0 to 65535, got '${text.slice(0, 32)}'`;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined | { ok: false; message: string } {
  if (value === undefined) return undefined;
  return (allowed as readonly string[]).includes(value)
    ? (value as T)
    : { ok: false, message: `${flag} must be one of ${allowed.join(', ')}, got '${value.slice(0, 32)}'` };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
