import type { DefinitionViolation } from './definition-violation.js';
import { aliasesRule } from './definition-rules/aliases-rule.js';
import { allowedModesRule } from './definition-rules/allowed-modes-rule.js';
import { booleanFieldsRule } from './definition-rules/boolean-fields-rule.js';
import { categoryRule } from './definition-rules/category-rule.js';
import { constraintsRule } from './definition-rules/constraints-rule.js';
import { containerShapeRule } from './definition-rules/container-shape-rule.js';
import { defaultValueRule } from './definition-rules/default-value-rule.js';
import { definitionViolation, type DefinitionRule } from './definition-rules/definition-rule.js';
import { descriptionRule } from './definition-rules/description-rule.js';
import { enumValuesRule } from './definition-rules/enum-values-rule.js';
import { jsonNestingRule } from './definition-rules/json-nesting-rule.js';
import { kindRule } from './definition-rules/kind-rule.js';
import { knownFieldsRule } from './definition-rules/known-fields-rule.js';
import { latencyBudgetRule } from './definition-rules/latency-budget-rule.js';
import { metadataRule } from './definition-rules/metadata-rule.js';
import { metadataSizeRule } from './definition-rules/metadata-size-rule.js';
import { outputSchemaRule } from './definition-rules/output-schema-rule.js';
import { parameterNamesRule } from './definition-rules/parameter-names-rule.js';
import { parametersObjectRule } from './definition-rules/parameters-object-rule.js';
import { propertyTypeRule } from './definition-rules/property-type-rule.js';
import { requiredDefaultRule } from './definition-rules/required-default-rule.js';
import { requiredNamesRule } from './definition-rules/required-names-rule.js';
import { requiredPermissionsRule } from './definition-rules/required-permissions-rule.js';
import { schemaDepthRule } from './definition-rules/schema-depth-rule.js';
import { sideEffectsConstraintRule } from './definition-rules/side-effects-constraint-rule.js';
import { sideEffectsRule } from './definition-rules/side-effects-rule.js';
import { toolNameRule } from './definition-rules/tool-name-rule.js';
import { versionRule } from './definition-rules/version-rule.js';
import { describeValueType } from './message-text.js';
import { isPlainObject } from './plain-object.js';

/** Every definition rule, in the order their violations are reported: fields first, then schemas. */
export const DEFINITION_RULES: readonly DefinitionRule[] = Object.freeze([
  toolNameRule,
  descriptionRule,
  versionRule,
  categoryRule,
  kindRule,
  sideEffectsRule,
  allowedModesRule,
  requiredPermissionsRule,
  aliasesRule,
  latencyBudgetRule,
  booleanFieldsRule,
  metadataRule,
  metadataSizeRule,
  constraintsRule,
  sideEffectsConstraintRule,
  knownFieldsRule,
  parametersObjectRule,
  schemaDepthRule,
  jsonNestingRule,
  parameterNamesRule,
  propertyTypeRule,
  containerShapeRule,
  enumValuesRule,
  requiredDefaultRule,
  defaultValueRule,
  requiredNamesRule,
  outputSchemaRule,
]);

/**
 * The rules a tool declared by a gateway's client must pass (the registry's "loose" mode): its
 * fields, and the bounds that keep its schema safe to walk. The schema rules registered tools
 * keep (snake_case names, typed properties, defaults that fit) become warnings there, since the
 * client's tool is not ours to refuse when its model server would take it.
 */
export const LOOSE_DEFINITION_RULES: readonly DefinitionRule[] = Object.freeze([toolNameRule, descriptionRule, versionRule, schemaDepthRule, jsonNestingRule]);

/** Most violations one validation returns; the last one then says how many more there were. */
export const MAX_DEFINITION_VIOLATIONS = 100;

/**
 * Checks a tool definition as it arrives (from YAML, JSON or code) and returns every violation
 * at once, `[]` when it is valid. The input is `unknown`: a non-object gets one violation at `""`,
 * wrong field types are violations, and nothing the input holds makes this throw. Codes are
 * `ACODE-DEF-001` for definition fields and `ACODE-TSR-006` for schemas.
 *
 * These are the domain's rules only; compiling the schema (and the registry's size and depth
 * limits) happens in infrastructure.
 */
export function validateToolDefinition(input: unknown, rules: readonly DefinitionRule[] = DEFINITION_RULES): DefinitionViolation[] {
  if (!isPlainObject(input)) {
    return [definitionViolation('', `a tool definition must be an object with name, description, version and parameters; got ${describeValueType(input)}`)];
  }
  const violations: DefinitionViolation[] = [];
  for (const rule of rules) {
    try {
      // A loop, not push(...found): spreading a huge list would overflow the argument limit.
      for (const violation of rule.check(input)) violations.push(violation);
    } catch {
      // A rule that fails on odd input (a throwing getter, a Proxy) is a finding, not a crash.
      violations.push(definitionViolation('', `the definition could not be checked against rule "${rule.name}"`));
    }
  }
  if (violations.length <= MAX_DEFINITION_VIOLATIONS) return violations;
  const shown = violations.slice(0, MAX_DEFINITION_VIOLATIONS - 1);
  const more = violations.length - shown.length;
  return [...shown, definitionViolation('', `${more} more violations not shown; fix the ones above first`)];
}
