import { describe, expect, it } from 'vitest';
import { allowedModesRule } from '../../src/definition-rules/allowed-modes-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

const check = (allowedModes: unknown) => allowedModesRule.check(validDefinition({ allowedModes }));

describe('allowed-modes rule', () => {
  it('accepts distinct modes, and absence', () => {
    expect(check(['text'])).toEqual([]);
    expect(check(['voice', 'text'])).toEqual([]);
    expect(check(undefined)).toEqual([]);
  });

  it('refuses an empty list', () => {
    expect(check([])).toEqual([
      { code: 'ACODE-DEF-001', path: '/allowedModes', message: 'allowedModes must not be empty; leave it out to allow every mode, or set enabled: false' },
    ]);
  });

  it('refuses a non-list', () => {
    expect(check('text')[0]!.message).toBe('allowedModes must be a list of text, voice; got a string');
  });

  it('reports each unknown or repeated entry at its index', () => {
    expect(check(['text', 'Voice', 'text', 3])).toEqual([
      { code: 'ACODE-DEF-001', path: '/allowedModes/1', message: 'allowedModes entries must be one of: text, voice; got "Voice"' },
      { code: 'ACODE-DEF-001', path: '/allowedModes/2', message: 'allowedModes lists "text" more than once' },
      { code: 'ACODE-DEF-001', path: '/allowedModes/3', message: 'allowedModes entries must be one of: text, voice; got an integer' },
    ]);
  });
});
