import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedTopLevelFields } from '../../src/definitions/index.js';
import { propertyOrderedJson } from '../../src/definitions/property-ordered-json.js';
import { makeDefinition, makeTempDir, openDefinitionStore } from './definition-fixture.js';

// The order of a tool's parameters is the author's: the store keeps it (nested too), across a
// reopen, while every other key is stored sorted so equal definitions stay equal text.

const ORDERED = {
  type: 'object',
  properties: {
    zeta: { type: 'string', description: 'last alphabetically, first here' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 }, alpha: { type: 'boolean' } } },
    },
    alpha: { type: 'number' },
  },
  required: ['zeta'],
  additionalProperties: false,
};

describe('parameter order in the definition store', () => {
  it('keeps the order of every properties map through create, update and a reopen', () => {
    const file = join(makeTempDir(), 'acode.db');
    const store = openDefinitionStore(file);
    const created = store.create({ definition: makeDefinition({ parameters: ORDERED }), licenseTier: 'teams' });
    const properties = (record: { definition: { parameters: object } }) => Object.keys((record.definition.parameters as { properties: object }).properties);
    expect(properties(created)).toEqual(['zeta', 'items', 'alpha']);
    const parameters = created.definition.parameters as unknown as { properties: { items: { items: { properties: object } } } };
    expect(Object.keys(parameters.properties.items.items.properties)).toEqual(['sku', 'quantity', 'alpha']);

    // Only the order changed: that is a change, and it is written.
    const reordered = { ...ORDERED, properties: { alpha: ORDERED.properties.alpha, zeta: ORDERED.properties.zeta, items: ORDERED.properties.items } };
    const updated = store.update(created.id, makeDefinition({ parameters: reordered }));
    expect(updated.changedFields).toEqual(['parameters']);
    expect(properties(updated.record)).toEqual(['alpha', 'zeta', 'items']);

    const reopened = openDefinitionStore(file);
    expect(properties(reopened.get(created.id)!)).toEqual(['alpha', 'zeta', 'items']);
  });

  it('sorts every other key, so the same definition written in another key order is no change', () => {
    const shuffled = { additionalProperties: false, required: ['zeta'], properties: ORDERED.properties, type: 'object' };
    expect(propertyOrderedJson(shuffled)).toBe(propertyOrderedJson(ORDERED));
    expect(propertyOrderedJson({ b: 1, a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":1}');
    expect(propertyOrderedJson({ properties: { b: { y: 1, x: 2 }, a: {} } })).toBe('{"properties":{"b":{"x":2,"y":1},"a":{}}}');
    expect(changedTopLevelFields(makeDefinition({ parameters: ORDERED }), makeDefinition({ parameters: shuffled }))).toEqual([]);
  });
});
