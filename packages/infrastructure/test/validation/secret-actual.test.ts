import { DEFAULT_TOOL_REGISTRY_OPTIONS } from '@acode/application';
import type { ToolDefinition, ToolValidationFailure } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { isSecretPath } from '../../src/validation/mappers/violation-mapper.js';

// Issue 13 item 4: `actual` never echoes the value under a secret-named key.

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const TOOL: ToolDefinition = {
  name: 'connect',
  version: '1.0.0',
  description: 'Connects somewhere',
  parameters: {
    type: 'object',
    additionalProperties: false,
    required: ['host'],
    properties: {
      host: { type: 'string', maxLength: 5 },
      auth: { type: 'object', additionalProperties: false, properties: { password: { type: 'string', maxLength: 3 }, user: { type: 'string', maxLength: 3 } } },
      token: { type: 'string', pattern: '^t_' },
    },
  },
};

function failure(args: unknown): ToolValidationFailure {
  const registry = new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), new AsyncLocalCorrelationContext(), new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
  registry.registerTool(TOOL);
  const result = registry.tryValidateArguments('connect', args as object);
  if (result.success) throw new Error('expected a failure');
  return result;
}

describe('actual under secret-named keys', () => {
  it('omits it for an unknown api_key, a bad password and a bad token, and keeps it elsewhere', () => {
    const result = failure({ host: 'far-too-long', api_key: 'AIzaSecretValue0123', auth: { password: 'hunter2', user: 'alice' }, token: 'sk-live-x' });
    const byPath = new Map(result.errors.map((error) => [error.path, error]));
    for (const path of ['/api_key', '/auth/password', '/token']) {
      expect(byPath.get(path)).toBeDefined();
      expect(byPath.get(path)?.actual).toBeUndefined();
    }
    expect(byPath.get('/host')?.actual).toBe('"far-too-long"');
    expect(byPath.get('/auth/user')?.actual).toBe('"alice"');
    const text = JSON.stringify(result);
    for (const secret of ['AIzaSecretValue0123', 'hunter2', 'sk-live-x']) expect(text).not.toContain(secret);
  });

  it.each([
    ['/api_key', true],
    ['/headers/Authorization', true],
    ['/client_secret', true],
    ['/db/PASSWORD', true],
    ['/session_token', true],
    ['/path', false],
    ['/items/0/name', false],
    ['', false],
  ])('%s is secret: %s', (pointer, expected) => {
    expect(isSecretPath(pointer)).toBe(expected);
  });
});
