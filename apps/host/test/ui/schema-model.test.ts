import { describe, expect, it } from 'vitest';
import { placeErrors } from '../../page/src/tools/host-errors.js';
import { duplicateNames, newNode, parametersSchema, parseParametersText, rootFromParameters, withType, type ParamNode } from '../../page/src/tools/schema-model.js';

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

  describe('a schema read and written back without an edit is the same schema, key for key', () => {
    const object = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ type: 'object', properties, ...more });
    const cases: Array<[string, Record<string, unknown>]> = [
      ['a list of types', object({ note: { type: ['string', 'null'], description: 'Optional note' } })],
      ['anyOf without a type', object({ count: { anyOf: [{ type: 'integer' }, { type: 'null' }] } })],
      ['oneOf without a type', object({ id: { oneOf: [{ type: 'string' }, { type: 'integer' }] } })],
      ['$ref', object({ address: { $ref: '#/$defs/address' } }, { $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } } })],
      ['const without a type', object({ kind: { const: 'order' } })],
      ['type null', object({ nothing: { type: 'null' } })],
      ['no type and no structure', object({ anything: { description: 'Any JSON value' } })],
      ['a boolean schema', object({ free: true })],
      ['an enum value with a comma', object({ pair: { type: 'string', enum: ['a, b', 'c'] } })],
      ['an enum with null', object({ maybe: { type: 'string', enum: ['x', null] } })],
      ['an enum of numbers written as text', object({ code: { type: 'integer', enum: ['1', 2] } })],
      ['tuple items', object({ point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }] } })],
      ['an array without items', object({ bag: { type: 'array', minItems: 1 } })],
      ['boolean items', object({ none: { type: 'array', items: false } })],
      ['required names no property has', object({ a: { type: 'string' } }, { required: ['a', 'legacy'] })],
      ['an empty required list', object({ a: { type: 'string' } }, { required: [] })],
      ['an empty default', object({ prefix: { type: 'string', default: '' } })],
      ['a null default', object({ prefix: { type: 'string', default: null } })],
      ['an empty description', object({ prefix: { type: 'string', description: '' } })],
      ['a typeless object', object({ inner: { properties: { x: { type: 'integer' } }, required: ['x'] } })],
      ['a typeless root', { properties: { x: { type: 'string' } } }],
      ['an object without properties', object({ blob: { type: 'object' } })],
      ['an object open to others', object({ bag: { type: 'object', properties: {}, additionalProperties: true } }, { additionalProperties: false })],
      ['keywords in their own order', object({ s: { maxLength: 5, pattern: '^a', type: 'string', description: 'd' } }, { required: ['s'] })],
      ['the type kept alongside anyOf', object({ s: { type: 'string', anyOf: [{ minLength: 1 }, { const: '' }] } })],
    ];
    it.each(cases)('%s', (_, schema) => {
      const written = parametersSchema(rootFromParameters(structuredClone(schema)));
      expect(written).toEqual(schema);
      // Byte for byte: the keyword order too.
      expect(JSON.stringify(written)).toBe(JSON.stringify(schema));
    });

    it('all of them at once, after an edit of one description: only that description changes', () => {
      const schema = {
        type: 'object',
        properties: Object.fromEntries(cases.map(([, value], index) => [`p${index}`, Object.values(value['properties'] as object)[0]])),
        required: ['p0', 'gone'],
      };
      const root = rootFromParameters(structuredClone(schema));
      const edited: ParamNode = { ...root, properties: root.properties!.map((node) => (node.name === 'p8' ? { ...node, description: 'Two letters' } : node)) };
      const expected = structuredClone(schema) as any;
      expected.properties.p8.description = 'Two letters';
      expect(JSON.stringify(parametersSchema(edited))).toBe(JSON.stringify(expected));
    });
  });

  it('shows allowed values that commas would break as a JSON array, and reads one typed', () => {
    const root = rootFromParameters({ type: 'object', properties: { pair: { type: 'string', enum: ['a, b', 'c'] }, plain: { type: 'integer', enum: [1, 2] } } });
    const [pair, plain] = root.properties!;
    expect(pair!.enumText).toBe('["a, b","c"]');
    expect(plain!.enumText).toBe('1, 2');
    const edited = { ...root, properties: [{ ...pair!, enumText: '["a, b", "c", null]' }, { ...plain!, enumText: '1, 2, 3' }] };
    expect(parametersSchema(edited)).toEqual({ type: 'object', properties: { pair: { type: 'string', enum: ['a, b', 'c', null] }, plain: { type: 'integer', enum: [1, 2, 3] } } });
  });

  it('writes the type chosen in the form, and a schema the form could not show becomes a plain one of it', () => {
    const root = rootFromParameters({ type: 'object', properties: { note: { type: ['string', 'null'] }, untyped: { properties: { x: { type: 'string' } } } } });
    const [note, untyped] = root.properties!;
    expect(note!.raw).toBeDefined();
    const changed = { ...root, properties: [withType(note!, 'integer'), withType(untyped!, 'array')] };
    expect(parametersSchema(changed)).toEqual({
      type: 'object',
      properties: { note: { type: 'integer' }, untyped: { type: 'array', items: { type: 'string' } } },
    });
  });

  it('keeps required names no property has when another property becomes required', () => {
    const root = rootFromParameters({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['legacy', 'a'] });
    const edited = { ...root, properties: root.properties!.map((node) => ({ ...node, required: true })) };
    expect(parametersSchema(edited)['required']).toEqual(['a', 'b', 'legacy']);
  });

  it('finds names that two properties of the same object share once trimmed', () => {
    const root = rootFromParameters({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'string' } } } } });
    expect(duplicateNames(root).size).toBe(0);
    const [a, b] = root.properties!;
    const [x, y] = b!.properties!;
    const clash = { ...root, properties: [{ ...a!, name: 'b ' }, { ...b!, properties: [x!, { ...y!, name: ' x' }] }] };
    expect(duplicateNames(clash)).toEqual(new Set([a!.uid, b!.uid, x!.uid, y!.uid]));
  });
});
