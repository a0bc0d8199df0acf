import { TOKENS, type IToolCallParser } from '@acode/application';
import { afterEach, describe, expect, it } from 'vitest';
import { bootContainer, disposeBooted, type BootedContainer } from '../requirements/boot-container.js';

let booted: (BootedContainer & { readonly dir: string }) | undefined;
afterEach(() => {
  disposeBooted(booted);
  booted = undefined;
});

describe('ToolCallParser from the real container (real registry, repairer, config and logger)', () => {
  it('repairs, validates and applies defaults end to end (002 scenario 2)', async () => {
    booted = await bootContainer();
    const parser = booted.scope.resolve<IToolCallParser>(TOKENS.ToolCallParser);
    const result = parser.parseResponse({ message: { role: 'assistant', tool_calls: [{ id: 'call_test', function: { name: 'read_file', arguments: "{path: 'test.txt',}" } }] } });
    expect(result.errors).toEqual([]);
    expect(result.toolCalls[0]).toMatchObject({ id: 'call_test', name: 'file_read', requestedName: 'read_file', arguments: { path: 'test.txt', encoding: 'utf-8' } });
    expect(result.toolCalls[0]?.repairs).toEqual(expect.arrayContaining(['trailing_comma', 'single_quotes', 'unquoted_keys']));
    await new Promise((resolve) => setImmediate(resolve));
    expect(booted.log()).toContain('Parsed 1 tool call(s) (1 repaired, 0 failed)');
    expect(booted.log()).not.toContain('test.txt');
  });

  it("applies a provider's tool_call settings from .agent/config.yml", async () => {
    booted = await bootContainer({ config: 'model:\n  providers:\n    ollama:\n      tool_call:\n        enable_auto_repair: false\n        max_argument_size: 1024\n' });
    const parser = booted.scope.resolve<IToolCallParser>(TOKENS.ToolCallParser);
    const broken = parser.parseResponse({ message: { tool_calls: [{ function: { name: 'file_read', arguments: '{"path": "a",}' } }] } }, { provider: 'ollama' });
    expect(broken.errors[0]?.code).toBe('ACODE-TLP-002');
    const large = parser.parseResponse({ message: { tool_calls: [{ function: { name: 'file_read', arguments: `{"path": "${'x'.repeat(2000)}"}` } }] } }, { provider: 'ollama' });
    expect(large.errors[0]?.code).toBe('ACODE-TLP-009');
    const other = parser.parseResponse({ message: { tool_calls: [{ function: { name: 'file_read', arguments: '{"path": "a",}' } }] } }, { provider: 'vllm' });
    expect(other.success).toBe(true);
  });
});
