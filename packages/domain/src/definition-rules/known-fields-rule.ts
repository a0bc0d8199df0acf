import type { ToolDefinition } from '../tool-definition.js';
import { appendPointer } from '../json-pointer.js';
import { quoteText } from '../message-text.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/** Every field a {@link ToolDefinition} may carry (decision 2). */
export const TOOL_DEFINITION_FIELDS: readonly string[] = Object.freeze([
  'name',
  'description',
  'version',
  'parameters',
  'category',
  'aliases',
  'outputSchema',
  'constraints',
  'requiredPermissions',
  'requiresConfirmation',
  'kind',
  'sideEffects',
  'idempotent',
  'allowedModes',
  'latencyBudgetMs',
  'enabled',
  'metadata',
] satisfies ReadonlyArray<keyof ToolDefinition>);

/**
 * No field outside {@link TOOL_DEFINITION_FIELDS}: a misspelt `requiresConfirmaton` would
 * otherwise be ignored and the tool would run unconfirmed. Free-form facts belong in `metadata`.
 */
export const knownFieldsRule: DefinitionRule = {
  name: 'known-fields',
  check(definition) {
    return Object.keys(definition)
      .filter((key) => !TOOL_DEFINITION_FIELDS.includes(key))
      .map((key) =>
        definitionViolation(appendPointer('', key), `${quoteText(key)} is not a tool definition field; put free-form facts in metadata`),
      );
  },
};
