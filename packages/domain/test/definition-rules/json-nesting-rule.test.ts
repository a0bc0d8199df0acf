import { describe, expect, it } from 'vitest';
import { MAX_DEFINITION_JSON_DEPTH } from '../../src/definition-rules/json-nesting-rule.js';
import { validateToolDefinition } from '../../src/validate-tool-definition.js';

const base = { name: 'deep_tool', description: 'Nests.', version: '1.0.0' };

/** `levels` schemas nested through `anyOf`, which the property walk does not follow. */
function anyOfChain(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) node = { anyOf: [node] };
  return node;
}

describe('json-nesting rule', () => {
  it('refuses a schema nested 20,000 levels through anyOf as a schema violation at the level where it stopped, without recursing', () => {
    const violations = validateToolDefinition({ ...base, parameters: { type: 'object', properties: { a: anyOfChain(20_000) } } });
    const nesting = violations.filter((violation) => violation.message.includes(`deeper than ${MAX_DEFINITION_JSON_DEPTH} levels`));
    expect(nesting).toHaveLength(1);
    expect(nesting[0]!.code).toBe('ACODE-TSR-006');
    expect(nesting[0]!.path.startsWith('/parameters/properties/a/anyOf/0/anyOf/0')).toBe(true);
    expect(nesting[0]!.path.split('/')).toHaveLength(MAX_DEFINITION_JSON_DEPTH + 1);
  });

  it('refuses deep metadata as a field (ACODE-DEF-001), and leaves ordinary nesting alone', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 600; i++) deep = [deep];
    const refused = validateToolDefinition({ ...base, parameters: { type: 'object', properties: {} }, metadata: { deep } });
    expect(refused.some((violation) => violation.code === 'ACODE-DEF-001' && violation.path.startsWith('/metadata/deep'))).toBe(true);
    expect(validateToolDefinition({ ...base, parameters: { type: 'object', properties: { a: anyOfChain(100) } } }).filter((violation) => violation.message.includes('nests deeper'))).toEqual([]);
  });
});
