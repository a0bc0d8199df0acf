import { describeValueType, quoteText } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { toolNameKey } from '../tool-name.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';
import { toolNameProblem } from './tool-name-rule.js';

/**
 * `aliases`, when given, is a list of valid, non-reserved tool names, distinct from each other and
 * from `name`. Comparison ignores case, because look-ups do (decision 1).
 */
export const aliasesRule: DefinitionRule = {
  name: 'aliases',
  check(definition) {
    const aliases = ownValue(definition, 'aliases');
    if (aliases === undefined) return [];
    if (!Array.isArray(aliases)) {
      return [definitionViolation('/aliases', `aliases must be a list of tool names; got ${describeValueType(aliases)}`)];
    }
    const name = ownValue(definition, 'name');
    const seen = new Set<string>(typeof name === 'string' ? [toolNameKey(name)] : []);
    return aliases.flatMap((alias: unknown, index) => {
      const path = `/aliases/${index}`;
      const problem = toolNameProblem(alias);
      if (problem !== undefined) return [definitionViolation(path, `alias ${problem}`)];
      const key = toolNameKey(alias as string);
      if (typeof name === 'string' && key === toolNameKey(name)) {
        return [definitionViolation(path, `alias ${quoteText(alias as string)} is the tool's own name`)];
      }
      if (seen.has(key)) return [definitionViolation(path, `alias ${quoteText(alias as string)} is listed more than once`)];
      seen.add(key);
      return [];
    });
  },
};
