import { quoteText } from '../message-text.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { walkParameterSchemas } from './parameter-schema-walk.js';

/** 001 §4.3: a parameter name is snake_case, lowercase letters, digits and underscores, starting with a letter. */
export const PARAMETER_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Longest parameter name accepted (the same bound as a tool name). */
export const MAX_PARAMETER_NAME_LENGTH = 64;

/**
 * Every property declared in `parameters` (top level and nested object properties) is named in
 * snake_case (001 §4.3 "Names MUST use snake_case"): `file_path`, not `filePath` or `file-path`.
 * A model is shown these names and must send them back exactly; one convention keeps it from
 * guessing. Reported at the property's own path, as an ACODE-TSR-006 schema violation.
 */
export const parameterNamesRule: DefinitionRule = {
  name: 'parameter-names',
  check(definition) {
    return walkParameterSchemas(definition)
      .properties.filter((node) => node.role === 'property')
      .flatMap((node) => {
        if (node.name.length <= MAX_PARAMETER_NAME_LENGTH && PARAMETER_NAME_PATTERN.test(node.name)) return [];
        const why =
          node.name.length > MAX_PARAMETER_NAME_LENGTH
            ? `is longer than ${MAX_PARAMETER_NAME_LENGTH} characters`
            : `is not snake_case (lowercase letters, digits and underscores, starting with a letter)${suggestSnakeCase(node.name)}`;
        return [schemaViolation(node.path, `parameter name ${quoteText(node.name)} ${why}`)];
      });
  },
};

/** `; did you mean "file_path"?` for a camelCase or kebab-case name that has a snake_case spelling. */
function suggestSnakeCase(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s.]+/g, '_')
    .toLowerCase();
  return snake !== name && PARAMETER_NAME_PATTERN.test(snake) ? `; did you mean ${quoteText(snake)}?` : '';
}
