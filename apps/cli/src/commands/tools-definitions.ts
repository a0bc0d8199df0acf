import { ERROR_CODES } from '@acode/domain';
import type { DefinitionCommand } from '../arguments.js';
import type { CliIo } from '../cli-io.js';
import type { CommandOutput } from '../command-output.js';
import { EXIT_CODES } from '../exit-codes.js';
import { displayHostUrl, HOST_TOKEN_ENV, HOST_URL_ENV, resolveHostUrl, sendHostRequest, type HostAnswer, type HostRequest } from '../host-client.js';
import { formatUsageError } from '../render/diagnostics.js';
import { renderTable } from '../render/table.js';
import { displayMessage, displayName } from '../render/text.js';
import { readDefinitionFile } from './definition-file.js';
import { listedDefinitions, resolveDefinitionTarget } from './definition-target.js';
import type { OutputView } from './view.js';

/** The past tense of each change, for the success line and the refusal's header. */
const DONE: Readonly<Record<Exclude<DefinitionCommand['kind'], 'tools-definitions'>, string>> = {
  'tools-create': 'Created',
  'tools-update': 'Updated',
  'tools-delete': 'Deleted',
};

/**
 * `acode tools definitions|create|update|delete`: requests to the running host's
 * `/v1/definitions` routes (the host is the one writer, so a change is live at once). `update`
 * and `delete` take a stored definition's id, `NAME` or `NAME@VERSION`, resolved in the host's list. Success is
 * one line on standard output; a refusal is every error with its code and field path on standard
 * error (exit 1); an unusable file or command line exits 2; a host that cannot be reached exits 5.
 * The token comes from `ACODE_HOST_TOKEN` and is never printed.
 */
export async function toolsDefinitionCommand(command: DefinitionCommand, io: CliIo, view: OutputView): Promise<CommandOutput> {
  const helpCommand = `acode tools ${command.kind.slice('tools-'.length)}`;
  const base = resolveHostUrl(command.host, io.env);
  if (typeof base === 'string') return usageError(base, helpCommand);
  const token = io.env[HOST_TOKEN_ENV]?.trim();
  const auth = token !== undefined && token !== '' ? { token } : {};
  const actor = command.kind !== 'tools-definitions' && command.actor !== undefined ? { actor: command.actor } : {};

  const where = displayHostUrl(base);
  let request: HostRequest;
  switch (command.kind) {
    case 'tools-definitions':
      request = { method: 'GET', path: '/v1/definitions', ...auth };
      break;
    case 'tools-delete': {
      const target = await targetId(command, base, where, auth);
      if (!target.ok) return target.output;
      request = { method: 'DELETE', path: `/v1/definitions/${encodeURIComponent(target.id)}`, ...auth, ...actor };
      break;
    }
    case 'tools-create':
    case 'tools-update': {
      // The file is read first: a bad file is a usage error whatever the host holds.
      const file = await readDefinitionFile(command.file, io.cwd, io.stdin);
      if (!file.ok) return usageError(file.message, helpCommand);
      if (command.kind === 'tools-create') {
        request = { method: 'POST', path: '/v1/definitions', body: file.definition, ...auth, ...actor };
        break;
      }
      const target = await targetId(command, base, where, auth);
      if (!target.ok) return target.output;
      request = { method: 'PUT', path: `/v1/definitions/${encodeURIComponent(target.id)}`, body: file.definition, ...auth, ...actor };
      break;
    }
  }

  const answer = await sendHostRequest(base, request);
  if (answer.kind !== 'answer') return unusableAnswer(answer, where, command.host !== undefined);
  const body = answer.body;
  if (answer.status >= 200 && answer.status < 300) {
    const rendered = command.kind === 'tools-definitions' ? renderList(body, view) : renderChange(command.kind, body);
    if (rendered === undefined) return notAcodeHost(where, answer.status);
    return { exitCode: EXIT_CODES.OK, stdout: command.json ? `${JSON.stringify(body, null, 2)}\n` : rendered };
  }
  return refusedAnswer(command, body, answer.status, where, auth.token !== undefined);
}

type TargetId = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly output: CommandOutput };

/**
 * The stored definition `tools update|delete TARGET` acts on: the host's list is read, and TARGET
 * resolved in it as an id, `NAME` or `NAME@VERSION` (see {@link resolveDefinitionTarget}).
 */
async function targetId(
  command: Extract<DefinitionCommand, { kind: 'tools-update' | 'tools-delete' }>,
  base: URL,
  where: string,
  auth: { token?: string },
): Promise<TargetId> {
  const answer = await sendHostRequest(base, { method: 'GET', path: '/v1/definitions', ...auth });
  if (answer.kind !== 'answer') return { ok: false, output: unusableAnswer(answer, where, command.host !== undefined) };
  if (answer.status < 200 || answer.status >= 300) return { ok: false, output: refusedAnswer(command, answer.body, answer.status, where, auth.token !== undefined) };
  const entries = listedDefinitions(answer.body);
  if (entries === undefined) return { ok: false, output: notAcodeHost(where, answer.status) };
  const verb = command.kind === 'tools-update' ? 'update' : 'delete';
  const target = resolveDefinitionTarget(entries, command.target, verb);
  if (target.ok) return target;
  const text = target.usage
    ? formatUsageError({ code: ERROR_CODES.CLI_USAGE, message: target.message, helpCommand: `acode tools ${verb}` })
    : `[${target.code}] ${displayMessage(target.message)}\n`;
  const exitCode = target.usage ? EXIT_CODES.USAGE : EXIT_CODES.VALIDATION_FAILED;
  const json = command.json ? { stdout: `${JSON.stringify({ error: { code: target.code, message: target.message } }, null, 2)}\n` } : {};
  return { ok: false, output: { exitCode, stderr: text, ...json } };
}

/** No answer, or one that is not JSON: the host is not there, or is not an acode host (exit 5). */
function unusableAnswer(answer: Exclude<HostAnswer, { kind: 'answer' }>, where: string, fromFlag: boolean): CommandOutput {
  return answer.kind === 'unreachable' ? unreachable(where, answer.reason, fromFlag) : notAcodeHost(where, answer.status);
}

/** A host error answer: every error it lists (exit 1), or exit 5 when the host could not serve. */
function refusedAnswer(command: DefinitionCommand, body: unknown, status: number, where: string, tokenSent: boolean): CommandOutput {
  const error = hostErrorOf(body);
  if (error === undefined) return notAcodeHost(where, status);
  // The host could not serve (no definition store, an internal error): not a verdict on the definition.
  const exitCode = status >= 500 ? EXIT_CODES.HOST_UNAVAILABLE : EXIT_CODES.VALIDATION_FAILED;
  const text = renderRefusal(command, error, status, tokenSent);
  return command.json ? { exitCode, stdout: `${JSON.stringify(body, null, 2)}\n`, stderr: text } : { exitCode, stderr: text };
}

/** The error body of the host (`{ error: { code, message, refusal?, errors? } }`), checked. */
interface HostErrorView {
  readonly code: string;
  readonly message: string;
  readonly refusal?: string;
  readonly errors: ReadonlyArray<{ readonly code: string; readonly path: string; readonly message: string }>;
}

function hostErrorOf(body: unknown): HostErrorView | undefined {
  const error = isRecord(body) ? body['error'] : undefined;
  if (!isRecord(error) || typeof error['code'] !== 'string' || typeof error['message'] !== 'string') return undefined;
  const errors = Array.isArray(error['errors'])
    ? error['errors'].filter(isRecord).map((entry) => ({ code: stringOf(entry['code']), path: stringOf(entry['path']), message: stringOf(entry['message']) }))
    : [];
  return { code: error['code'], message: error['message'], ...(typeof error['refusal'] === 'string' ? { refusal: error['refusal'] } : {}), errors };
}

/**
 * A refusal: a header naming what was not done, then every error as `[CODE] path: message`, one
 * per line (`(definition)` for the whole definition). A host error without a list is its one line.
 */
function renderRefusal(command: DefinitionCommand, error: HostErrorView, status: number, tokenSent: boolean): string {
  const lines: string[] = [];
  if (error.errors.length === 0) {
    lines.push(`[${displayName(error.code)}] ${displayMessage(error.message)}`);
  } else {
    const what = command.kind === 'tools-definitions' ? 'Not listed' : `Not ${DONE[command.kind].toLowerCase()}`;
    const count = error.errors.length === 1 ? '1 error' : `${error.errors.length} errors`;
    lines.push(`${what}: the host refused the ${command.kind === 'tools-definitions' ? 'request' : 'definition'} (${displayName(error.refusal ?? `HTTP ${status}`)}, ${count}):`);
    for (const entry of error.errors) {
      lines.push(`  [${displayName(entry.code)}] ${entry.path === '' ? '(definition)' : displayName(entry.path)}: ${displayMessage(entry.message)}`);
    }
  }
  if (error.code === ERROR_CODES.HOST_AUTH_REQUIRED) {
    lines.push(
      tokenSent
        ? `The token in ${HOST_TOKEN_ENV} was refused: set it to the value of the variable the host's gateway.auth_token_env names.`
        : `Set ${HOST_TOKEN_ENV} to the host's token (the value of the variable its gateway.auth_token_env names).`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `Created ticket_create v1.0.0 (id …)`, `Updated … (id …; changed: parameters)`, `Deleted …`. */
function renderChange(kind: Exclude<DefinitionCommand['kind'], 'tools-definitions'>, body: unknown): string | undefined {
  const definition = isRecord(body) ? body['definition'] : undefined;
  if (!isRecord(definition) || typeof definition['name'] !== 'string') return undefined;
  const version = typeof definition['version'] === 'string' ? ` v${displayName(definition['version'])}` : '';
  const details = [typeof definition['id'] === 'string' ? `id ${displayName(definition['id'])}` : undefined];
  if (kind === 'tools-update') {
    const changed = isRecord(body) && Array.isArray(body['changed_fields']) ? body['changed_fields'].filter((field): field is string => typeof field === 'string') : [];
    details.push(changed.length === 0 ? 'nothing changed' : `changed: ${changed.map(displayName).join(', ')}`);
  }
  const shown = details.filter((detail): detail is string => detail !== undefined);
  return `${DONE[kind]} ${displayName(definition['name'])}${version}${shown.length === 0 ? '' : ` (${shown.join('; ')})`}\n`;
}

/** The table of `tools definitions`: id, name, version, source, locked, and a count. */
function renderList(body: unknown, view: OutputView): string | undefined {
  const entries = isRecord(body) && Array.isArray(body['definitions']) ? body['definitions'].filter(isRecord) : undefined;
  if (entries === undefined) return undefined;
  const rows = entries.map((entry) => [
    typeof entry['id'] === 'string' ? displayName(entry['id']) : '-',
    displayName(stringOf(entry['name'])),
    displayName(stringOf(entry['version'])),
    displayName(stringOf(entry['source'])),
    entry['locked'] === true ? 'yes' : 'no',
  ]);
  const stored = entries.filter((entry) => entry['locked'] !== true).length;
  const table = renderTable([{ header: 'ID', flexible: true }, { header: 'Name' }, { header: 'Version' }, { header: 'Source' }, { header: 'Locked' }], rows, view.width);
  return `${[...table, `${entries.length} definition${entries.length === 1 ? '' : 's'}, ${stored} editable`].join('\n')}\n`;
}

/** No answer at all: where the CLI looked, why, and how to start the host (exit 5). */
function unreachable(where: string, reason: string, fromFlag: boolean): CommandOutput {
  const source = fromFlag ? '--host' : `--host, else ${HOST_URL_ENV}, else the default`;
  return {
    exitCode: EXIT_CODES.HOST_UNAVAILABLE,
    stderr:
      `error: cannot reach the acode host at ${displayMessage(where)} (${reason}).\n` +
      `Start it in the project: node apps/host/dist/main.js (or acode-host), or point ${source} at a running host.\n`,
  };
}

/** An answer that is not an acode host's (another server on that port, a proxy's page): exit 5. */
function notAcodeHost(where: string, status: number): CommandOutput {
  return {
    exitCode: EXIT_CODES.HOST_UNAVAILABLE,
    stderr: `error: the server at ${displayMessage(where)} answered HTTP ${status}, but not as an acode host with /v1/definitions.\nCheck --host (or ${HOST_URL_ENV}), and that the host is this version or later.\n`,
  };
}

function usageError(message: string, helpCommand: string): CommandOutput {
  return { exitCode: EXIT_CODES.USAGE, stderr: formatUsageError({ code: ERROR_CODES.CLI_USAGE, message, helpCommand }) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
