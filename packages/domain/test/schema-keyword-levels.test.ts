import { describe, expect, it } from 'vitest';
import {
  ADVANCED_SCHEMA_KEYWORDS,
  BASIC_SCHEMA_KEYWORDS,
  FULL_SCHEMA_KEYWORDS,
  isCustomSchemaKeyword,
  isSchemaKeywordAllowed,
  LEGACY_SCHEMA_KEYWORD_LEVELS,
  schemaKeywordLevel,
} from '../src/schema-keyword-levels.js';

/** Every keyword of the draft 2020-12 vocabularies (core, applicator, unevaluated, validation, meta-data, format, content). */
const DRAFT_2020_12_KEYWORDS = [
  '$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs',
  'prefixItems', 'items', 'contains', 'additionalProperties', 'properties', 'patternProperties', 'dependentSchemas',
  'propertyNames', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not',
  'unevaluatedItems', 'unevaluatedProperties',
  'type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength',
  'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties',
  'minProperties', 'required', 'dependentRequired',
  'title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples',
  'format',
  'contentEncoding', 'contentMediaType', 'contentSchema',
];

describe('schema keyword levels', () => {
  it('give every draft 2020-12 keyword exactly one level, and nothing else', () => {
    const listed = [...BASIC_SCHEMA_KEYWORDS, ...ADVANCED_SCHEMA_KEYWORDS, ...FULL_SCHEMA_KEYWORDS];
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual([...DRAFT_2020_12_KEYWORDS].sort());
    for (const keyword of DRAFT_2020_12_KEYWORDS) expect(isCustomSchemaKeyword(keyword)).toBe(false);
  });

  it('widen level by level: each allows what the one before it allows', () => {
    for (const keyword of BASIC_SCHEMA_KEYWORDS) {
      expect([isSchemaKeywordAllowed('basic', keyword), isSchemaKeywordAllowed('advanced', keyword), isSchemaKeywordAllowed('full', keyword)]).toEqual([true, true, true]);
    }
    for (const keyword of ADVANCED_SCHEMA_KEYWORDS) {
      expect([isSchemaKeywordAllowed('basic', keyword), isSchemaKeywordAllowed('advanced', keyword), isSchemaKeywordAllowed('full', keyword)]).toEqual([false, true, true]);
    }
    for (const keyword of FULL_SCHEMA_KEYWORDS) {
      expect([isSchemaKeywordAllowed('basic', keyword), isSchemaKeywordAllowed('advanced', keyword), isSchemaKeywordAllowed('full', keyword)]).toEqual([false, false, true]);
    }
  });

  it('treat keywords outside 2020-12 as custom: Full only', () => {
    for (const keyword of ['x-ui-widget', 'x-order', 'nullable', 'discriminator', 'constructor', '__proto__']) {
      expect(isCustomSchemaKeyword(keyword)).toBe(true);
      expect(schemaKeywordLevel(keyword)).toBe('full');
      expect(isSchemaKeywordAllowed('advanced', keyword)).toBe(false);
    }
  });

  it("rank earlier drafts' spellings with what they become", () => {
    expect(LEGACY_SCHEMA_KEYWORD_LEVELS).toEqual({ definitions: 'advanced', additionalItems: 'advanced', dependencies: 'full', $recursiveRef: 'full', $recursiveAnchor: 'full' });
    expect(isSchemaKeywordAllowed('advanced', 'definitions')).toBe(true);
    expect(isSchemaKeywordAllowed('basic', 'definitions')).toBe(false);
    expect(isCustomSchemaKeyword('definitions')).toBe(false);
  });
});
