import type { JsonSchemaObject } from '@acode/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairJson } from '../../src/repair/repair-json.js';
import { decodeArguments, type ArgumentsDecodeOptions } from '../../src/tool-calls/decode-arguments.js';
import { readXmlParameterArguments } from '../../src/tool-calls/xml-parameter-arguments.js';

const GREP = {
  type: 'object',
  properties: {
    pattern: { type: 'string' },
    path: { type: 'string' },
    max_results: { type: 'integer' },
    ignore_case: { type: 'boolean' },
    globs: { type: 'array', items: { type: 'string' } },
    options: { type: 'object' },
  },
  required: ['pattern'],
  additionalProperties: false,
} as JsonSchemaObject;
const TOOL = { names: ['grep'], parameters: GREP };

const clock = { now: () => 0 };
const options: ArgumentsDecodeOptions = {
  maxSizeBytes: 4096,
  maxDepth: 8,
  repairer: { repair: (text, opts) => repairJson(text, { clock, ...opts }) },
  repairTimeoutMs: 100,
  subject: 'arguments',
  tool: TOOL,
};

describe('readXmlParameterArguments', () => {
  it('reads the parameters a model left in the arguments, typed by the schema', () => {
    expect(readXmlParameterArguments('<parameter=pattern>**</parameter>', TOOL, 8)).toEqual({ pattern: '**' });
    expect(readXmlParameterArguments('<parameter=pattern>\nTODO\n</parameter>\n<parameter=max_results>\n5\n</parameter>\n<parameter=ignore_case>\nTrue\n</parameter>', TOOL, 8)).toEqual({
      pattern: 'TODO',
      max_results: 5,
      ignore_case: true,
    });
    expect(readXmlParameterArguments('<parameter=globs>["*.ts", "*.js"]</parameter><parameter=options>{"a": 1}</parameter><parameter=pattern>x</parameter>', TOOL, 8)).toEqual({
      globs: ['*.ts', '*.js'],
      options: { a: 1 },
      pattern: 'x',
    });
  });

  it('keeps a string property the exact text, even when it reads as another type', () => {
    expect(readXmlParameterArguments('<parameter=pattern>5</parameter><parameter=path>true</parameter>', TOOL, 8)).toEqual({ pattern: '5', path: 'true' });
  });

  it('keeps a value that does not read as its type as text, for validation to refuse', () => {
    expect(readXmlParameterArguments('<parameter=pattern>x</parameter><parameter=max_results>five</parameter>', TOOL, 8)).toEqual({ pattern: 'x', max_results: 'five' });
  });

  it('reads them inside a <function=NAME> wrapper that names this tool, closed or not', () => {
    expect(readXmlParameterArguments('<function=grep>\n<parameter=pattern>\nfoo\n</parameter>\n</function>', TOOL, 8)).toEqual({ pattern: 'foo' });
    expect(readXmlParameterArguments('<function=grep><parameter=pattern>foo</parameter>', TOOL, 8)).toEqual({ pattern: 'foo' });
    expect(readXmlParameterArguments('<parameter=pattern>foo</parameter>\n</function>\n</tool_call>', TOOL, 8)).toEqual({ pattern: 'foo' });
  });

  it.each([
    ['another tool named', '<function=find><parameter=pattern>foo</parameter></function>'],
    ['a parameter left open', '<parameter=pattern>foo'],
    ['a closing tag missing before the next parameter', '<parameter=pattern>foo<parameter=path>src</parameter>'],
    ['a name given twice', '<parameter=pattern>a</parameter><parameter=pattern>b</parameter>'],
    ['text between the pairs', '<parameter=pattern>a</parameter> and <parameter=path>b</parameter>'],
    ['text after them', '<parameter=pattern>a</parameter> done'],
    ['a name with a space', '<parameter=the pattern>a</parameter>'],
    ['an empty name', '<parameter=>a</parameter>'],
    ['no parameter', '<function=grep>'],
    ['other markup', '<tool_call>{"pattern": "a"}</tool_call>'],
    ['an object that names a property twice', '<parameter=pattern>x</parameter><parameter=options>{"a": 1, "a": 2}</parameter>'],
    ['an array nested past the limit', '<parameter=pattern>x</parameter><parameter=globs>[[[[[[[[["a"]]]]]]]]]</parameter>'],
  ])('reads nothing for %s', (_, text) => {
    expect(readXmlParameterArguments(text, TOOL, 8)).toBeUndefined();
  });

  it('gives a parameter named __proto__ as an own property', () => {
    const read = readXmlParameterArguments('<parameter=__proto__>x</parameter>', TOOL, 8);
    expect(read === undefined ? undefined : Object.getOwnPropertyNames(read)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });
});

describe('decodeArguments with the tool: XML parameters', () => {
  it('flags the reading xml_parameters, and needs repair on and the tool', () => {
    expect(decodeArguments('<parameter=pattern>**</parameter>', options)).toEqual({ ok: true, value: { pattern: '**' }, repairs: ['xml_parameters'] });
    expect(decodeArguments('<parameter=pattern>**</parameter>', { ...options, repairer: undefined }).ok).toBe(false);
    const { tool: _, ...withoutTool } = options;
    expect(decodeArguments('<parameter=pattern>**</parameter>', withoutTool).ok).toBe(false);
  });

  it('reads a value holding JSON as the parameter, never as the arguments', () => {
    // Without the XML reading the repairer would drop the tags around the object.
    expect(decodeArguments('<parameter=options>{"pattern": "x"}</parameter><parameter=pattern>y</parameter>', options)).toEqual({
      ok: true,
      value: { options: { pattern: 'x' }, pattern: 'y' },
      repairs: ['xml_parameters'],
    });
  });

  const argumentsOfGrep = fc.record(
    {
      pattern: fc.string({ maxLength: 20 }),
      path: fc.string({ maxLength: 20 }),
      max_results: fc.integer(),
      ignore_case: fc.boolean(),
      globs: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      options: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    },
    { requiredKeys: ['pattern'] },
  );
  /** Values that could end a parameter early or read as another tag are left out: those are refused. */
  const readable = (value: unknown): boolean => !/<\/?(parameter|function)[=>]|<\/tool_call>/.test(JSON.stringify(value)) && !/^\r?\n|\r?\n$/.test(String((value as { pattern: string }).pattern));

  it('recovers any arguments written as XML parameters, wrapped or not, with or without the template newlines', () => {
    fc.assert(
      fc.property(argumentsOfGrep.filter(readable), fc.boolean(), fc.boolean(), (args, wrapped, newlines) => {
        const nl = newlines ? '\n' : '';
        const pairs = Object.entries(args).map(([key, value]) => `<parameter=${key}>${nl}${typeof value === 'string' ? value : JSON.stringify(value)}${nl}</parameter>`);
        const text = wrapped ? `<function=grep>${nl}${pairs.join(nl)}${nl}</function>` : pairs.join(nl);
        const decoded = decodeArguments(text, { ...options, maxDepth: 64 });
        // JSON has no -0: the arguments as JSON reads them.
        expect(decoded).toEqual({ ok: true, value: JSON.parse(JSON.stringify(args)), repairs: ['xml_parameters'] });
      }),
      { numRuns: 500 },
    );
  });

  it('never changes the meaning of valid JSON arguments', () => {
    fc.assert(
      fc.property(argumentsOfGrep, fc.constantFrom(undefined, 2), (args, indent) => {
        const text = JSON.stringify(args, null, indent);
        expect(decodeArguments(text, { ...options, maxDepth: 64 })).toEqual({ ok: true, value: JSON.parse(text), repairs: [] });
      }),
      { numRuns: 300 },
    );
  });

  it('never picks a reading when a value holds another parameter tag: a closing tag may be missing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (a, b) => {
        const decoded = decodeArguments(`<parameter=pattern>${a}<parameter=path>${b}</parameter>`, options);
        expect(decoded.ok && decoded.repairs.includes('xml_parameters')).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
