import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acode, assertBuilt, type AcodeRun } from './support/spawn-acode.js';

// The edges a first try of the CLI hits, run as a user runs them: the built bin in a project of
// its own. `debug parse-tool-call FILE --tools FILE` checks calls against the request's own tools,
// every path is a JSON Pointer in text as in JSON, and "did you mean" is said once.

const STACK_TRACE = /\n\s+at /;

let root: string;
let home: string;
let project: string;
const runs: AcodeRun[] = [];

async function run(args: string[], input?: string): Promise<AcodeRun> {
  const result = await acode(args, { cwd: project, home, ...(input !== undefined ? { input } : {}) });
  runs.push(result);
  return result;
}

/** An Ollama answer calling the user's own `search_web`, `limit` sent as a string. */
const RESPONSE = JSON.stringify({
  model: 'qwen2.5',
  message: { role: 'assistant', content: '', tool_calls: [{ function: { name: 'search_web', arguments: { query: 'acode gateway', limit: '5' } } }] },
  done: true,
});

const SEARCH_SCHEMA = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] };
const OPENAI_TOOLS = [{ type: 'function', function: { name: 'search_web', description: 'Search the web.', parameters: SEARCH_SCHEMA } }];
const ANTHROPIC_TOOLS = [
  { name: 'search_web', description: 'Search the web.', input_schema: SEARCH_SCHEMA },
  { type: 'web_search_20250305', name: 'web_search' },
];
/** A whole OpenAI request body whose tool takes `limit` as a string: the call is valid against it. */
const REQUEST_BODY = {
  model: 'qwen2.5',
  messages: [{ role: 'user', content: 'find acode' }],
  tools: [{ type: 'function', function: { name: 'search_web', parameters: { ...SEARCH_SCHEMA, properties: { query: { type: 'string' }, limit: { type: 'string' } } } } }],
};

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'acode-edges-e2e-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(join(project, '.agent'), { recursive: true });
  writeFileSync(join(project, '.agent', 'config.yml'), 'model:\n  providers:\n    ollama:\n      base_url: http://127.0.0.1:11434\n');
  writeFileSync(join(project, 'response.json'), RESPONSE);
  writeFileSync(join(project, 'openai-tools.json'), JSON.stringify(OPENAI_TOOLS));
  writeFileSync(join(project, 'anthropic-tools.json'), JSON.stringify(ANTHROPIC_TOOLS));
  writeFileSync(join(project, 'request.json'), JSON.stringify(REQUEST_BODY));
});

afterAll(() => {
  for (const result of runs) {
    expect(result.stdout + result.stderr).not.toMatch(STACK_TRACE);
    expect(result.stdout + result.stderr).not.toContain('\u001b');
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('acode debug parse-tool-call FILE --tools FILE', () => {
  it('takes the response as a positional FILE, checked against the registry without --tools', async () => {
    const result = await run(['debug', 'parse-tool-call', 'response.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Unknown tool 'search_web'");
  });

  it("checks the calls against an OpenAI tool list: the user's own tool is known, its schema applied", async () => {
    const result = await run(['debug', 'parse-tool-call', 'response.json', '--tools', 'openai-tools.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('Unknown tool');
    expect(result.stdout).toContain("Arguments of 'search_web' do not match its schema");
    expect(result.stdout).toContain('Path: /limit');

    const json = await run(['debug', 'parse-tool-call', 'response.json', '--tools', 'openai-tools.json', '--json']);
    const parsed = JSON.parse(json.stdout) as { errors: Array<{ tool: string; validationErrors: Array<{ path: string }> }> };
    expect(parsed.errors[0]?.tool).toBe('search_web');
    expect(parsed.errors[0]?.validationErrors.map((error) => error.path)).toEqual(['/limit']);
  });

  it('reads an Anthropic tool list, leaving its hosted tools out with a warning', async () => {
    const result = await run(['debug', 'parse-tool-call', 'response.json', '--tools', 'anthropic-tools.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Path: /limit');
    expect(result.stderr).toContain('1 tool of anthropic-tools.json without a schema');
  });

  it('reads an OpenAI Responses tool list, whose function tools are flat', async () => {
    writeFileSync(join(project, 'responses-tools.json'), JSON.stringify([{ type: 'function', name: 'search_web', description: 'Search the web.', parameters: SEARCH_SCHEMA }, { type: 'web_search' }]));
    const result = await run(['debug', 'parse-tool-call', 'response.json', '--tools', 'responses-tools.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('Unknown tool');
    expect(result.stdout).toContain('Path: /limit');
  });

  it('reads the tools of a whole request body, and the response from standard input with -', async () => {
    const result = await run(['debug', 'parse-tool-call', '-', '--tools', 'request.json'], RESPONSE);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('✓ parsed');
    expect(result.stdout).toContain('{"query":"acode gateway","limit":"5"}');
    // --input keeps working.
    expect((await run(['debug', 'parse-tool-call', '--input', 'response.json', '--tools', 'request.json'])).code).toBe(0);
  });

  it('refuses a tools file it cannot use with a code and one line, exit 2', async () => {
    writeFileSync(join(project, 'not-json.json'), '[{"type": "function",');
    writeFileSync(join(project, 'no-tools.json'), JSON.stringify({ model: 'x', messages: [] }));
    writeFileSync(join(project, 'bad-name.json'), JSON.stringify([{ type: 'function', function: { name: 42 } }]));
    writeFileSync(join(project, 'bad-body.json'), JSON.stringify({ tools: [{ type: 'function', function: { name: 42 } }] }));
    writeFileSync(join(project, 'huge.json'), `[${' '.repeat(5 * 1024 * 1024)}]`);
    const cases: Array<[string, RegExp]> = [
      ['missing.json', /^\[ACODE-CLI-001\] Tools file missing\.json does not exist\.\n/],
      ['not-json.json', /^\[ACODE-CLI-001\] Tools file not-json\.json is not valid JSON \(/],
      ['no-tools.json', /^\[ACODE-CLI-001\] Tools file no-tools\.json must hold a JSON list of tools: OpenAI's .* it holds an object without a "tools" list\.\n/],
      // A bare list's fields are named from the list itself; a request body's from its "tools".
      ['bad-name.json', /^\[ACODE-GTW-001\] Tools file bad-name\.json: tools\[0\]\.function\.name must be a string; got an integer \(at \/0\/function\/name\)\.\n/],
      ['bad-body.json', /^\[ACODE-GTW-001\] Tools file bad-body\.json: tools\[0\]\.function\.name must be a string; got an integer \(at \/tools\/0\/function\/name\)\.\n/],
      ['huge.json', /^\[ACODE-CLI-001\] Tools file huge\.json is larger than 4 MiB/],
    ];
    for (const [file, message] of cases) {
      const result = await run(['debug', 'parse-tool-call', 'response.json', '--tools', file]);
      expect(result.code, file).toBe(2);
      expect(result.stdout, file).toBe('');
      expect(result.stderr, file).toMatch(message);
    }
  });

  it('refuses the input given twice, and --tools -', async () => {
    const twice = await run(['debug', 'parse-tool-call', 'response.json', '--input', 'response.json']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('not both');
    const stdinTools = await run(['debug', 'parse-tool-call', 'response.json', '--tools', '-']);
    expect(stdinTools.code).toBe(2);
    expect(stdinTools.stderr).toContain('--tools needs a file path');
  });
});

describe('one path notation', () => {
  it('shows JSON Pointers in text, as JSON output carries them', async () => {
    const text = await run(['tools', 'validate', 'file_read', '{"path": 5, "extra": true}']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Path: /path\n');
    expect(text.stdout).toContain('Path: /extra\n');
    expect(text.stdout).not.toContain('$.');
    const json = await run(['tools', 'validate', 'file_read', '{"path": 5, "extra": true}', '--json']);
    const envelope = JSON.parse(json.stdout) as { errors: Array<{ path: string }> };
    expect(envelope.errors.map((error) => error.path).sort()).toEqual(['/extra', '/path']);
  });

  it('shows the whole arguments object as (arguments), not an empty path', async () => {
    const text = await run(['tools', 'validate', 'file_read', '[]']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Path: (arguments)\n');
  });
});

describe('"did you mean"', () => {
  it('is said once for a mistyped tool name, in text and in JSON', async () => {
    for (const args of [
      ['tools', 'validate', 'fil_read', '{}'],
      ['tools', 'show', 'fil_read'],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(1);
      const said = (result.stdout + result.stderr).match(/did you mean/gi) ?? [];
      expect(said, args.join(' ')).toHaveLength(1);
      expect(result.stdout + result.stderr).toContain('Did you mean: file_read?');
    }
    const json = await run(['tools', 'validate', 'fil_read', '{}', '--json']);
    expect(json.stdout.match(/did you mean|file_read'/gi) ?? []).toHaveLength(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ did_you_mean: 'file_read' });
  });
});
