import { describe, expect, it } from 'vitest';
import type { GatewayTool } from '../../../../src/gateway/gateway-request.js';
import { mapResponsesParameters } from '../../../../src/gateway/fronts/openai-responses/map-responses-parameters.js';

const tools: GatewayTool[] = [
  { wireName: 'shell', description: '', parameters: {} },
  { wireName: 'crm__lookup', description: '', parameters: {}, namespace: { namespace: 'crm', name: 'lookup' } },
  { wireName: 'apply_patch', description: '', parameters: {}, custom: true },
];

function map(body: Record<string, unknown>) {
  const mapped = mapResponsesParameters(body, tools);
  if ('error' in mapped) throw new Error(`refused: ${mapped.error.message}`);
  return mapped.value;
}

function refusal(body: Record<string, unknown>) {
  const mapped = mapResponsesParameters(body, tools);
  if (!('error' in mapped)) throw new Error('mapped');
  return mapped.error;
}

describe('mapResponsesParameters', () => {
  it('maps sampling fields to their chat names', () => {
    expect(map({ max_output_tokens: 256, temperature: 0.2, top_p: 0.9, parallel_tool_calls: false })).toEqual({ max_tokens: 256, temperature: 0.2, top_p: 0.9, parallel_tool_calls: false });
  });

  it('forwards nothing of what concerns OpenAI only', () => {
    expect(
      map({
        model: 'm',
        input: 'x',
        include: ['reasoning.encrypted_content'],
        prompt_cache_key: 'k',
        metadata: { a: '1' },
        store: false,
        service_tier: 'auto',
        truncation: 'auto',
        user: 'u',
        reasoning: { summary: 'auto' },
        text: { verbosity: 'low' },
        instructions: 'x',
      }),
    ).toEqual({});
  });

  it('reads null as absent', () => {
    expect(map({ max_output_tokens: null, temperature: null, tool_choice: null, text: null, reasoning: { effort: null } })).toEqual({});
  });

  it('maps tool choices, naming tools as the model sees them', () => {
    for (const mode of ['auto', 'none', 'required']) expect(map({ tool_choice: mode })).toEqual({ tool_choice: mode });
    expect(map({ tool_choice: { type: 'function', name: 'shell' } })).toEqual({ tool_choice: { type: 'function', function: { name: 'shell' } } });
    expect(map({ tool_choice: { type: 'function', name: 'lookup' } })).toEqual({ tool_choice: { type: 'function', function: { name: 'crm__lookup' } } });
    expect(map({ tool_choice: { type: 'custom', name: 'apply_patch' } })).toEqual({ tool_choice: { type: 'function', function: { name: 'apply_patch' } } });
    expect(map({ tool_choice: { type: 'allowed_tools', mode: 'required', tools: [] } })).toEqual({ tool_choice: 'required' });
    expect(map({ tool_choice: { type: 'web_search_preview' } })).toEqual({});
    // A hosted tool of any name is left out by the tools reader: its choice goes with it, never a refusal.
    expect(map({ tool_choice: { type: 'web_search_2025_08_26' } })).toEqual({});
  });

  it('maps text formats to response_format', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(map({ text: { format: { type: 'json_schema', name: 'answer', schema, strict: true } } })).toEqual({
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema, strict: true } },
    });
    expect(map({ text: { format: { type: 'json_object' } } })).toEqual({ response_format: { type: 'json_object' } });
    expect(map({ text: { format: { type: 'text' } } })).toEqual({});
  });

  it('maps the reasoning effort', () => {
    expect(map({ reasoning: { effort: 'high', summary: 'auto' } })).toEqual({ reasoning_effort: 'high' });
  });

  it('refuses mistyped fields with their pointers', () => {
    expect(refusal({ max_output_tokens: 0 })).toMatchObject({ code: 'ACODE-GTW-001', field: '/max_output_tokens' });
    expect(refusal({ max_output_tokens: 1.5 })).toMatchObject({ field: '/max_output_tokens' });
    expect(refusal({ temperature: '1' })).toMatchObject({ field: '/temperature' });
    expect(refusal({ top_p: [] })).toMatchObject({ field: '/top_p' });
    expect(refusal({ parallel_tool_calls: 'yes' })).toMatchObject({ field: '/parallel_tool_calls' });
    expect(refusal({ tool_choice: 'sometimes' })).toMatchObject({ field: '/tool_choice' });
    expect(refusal({ tool_choice: { type: 'function' } })).toMatchObject({ field: '/tool_choice/name' });
    expect(refusal({ tool_choice: { type: 'allowed_tools', mode: 'none' } })).toMatchObject({ field: '/tool_choice/mode' });
    expect(refusal({ tool_choice: { type: 7 } })).toMatchObject({ field: '/tool_choice/type' });
    expect(refusal({ tool_choice: { type: '' } })).toMatchObject({ field: '/tool_choice/type' });
    expect(refusal({ text: 'json' })).toMatchObject({ field: '/text' });
    expect(refusal({ text: { format: { type: 'yaml' } } })).toMatchObject({ field: '/text/format/type' });
    expect(refusal({ text: { format: { type: 'json_schema', schema: {} } } })).toMatchObject({ field: '/text/format/name' });
    expect(refusal({ text: { format: { type: 'json_schema', name: 'a', schema: [] } } })).toMatchObject({ field: '/text/format/schema' });
    expect(refusal({ text: { format: { type: 'json_schema', name: 'a', schema: {}, strict: 1 } } })).toMatchObject({ field: '/text/format/strict' });
    expect(refusal({ reasoning: 'high' })).toMatchObject({ field: '/reasoning' });
    expect(refusal({ reasoning: { effort: 3 } })).toMatchObject({ field: '/reasoning/effort' });
  });

  it('refuses a schema nested deeper than JSON allows', () => {
    let deep: unknown = {};
    for (let depth = 0; depth < 100; depth++) deep = { a: deep };
    expect(refusal({ text: { format: { type: 'json_schema', name: 'a', schema: deep } } })).toMatchObject({ field: '/text/format/schema' });
  });

  it('never echoes a huge value whole', () => {
    const huge = 'z'.repeat(100_000);
    expect(refusal({ tool_choice: huge }).message.length).toBeLessThan(200);
    expect(refusal({ tool_choice: { type: [huge] } }).message.length).toBeLessThan(200);
  });
});
