import type { DefinitionViolation } from '../definition-violation.js';
import { appendPointer } from '../json-pointer.js';
import { describeValueType, formatByteSize, formatDuration, quoteText } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { SANDBOX_ISOLATION_LEVELS } from '../sandbox-isolation-level.js';
import { TOOL_CONSTRAINT_FIELDS, TOOL_CONSTRAINT_RANGES } from '../tool-constraints.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

const KNOWN_CONSTRAINTS: readonly string[] = TOOL_CONSTRAINT_FIELDS;

/**
 * `constraints`, when given, is an object: `maxExecutionTimeMs` a whole number from 1 s to
 * 10 min, `maxOutputSizeBytes` one from 1 KiB to 100 MiB, `allowSideEffects` a boolean,
 * `requiredIsolation` a sandbox level (001 §5.2). Unknown keys are refused so 001's spelling
 * `maxExecutionTime` is caught rather than silently ignored. Whether the license tier supports
 * the isolation level is a policy question, checked where the tier is known.
 */
export const constraintsRule: DefinitionRule = {
  name: 'constraints',
  check(definition) {
    const constraints = ownValue(definition, 'constraints');
    if (constraints === undefined || constraints === null) return [];
    if (!isPlainObject(constraints)) {
      return [definitionViolation('/constraints', `constraints must be an object; got ${describeValueType(constraints)}`)];
    }
    const violations: DefinitionViolation[] = [];
    for (const key of Object.keys(constraints)) {
      if (!KNOWN_CONSTRAINTS.includes(key)) {
        violations.push(definitionViolation(appendPointer('/constraints', key), `constraints has no field ${quoteText(key)}; known fields: ${KNOWN_CONSTRAINTS.join(', ')}`));
      }
    }
    const { maxExecutionTimeMs: time, maxOutputSizeBytes: size } = TOOL_CONSTRAINT_RANGES;
    violations.push(
      ...checkRange(constraints, 'maxExecutionTimeMs', time, 'milliseconds', formatDuration),
      ...checkRange(constraints, 'maxOutputSizeBytes', size, 'bytes', formatByteSize),
    );
    const allowSideEffects = ownValue(constraints, 'allowSideEffects');
    if (allowSideEffects !== undefined && typeof allowSideEffects !== 'boolean') {
      violations.push(definitionViolation('/constraints/allowSideEffects', `allowSideEffects must be true or false; got ${describeValueType(allowSideEffects)}`));
    }
    const isolation = ownValue(constraints, 'requiredIsolation');
    if (isolation !== undefined && !(typeof isolation === 'string' && (SANDBOX_ISOLATION_LEVELS as readonly string[]).includes(isolation))) {
      const got = typeof isolation === 'string' ? quoteText(isolation) : describeValueType(isolation);
      violations.push(definitionViolation('/constraints/requiredIsolation', `requiredIsolation must be one of: ${SANDBOX_ISOLATION_LEVELS.join(', ')}; got ${got}`));
    }
    return violations;
  },
};

function checkRange(
  constraints: Readonly<Record<string, unknown>>,
  field: string,
  range: { readonly min: number; readonly max: number },
  unit: string,
  format: (value: number) => string,
): DefinitionViolation[] {
  const value = ownValue(constraints, field);
  if (value === undefined) return [];
  if (typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max) return [];
  const got = typeof value === 'number' && Number.isFinite(value) ? String(value) : describeValueType(value);
  return [
    definitionViolation(
      `/constraints/${field}`,
      `${field} must be a whole number of ${unit} from ${range.min} (${format(range.min)}) to ${range.max} (${format(range.max)}); got ${got}`,
    ),
  ];
}
