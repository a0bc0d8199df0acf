/** Tool names: lowercase snake_case starting with a letter (001 §5.2). */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Longest tool name accepted. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Names no tool may take: they read as verbs of the runtime itself (001 §5.2). */
export const RESERVED_TOOL_NAMES: readonly string[] = Object.freeze(['execute', 'run', 'call', 'invoke']);

/**
 * The key a name is looked up by. Look-ups are case-insensitive (decision 1) and ignore
 * surrounding whitespace a model may add.
 */
export function toolNameKey(name: string): string {
  return name.trim().toLowerCase();
}
