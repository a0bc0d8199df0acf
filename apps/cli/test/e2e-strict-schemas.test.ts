import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolCallParseResult } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt } from './support/spawn-acode.js';
import { assertRepoTools, REPO_TOOLS_DIR } from './support/tools-project.js';

/**
 * Issue 11 item 7 end to end: the built bin with the shipped `kb_search`. A provider set to send
 * strict schemas reads the `null`s a strict-mode model sends for optional properties as absent;
 * `tools validate`, which is not a model's answer, still refuses them (decision 7).
 */

const CONFIG = `
model:
  providers:
    vllm:
      type: openai-compatible
      base_url: http://127.0.0.1:8000/v1
      tool_call:
        strict_schemas: true
    lmstudio:
      type: openai-compatible
      base_url: http://127.0.0.1:1234/v1
`;

/** What a model shown kb_search in strict form sends: every property, null for the ones it leaves out. */
const STRICT_ARGUMENTS = { query: 'onboarding', namespace: null, filters: { type: 'process', tags: null, date_range: null }, top_k: null, return_fields: null, include_snippets: null };

let root: string;
let project: string;
let home: string;

const run = (args: string[]) => acode(args, { cwd: project, home });

beforeAll(async () => {
  assertBuilt();
  assertRepoTools();
  root = mkdtempSync(join(tmpdir(), 'acode-strict-e2e-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(join(project, '.agent'), { recursive: true });
  writeFileSync(join(project, '.agent', 'config.yml'), CONFIG);
  const completion = {
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_strict', type: 'function', function: { name: 'kb_search', arguments: JSON.stringify(STRICT_ARGUMENTS) } }] },
        finish_reason: 'tool_calls',
      },
    ],
  };
  writeFileSync(join(project, 'strict-call.json'), JSON.stringify(completion));
  const built = await run(['tools', 'build', '--tools-dir', REPO_TOOLS_DIR, '--out', join(project, 'tool_registry.json')]);
  expect(built.code).toBe(0);
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('OpenAI strict round trip (strict_schemas)', () => {
  it('debug parse-tool-call --provider with strict_schemas accepts kb_search with nulls for its optional properties', async () => {
    const { code, stdout, stderr } = await run(['debug', 'parse-tool-call', '--input', 'strict-call.json', '--provider', 'vllm', '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.errors).toEqual([]);
    expect(result.toolCalls).toEqual([
      {
        id: 'call_strict',
        name: 'kb_search',
        // The nulls are gone and the schema's defaults applied in their place.
        arguments: { query: 'onboarding', namespace: 'studio', filters: { type: 'process' }, top_k: 5, include_snippets: true },
        index: 0,
        source: 'openai',
        version: '1.0.0',
        repairs: ['strict_null_omitted'],
      },
    ]);
  });

  it('refuses the same nulls for a provider that does not send strict schemas', async () => {
    const { code, stdout } = await run(['debug', 'parse-tool-call', '--input', 'strict-call.json', '--provider', 'lmstudio', '--json']);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as ToolCallParseResult;
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => error.code)).toEqual(['ACODE-TLP-004']);
  });

  it('tools validate kb_search still refuses the nulls (decision 7)', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'kb_search', JSON.stringify(STRICT_ARGUMENTS)]);
    expect(code).toBe(1);
    expect(stdout).toContain("✗ Validation failed for tool 'kb_search'");
    expect(stdout).toContain('Path: /namespace');
    expect(stdout).toContain('Path: /top_k');
  });
});
