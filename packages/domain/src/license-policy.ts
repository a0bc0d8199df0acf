import type { DefinitionViolation } from './definition-violation.js';
import { ERROR_CODES } from './error-codes.js';
import { SCHEMA_VALIDATION_LEVELS, type LicenseTier, type SchemaValidationLevel } from './license-tier.js';
import { quoteText } from './message-text.js';
import { isCustomSchemaKeyword, isSchemaKeywordAllowed, schemaKeywordLevel } from './schema-keyword-levels.js';
import { walkSchemaKeywords } from './schema-keyword-walk.js';
import type { ToolDefinition } from './tool-definition.js';

/** What one license tier allows (001 §3.2). */
export interface TierLimits {
  /** 001's count of built-in definitions for the tier (see the README: every shipped built-in registers under every tier). */
  readonly builtInDefinitions: number;
  /** Custom definitions a project may hold; `Infinity` for no limit. */
  readonly customDefinitions: number;
  /** The JSON Schema keywords custom definitions may use. */
  readonly validationLevel: SchemaValidationLevel;
}

/** 001 §3.2's table. */
export const TIER_LIMITS: Readonly<Record<LicenseTier, TierLimits>> = Object.freeze({
  core: Object.freeze({ builtInDefinitions: 5, customDefinitions: 0, validationLevel: 'basic' }),
  writer_pro: Object.freeze({ builtInDefinitions: 5, customDefinitions: 10, validationLevel: 'basic' }),
  teams: Object.freeze({ builtInDefinitions: 8, customDefinitions: 50, validationLevel: 'advanced' }),
  enterprise: Object.freeze({ builtInDefinitions: 8, customDefinitions: Infinity, validationLevel: 'full' }),
} satisfies Record<LicenseTier, TierLimits>);

/** Most keyword refusals listed for one definition; past it one more violation says how many were left out. */
export const MAX_LICENSE_KEYWORD_VIOLATIONS = 50;

/** What {@link checkLicense} looks at. */
export interface LicenseCheckInput {
  /**
   * Custom definitions the project holds before this write, as the definition store counts them
   * (built-ins never count).
   */
  readonly customCount: number;
  /** The custom definition being created or updated. */
  readonly definition: ToolDefinition;
  /**
   * True when the write adds one to `customCount` (a create). An update is never refused for the
   * count, so a project over its limit after a tier change can still edit what it holds; its
   * schema keywords are checked all the same.
   */
  readonly isNew: boolean;
}

/**
 * Checks a custom definition against the tier's limits and returns every refusal at once:
 * ACODE-LIC-001 (path `""`, the whole definition) when a create would pass the tier's custom
 * definition limit (Core allows none), and one ACODE-LIC-002 per schema keyword of `parameters`
 * or `outputSchema` beyond the tier's validation level, at the keyword's JSON Pointer. Messages
 * name the tier and its limit. Built-in definitions are not checked here (they cannot be written).
 */
export function checkLicense(tier: LicenseTier, input: LicenseCheckInput): DefinitionViolation[] {
  const limits = TIER_LIMITS[tier];
  const violations: DefinitionViolation[] = [];
  if (input.isNew && input.customCount >= limits.customDefinitions) violations.push(limitViolation(tier, limits, input.customCount));
  violations.push(...checkSchemaLevel(tier, input.definition));
  return violations;
}

/**
 * The keywords of `parameters` and `outputSchema` the tier's validation level does not allow,
 * one ACODE-LIC-002 each (at most {@link MAX_LICENSE_KEYWORD_VIOLATIONS}, then a count).
 */
export function checkSchemaLevel(tier: LicenseTier, definition: Readonly<Record<string, unknown>> | ToolDefinition): DefinitionViolation[] {
  const level = TIER_LIMITS[tier].validationLevel;
  if (level === 'full') return [];
  const refused = walkSchemaKeywords(definition as Readonly<Record<string, unknown>>).filter((use) => !isSchemaKeywordAllowed(level, use.keyword));
  const violations = refused.slice(0, MAX_LICENSE_KEYWORD_VIOLATIONS).map(({ keyword, path }): DefinitionViolation => {
    const needs = schemaKeywordLevel(keyword);
    const what = isCustomSchemaKeyword(keyword) ? `the custom keyword ${quoteText(keyword)}` : `the schema keyword ${quoteText(keyword)}`;
    return {
      code: ERROR_CODES.LICENSE_SCHEMA_KEYWORD,
      path,
      message: `The ${tier} tier allows ${level} JSON Schema keywords; ${what} needs ${needs} (${tiersWith(needs)})`,
    };
  });
  if (refused.length > MAX_LICENSE_KEYWORD_VIOLATIONS) {
    const root = Object.hasOwn(definition, 'parameters') ? '/parameters' : '/outputSchema';
    violations.push({
      code: ERROR_CODES.LICENSE_SCHEMA_KEYWORD,
      path: root,
      message: `${refused.length - MAX_LICENSE_KEYWORD_VIOLATIONS} more schema keywords beyond the ${tier} tier's ${level} level are not listed`,
    });
  }
  return violations;
}

function limitViolation(tier: LicenseTier, limits: TierLimits, count: number): DefinitionViolation {
  const message =
    limits.customDefinitions === 0
      ? `The ${tier} tier allows 0 custom definitions; custom definitions need the writer_pro tier or above (license.tier)`
      : `The ${tier} tier allows ${limits.customDefinitions} custom definitions; this project has ${count}. Delete one, or set license.tier to a tier with more`;
  return { code: ERROR_CODES.LICENSE_CUSTOM_LIMIT, path: '', message };
}

/** `the teams or enterprise tier`: where a level starts. */
function tiersWith(level: SchemaValidationLevel): string {
  const tiers = (Object.keys(TIER_LIMITS) as LicenseTier[]).filter((tier) => isAtLeast(TIER_LIMITS[tier].validationLevel, level));
  return `the ${tiers.join(' or ')} tier`;
}

function isAtLeast(level: SchemaValidationLevel, wanted: SchemaValidationLevel): boolean {
  return SCHEMA_VALIDATION_LEVELS.indexOf(level) >= SCHEMA_VALIDATION_LEVELS.indexOf(wanted);
}
