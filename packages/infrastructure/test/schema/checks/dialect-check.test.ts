import { describe, expect, it } from 'vitest';
import { dialectCheck } from '../../../src/schema/checks/dialect-check.js';
import { checkContext, malformed } from './check-context.js';

describe('dialectCheck', () => {
  it.each([undefined, 'https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2020-12/schema#'])('accepts $schema %s', (dialect) => {
    expect(dialectCheck.run({ type: 'object', $schema: dialect }, checkContext())).toEqual([]);
  });

  it.each(['http://json-schema.org/draft-07/schema#', 'https://evil.example/schema', 42])('refuses $schema %j', (dialect) => {
    const violations = dialectCheck.run(malformed({ type: 'object', $schema: dialect }), checkContext());
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ code: 'ACODE-TSR-006', path: '/parameters/$schema' });
    expect(violations[0]?.message).toContain('only https://json-schema.org/draft/2020-12/schema (draft 2020-12) is supported');
  });
});
