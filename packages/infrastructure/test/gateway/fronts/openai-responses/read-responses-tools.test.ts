import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_TOOLS } from '../../../../src/gateway/read-request-tools.js';
import { namespacedToolName, readResponsesTools } from '../../../../src/gateway/fronts/openai-responses/read-responses-tools.js';

function read(value: unknown) {
  const reading = readResponsesTools(value);
  if (!reading.ok) throw new Error(`refused: ${reading.error.message}`);
  return reading;
}

function refusal(value: unknown) {
  const reading = readResponsesTools(value);
  if (reading.ok) throw new Error('read');
  return reading.error;
}

describe('readResponsesTools', () => {
  it('reads no tools from an absent or null list', () => {
    expect(read(undefined)).toEqual({ ok: true, tools: [], ignored: [] });
    expect(read(null).tools).toEqual([]);
  });

  it('reads a function tool with its schema and strictness', () => {
    const parameters = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    const { tools } = read([{ type: 'function', name: 'read_file', description: 'Reads', parameters, strict: true }]);
    expect(tools).toEqual([{ position: 0, wireName: 'read_file', description: 'Reads', parameters, strict: true }]);
  });

  it('offers a custom tool as one string parameter, the grammar told to the model', () => {
    const { tools } = read([{ type: 'custom', name: 'apply_patch', description: 'Patch files', format: { type: 'grammar', syntax: 'lark', definition: 'start: "*** Begin Patch"' } }]);
    expect(tools).toHaveLength(1);
    const tool = tools[0]!;
    expect(tool).toMatchObject({ wireName: 'apply_patch', description: 'Patch files', custom: true });
    expect(tool.parameters).toMatchObject({ type: 'object', required: ['input'], additionalProperties: false, properties: { input: { type: 'string' } } });
    const description = (tool.parameters as { properties: { input: { description: string } } }).properties.input.description;
    expect(description).toContain('lark');
    expect(description).toContain('*** Begin Patch');
    expect(read([{ type: 'custom', name: 'note', format: { type: 'text' } }]).tools[0]!.custom).toBe(true);
  });

  it('opens a namespace into flat-named functions that remember their namespace', () => {
    const { tools } = read([
      { type: 'function', name: 'shell' },
      { type: 'namespace', name: 'crm', description: 'CRM', tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object' } }, { type: 'custom', name: 'note' }] },
      { type: 'namespace', name: 'mcp__github__', description: '', tools: [{ type: 'function', name: 'search' }] },
    ]);
    expect(tools.map((tool) => [tool.wireName, tool.position, tool.namespace, tool.custom ?? false])).toEqual([
      ['shell', 0, undefined, false],
      ['crm__lookup', 1, { namespace: 'crm', name: 'lookup' }, false],
      ['crm__note', 1, { namespace: 'crm', name: 'note' }, true],
      ['mcp__github__search', 2, { namespace: 'mcp__github__', name: 'search' }, false],
    ]);
    expect(namespacedToolName('a', 'b')).toBe('a__b');
  });

  it('leaves hosted tools out with a pointer to their type, never refusing them', () => {
    const reading = read([
      { type: 'web_search', search_context_size: 'low' },
      { type: 'function', name: 'f' },
      { type: 'local_shell' },
      { type: 'namespace', name: 'ns', tools: [{ type: 'file_search', vector_store_ids: [] }] },
      { type: 'image_generation' },
      { type: 'mcp', server_label: 'x' },
    ]);
    expect(reading.tools.map((tool) => tool.wireName)).toEqual(['f']);
    expect(reading.ignored).toEqual([
      { field: '/tools/0/type', type: '"web_search"' },
      { field: '/tools/2/type', type: '"local_shell"' },
      { field: '/tools/3/tools/0/type', type: '"file_search"' },
      { field: '/tools/4/type', type: '"image_generation"' },
      { field: '/tools/5/type', type: '"mcp"' },
    ]);
  });

  it('refuses an empty name as a tool error, and malformed tools as request errors, with pointers', () => {
    expect(refusal([{ type: 'function', name: '' }])).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools/0/name' });
    expect(refusal([{ type: 'namespace', name: 'ns', tools: [{ type: 'function', name: '' }] }])).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools/0/tools/0/name' });
    expect(refusal([{ type: 'namespace', name: '', tools: [] }])).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools/0/name' });
    expect(refusal([{ type: 'function', name: 7 }])).toMatchObject({ code: 'ACODE-GTW-001', field: '/tools/0/name' });
    expect(refusal([{ name: 'f' }])).toMatchObject({ code: 'ACODE-GTW-001', field: '/tools/0/type' });
    expect(refusal([{ type: 'function', name: 'f', description: 3 }])).toMatchObject({ field: '/tools/0/description' });
    expect(refusal([{ type: 'function', name: 'f', strict: 'yes' }])).toMatchObject({ field: '/tools/0/strict' });
    expect(refusal([{ type: 'custom', name: 'f', format: { type: 'regex' } }])).toMatchObject({ field: '/tools/0/format/type' });
    expect(refusal([{ type: 'namespace', name: 'ns', tools: {} }])).toMatchObject({ field: '/tools/0/tools' });
    expect(refusal([{ type: 'namespace', name: 'ns', tools: [{ type: 'namespace', name: 'inner', tools: [] }] }])).toMatchObject({ field: '/tools/0/tools/0/type' });
    expect(refusal('tools')).toMatchObject({ field: '/tools' });
    expect(refusal([3])).toMatchObject({ field: '/tools/0' });
  });

  it('refuses parameters nested deeper than JSON allows', () => {
    let deep: unknown = {};
    for (let depth = 0; depth < 100; depth++) deep = { a: deep };
    expect(refusal([{ type: 'function', name: 'f', parameters: deep }])).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools/0/parameters' });
  });

  it('counts the functions of namespaces against the limit of tools', () => {
    const functions = (count: number) => Array.from({ length: count }, (_, index) => ({ type: 'function', name: `f${index}` }));
    expect(read(functions(MAX_REQUEST_TOOLS)).tools).toHaveLength(MAX_REQUEST_TOOLS);
    expect(refusal(functions(MAX_REQUEST_TOOLS + 1))).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools' });
    const namespaces = [
      { type: 'namespace', name: 'a', tools: functions(100) },
      { type: 'namespace', name: 'b', tools: functions(100) },
    ];
    expect(refusal(namespaces)).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools' });
    expect(refusal([{ type: 'namespace', name: 'a', tools: functions(10_000) }]).message).toContain('10000');
  });

  it('never echoes a huge name or type whole', () => {
    const huge = 'x'.repeat(100_000);
    const reading = read([{ type: huge }]);
    expect(reading.ignored[0]!.type.length).toBeLessThanOrEqual(40);
    expect(refusal([{ type: 'custom', name: 'f', format: { type: huge } }]).message.length).toBeLessThan(200);
  });

  it('reads a __proto__ key as an ordinary field, never as a prototype', () => {
    const tool = JSON.parse('{"type":"function","name":"f","__proto__":{"strict":"polluted"},"parameters":{"__proto__":{"type":"object"}}}') as unknown;
    const { tools } = read([tool]);
    expect(tools[0]!.strict).toBeUndefined();
    expect(({} as Record<string, unknown>)['strict']).toBeUndefined();
  });
});
