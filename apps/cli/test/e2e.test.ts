import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, acode, assertBuilt, type AcodeRun } from './support/spawn-acode.js';

/**
 * End to end: the built bin, spawned in temporary project directories with real
 * `.agent/config.yml` files. Every run is checked for stack traces and raw escape sequences.
 */

const CORE_TOOLS = ['command_execute', 'directory_list', 'file_read', 'file_write'];
const STACK_TRACE = /\n\s+at /;

const PROJECT_CONFIG = `
tool_registry:
  disabled_tools: [directory_list]
  custom_tools:
    - name: custom_greeting
      version: "1.0.0"
      category: Custom
      description: Generates a personalized greeting message
      parameters:
        type: object
        properties:
          name: { type: string, description: Name of the person to greet, maxLength: 100 }
          style: { type: string, enum: [formal, casual, enthusiastic], default: casual }
        required: [name]
        additionalProperties: false
    - name: broken_tool
      version: "1.0.0"
      description: This tool has an invalid schema
      parameters:
        type: object
        properties:
          value: { type: invalid_type_name }
    - name: hidden_tool
      version: "1.0.0"
      enabled: false
      description: Must never be listed
      parameters: { type: object, properties: {} }
    - name: multi_version
      version: "1.4.0"
      description: Older version
      parameters: { type: object, properties: { a: { type: string } }, required: [a] }
    - name: multi_version
      version: "2.1.0"
      description: Newer version
      parameters: { type: object, properties: { b: { type: integer } }, required: [b] }
`;

let root: string;
let home: string;
let plain: string;
let project: string;
const runs: AcodeRun[] = [];

function makeProject(name: string, config?: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, '.agent'), { recursive: true });
  if (config !== undefined) writeFileSync(join(dir, '.agent', 'config.yml'), config);
  return dir;
}

async function run(args: string[], cwd = plain, input?: string | Buffer): Promise<AcodeRun> {
  const result = await acode(args, { cwd, home, ...(input !== undefined ? { input } : {}) });
  runs.push(result);
  return result;
}

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'acode-cli-'));
  home = join(root, 'home');
  mkdirSync(home);
  plain = makeProject('plain');
  project = makeProject('project', PROJECT_CONFIG);
});

afterAll(() => {
  for (const result of runs) {
    expect(result.stdout + result.stderr).not.toMatch(STACK_TRACE);
    expect(result.stdout + result.stderr).not.toContain('\u001b');
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('acode tools list', () => {
  it('prints a JSON array holding the core tools', async () => {
    const { code, stdout } = await run(['tools', 'list', '--json']);
    expect(code).toBe(0);
    const tools = JSON.parse(stdout) as Array<{ name: string; version: string; parameters: unknown }>;
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(CORE_TOOLS));
    for (const tool of tools) expect(tool.parameters).toMatchObject({ type: 'object' });
  });

  it('prints a table and the total', async () => {
    const { code, stdout } = await run(['tools', 'list']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/│ file_read\s+│ 1\.0\.0\s+│ file_system\s+│/);
    expect(stdout).toMatch(/\nTotal: \d+ tools registered\n$/);
  });

  it('filters by category', async () => {
    const { stdout } = await run(['tools', 'list', '--category', 'file_system', '--json']);
    const tools = JSON.parse(stdout) as Array<{ name: string; category: string }>;
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['file_read', 'file_write']));
    expect(tools.every((tool) => tool.category === 'file_system')).toBe(true);
  });
});

describe('acode tools validate (acceptance)', () => {
  it('exits 0 for valid arguments and prints them parsed', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":"/tmp/a"}']);
    expect(code).toBe(0);
    expect(stdout).toContain("✓ Validation passed for tool 'file_read'");
    expect(stdout).toContain('"path": "/tmp/a"');
  });

  it('exits 1 with ACODE-TSR-003 naming path for {}', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{}']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/\[ACODE-TSR-003\][^\n]*path/);
    expect(stdout).toContain('Example: {');
  });

  it('prints ACODE-TSR-004 with expected string and actual integer', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":12345}']);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-004]');
    expect(stdout).toMatch(/Expected: string\n/);
    expect(stdout).toMatch(/Actual: integer\n/);
    expect(stdout).toContain('Path: /path');
  });

  it('rejects an unknown property', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":"/a","extra":1}']);
    expect(code).toBe(1);
    expect(stdout).toContain('extra');
  });

  it('does not coerce "5" to an integer', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":"/a","start_line":"5"}']);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-004]');
    expect(stdout).toContain('Path: /start_line');
  });

  it('prints ACODE-TSR-001, the available tools and a suggestion for an unknown tool', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'nonexistent_tool', '{"arg":"value"}']);
    expect(code).toBe(1);
    expect(stdout).toContain("[ACODE-TSR-001] Unknown tool: 'nonexistent_tool'");
    expect(stdout).toMatch(/Available tools:\n(  - [a-z_]+\n)+/);
    for (const name of CORE_TOOLS) expect(stdout).toContain(`  - ${name}\n`);
    expect(stdout).toMatch(/Suggestion: .+/);
  });

  it('offers the closest name for a typo', async () => {
    const { stdout } = await run(['tools', 'validate', 'file_reed', '{}']);
    expect(stdout).toContain('Did you mean: file_read?');
  });

  it('lists the allowed values of an enum', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":"/t","encoding":"UTF-8"}']);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-005]');
    expect(stdout).toMatch(/Allowed values: .*utf-8/);
  });

  it('prints the model-facing envelope with --json', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{}', '--json']);
    expect(code).toBe(1);
    const envelope = JSON.parse(stdout) as Record<string, unknown>;
    expect(envelope).toMatchObject({ success: false, tool: 'file_read', errors: [{ code: 'ACODE-TSR-003', path: expect.stringMatching(/^(\/.*)?$/) }] });
    expect(typeof envelope['schema_hint']).toBe('string');
    expect(typeof envelope['correlation_id']).toBe('string');
  });
});

describe('acode tools validate: standard input and hostile input', () => {
  it('reads arguments from standard input and resolves an alias', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'read_file'], plain, '{"path": "/tmp/test.txt"}\n');
    expect(code).toBe(0);
    expect(stdout).toContain("✓ Validation passed for tool 'file_read'");
    expect(stdout).toContain('Requested as: read_file');
  });

  it('refuses more than 1 MiB on standard input with ACODE-TSR-009', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const { code, stdout } = await run(['tools', 'validate', 'file_read'], plain, big);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-009]');
  });

  it('refuses malformed JSON with ACODE-TSR-002', async () => {
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":']);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-002]');
  });

  it('refuses non-object arguments and empty input', async () => {
    expect((await run(['tools', 'validate', 'file_read', '[1,2]'])).code).toBe(1);
    const empty = await run(['tools', 'validate', 'file_read'], plain, '');
    expect(empty.code).toBe(1);
    expect(empty.stdout).toContain('[ACODE-TSR-002]');
  });

  it('refuses deeply nested arguments with ACODE-TSR-009, without overflowing the stack', async () => {
    const depth = 100_000;
    const nested = `{"path":"/a","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const { code, stdout } = await run(['tools', 'validate', 'file_read'], plain, nested);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-009]');
  });

  it.each([
    ['a 10 000-character name', 'x'.repeat(10_000)],
    ['control characters', 'file\u001b[2J\u0007_read'],
    ['a path', '../../etc/passwd'],
  ])('answers %s with ACODE-TSR-001, bounded and escaped', async (_label, name) => {
    const { code, stdout, stderr } = await run(['tools', 'validate', name, '{}']);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-001]');
    expect(stdout.length).toBeLessThan(4_000);
    expect(stdout + stderr).not.toContain('\u0007');
  });
});

describe('usage and configuration errors', () => {
  it.each([
    [['tools', 'list', '--bogus']],
    [['tools', 'show']],
    [['tools', 'list', '--category', 'nope']],
    [['tools', 'list', '--log-level', 'verbose']],
    [['tools', 'frobnicate']],
  ])('exits 2 for %j', async (args) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('[ACODE-CLI-001]');
  });

  it('exits 2 for broken YAML, naming the file', async () => {
    const broken = makeProject('broken-yaml', 'tool_registry:\n  custom_tools: [\n    - name: x\n  bad: : :\n');
    const { code, stdout, stderr } = await run(['tools', 'list'], broken);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^\[ACODE-CFG-001\]/);
    expect(stderr).toContain(join(broken, '.agent', 'config.yml'));
  });

  it('exits 2 for a missing --config file', async () => {
    const { code, stderr } = await run(['tools', 'list', '--config', 'does-not-exist.yml']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^\[ACODE-CFG-00\d\]/);
    expect(stderr).toContain('does-not-exist.yml');
  });

  it('prints the program version and help', async () => {
    expect((await run(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = await run(['tools', 'validate', '-h']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: acode tools validate');
  });
});

describe('custom tools from .agent/config.yml', () => {
  it('lists custom tools, skips the broken one with file, tool and schema path, and leaves out disabled ones', async () => {
    const { code, stdout, stderr } = await run(['tools', 'list', '--json'], project);
    expect(code).toBe(0);
    const names = (JSON.parse(stdout) as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['custom_greeting', 'multi_version', 'file_read', 'file_write', 'command_execute']));
    expect(names).not.toContain('broken_tool');
    expect(names).not.toContain('hidden_tool');
    expect(names).not.toContain('directory_list');
    expect(stderr).toContain("skipped tool 'broken_tool'");
    expect(stderr).toContain(join(project, '.agent', 'config.yml'));
    expect(stderr).toContain('/parameters/properties/value/type');
  });

  it('finds the configuration from a subdirectory', async () => {
    const nested = join(project, 'src', 'deep');
    mkdirSync(nested, { recursive: true });
    const { stdout } = await run(['tools', 'list', '--category', 'custom', '--json'], nested);
    expect((JSON.parse(stdout) as Array<{ name: string }>).map((tool) => tool.name)).toContain('custom_greeting');
  });

  it('shows a custom tool with its parameters', async () => {
    const { code, stdout } = await run(['tools', 'show', 'custom_greeting'], project);
    expect(code).toBe(0);
    expect(stdout).toContain('Tool: custom_greeting\nVersion: 1.0.0\nCategory: custom\n');
    expect(stdout).toContain('  name (string, required)\n    Description: Name of the person to greet\n    Constraints: maxLength=100\n');
    expect(stdout).toContain('    Default: casual\n    Enum: formal, casual, enthusiastic\n');
  });

  it('validates against a custom tool and applies its defaults', async () => {
    const ok = await run(['tools', 'validate', 'custom_greeting', '{"name":"Alice"}', '--json'], project);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ success: true, tool: 'custom_greeting', arguments: { name: 'Alice', style: 'casual' } });
    const bad = await run(['tools', 'validate', 'custom_greeting', '{"name":"Alice","style":"rude"}'], project);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('[ACODE-TSR-005]');
  });

  it('treats a disabled tool as unknown', async () => {
    const { code, stdout } = await run(['tools', 'show', 'hidden_tool', '--json'], project);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ errors: [{ code: 'ACODE-TSR-001' }] });
  });

  it('reads another file with --config', async () => {
    const { stdout } = await run(['tools', 'list', '--json', '--config', join(project, '.agent', 'config.yml')]);
    expect((JSON.parse(stdout) as Array<{ name: string }>).map((tool) => tool.name)).toContain('custom_greeting');
  });
});

describe('versions', () => {
  it('shows the highest version unless a version or range is asked for', async () => {
    expect((await run(['tools', 'show', 'multi_version'], project)).stdout).toContain('Version: 2.1.0\n');
    expect((await run(['tools', 'show', 'multi_version', '--version', '^1'], project)).stdout).toContain('Version: 1.4.0\n');
    expect((await run(['tools', 'show', 'multi_version', '--version', '1.4.0'], project)).stdout).toContain('Version: 1.4.0\n');
  });

  it('validates against the version asked for', async () => {
    expect((await run(['tools', 'validate', 'multi_version', '{"b":1}'], project)).code).toBe(0);
    expect((await run(['tools', 'validate', 'multi_version', '{"b":1}', '--version', '1.x'], project)).code).toBe(1);
    expect((await run(['tools', 'validate', 'multi_version', '{"a":"x"}', '--version', '1.x'], project)).code).toBe(0);
  });

  it('exits 1 with ACODE-TSR-001 for a version that does not exist', async () => {
    const show = await run(['tools', 'show', 'multi_version', '--version', '3.0.0'], project);
    expect(show.code).toBe(1);
    expect(show.stderr).toContain('[ACODE-TSR-001]');
    const validate = await run(['tools', 'validate', 'multi_version', '{}', '--version', '^3'], project);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain('[ACODE-TSR-001]');
  });
});

describe('process behaviour', () => {
  it('stays quiet when the reader closes the pipe early', async () => {
    const many = makeProject(
      'many',
      'tool_registry:\n  custom_tools:\n' +
        Array.from({ length: 300 }, (_, i) => `    - { name: tool_${i}, version: "1.0.0", description: "${'d'.repeat(400)}", parameters: { type: object, properties: {} } }\n`).join(''),
    );
    const child = spawn(process.execPath, [BIN, 'tools', 'list', '--json'], { cwd: many, env: { PATH: process.env['PATH'] ?? '', HOME: home } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('honours the user’s directory when run as `pnpm -s acode` from the repository', () => {
    const repo = fileURLToPath(new URL('../../..', import.meta.url));
    const pnpm = join(repo, 'node_modules', '.bin', 'pnpm');
    const result = spawnSync(pnpm, ['-C', repo, '-s', 'acode', 'tools', 'list', '--category', 'custom', '--json'], {
      cwd: project,
      env: { PATH: process.env['PATH'] ?? '', HOME: home },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as Array<{ name: string }>).map((tool) => tool.name)).toContain('custom_greeting');
  });
});
