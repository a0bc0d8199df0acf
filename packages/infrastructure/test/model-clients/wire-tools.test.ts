import { describe, expect, it } from 'vitest';
import { toWireTools } from '../../src/model-clients/index.js';
import { NESTED_SCHEMA } from './support.js';

describe('toWireTools', () => {
  it('wraps each tool in the function format and keeps the schema except its root $schema', () => {
    const [tool] = toWireTools([{ name: 'file_edit', description: 'Edits a file.', parameters: NESTED_SCHEMA }]);
    const parameters = tool?.function.parameters as Record<string, unknown>;
    expect(tool?.type).toBe('function');
    expect(tool?.function.name).toBe('file_edit');
    expect(tool?.function.description).toBe('Edits a file.');
    expect(parameters).not.toHaveProperty('$schema');
    // Survives serialisation: what the server receives is the registered schema.
    expect(JSON.parse(JSON.stringify(parameters))).toEqual({
      type: 'object',
      description: 'Edits to apply.',
      properties: NESTED_SCHEMA.properties,
      required: ['path', 'edits'],
      additionalProperties: false,
      $defs: NESTED_SCHEMA.$defs,
    });
  });

  it('leaves the registered schema untouched and passes a schema without $schema as is', () => {
    const plain = Object.freeze({ type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] } } });
    expect(toWireTools([{ name: 't', description: 'd', parameters: NESTED_SCHEMA }])).toHaveLength(1);
    expect(NESTED_SCHEMA).toHaveProperty('$schema');
    expect(toWireTools([{ name: 't', description: 'd', parameters: plain }])[0]?.function.parameters).toBe(plain);
  });

  it('sends a tool marked strict in OpenAI strict form: optional properties required and nullable', () => {
    const parameters = { type: 'object', properties: { query: { type: 'string' }, top_k: { type: 'integer', default: 5 } }, required: ['query'] };
    expect(toWireTools([{ name: 'kb_search', description: 'Search.', parameters, strict: true }])).toEqual([
      {
        type: 'function',
        function: {
          name: 'kb_search',
          description: 'Search.',
          parameters: { type: 'object', properties: { query: { type: 'string' }, top_k: { type: ['integer', 'null'] } }, required: ['query', 'top_k'], additionalProperties: false },
          strict: true,
        },
      },
    ]);
  });

  it('sends a strict tool strict mode cannot express plain, with strict: false', () => {
    const parameters = { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } } };
    expect(toWireTools([{ name: 'tagger', description: 'Tags.', parameters, strict: true }])).toEqual([
      { type: 'function', function: { name: 'tagger', description: 'Tags.', parameters, strict: false } },
    ]);
  });

  it('converts no tools to no tools', () => {
    expect(toWireTools([])).toEqual([]);
  });
});
