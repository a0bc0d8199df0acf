import { isDeepStrictEqual } from 'node:util';
import { Document, isCollection, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { MAX_CONFIG_ALIAS_COUNT } from './config-limits.js';
import { describeValue, dottedKey } from './describe-value.js';
import { CONFIG_YAML_OPTIONS } from './read-config-file.js';

/** One value to write at a path of mapping keys. */
export interface ConfigEdit {
  /** Mapping keys from the top of the file; missing mappings on the way are created. */
  readonly path: readonly string[];
  /** The new value: a scalar or a list. */
  readonly value: unknown;
  /** Quoting the user chose for a string; otherwise an existing string keeps its quoting. */
  readonly quoting?: 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | undefined;
}

/** The outcome of {@link editConfigText}. */
export type EditConfigTextResult =
  | {
      readonly ok: true;
      readonly text: string;
      /** The value the path held before, `undefined` when it was absent. */
      readonly previous: unknown;
    }
  /** A mapping on the way holds something else (`model: 3`); it is never overwritten. */
  | { readonly ok: false; readonly blockedAt: readonly string[]; readonly found: string };

/**
 * Sets one value in configuration text and changes nothing else: comments, key order, blank
 * lines, indentation and quoting elsewhere stay byte for byte. An existing scalar (or flow list)
 * is replaced where it stands, keeping its trailing comment; a missing key is appended at the end
 * of its mapping, with any missing mappings, in the file's indentation and line endings.
 *
 * Every edit is proved by parsing the new text and comparing it with the old data plus the one
 * change; when a layout defeats the in-place edit (a flow mapping, a block list, an empty
 * section), the file is re-printed by the YAML library instead (comments and order kept,
 * spacing normalised), and proved the same way. `text` must already parse (checked by the caller).
 */
export function editConfigText(text: string, edit: ConfigEdit): EditConfigTextResult {
  const document = parseDocument(text, CONFIG_YAML_OPTIONS);
  const before: unknown = document.toJS({ maxAliasCount: MAX_CONFIG_ALIAS_COUNT });
  const blocked = firstNonMapping(before, edit.path);
  if (blocked !== undefined) return { ok: false, blockedAt: blocked.path, found: describeValue(blocked.value) };

  const previous = valueAt(before, edit.path);
  const expected = withValue(before, edit.path, edit.value);
  const inPlace = editInPlace(text, document, edit);
  if (inPlace !== undefined && parsesTo(inPlace, expected)) return { ok: true, text: inPlace, previous };
  const reprinted = reprint(text, document, edit);
  if (parsesTo(reprinted, expected)) return { ok: true, text: reprinted, previous };
  // Unreachable for the values settings take; a bug here must not reach the file.
  throw new Error(`the new value of ${dottedKey(edit.path)} could not be written without changing other settings`);
}

/** The surgical edit, or `undefined` when the layout needs the library's printer. */
function editInPlace(text: string, document: Document, edit: ConfigEdit): string | undefined {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const existing = document.getIn(edit.path, true) as Node | undefined;
  if (existing !== undefined) {
    if (!isScalar(existing) && !(isSeq(existing) && existing.flow === true)) return undefined;
    const [start, end] = existing.range ?? [];
    if (start === undefined || end === undefined) return undefined;
    const quoting = edit.quoting ?? (isScalar(existing) && typeof existing.value === 'string' ? existing.type : undefined);
    const rendered = renderInline(edit.value, quoting);
    if (rendered === undefined) return undefined;
    // A block scalar's range takes its final line break with it; put it back.
    const lineBreak = /\r?\n$/.exec(text.slice(start, end))?.[0] ?? '';
    // `key:` with nothing after it holds an empty null scalar that starts right after the colon.
    const space = text[start - 1] === ':' ? ' ' : '';
    return text.slice(0, start) + space + rendered + lineBreak + text.slice(end);
  }

  // The deepest mapping on the path that exists, and the keys still to create beneath it.
  let depth = edit.path.length - 1;
  while (depth > 0 && !document.hasIn(edit.path.slice(0, depth))) depth--;
  const parent = depth === 0 ? document.contents : document.getIn(edit.path.slice(0, depth), true);
  const rendered = renderInline(edit.value, edit.quoting);
  if (rendered === undefined) return undefined;
  const unit = indentUnit(text);

  let offset: number;
  let indent: number;
  if (parent === null && depth === 0) {
    // An empty file, or comments only: the new section goes at the end.
    offset = text.length;
    indent = 0;
  } else if (isMap(parent) && parent.flow !== true && parent.items.length > 0 && parent.range) {
    offset = parent.range[1];
    const firstKey = parent.items[0]!.key as Node | null;
    const keyStart = firstKey?.range?.[0];
    if (keyStart === undefined) return undefined;
    indent = keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1);
  } else {
    return undefined;
  }

  const lines = edit.path.slice(depth).map((key, index, keys) => {
    const value = index === keys.length - 1 ? ` ${rendered}` : '';
    return `${' '.repeat(indent + index * unit)}${key}:${value}${newline}`;
  });
  const before = text.slice(0, offset);
  const separator = before === '' || before.endsWith('\n') ? '' : newline;
  return before + separator + lines.join('') + text.slice(offset);
}

/** The value as one line of YAML (a flow list, a quoted string when needed), or `undefined` when it takes more. */
function renderInline(value: unknown, quoting: string | undefined): string | undefined {
  const holder = new Document(value);
  const node = holder.contents;
  if (isScalar(node) && typeof value === 'string') {
    // A line break cannot stay on one line in plain or single-quoted style.
    node.type = value.includes('\n') ? 'QUOTE_DOUBLE' : quoting === 'QUOTE_DOUBLE' || quoting === 'QUOTE_SINGLE' ? quoting : 'PLAIN';
  }
  if (isCollection(node)) node.flow = true;
  const rendered = holder.toString({ lineWidth: 0 }).replace(/\n$/, '');
  return rendered.includes('\n') ? undefined : rendered;
}

/** The library's printer: keeps comments and order, normalises spacing. */
function reprint(text: string, document: Document, edit: ConfigEdit): string {
  const node = document.createNode(edit.value);
  if (isScalar(node) && typeof edit.value === 'string' && edit.quoting !== undefined) node.type = edit.quoting;
  if (isCollection(node)) node.flow = true;
  // A section written with nothing under it (`tool_registry:`) holds null; it becomes a mapping.
  for (let depth = 1; depth < edit.path.length; depth++) {
    const prefix = edit.path.slice(0, depth);
    const held = document.getIn(prefix, true);
    if (isScalar(held) && held.value === null) document.setIn(prefix, document.createNode({}));
  }
  document.setIn(edit.path, node);
  const printed = document.toString({ indent: indentUnit(text), lineWidth: 0 });
  return text.includes('\r\n') ? printed.replace(/\r?\n/g, '\r\n') : printed;
}

/** The file's indentation step: the smallest indentation of a line that holds content (2 when none is indented). */
function indentUnit(text: string): number {
  let unit = Infinity;
  for (const match of text.matchAll(/^( +)[^\s#]/gm)) unit = Math.min(unit, match[1]!.length);
  return Number.isFinite(unit) && unit <= 8 ? unit : 2;
}

function parsesTo(text: string, expected: unknown): boolean {
  const document = parseDocument(text, CONFIG_YAML_OPTIONS);
  return document.errors.length === 0 && isDeepStrictEqual(document.toJS({ maxAliasCount: MAX_CONFIG_ALIAS_COUNT }), expected);
}

/** The first prefix of `path` (the top level included) that holds something other than a mapping or nothing. */
function firstNonMapping(data: unknown, path: readonly string[]): { path: readonly string[]; value: unknown } | undefined {
  let current = data;
  for (let depth = 0; depth < path.length; depth++) {
    if (current === null || current === undefined) return undefined;
    if (!isPlainMapping(current)) return { path: path.slice(0, depth), value: current };
    const key = path[depth]!;
    current = Object.hasOwn(current, key) ? current[key] : undefined;
  }
  return undefined;
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let current = data;
  for (const key of path) {
    if (!isPlainMapping(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy of `data` with `value` at `path`, mappings created on the way. */
function withValue(data: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const mapping = isPlainMapping(data) ? data : {};
  const copy: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(mapping)) define(copy, name, entry);
  define(copy, key!, withValue(Object.hasOwn(mapping, key!) ? mapping[key!] : undefined, rest, value));
  return copy;
}

/** defineProperty: a `__proto__` key read from YAML must stay data. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isPlainMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
