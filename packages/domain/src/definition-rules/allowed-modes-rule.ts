import { INTERACTION_MODES } from '../interaction-mode.js';
import { describeValueType, quoteText } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/**
 * `allowedModes`, when given, is a non-empty list of distinct interaction modes. An empty list
 * would hide the tool everywhere, which `enabled: false` says more plainly.
 */
export const allowedModesRule: DefinitionRule = {
  name: 'allowed-modes',
  check(definition) {
    const modes = ownValue(definition, 'allowedModes');
    if (modes === undefined) return [];
    if (!Array.isArray(modes)) {
      return [definitionViolation('/allowedModes', `allowedModes must be a list of ${INTERACTION_MODES.join(', ')}; got ${describeValueType(modes)}`)];
    }
    if (modes.length === 0) {
      return [definitionViolation('/allowedModes', 'allowedModes must not be empty; leave it out to allow every mode, or set enabled: false')];
    }
    const seen = new Set<unknown>();
    return modes.flatMap((mode: unknown, index) => {
      const path = `/allowedModes/${index}`;
      if (typeof mode !== 'string' || !(INTERACTION_MODES as readonly string[]).includes(mode)) {
        const got = typeof mode === 'string' ? quoteText(mode) : describeValueType(mode);
        return [definitionViolation(path, `allowedModes entries must be one of: ${INTERACTION_MODES.join(', ')}; got ${got}`)];
      }
      if (seen.has(mode)) return [definitionViolation(path, `allowedModes lists ${quoteText(mode)} more than once`)];
      seen.add(mode);
      return [];
    });
  },
};
