import type { DefinitionViolation, JsonSchemaObject, RegistryLimits } from '@acode/domain';

/** What every check is given besides the schema. */
export interface SchemaCheckContext {
  readonly limits: RegistryLimits;
  /** Where the schema sits in the tool definition (`/parameters`); prefixes every reported path. */
  readonly basePath: string;
}

/**
 * One rule a tool's parameter schema must satisfy, in the shape of an Ajv vocabulary: a name and
 * a pure function from schema to every violation found (empty when the rule holds).
 */
export interface SchemaCheck {
  readonly name: string;
  /**
   * A gate guards the checks after it: when a gate reports anything, later checks do not run,
   * because they assume what the gate establishes (bounded depth, bounded size, JSON data only).
   */
  readonly gate: boolean;
  run(schema: JsonSchemaObject, context: SchemaCheckContext): DefinitionViolation[];
}
