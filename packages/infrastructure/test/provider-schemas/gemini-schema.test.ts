import type { JsonSchema } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { GEMINI_CUT_NOTE, toGeminiSchema } from '../../src/provider-schemas/index.js';

describe('toGeminiSchema', () => {
  it('cuts a recursive $ref after two expansions, with a note, instead of looping', () => {
    const schema = {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' } },
      $defs: {
        node: {
          type: 'object',
          description: 'A node.',
          properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
          required: ['label'],
        },
      },
    };
    const level = (children: unknown) => ({
      type: 'OBJECT',
      description: 'A node.',
      properties: { label: { type: 'STRING' }, children: { type: 'ARRAY', items: children } },
      required: ['label'],
    });
    expect(toGeminiSchema(schema)).toEqual({
      type: 'OBJECT',
      properties: { tree: level(level({ type: 'OBJECT', description: `A node. ${GEMINI_CUT_NOTE}` })) },
    });
  });

  it('stops inlining a chain of definitions that doubles at every link', () => {
    const $defs: Record<string, JsonSchema> = { d30: { type: 'string' } };
    for (let index = 29; index >= 0; index--) {
      $defs[`d${index}`] = { type: 'object', properties: { x: { $ref: `#/$defs/d${index + 1}` }, y: { $ref: `#/$defs/d${index + 1}` } } };
    }
    const converted = toGeminiSchema({ type: 'object', properties: { root: { $ref: '#/$defs/d0' } }, $defs });
    // 2^30 nodes if inlined in full; the node budget keeps it to about 10,000.
    expect(JSON.stringify(converted).length).toBeLessThan(2_000_000);
    expect(JSON.stringify(converted)).toContain(GEMINI_CUT_NOTE);
  });

  it('names in the description what Gemini has no keyword for: numeric enums and unknown formats', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          level: { type: 'integer', enum: [1, 2, 3], description: 'Level.' },
          mail: { type: 'string', format: 'email' },
          kind: { const: 'fixed' },
        },
      }),
    ).toEqual({
      type: 'OBJECT',
      properties: {
        level: { type: 'INTEGER', description: 'Level. Allowed values: 1, 2, 3.' },
        mail: { type: 'STRING', description: 'Format: email.' },
        kind: { type: 'STRING', enum: ['fixed'] },
      },
    });
  });

  it('turns several types and oneOf into anyOf, a null branch into nullable, and merges allOf', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          id: { type: ['string', 'integer', 'null'], description: 'Id.' },
          choice: { oneOf: [{ type: 'string' }, { type: 'null' }], description: 'Choice.' },
          either: { anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'number' } }] },
        },
        allOf: [{ properties: { more: { type: 'boolean' } }, required: ['more'] }],
      }),
    ).toEqual({
      type: 'OBJECT',
      properties: {
        id: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }], nullable: true, description: 'Id.' },
        choice: { type: 'STRING', nullable: true, description: 'Choice.' },
        either: { anyOf: [{ type: 'BOOLEAN' }, { type: 'ARRAY', items: { type: 'NUMBER' } }] },
        more: { type: 'BOOLEAN' },
      },
      required: ['more'],
    });
  });

  it('gives an array without items a STRING element and drops required names that are not properties', () => {
    expect(toGeminiSchema({ type: 'object', properties: { list: { type: 'array' } }, required: ['list', 'ghost'] })).toEqual({
      type: 'OBJECT',
      properties: { list: { type: 'ARRAY', items: { type: 'STRING' } } },
      required: ['list'],
    });
  });

  it('survives a broken or remote $ref and non-schema values without throwing', () => {
    expect(toGeminiSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing', description: 'A.' }, b: { $ref: 'https://x.test/s' }, c: 42 as never } })).toEqual({
      type: 'OBJECT',
      properties: { a: { type: 'STRING', description: 'A.' }, b: { type: 'STRING' }, c: { type: 'STRING' } },
    });
  });
});
