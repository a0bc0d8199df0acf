import { quoteText } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { MAX_TOOL_NAME_LENGTH, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN } from '../tool-name.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/**
 * Why `value` cannot be a tool name, or `undefined` when it can. Shared with the aliases rule:
 * an alias is held to the same rules as a name.
 */
export function toolNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length === 0) return 'must not be empty';
  // Length first: the message quotes at most 64 characters and the pattern never sees 10 MB.
  if (value.length > MAX_TOOL_NAME_LENGTH) {
    return `${quoteText(value)} is longer than ${MAX_TOOL_NAME_LENGTH} characters (${value.length})`;
  }
  if (!TOOL_NAME_PATTERN.test(value)) {
    return `${quoteText(value)} must be lowercase snake_case: a letter a-z, then letters, digits or underscores`;
  }
  if (RESERVED_TOOL_NAMES.includes(value)) {
    return `${quoteText(value)} is reserved (${RESERVED_TOOL_NAMES.join(', ')}); choose a name that says what the tool does`;
  }
  return undefined;
}

/** `name` is required: lowercase snake_case, at most 64 characters, not a reserved word (001 §5.2). */
export const toolNameRule: DefinitionRule = {
  name: 'tool-name',
  check(definition) {
    const name = ownValue(definition, 'name');
    if (name === undefined) return [definitionViolation('/name', 'name is required')];
    const problem = toolNameProblem(name);
    return problem === undefined ? [] : [definitionViolation('/name', `name ${problem}`)];
  },
};
