import { isPlainObject, ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/**
 * `constraints.allowSideEffects: false` (001 §4.6) promises a tool that changes nothing outside
 * itself, which the executor may then run more freely (in parallel, cached). A definition that
 * also declares `sideEffects: "writes"` (003) contradicts itself, so it is refused at the
 * constraint's path rather than trusted either way.
 */
export const sideEffectsConstraintRule: DefinitionRule = {
  name: 'side-effects-constraint',
  check(definition) {
    const constraints = ownValue(definition, 'constraints');
    if (!isPlainObject(constraints) || ownValue(constraints, 'allowSideEffects') !== false) return [];
    if (ownValue(definition, 'sideEffects') !== 'writes') return [];
    return [
      definitionViolation(
        '/constraints/allowSideEffects',
        'constraints.allowSideEffects is false but sideEffects is "writes": a tool that writes cannot be declared free of side effects; set sideEffects to "none" or "read_only", or drop allowSideEffects: false',
      ),
    ];
  },
};
