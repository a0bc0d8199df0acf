import type { JsonSchemaObject } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { recoverArguments, type ArgumentsRecoveryOptions } from '../../src/tool-calls/recover-arguments.js';

const TOOL = {
  name: 'vacuum_start',
  parameters: {
    type: 'object',
    properties: { domain: { type: 'array', items: { type: 'string' } }, room: { type: 'string' }, power: { type: 'integer' } },
    required: ['domain'],
    additionalProperties: false,
  } as JsonSchemaObject,
};

const options = (sentStrict: boolean): ArgumentsRecoveryOptions => ({
  resolveTool: (name) => (name.toLowerCase() === 'vacuum_start' ? 'vacuum_start' : undefined),
  sentStrict,
  maxSizeBytes: 4096,
  maxDepth: 8,
});

describe('recoverArguments', () => {
  it('unwraps, then decodes stringified values, then drops strict nulls, flagging each in that order', () => {
    const sent = { name: 'Vacuum_Start', arguments: { domain: '["vacuum"]', room: null, power: 3 } };
    expect(recoverArguments(sent, TOOL, options(true))).toEqual({
      value: { domain: ['vacuum'], power: 3 },
      repairs: ['envelope_unwrapped', 'stringified_json_value', 'strict_null_omitted'],
    });
  });

  it('drops no null for a tool not sent strict (decision 7)', () => {
    expect(recoverArguments({ domain: ['vacuum'], room: null }, TOOL, options(false))).toEqual({ value: { domain: ['vacuum'], room: null }, repairs: [] });
  });

  it('coerces nothing: "5" for an integer stays "5"', () => {
    expect(recoverArguments({ domain: ['vacuum'], power: '5' }, TOOL, options(true))).toEqual({ value: { domain: ['vacuum'], power: '5' }, repairs: [] });
  });

  it('gives valid arguments back as they are, the same object', () => {
    const valid = { domain: ['vacuum'], room: 'kitchen' };
    const recovered = recoverArguments(valid, TOOL, options(true));
    expect(recovered.value).toBe(valid);
    expect(recovered.repairs).toEqual([]);
  });
});
