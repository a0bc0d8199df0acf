/** Fields every `schema.json` must have (003's list, with our `kind` for 003's three categories). */
export const REQUIRED_SCHEMA_FIELDS = Object.freeze([
  'toolId',
  'version',
  'description',
  'kind',
  'sideEffects',
  'idempotent',
  'requiresConfirmation',
  'allowedModes',
  'latencyBudgetMs',
  'parameters',
] as const);

/** Fields a `schema.json` may add (decision 2's definition fields, and `modeClamps`). */
export const OPTIONAL_SCHEMA_FIELDS = Object.freeze([
  'category',
  'outputSchema',
  'constraints',
  'requiredPermissions',
  'aliases',
  'metadata',
  'modeClamps',
] as const);

/** The only fields beside `extends`: the rest of the definition belongs to the core tool. */
export const EXTENDS_SCHEMA_FIELDS = Object.freeze(['toolId', 'extends', 'modeClamps'] as const);

/** Prefix of an `extends` value naming a core tool. */
export const CORE_EXTENDS_PREFIX = 'core:';

/** `toolId` a folder must declare: its name with `-` read as `_` (003). */
export function expectedToolId(folder: string): string {
  return folder.replace(/-/g, '_');
}
