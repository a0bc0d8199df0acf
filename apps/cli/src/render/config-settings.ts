import type { Style } from './style.js';
import { escapeControlCharacters, truncate } from './text.js';

/** A value of the effective configuration, as `showConfig` returns it. */
export type SettingsValue = string | number | boolean | null | readonly SettingsValue[] | { readonly [key: string]: SettingsValue };

/** 002's titles for the sections `config show` prints. */
const TITLES: ReadonlyArray<{ readonly match: (path: readonly string[]) => boolean; readonly title: string }> = [
  { match: (path) => path.length === 1 && path[0] === 'tool_registry', title: 'Tool Registry Configuration' },
  { match: (path) => path.length === 4 && path[3] === 'tool_call', title: 'Tool Call Parsing Configuration' },
  { match: (path) => path.length === 3 && path[1] === 'providers', title: 'Provider Configuration' },
  { match: (path) => path.length === 1 && path[0] === 'gateway', title: 'Gateway Configuration' },
  { match: (path) => path.length === 2 && path[0] === 'gateway' && path[1] === 'upstream', title: 'Gateway Upstream' },
];

/**
 * A section in 002's layout: a title, then `key: value` lines aligned on the values. Nested
 * sections follow as blocks of their own; when several blocks are printed each title names its
 * key. A section with nothing in it says so.
 */
export function renderSettingsSection(path: readonly string[], value: { readonly [key: string]: SettingsValue }, style: Style, width: number): string {
  const blocks: string[] = [];
  collectBlocks(path, value, blocks, style, width);
  if (blocks.length <= 1) return blocks[0] ?? `${path.join('.') || 'configuration'}: (none)\n`;
  // Several blocks: the same walk again, each title naming its key so the blocks can be told apart.
  const named: string[] = [];
  collectBlocks(path, value, named, style, width, true);
  return named.join('\n');
}

/** One setting on its own: the value alone (a list one item per line), so a script can use it. */
export function renderSettingValue(value: SettingsValue | undefined): string {
  if (value === undefined || value === null) return '(not set)\n';
  if (Array.isArray(value)) return value.length === 0 ? '' : `${value.map((item) => escapeControlCharacters(String(item))).join('\n')}\n`;
  // A multi-line string (the retry template) prints as written; other control characters are escaped.
  if (typeof value === 'string') return `${value.split('\n').map(escapeControlCharacters).join('\n')}${value.endsWith('\n') ? '' : '\n'}`;
  return `${String(value)}\n`;
}

function collectBlocks(
  path: readonly string[],
  section: { readonly [key: string]: SettingsValue },
  blocks: string[],
  style: Style,
  width: number,
  nameKeys = false,
): void {
  const entries = Object.entries(section);
  // An empty mapping (no model names mapped) is a setting with nothing in it, not a block: shown as `(none)`.
  const leaves = entries.filter(([, value]) => !isSection(value) || Object.keys(value).length === 0);
  if (leaves.length > 0) {
    const title = TITLES.find((candidate) => candidate.match(path))?.title ?? path.join('.');
    const heading = nameKeys && title !== path.join('.') ? `${title} (${path.join('.')})` : title;
    const keyWidth = Math.max(...leaves.map(([key]) => key.length)) + 1;
    const lines = leaves.map(([key, value]) => {
      const label = `  ${`${escapeControlCharacters(key)}:`.padEnd(keyWidth)} `;
      return label + truncate(formatValue(key, value), Math.max(20, width - label.length));
    });
    blocks.push(`${style.heading(`${escapeControlCharacters(heading)}:`)}\n${lines.join('\n')}\n`);
  }
  for (const [key, value] of entries) {
    if (isSection(value) && Object.keys(value).length > 0) collectBlocks([...path, key], value, blocks, style, width, nameKeys);
  }
}

/** A value on one line: strings that need it quoted, lists joined, byte sizes also in KB or MB (002). */
function formatValue(key: string, value: SettingsValue): string {
  if (value === null) return '(not set)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((item) => formatValue(key, item)).join(', ');
  if (typeof value === 'object') return '(none)';
  if (typeof value === 'string') {
    const plain = value !== '' && value.trim() === value && !/[\n\r\t"]/.test(value);
    return escapeControlCharacters(plain ? value : JSON.stringify(value));
  }
  if (typeof value === 'number' && (key.endsWith('_size') || key.endsWith('_bytes'))) return `${value}${byteSize(value)}`;
  return String(value);
}

function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return ` (${bytes / (1024 * 1024)} MB)`;
  if (bytes >= 1024 && bytes % 1024 === 0) return ` (${bytes / 1024} KB)`;
  return '';
}

function isSection(value: SettingsValue | undefined): value is { readonly [key: string]: SettingsValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
