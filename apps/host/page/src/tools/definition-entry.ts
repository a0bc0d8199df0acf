/** A tool definition as `GET /v1/definitions` lists it. */
export interface DefinitionEntry {
  /** The stored definition's id; `null` for one the store does not hold (built-in, configuration, tool folder). */
  readonly id: string | null;
  readonly name: string;
  readonly version: string;
  readonly source: 'stored' | 'built_in' | 'registry';
  /** Read-only here: everything but stored custom definitions. */
  readonly locked: boolean;
  readonly is_built_in: boolean;
  readonly definition: ToolDefinitionJson;
}

/** The definition itself: the fields the page edits, and any other it keeps as they were. */
export interface ToolDefinitionJson {
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly category?: string;
  readonly parameters?: Record<string, unknown>;
  readonly requiresConfirmation?: boolean;
  readonly [key: string]: unknown;
}

/** The categories a definition may have. */
export const CATEGORIES = [
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
] as const;

/** A label for where a definition comes from. */
export function sourceLabel(entry: DefinitionEntry): string {
  return entry.is_built_in ? 'Built-in' : entry.source === 'stored' ? 'Stored' : 'Configured';
}
