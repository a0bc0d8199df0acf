import { DEFAULT_TOOL_CALL_SETTINGS } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { createToolCallSettingsCatalog } from '../../src/tool-calls/tool-call-settings-catalog.js';

describe('createToolCallSettingsCatalog', () => {
  it("merges a provider's keys over 002's defaults", () => {
    const catalog = createToolCallSettingsCatalog({ ollama: { maxRetries: 5, enableAutoRepair: false } });
    expect(catalog.forProvider('ollama')).toEqual({ ...DEFAULT_TOOL_CALL_SETTINGS, maxRetries: 5, enableAutoRepair: false });
    expect(catalog.forProvider('ollama').repairTimeoutMs).toBe(100);
  });

  it('gives the defaults for no provider, an unknown one, and keys set to undefined', () => {
    const catalog = createToolCallSettingsCatalog({ lmstudio: { maxNestingDepth: undefined } });
    expect(catalog.defaults).toBe(DEFAULT_TOOL_CALL_SETTINGS);
    expect(catalog.forProvider(undefined)).toBe(DEFAULT_TOOL_CALL_SETTINGS);
    expect(catalog.forProvider('vllm')).toBe(DEFAULT_TOOL_CALL_SETTINGS);
    expect(catalog.forProvider('lmstudio').maxNestingDepth).toBe(64);
  });

  it('matches provider names exactly and never inherits from Object.prototype', () => {
    const catalog = createToolCallSettingsCatalog({ ollama: { maxRetries: 2 } });
    expect(catalog.forProvider('Ollama')).toBe(DEFAULT_TOOL_CALL_SETTINGS);
    expect(catalog.forProvider('__proto__')).toBe(DEFAULT_TOOL_CALL_SETTINGS);
    expect(catalog.forProvider('toString')).toBe(DEFAULT_TOOL_CALL_SETTINGS);
  });
});
