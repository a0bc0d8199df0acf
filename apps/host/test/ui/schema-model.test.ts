import { describe, expect, it } from 'vitest';
import { placeErrors } from '../../page/src/tools/host-errors.js';
import { newNode, parametersSchema, parseParametersText, rootFromParameters, withType } from '../../page/src/tools/schema-model.js';

// The Tool Manager's form model: a JSON Schema read into the form and written back loses nothing
// (order, nesting, keywords the form does not edit), and the host's refusals land on the node
// their JSON Pointer names, at any depth.

const ORDER_SCHEMA = {
  type: 'object',
  properties: {
    note: { type: 'string', description: 'Free text', maxLength: 200, pattern: '^[^<>]*$' },
    items: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', enum: ['A-1', 'B-2'] },
          quantity: { type: 'integer', minimum: 1, default: 1 },
          options: { type: 'object', properties: { gift: { type: 'boolean' } }, additionalProperties: { type: 'string' } },
        },
        required: ['sku', 'quantity'],
        additionalProperties: false,
      },
    },
  },
  required: ['items'],
  additionalProperties: false,
};

describe('the form model of a tool\'s parameters', () => {
  it('reads a nested schema into nodes and writes back the same schema, in the same order', () => {
    const root = rootFromParameters(ORDER_SCHEMA);
    expect(root.properties!.map((node) => [node.name, node.type, node.required])).toEqual([
      ['note', 'string', false],
      ['items', 'array', true],
    ]);
    const element = root.properties![1]!.items!;
    expect(element.type).toBe('object');
    expect(element.properties!.map((node) => node.name)).toEqual(['sku', 'quantity', 'options']);
    expect(element.properties![1]!.minText).toBe('1');
    expect(element.properties![0]!.enumText).toBe('A-1, B-2');
    // `pattern` is not a field of the form: kept aside, written back.
    expect(root.properties![0]!.extra).toEqual({ pattern: '^[^<>]*$' });

    const written = parametersSchema(root);
    expect(written).toEqual(ORDER_SCHEMA);
    expect(Object.keys(written['properties'] as object)).toEqual(['note', 'items']);
    expect(Object.keys((written as any).properties.items.items.properties)).toEqual(['sku', 'quantity', 'options']);
  });

  it('gives a new tool, a new array a string element and a new object no properties, closed to others', () => {
    const array = withType(newNode('string', 'tags'), 'array');
    expect(parametersSchema({ ...rootFromParameters(undefined), properties: [array] })).toEqual({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    });
    const object = withType(array, 'object');
    expect(object.items).toBeUndefined();
    expect(parametersSchema({ ...rootFromParameters(undefined), properties: [object] })).toEqual({
      type: 'object',
      properties: { tags: { type: 'object', properties: {}, additionalProperties: false } },
      additionalProperties: false,
    });
  });

  it('says why pasted text cannot be the parameters', () => {
    expect(parseParametersText('{"type": ')).toMatchObject({ ok: false, message: expect.stringContaining('Not valid JSON') });
    expect(parseParametersText('[1]')).toMatchObject({ ok: false, message: expect.stringContaining('JSON Schema object') });
    expect(parseParametersText('{"type": "string"}')).toMatchObject({ ok: false, message: expect.stringContaining('"type": "object"') });
    const parsed = parseParametersText(JSON.stringify(ORDER_SCHEMA));
    expect(parsed.ok && parametersSchema(parsed.root)).toEqual(ORDER_SCHEMA);
  });

  it('places each refusal of the host on the field or nested parameter its path names', () => {
    const root = rootFromParameters(ORDER_SCHEMA);
    const quantity = root.properties![1]!.items!.properties![1]!;
    const note = root.properties![0]!;
    const placed = placeErrors(
      [
        { code: 'ACODE-DEF-002', path: '/name', message: 'reserved' },
        { code: 'ACODE-DEF-003', path: '/parameters/properties/items/items/properties/quantity/minimum', message: 'bad minimum' },
        { code: 'ACODE-DEF-004', path: '/parameters/properties/note/enum', message: 'bad enum' },
        { code: 'ACODE-DEF-005', path: '/parameters/properties/gone/type', message: 'no such parameter' },
        { code: 'ACODE-TDS-004', path: '', message: 'deleted meanwhile' },
      ],
      root,
    );
    expect(placed.fields).toEqual({ name: ['reserved (ACODE-DEF-002)'] });
    expect(placed.nodes[quantity.uid]).toEqual({ keys: new Set(['min']), texts: ['bad minimum (ACODE-DEF-003)'] });
    expect(placed.nodes[note.uid]).toEqual({ keys: new Set(['enum']), texts: ['bad enum (ACODE-DEF-004)'] });
    expect(placed.unplaced).toEqual(['/parameters/properties/gone/type: no such parameter (ACODE-DEF-005)', 'deleted meanwhile (ACODE-TDS-004)']);
  });
});
