import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { MAX_DEFINITION_SCHEMA_DEPTH, walkParameterSchemas } from './parameter-schema-walk.js';

/**
 * Property schemas nest at most 64 levels. Past that the walk stops; this rule says where. The
 * registry's own, configurable depth limit (20 by default) is checked when the schema is compiled.
 */
export const schemaDepthRule: DefinitionRule = {
  name: 'schema-depth',
  check(definition) {
    const { tooDeepAt } = walkParameterSchemas(definition);
    if (tooDeepAt === undefined) return [];
    return [schemaViolation(tooDeepAt, `parameters nest deeper than ${MAX_DEFINITION_SCHEMA_DEPTH} levels; nothing below this point was checked`)];
  },
};
