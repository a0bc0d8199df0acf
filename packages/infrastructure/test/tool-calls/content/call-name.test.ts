import { describe, expect, it } from 'vitest';
import { isCallName, MAX_CALL_NAME_LENGTH } from '../../../src/tool-calls/content/call-name.js';

describe('isCallName', () => {
  it.each(['file_read', 'brave_search.call', 'functions.get:0', 'get-weather', 'A1'])('accepts %j', (name) => {
    expect(isCallName(name)).toBe(true);
  });

  it.each(['', 'read the file', 'f(x)', 'name"', 'x'.repeat(MAX_CALL_NAME_LENGTH + 1)])('refuses %j: prose or too long', (name) => {
    expect(isCallName(name)).toBe(false);
  });
});
