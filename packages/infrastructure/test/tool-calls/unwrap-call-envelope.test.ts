import type { JsonObject, JsonSchemaObject } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { unwrapCallEnvelope } from '../../src/tool-calls/unwrap-call-envelope.js';

const READ = { name: 'file_read', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } as JsonSchemaObject };

/** file_read, its alias read_file, and command_execute, any case. */
function resolveTool(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower === 'file_read' || lower === 'read_file') return 'file_read';
  return lower === 'command_execute' ? 'command_execute' : undefined;
}

describe('unwrapCallEnvelope', () => {
  it.each([
    ['arguments', { name: 'file_read', arguments: { path: 'a.txt' } }],
    ['parameters', { name: 'file_read', parameters: { path: 'a.txt' } }],
    ['an alias in another case', { name: 'READ_FILE', arguments: { path: 'a.txt' } }],
    ['the keys in the other order', { arguments: { path: 'a.txt' }, name: 'file_read' }],
  ])('unwraps an envelope naming this tool with %s', (_label, value) => {
    expect(unwrapCallEnvelope(value as JsonObject, READ, resolveTool)).toEqual({ path: 'a.txt' });
  });

  it.each([
    ['another tool', { name: 'command_execute', arguments: { path: 'a.txt' } }],
    ['an unknown tool', { name: 'nope', arguments: { path: 'a.txt' } }],
    ['a name that is not a string', { name: 1, arguments: { path: 'a.txt' } }],
    ['arguments that are not an object', { name: 'file_read', arguments: '{"path":"a.txt"}' }],
    ['arguments that are an array', { name: 'file_read', arguments: [{ path: 'a.txt' }] }],
    ['null arguments', { name: 'file_read', arguments: null }],
    ['both arguments and parameters', { name: 'file_read', arguments: { path: 'a' }, parameters: { path: 'b' } }],
    ['a third key', { name: 'file_read', arguments: { path: 'a.txt' }, id: 'call_1' }],
    ['no name', { tool: 'file_read', arguments: { path: 'a.txt' } }],
    ['no arguments', { name: 'file_read' }],
  ])('leaves an envelope with %s', (_label, value) => {
    expect(unwrapCallEnvelope(value as JsonObject, READ, resolveTool)).toBeUndefined();
  });

  it.each([
    ['name', { name: { type: 'string' }, arguments: { type: 'object' } }],
    ['arguments', { arguments: { type: 'object' } }],
    ['parameters', { parameters: { type: 'object' } }],
  ])('never unwraps for a tool with a parameter named %s: the envelope may be its arguments', (_label, properties) => {
    const tool = { name: 'file_read', parameters: { type: 'object', properties } as JsonSchemaObject };
    expect(unwrapCallEnvelope({ name: 'file_read', arguments: { path: 'a.txt' } }, tool, resolveTool)).toBeUndefined();
  });

  it('never unwraps for a tool whose schema allows more properties, or cannot be read as one object', () => {
    const envelope = { name: 'file_read', arguments: { path: 'a.txt' } };
    const open = { name: 'file_read', parameters: { ...READ.parameters, additionalProperties: true } };
    const union = { name: 'file_read', parameters: { type: 'object', anyOf: [{ required: ['path'] }, { required: ['url'] }] } as JsonSchemaObject };
    expect(unwrapCallEnvelope(envelope, open, resolveTool)).toBeUndefined();
    expect(unwrapCallEnvelope(envelope, union, resolveTool)).toBeUndefined();
  });

  it('unwraps once: an envelope inside an envelope stays for validation to refuse', () => {
    const inner = { name: 'file_read', arguments: { path: 'a.txt' } };
    expect(unwrapCallEnvelope({ name: 'file_read', arguments: inner }, READ, resolveTool)).toEqual(inner);
  });
});
