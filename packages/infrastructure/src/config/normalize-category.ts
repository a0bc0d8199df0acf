import { TOOL_CATEGORIES, type ToolCategory } from '@acode/domain';

/** The documents' other names for a category (000's `Web` and `Data`), keyed by squashed spelling. */
const CATEGORY_SYNONYMS: Readonly<Record<string, ToolCategory>> = Object.freeze({
  web: 'network',
  data: 'database',
});

/** Every category keyed by its squashed spelling: `filesystem` → `file_system`. */
const CATEGORIES_BY_SQUASHED: ReadonlyMap<string, ToolCategory> = new Map([
  ...TOOL_CATEGORIES.map((category) => [squash(category), category] as const),
  ...Object.entries(CATEGORY_SYNONYMS),
]);

/**
 * Maps a category as written in configuration to the one lowercase set (decision 3): case and
 * separators do not matter (`FileSystem`, `file-system`, `FILE_SYSTEM` → `file_system`), and 000's
 * `Web` and `Data` become `network` and `database`. Anything else comes back unchanged, so the
 * registry names the bad value for that tool.
 */
export function normalizeCategory(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return CATEGORIES_BY_SQUASHED.get(squash(value)) ?? value;
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[\s_-]/g, '');
}
