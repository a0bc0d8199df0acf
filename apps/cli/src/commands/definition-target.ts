import { closestName, compareSemVer, ERROR_CODES, parseSemVer } from '@acode/domain';
import { displayName } from '../render/text.js';

/** One row of the host's `GET /v1/definitions`, as far as choosing a target needs it. */
export interface ListedDefinition {
  /** The stored definition's id; `null` for a tool the store does not hold (built-in, configuration, tool folder). */
  readonly id: string | null;
  readonly name: string;
  readonly version: string;
  /** `stored`, `built_in` or `registry`. */
  readonly source: string;
  readonly locked: boolean;
}

/** What `tools update|delete TARGET` acts on: a stored definition's id, or why there is none (exit code and message). */
export type DefinitionTarget =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly usage: boolean };

/**
 * Resolves the TARGET of `acode tools update|delete`: a stored definition's id when one has it;
 * else `NAME` or `NAME@VERSION`, names compared without case as the registry's look-ups are.
 * Never guesses: a name with several stored versions and no `@VERSION` is refused with the
 * versions to choose from. A tool the store does not hold (a built-in, one from configuration or
 * a tool folder) is refused as not editable here; an unknown target says how to list the stored
 * definitions, with the closest name.
 */
export function resolveDefinitionTarget(entries: readonly ListedDefinition[], target: string, verb: 'update' | 'delete'): DefinitionTarget {
  const byId = entries.find((entry) => entry.id !== null && entry.id === target);
  if (byId?.id !== undefined && byId.id !== null) return lockedRefusal(byId, verb) ?? { ok: true, id: byId.id };

  const at = target.lastIndexOf('@');
  const name = (at > 0 ? target.slice(0, at) : target).trim();
  const version = at > 0 ? target.slice(at + 1).trim() : undefined;
  if (version === '') return usage(`'${displayName(target)}' names no version after '@': give NAME@VERSION, such as ${displayName(name)}@1.0.0.`);

  const key = name.toLowerCase();
  const named = entries.filter((entry) => entry.name.toLowerCase() === key);
  const stored = named.filter((entry) => entry.id !== null);
  if (named.length === 0) return unknown(entries, target, name);

  if (version !== undefined) {
    const exact = named.find((entry) => entry.version === version);
    if (exact === undefined) {
      return notFound(`'${displayName(named[0]!.name)}' has no version ${displayName(version)}; ${versionList(named)}. List them with: acode tools definitions`);
    }
    return lockedRefusal(exact, verb) ?? { ok: true, id: exact.id as string };
  }
  if (stored.length === 0) return lockedRefusal(named[0]!, verb) as DefinitionTarget;
  if (stored.length > 1) {
    const highest = [...stored].sort(byVersion).at(-1)!;
    return usage(
      `'${displayName(stored[0]!.name)}' has ${stored.length} stored versions (${[...stored].sort(byVersion).map((entry) => displayName(entry.version)).join(', ')}): ` +
        `name the one to ${verb}, such as 'acode tools ${verb} ${displayName(highest.name)}@${displayName(highest.version)}', or give its id.`,
    );
  }
  return lockedRefusal(stored[0]!, verb) ?? { ok: true, id: stored[0]!.id as string };
}

/** A tool that is listed but not editable here: built-in, or defined outside the store. */
function lockedRefusal(entry: ListedDefinition, verb: 'update' | 'delete'): DefinitionTarget | undefined {
  if (entry.id !== null && !entry.locked) return undefined;
  const what = `'${displayName(entry.name)}' ${displayName(entry.version)}`;
  if (entry.source === 'registry') {
    return {
      ok: false,
      code: ERROR_CODES.DEFINITION_STORE_BUILT_IN,
      usage: false,
      message: `${what} comes from the configuration or a tool folder, not from the definition store, so it cannot be ${verb === 'delete' ? 'deleted' : 'updated'} here: change it where it is defined.`,
    };
  }
  return {
    ok: false,
    code: ERROR_CODES.DEFINITION_STORE_BUILT_IN,
    usage: false,
    message: `${what} is a built-in tool, so it cannot be ${verb === 'delete' ? 'deleted' : 'updated'}. Only definitions created with 'acode tools create' (or on the host's page) can be.`,
  };
}

/** Neither an id nor a name the host lists: how to list them, and the closest stored name. */
function unknown(entries: readonly ListedDefinition[], target: string, name: string): DefinitionTarget {
  const names = [...new Set(entries.filter((entry) => entry.id !== null).map((entry) => entry.name))];
  const meant = closestName(name, names);
  const hint = meant === undefined ? '' : ` Did you mean '${displayName(meant)}'?`;
  return notFound(`No stored tool definition has the id or name '${displayName(target)}'.${hint} List them with: acode tools definitions`);
}

/** Lowest version first; versions that are not SemVer (never stored, but the body is the host's) last, as text. */
function byVersion(a: ListedDefinition, b: ListedDefinition): number {
  const left = parseSemVer(a.version);
  const right = parseSemVer(b.version);
  if (left !== undefined && right !== undefined) return compareSemVer(left, right);
  return left !== undefined ? -1 : right !== undefined ? 1 : a.version.localeCompare(b.version);
}

function versionList(entries: readonly ListedDefinition[]): string {
  const versions = entries.map((entry) => `${displayName(entry.version)}${entry.id === null ? ` (${entry.source === 'built_in' ? 'built-in' : 'not stored'})` : ''}`);
  return `${versions.length === 1 ? 'its version is' : 'its versions are'} ${versions.join(', ')}`;
}

function notFound(message: string): DefinitionTarget {
  return { ok: false, code: ERROR_CODES.DEFINITION_STORE_NOT_FOUND, usage: false, message };
}

function usage(message: string): DefinitionTarget {
  return { ok: false, code: ERROR_CODES.CLI_USAGE, usage: true, message };
}

/** The rows of a `GET /v1/definitions` body that have the fields a target needs; `undefined` for a body that is not such a list. */
export function listedDefinitions(body: unknown): ListedDefinition[] | undefined {
  const list = isRecord(body) ? body['definitions'] : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.filter(isRecord).flatMap((entry) =>
    typeof entry['name'] === 'string' && typeof entry['version'] === 'string'
      ? [
          {
            id: typeof entry['id'] === 'string' ? entry['id'] : null,
            name: entry['name'],
            version: entry['version'],
            source: typeof entry['source'] === 'string' ? entry['source'] : '',
            locked: entry['locked'] === true,
          },
        ]
      : [],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
