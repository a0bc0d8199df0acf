import { InvalidToolDefinitionException } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { createToolRegistry } from '@acode/infrastructure';
import { Agent, run, RunContext, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromAgentsTool, toAgentsTool } from '../src/openai-agents/index.js';
import { getWeather } from './support/get-weather.js';


const deleteFile: ToolDefinition = {
  name: 'delete_file',
  description: 'Deletes a file.',
  version: '1.0.0',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  requiresConfirmation: true,
  sideEffects: 'writes',
};

function recording(): { execute: (args: object) => string; received: object[] } {
  const received: object[] = [];
  return { received, execute: (args) => (received.push(args), 'ok') };
}

describe('toAgentsTool', () => {
  it('sends our schema in strict form and validates what the model sends before execute', async () => {
    const { execute, received } = recording();
    const agentsTool = toAgentsTool(getWeather, execute);
    expect(agentsTool.name).toBe('get_weather');
    expect(agentsTool.strict).toBe(true);
    expect(agentsTool.parameters).toMatchObject({ type: 'object', required: ['city', 'unit'], additionalProperties: false });
    const context = new RunContext();
    // Strict mode spells "optional" as nullable: a null unit reads as absent and gets its default.
    expect(await agentsTool.invoke(context, '{"city":"Paris","unit":null}')).toBe('ok');
    expect(received).toEqual([{ city: 'Paris', unit: 'c' }]);
  });

  it('never runs execute with arguments the registry refuses, and tells the model why', async () => {
    const { execute, received } = recording();
    const agentsTool = toAgentsTool(getWeather, execute);
    const context = new RunContext();
    for (const input of ['{"city": 42, "unit": null}', '{"city": "", "unit": null}', '{"city": "Oslo", "unit": "k"}', '{"town": "Oslo", "unit": null}', `{"city":"${'x'.repeat(2 * 1024 * 1024)}","unit":null}`]) {
      const output = await agentsTool.invoke(context, input);
      expect(JSON.parse(String(output))).toMatchObject({ success: false, error: { code: expect.stringMatching(/^ACODE-TLP-00[49]$/) } });
    }
    expect(received).toEqual([]);
  });

  it('maps requiresConfirmation to needsApproval, and a run stops for approval', async () => {
    const { execute, received } = recording();
    const guarded = toAgentsTool(deleteFile, execute);
    const free = toAgentsTool(getWeather, execute);
    const context = new RunContext();
    expect(await guarded.needsApproval(context, { path: 'a' }, 'c1')).toBe(true);
    expect(await free.needsApproval(context, { city: 'a', unit: null }, 'c2')).toBe(false);

    const model = new ScriptedModel([[functionCall('delete_file', { path: 'notes.txt' }, { callId: 'call_1' })], [assistantMessage('Deleted.')]]);
    const agent = new Agent({ name: 'files', instructions: 'x', model, tools: [guarded] });
    const first = await run(agent, 'Delete notes.txt');
    expect(first.interruptions).toHaveLength(1);
    expect(received).toEqual([]);
    first.state.approve(first.interruptions[0]!);
    const second = await run(agent, first.state);
    expect(received).toEqual([{ path: 'notes.txt' }]);
    expect(second.finalOutput).toBe('Deleted.');
  });

  it('runs inside an agent run with a model call the registry accepts, and feeds a refusal back to the model', async () => {
    const { execute, received } = recording();
    const model = new ScriptedModel([
      [functionCall('get_weather', { city: 7, unit: null }, { callId: 'call_1' })],
      [functionCall('get_weather', { city: 'Lima', unit: 'f' }, { callId: 'call_2' })],
      [assistantMessage('Sunny.')],
    ]);
    const agent = new Agent({ name: 'weather', instructions: 'x', model, tools: [toAgentsTool(getWeather, execute)] });
    const result = await run(agent, 'Weather in Lima?');
    expect(received).toEqual([{ city: 'Lima', unit: 'f' }]);
    expect(result.finalOutput).toBe('Sunny.');
    expect(JSON.stringify(model.calls[1]?.request.input)).toContain('ACODE-TLP-004');
  });

  it('sends a schema without strict form plain, and checks a shared registry holds the tool', () => {
    const openMap: ToolDefinition = {
      name: 'set_labels',
      description: 'Sets labels.',
      version: '1.0.0',
      parameters: { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } } },
    };
    expect(toAgentsTool(openMap, () => 'ok').strict).toBe(false);
    expect(() => toAgentsTool(openMap, () => 'ok', { strict: true })).toThrow(/no OpenAI strict form/);
    expect(() => toAgentsTool(getWeather, () => 'ok', { registry: createToolRegistry({ tools: [deleteFile] }) })).toThrow(/does not hold 'get_weather'/);
    expect(() => toAgentsTool({ ...getWeather, name: 'Bad Name' }, () => 'ok')).toThrow(expect.objectContaining({ code: 'ACODE-DEF-001' }));
  });
});

describe('fromAgentsTool', () => {
  it('turns an SDK tool into a definition that registers and validates, needsApproval read', async () => {
    const sdkTool = tool({
      name: 'Get-Forecast',
      description: 'Forecast for a city.',
      parameters: z.object({ city: z.string(), days: z.number().int().min(1).max(7).nullable() }),
      needsApproval: true,
      execute: async () => 'ok',
    });
    const definition = await fromAgentsTool(sdkTool);
    expect(definition.name).toBe('get_forecast');
    expect(definition.requiresConfirmation).toBe(true);
    expect(definition.metadata?.['openai_agents']).toEqual({ name: sdkTool.name });
    const registry = createToolRegistry({ tools: [definition] });
    expect(registry.tryValidateArguments('get_forecast', { city: 'Rome', days: 3 }).success).toBe(true);
    expect(registry.tryValidateArguments('get_forecast', { city: 'Rome', days: null }).success).toBe(true);
    expect(registry.tryValidateArguments('get_forecast', { city: 'Rome', days: 9 }).success).toBe(false);
    expect(registry.tryValidateArguments('get_forecast', { city: 'Rome' }).success).toBe(false);
  });

  it('reads needsApproval false, absent and as a policy function', async () => {
    const base = { name: 'look_up', description: 'x', parameters: z.object({ q: z.string() }), execute: async () => 'ok' };
    expect((await fromAgentsTool(tool({ ...base }))).requiresConfirmation).toBe(false);
    expect((await fromAgentsTool(tool({ ...base, needsApproval: false }))).requiresConfirmation).toBe(false);
    const policy = tool({ ...base, needsApproval: async (_context, input) => input.q === 'secret' });
    expect((await fromAgentsTool(policy)).requiresConfirmation).toBe(true);
    const options = { name: 'raw_tool', parameters: { type: 'object', properties: {} }, needsApproval: true };
    expect((await fromAgentsTool(options)).requiresConfirmation).toBe(true);
  });

  it('round-trips through toAgentsTool', async () => {
    const back = await fromAgentsTool(toAgentsTool(deleteFile, () => 'ok'));
    expect(back).toMatchObject({ name: 'delete_file', requiresConfirmation: true });
    expect(createToolRegistry({ tools: [back] }).tryValidateArguments('delete_file', { path: 'a' }).success).toBe(true);
  });

  it('refuses what is not a function tool, with ACODE codes', async () => {
    await expect(fromAgentsTool(null as never)).rejects.toBeInstanceOf(InvalidToolDefinitionException);
    await expect(fromAgentsTool({ type: 'hosted_tool', name: 'web_search' })).rejects.toMatchObject({ code: 'ACODE-DEF-001' });
    await expect(fromAgentsTool({ name: 'x', parameters: 'nope' })).rejects.toMatchObject({ code: 'ACODE-TSR-006' });
    await expect(fromAgentsTool({ name: 'x', parameters: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } })).rejects.toMatchObject({ code: 'ACODE-TSR-006' });
  });
});
