import type { ConfigDocument, ConfigPath } from './read-config-file.js';
import { invalidValue, isMapping } from './config-problems.js';

/** Most entries `gateway.models` may hold: a short list, looked up on every request. */
export const MAX_MODEL_MAPPINGS = 256;

/** One entry of `gateway.models`: the name (or glob) a client sends, and the upstream model it means. */
export interface ModelMapping {
  /** The client's model name, or a glob over names (`*` any run of characters, `?` one): `claude-sonnet-4-5`, `claude-*`. */
  readonly name: string;
  /** The model the upstream is asked for instead (`qwen3-coder:30b`). */
  readonly upstream: string;
}

const EXPECTED = `a mapping of at most ${MAX_MODEL_MAPPINGS} client model names (or globs with * and ?) to upstream model names, such as claude-sonnet-4-5: qwen3-coder:30b`;

/**
 * `gateway.models`: agents send their own model names (Claude Code a Sonnet for the work and a
 * Haiku for titles, Codex a GPT), which the upstream does not serve. Each name or glob maps to an
 * upstream model; an exact name wins over a glob, and globs are tried in the file's order. ACODE-CFG-002 for anything else.
 */
export function readModelMap(document: ConfigDocument, path: ConfigPath, value: unknown): readonly ModelMapping[] {
  if (value === null) return Object.freeze([]);
  if (!isMapping(value) || Object.keys(value).length > MAX_MODEL_MAPPINGS) throw invalidValue(document, path, EXPECTED, value);
  const mappings: ModelMapping[] = [];
  for (const [name, upstream] of Object.entries(value)) {
    if (name.trim() === '' || name.length > MAX_MAPPED_NAME) throw invalidValue(document, [...path, name], 'a client model name of 1 to 256 characters', name);
    if (typeof upstream !== 'string' || upstream.trim() === '' || upstream.length > 256) throw invalidValue(document, [...path, name], 'an upstream model name of 1 to 256 characters', upstream);
    mappings.push(Object.freeze({ name, upstream }));
  }
  return Object.freeze(mappings);
}

/** Longest client model name a mapping can match: a key of `gateway.models` is at most this long, and a glob's cost grows with the name. */
const MAX_MAPPED_NAME = 256;

/**
 * The upstream model for a client's model name: an exact entry, else the first glob that matches,
 * else the name itself. A name longer than any key could match is passed as it is, unmatched.
 */
export function resolveModel(mappings: readonly ModelMapping[], name: string): string {
  if (name.length > MAX_MAPPED_NAME) return name;
  const exact = mappings.find((mapping) => mapping.name === name && !isGlob(mapping.name));
  if (exact !== undefined) return exact.upstream;
  return mappings.find((mapping) => isGlob(mapping.name) && globMatches(mapping.name, name))?.upstream ?? name;
}

/** Whether a `gateway.models` key is a glob (holds `*` or `?`). */
export function isGlob(name: string): boolean {
  return name.includes('*') || name.includes('?');
}

/** Whether `name` matches `glob` whole: `*` any run of characters (none included), `?` exactly one; nothing else is special. Linear in practice: greedy with one backtrack point. */
export function globMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (g < glob.length && (glob[g] === '?' || (glob[g] !== '*' && glob[g] === name[n]))) {
      g++;
      n++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = n;
    } else if (star !== -1) {
      g = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}
