import { createHash } from 'node:crypto';
import { MAX_TOOL_NAME_LENGTH, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN } from '@acode/domain';

/** Characters of the hash suffix that keeps a shortened or emptied name unique. */
const HASH_LENGTH = 8;

/**
 * A tool name from another ecosystem (MCP's `get-weather`, `fs.read`, `getWeather`, OpenAI
 * Agents' `Get_Weather`) as a valid name of ours: lowercase snake_case starting with a letter, at
 * most 64 characters, not a reserved word. A name that is valid already comes back unchanged.
 *
 * - camelCase and PascalCase words are split (`getHTTPStatus` → `get_http_status`);
 * - every run of other characters (`-`, `.`, `/`, spaces, non-ASCII) becomes one `_`;
 * - a name starting with a digit gets `tool_` in front; a reserved word (`run`) gets `_tool` after;
 * - a name with nothing usable left, or longer than 64 characters, ends with `_` and 8 hex
 *   digits of the SHA-256 of the original, so two different long names stay different.
 *
 * Two different names can still meet (`get-weather` and `get_weather`); callers that convert a
 * list check for that (see the MCP adapter's `fromMcpTools`).
 */
export function toToolName(original: string): string {
  if (isToolName(original)) return original;
  let name = snakeCaseWords(original);
  if (name === '') return `tool_${hashOf(original)}`;
  if (!/^[a-z]/.test(name)) name = `tool_${name}`;
  if (RESERVED_TOOL_NAMES.includes(name)) name = `${name}_tool`;
  if (name.length > MAX_TOOL_NAME_LENGTH) name = `${name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1).replace(/_+$/, '')}_${hashOf(original)}`;
  return name;
}

/** True when `name` is a valid tool name of ours as it is. */
export function isToolName(name: string): boolean {
  return name.length <= MAX_TOOL_NAME_LENGTH && TOOL_NAME_PATTERN.test(name) && !RESERVED_TOOL_NAMES.includes(name);
}

/**
 * The words of a foreign name in lowercase snake_case: camelCase and PascalCase split
 * (`getHTTPStatus` → `get_http_status`), every run of other characters one `_`, none at either
 * end; `''` when nothing usable is left. The shared core of tool and parameter names.
 */
export function snakeCaseWords(original: string): string {
  return original
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** 8 hex digits of the SHA-256 of `text`: a stable, short disambiguator. */
export function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);
}

/**
 * Our names for a list of foreign names, in order, each by {@link toToolName}, with clashes told
 * apart: when two or more names become the same name of ours (`get-weather` and `get_weather`),
 * the one already valid as it is keeps it and the others get `_` and 8 hex digits of their own
 * SHA-256, so the result does not depend on the order of the list (the MCP adapter's rule).
 */
export function distinctToolNames(originals: readonly string[]): string[] {
  const wanted = originals.map(toToolName);
  const count = new Map<string, number>();
  for (const name of wanted) count.set(name, (count.get(name) ?? 0) + 1);
  return wanted.map((name, index) => {
    const original = originals[index] as string;
    return (count.get(name) ?? 0) > 1 && original !== name ? disambiguated(name, original) : name;
  });
}

function disambiguated(name: string, original: string): string {
  const suffix = `_${hashOf(original)}`;
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length).replace(/_+$/, '')}${suffix}`;
}
