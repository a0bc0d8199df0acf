/**
 * The functional domain of a tool, used for filtering and policy (decision 3: the union of
 * 000's and 001's categories, lowercase).
 */
export const TOOL_CATEGORIES = Object.freeze([
  'general',
  'file_system',
  'network',
  'database',
  'code',
  'code_execution',
  'version_control',
  'external_api',
  'knowledge',
  'communication',
  'system',
  'custom',
] as const);

/** One of {@link TOOL_CATEGORIES}. */
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/** The category a definition gets when it names none. */
export const DEFAULT_TOOL_CATEGORY: ToolCategory = 'general';

/** True when `value` is a known category. */
export function isToolCategory(value: unknown): value is ToolCategory {
  return typeof value === 'string' && (TOOL_CATEGORIES as readonly string[]).includes(value);
}
