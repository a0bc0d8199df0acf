import { describe, expect, it } from 'vitest';
import { requiredPermissionsRule } from '../../src/definition-rules/required-permissions-rule.js';
import { TEN_MB, validDefinition } from '../fixtures/definitions.js';

const check = (requiredPermissions: unknown) => requiredPermissionsRule.check(validDefinition({ requiredPermissions }));

describe('required-permissions rule', () => {
  it('accepts a list of permission strings, an empty list and absence', () => {
    expect(check(['tool.filesystem.read', 'tool.network.fetch'])).toEqual([]);
    expect(check([])).toEqual([]);
    expect(check(undefined)).toEqual([]);
  });

  it('refuses a single string', () => {
    expect(check('tool.filesystem.read')).toEqual([
      { code: 'ACODE-DEF-001', path: '/requiredPermissions', message: 'requiredPermissions must be a list of strings; got a string' },
    ]);
  });

  it('reports each bad entry at its index', () => {
    expect(check(['ok', '', 5, TEN_MB]).map((v) => [v.path, v.message])).toEqual([
      ['/requiredPermissions/1', 'requiredPermissions entries must not be empty'],
      ['/requiredPermissions/2', 'requiredPermissions entries must be strings; got an integer'],
      ['/requiredPermissions/3', 'requiredPermissions entries must be at most 128 characters'],
    ]);
  });
});
