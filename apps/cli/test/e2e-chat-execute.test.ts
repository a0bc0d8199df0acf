import type { ScriptedModelServer, ScriptStep } from '@acode/infrastructure/testing';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useModelE2e } from './support/model-e2e.js';

/**
 * `acode chat --execute` end to end: the built bin against the scripted model server on
 * 127.0.0.1, running the repository's shipped tools (built into each project's
 * `tool_registry.json`) through the real executor, and sending their results back.
 */

const REPO_TOOLS = resolve(fileURLToPath(new URL('../../../tools', import.meta.url)));
const e2e = useModelE2e('acode-chat-execute-');
const { run, server } = e2e;

let projects = 0;
/** A project whose `ollama` provider is the scripted server, with the shipped tools built into it. */
async function project(url: string): Promise<string> {
  const dir = join(e2e.root, `project-${++projects}`);
  mkdirSync(join(dir, '.agent'), { recursive: true });
  writeFileSync(join(dir, '.agent', 'config.yml'), `model:\n  providers:\n    ollama:\n      base_url: ${url}\n      model: llama3.2\n      timeout_ms: 5000\n      tool_call:\n        retry_delay_ms: 0\n`);
  const built = await run(['tools', 'build', '--tools-dir', REPO_TOOLS, '--out', join(dir, 'tool_registry.json')], dir);
  expect(built.code).toBe(0);
  return dir;
}

/** The chat requests the server received (model list look-ups left out). */
function chatBodies(model: ScriptedModelServer): Array<{ messages: Array<{ role: string; content: string; tool_name?: string }> }> {
  return model.requests.filter((request) => request.method === 'POST').map((request) => request.body as { messages: Array<{ role: string; content: string; tool_name?: string }> });
}

function toolMessages(body: { messages: Array<{ role: string; content: string }> }): Array<Record<string, unknown>> {
  return body.messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content) as Record<string, unknown>);
}

const search = (query: string, topK?: number): ScriptStep => ({ kind: 'tool_call', name: 'kb_search', arguments: { query, ...(topK === undefined ? {} : { top_k: topK }) } });

describe('acode chat --execute', () => {
  it('runs the call, sends its result back and prints the answer of the next round; voice clamps top_k', async () => {
    const model = await server([search('onboarding', 10), { kind: 'text', content: 'New artists get a buddy on day one (process:onboarding).' }]);
    const cwd = await project(model.url);
    const result = await run(['chat', '--message', 'How do we onboard artists?', '--tools', 'kb_search', '--execute', '--mode', 'voice'], cwd);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Round 1: 1 call');
    expect(result.stdout).toMatch(/✓ kb_search \(\S+\) \{"query":"onboarding","top_k":10/);
    expect(result.stdout).toMatch(/→ ok \(\d+ ms; top_k 10 → 3\)/);
    expect(result.stdout).toContain('New artists get a buddy on day one (process:onboarding).');
    expect(result.stdout).toContain('Answered in round 2.');
    expect(result.stdout).toMatch(/Model requests: 2; tokens 30 \(prompt 20, completion 10\); tool runs: 1 \(0 failed or refused\); session \S+, voice mode/);

    const [first, second] = chatBodies(model);
    expect(toolMessages(first!)).toEqual([]);
    // The second request carries the user's message, the assistant's call and the tool's result.
    expect(second!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    const [answer] = toolMessages(second!);
    expect(answer).toMatchObject({ ok: true, clamped_arguments: [{ argument: 'top_k', requested: 10, applied: 3 }] });
    const results = (answer!['data'] as { results: Array<{ id: string }> }).results;
    expect(results.map((hit) => hit.id)).toContain('process:onboarding');
    expect(results.length).toBeLessThanOrEqual(3);
  });

  it('keeps the voice retrieval budget across the rounds of the turn: the third search is refused and the model told', async () => {
    const model = await server([search('render'), search('pipeline'), search('farm'), { kind: 'text', content: 'Done.' }]);
    const cwd = await project(model.url);
    const result = await run(['chat', '--message', 'Tell me about rendering', '--tools', 'kb_search', '--execute', '--mode', 'voice'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('→ [POLICY_DENIED] Retrieval budget of 2 calls per turn in voice mode is used up');
    expect(result.stdout).toContain('tool runs: 3 (1 failed or refused)');
    const last = chatBodies(model)[3]!;
    expect(toolMessages(last).map((message) => message['ok'])).toEqual([true, true, false]);
    expect(toolMessages(last)[2]).toMatchObject({ error: { type: 'POLICY_DENIED' } });
  });

  it('runs nothing that needs confirmation: the model is shown CONFIRMATION_REQUIRED and the command never runs', async () => {
    const model = await server([
      { kind: 'tool_call', name: 'command_execute', arguments: { command: 'echo ran > ran.txt' } },
      { kind: 'text', content: 'Please confirm the command first.' },
    ]);
    const cwd = await project(model.url);
    const result = await run(['chat', '--message', 'Create ran.txt', '--tools', 'command_execute', '--execute'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('→ [CONFIRMATION_REQUIRED]');
    expect(existsSync(join(cwd, 'ran.txt'))).toBe(false);
    const [refusal] = toolMessages(chatBodies(model)[1]!);
    expect(refusal).toMatchObject({ ok: false, error: { type: 'CONFIRMATION_REQUIRED', confirmation_request: { tool: 'command_execute' } } });
  });

  it('stops at --max-rounds when the model keeps calling tools (exit 1, ACODE-TEX-002)', async () => {
    const model = await server([search('a'), search('b'), search('c')]);
    const cwd = await project(model.url);
    const result = await run(['chat', '--message', 'Loop', '--tools', 'kb_search', '--execute', '--max-rounds', '2'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[ACODE-TEX-002] No answer after 2 model rounds');
    expect(chatBodies(model)).toHaveLength(2);
  });

  it('runs nothing of a round whose calls stay invalid (exit 1)', async () => {
    const model = await server([
      {
        kind: 'tool_calls',
        calls: [
          { name: 'command_execute', arguments: { command: 'echo ran > ran.txt' } },
          { name: 'hack_system', arguments: {} },
        ],
      },
    ]);
    const cwd = await project(model.url);
    const result = await run(['chat', '--message', 'x', '--tools', 'command_execute', '--execute'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Round 1: 1 valid, 1 failed; nothing of this round runs/);
    expect(result.stdout).toMatch(/✗ hack_system: \[ACODE-TLP-005\]/);
    expect(result.stdout).toContain('tool runs: 0');
  });

  it('streams the text of every round in order with the round lines', async () => {
    const model = await server([{ kind: 'tool_call', name: 'kb_search', arguments: { query: 'onboarding' }, content: 'Looking it up.' }, { kind: 'text', content: 'Found it.' }]);
    const cwd = await project(model.url);
    const result = await run(['chat', '--message', 'Onboarding?', '--tools', 'kb_search', '--execute', '--stream'], cwd);
    expect(result.code).toBe(0);
    const order = ['Looking it up.', 'Round 1: 1 call', '→ ok', 'Found it.', 'Answered in round 2.'].map((text) => result.stdout.indexOf(text));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('refuses, before asking the model, a tool that has no handler in tool_registry.json (exit 2)', async () => {
    const model = await server([]);
    const cwd = await project(model.url);
    const result = await run(['chat', '--message', 'x', '--tools', 'kb_search,git_status', '--execute'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^\[ACODE-CLI-001\] --execute runs only tools built into tool_registry.json; git_status has no handler there/);
    expect(model.requests).toHaveLength(0);
  });

  it('says how to build the registry when there is none (exit 2, ACODE-TBD-010)', async () => {
    const model = await server([]);
    const cwd = await project(model.url);
    rmSync(join(cwd, 'tool_registry.json'));
    const result = await run(['chat', '--message', 'x', '--tools', 'file_read', '--execute'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^\[ACODE-TBD-010\] No built tool registry/);
    expect(model.requests).toHaveLength(0);
  });
});
