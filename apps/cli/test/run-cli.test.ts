import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { ConfigurationException } from '@acode/application';
import type { ToolValidationResult } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import type { CliRuntime, RuntimeOptions } from '../src/runtime.js';
import { captureIo } from './support/capture.js';
import { FILE_READ, fakeRuntime } from './support/fake-runtime.js';

const NO_STACK = /\n\s+at /;

function run(argv: string[], runtime: CliRuntime, ioOptions: Parameters<typeof captureIo>[0] = {}) {
  const captured = captureIo(ioOptions);
  const opened: RuntimeOptions[] = [];
  const exit = runCli(argv, captured.io, {
    openRuntime: async (options) => {
      opened.push(options);
      return runtime;
    },
  });
  return exit.then((code) => ({ code, stdout: captured.stdout.text, stderr: captured.stderr.text, opened, captured }));
}

const VALID: ToolValidationResult = { success: true, tool: 'file_read', version: '1.0.0', arguments: { path: '/tmp/a', encoding: 'utf-8' }, correlationId: 'corr-1' };
const MISSING_PATH: ToolValidationResult = {
  success: false,
  tool: 'file_read',
  version: '1.0.0',
  errors: [{ path: '', code: 'ACODE-TSR-003', keyword: 'required', message: "Property 'path' is required but was not provided." }],
  schemaHint: 'file_read expects: {path: string (required)}',
  correlationId: 'corr-2',
};

describe('runCli: tools list', () => {
  it('prints a table of every tool and the total', async () => {
    const { code, stdout, stderr } = await run(['tools', 'list'], fakeRuntime());
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/│ Tool Name\s+│ Version │ Category\s+│ Description\s+│/);
    expect(stdout).toMatch(/│ command_execute │ 1\.0\.0\s+│ system\s+│ Execute a shell command\s+│/);
    expect(stdout).toMatch(/│ file_read\s+│ 1\.0\.0\s+│ file_system │ Read the contents of a file from the filesystem\s*│/);
    expect(stdout).toContain('\nTotal: 2 tools registered\n');
  });

  it('fits the table to a terminal’s width, and to 100 columns otherwise', async () => {
    const long = { ...FILE_READ, description: 'word '.repeat(100) };
    const piped = await run(['tools', 'list'], fakeRuntime({ tools: [long] }));
    for (const line of piped.stdout.split('\n').filter((l) => /^[┌│├└]/.test(l))) expect(Array.from(line).length).toBe(100);

    const captured = captureIo();
    captured.stdout.isTTY = true;
    captured.stdout.columns = 60;
    await runCli(['tools', 'list'], captured.io, { openRuntime: async () => fakeRuntime({ tools: [long] }) });
    const rows = captured.stdout.text.split('\n').filter((l) => l.startsWith('│'));
    for (const line of rows) expect(Array.from(line.replace(/\u001b\[[0-9;]*m/g, '')).length).toBe(60);
  });

  it('filters by category and says so when none match', async () => {
    const filtered = await run(['tools', 'list', '--category', 'system'], fakeRuntime());
    expect(filtered.stdout).toContain('command_execute');
    expect(filtered.stdout).not.toContain('file_read');
    expect(filtered.stdout).toContain("Total: 1 tool registered in category 'system'");

    const none = await run(['tools', 'list', '--category', 'network'], fakeRuntime());
    expect(none.code).toBe(0);
    expect(none.stdout).toBe("No tools registered in category 'network'.\n");
  });

  it('prints a JSON array of definitions with --json', async () => {
    const { code, stdout } = await run(['tools', 'list', '--json'], fakeRuntime());
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as Array<Record<string, unknown>>;
    expect(parsed.map((tool) => tool['name'])).toEqual(['command_execute', 'file_read']);
    expect(parsed[1]).toEqual(FILE_READ);
  });

  it('writes each stream once, so a closed pipe never sees half a table', async () => {
    const { captured } = await run(['tools', 'list'], fakeRuntime());
    expect(captured.stdout.writes).toBe(1);
  });
});

describe('runCli: tools show', () => {
  it('shows a definition by alias and in any case', async () => {
    const { code, stdout } = await run(['tools', 'show', 'READ_FILE'], fakeRuntime());
    expect(code).toBe(0);
    expect(stdout).toContain('Tool: file_read\nVersion: 1.0.0\n');
  });

  it('prints the definition as JSON with --json', async () => {
    const { stdout } = await run(['tools', 'show', 'file_read', '--json'], fakeRuntime());
    expect(JSON.parse(stdout)).toEqual(FILE_READ);
  });

  it('exits 1 for an unknown tool with the available tools and a suggestion', async () => {
    const { code, stdout, stderr } = await run(['tools', 'show', 'file_reed'], fakeRuntime());
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain("[ACODE-TSR-001] Unknown tool: 'file_reed'");
    expect(stderr).toContain('Available tools:\n  - command_execute\n  - file_read\n');
    expect(stderr).toContain('Did you mean: file_read?');
  });

  it('names the registered versions when only the version is missing', async () => {
    const { code, stderr } = await run(['tools', 'show', 'file_read', '--version', '9.9.9'], fakeRuntime());
    expect(code).toBe(1);
    expect(stderr).toContain("has no version matching '9.9.9'");
    expect(stderr).toContain('Use one of the registered versions: 1.0.0');
    expect(stderr).not.toContain('Available tools');
  });

  it('prints the error envelope on stdout for an unknown tool with --json', async () => {
    const { code, stdout } = await run(['tools', 'show', 'nope', '--json'], fakeRuntime());
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      success: false,
      tool: 'nope',
      errors: [{ code: 'ACODE-TSR-001', path: '' }],
      available_tools: ['command_execute', 'file_read'],
      correlation_id: 'corr-fake',
    });
  });
});

describe('runCli: tools validate', () => {
  it('exits 0 and prints the parsed arguments when valid', async () => {
    const runtime = fakeRuntime({ validate: () => VALID });
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{"path":"/tmp/a"}'], runtime);
    expect(code).toBe(0);
    expect(runtime.validated).toEqual(['{"path":"/tmp/a"}']);
    expect(stdout).toContain("✓ Validation passed for tool 'file_read'");
    expect(stdout).toContain('"encoding": "utf-8"');
  });

  it('exits 1 with the errors and an example of valid arguments when invalid', async () => {
    const runtime = fakeRuntime({ validate: () => MISSING_PATH, example: (schema) => (schema === FILE_READ.parameters ? { path: '/path/to/file' } : undefined) });
    const { code, stdout } = await run(['tools', 'validate', 'file_read', '{}'], runtime);
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-003]');
    expect(stdout).toContain('Example: {"path":"/path/to/file"}');
  });

  it('prints the result and the error envelope as JSON', async () => {
    const ok = await run(['tools', 'validate', 'file_read', '{}', '--json'], fakeRuntime({ validate: () => VALID }));
    expect(JSON.parse(ok.stdout)).toEqual({ success: true, tool: 'file_read', version: '1.0.0', arguments: { path: '/tmp/a', encoding: 'utf-8' }, correlation_id: 'corr-1' });

    const failed = await run(['tools', 'validate', 'file_read', '{}', '--json'], fakeRuntime({ validate: () => MISSING_PATH }));
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toEqual({
      success: false,
      tool: 'file_read',
      errors: [{ path: '', code: 'ACODE-TSR-003', message: "Property 'path' is required but was not provided." }],
      schema_hint: 'file_read expects: {path: string (required)}',
      correlation_id: 'corr-2',
    });
  });

  it('passes the version query through', async () => {
    let seen: unknown;
    const runtime = fakeRuntime({
      validate: (_name, _args, query) => {
        seen = query;
        return VALID;
      },
    });
    await run(['tools', 'validate', 'file_read', '{}', '--version', '^1'], runtime);
    expect(seen).toEqual({ version: '^1' });
  });

  it('reads the arguments from standard input, in chunks, without a byte order mark', async () => {
    const runtime = fakeRuntime({ validate: () => VALID });
    const { code } = await run(['tools', 'validate', 'file_read'], runtime, { stdin: ['\uFEFF{"pa', 'th":"/tmp/€"}\n'] });
    expect(code).toBe(0);
    expect(runtime.validated).toEqual(['{"path":"/tmp/€"}\n']);
  });

  it('is a usage error, not a hang, when standard input is a terminal', async () => {
    const runtime = fakeRuntime({ validate: () => VALID });
    const { code, stdout, stderr } = await run(['tools', 'validate', 'file_read'], runtime, { stdinIsTty: true });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('[ACODE-CLI-001] Missing ARGS_JSON');
    expect(runtime.validated).toEqual([]);
  });

  it('refuses standard input beyond the size limit with ACODE-TSR-009 and stops reading an endless producer', async () => {
    const runtime = fakeRuntime({ validate: () => VALID, maxArgumentSizeBytes: 1024 });
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 256;
        this.push(Buffer.alloc(256, 0x61));
      },
    });
    const { code, stdout } = await run(['tools', 'validate', 'file_read'], runtime, { stdin: endless });
    expect(code).toBe(1);
    expect(stdout).toContain('[ACODE-TSR-009] Arguments exceed the maximum size of 1024 bytes.');
    expect(runtime.validated).toEqual([]);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(64 * 1024);
  });

  it('accepts standard input of exactly the size limit', async () => {
    const runtime = fakeRuntime({ validate: () => VALID, maxArgumentSizeBytes: 16 });
    const { code } = await run(['tools', 'validate', 'file_read'], runtime, { stdin: '{"path":"/1234"}' });
    expect(code).toBe(0);
    expect(runtime.validated).toEqual(['{"path":"/1234"}']);
  });
});

describe('runCli: usage, configuration and internal errors', () => {
  it.each([
    [['tools', 'list', '--nope']],
    [['tools', 'show']],
    [['tools', 'list', '--category', 'bogus']],
    [['tools', 'list', '--log-level', 'chatty']],
    [['bogus']],
  ])('exits 2 for %j without starting the registry', async (argv) => {
    const { code, stdout, stderr, opened } = await run(argv, fakeRuntime());
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^\[ACODE-CLI-001\] .+\nRun 'acode[a-z ]*--help' for usage\.\n$/);
    expect(opened).toEqual([]);
  });

  it('prints help on stdout and exits 0', async () => {
    const { code, stdout } = await run(['tools', 'show', '--help'], fakeRuntime());
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: acode tools show NAME');
  });

  it('prints the program version from package.json', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    const { code, stdout } = await run(['--version'], fakeRuntime());
    expect(code).toBe(0);
    expect(stdout).toBe(`${manifest.version}\n`);
  });

  it('starts the registry from the working directory, the resolved --config path, HOME and the log level', async () => {
    const { opened } = await run(['tools', 'list', '--config', 'conf/acode.yml', '--log-level', 'debug'], fakeRuntime(), {
      cwd: '/work/project',
      env: { HOME: '/home/someone' },
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ cwd: '/work/project', configPath: '/work/project/conf/acode.yml', homeDir: '/home/someone', logLevel: 'debug' });
  });

  it('exits 2 with the code, file and key for a configuration that cannot be used', async () => {
    const captured = captureIo();
    const code = await runCli(['tools', 'list'], captured.io, {
      openRuntime: async () => {
        throw new ConfigurationException('ACODE-CFG-002', 'max_schema_size must be between 1024 and 1048576', { file: '/p/.agent/config.yml', key: 'tool_registry.max_schema_size' });
      },
    });
    expect(code).toBe(2);
    expect(captured.stdout.text).toBe('');
    expect(captured.stderr.text).toBe(
      '[ACODE-CFG-002] max_schema_size must be between 1024 and 1048576\n  File: /p/.agent/config.yml\n  Key: tool_registry.max_schema_size\n',
    );
  });

  it('reports an unexpected failure in one line with exit 70, and the stack only with ACODE_DEBUG=1', async () => {
    const failing = async (): Promise<CliRuntime> => {
      throw new TypeError('registry exploded');
    };
    const quiet = captureIo();
    expect(await runCli(['tools', 'list'], quiet.io, { openRuntime: failing })).toBe(70);
    expect(quiet.stderr.text).toBe('internal error: registry exploded\n');
    expect(quiet.stderr.text).not.toMatch(NO_STACK);

    const debug = captureIo({ env: { ACODE_DEBUG: '1' } });
    expect(await runCli(['tools', 'list'], debug.io, { openRuntime: failing })).toBe(70);
    expect(debug.stderr.text).toMatch(NO_STACK);
  });

  it('prints skipped tools and failed providers from startup on stderr and carries on', async () => {
    const runtime = fakeRuntime({
      report: {
        skipped: [
          {
            provider: 'ConfigTools',
            tool: 'broken_tool',
            source: '/p/.agent/config.yml#tool_registry.custom_tools[0]',
            code: 'ACODE-TSR-006',
            message: "Tool definition 'broken_tool' is invalid: unknown type (at /parameters/properties/value/type)",
          },
        ],
        failedProviders: [{ provider: 'Stored', message: 'database locked' }],
      },
    });
    const { code, stdout, stderr } = await run(['tools', 'list'], runtime);
    expect(code).toBe(0);
    expect(stdout).toContain('file_read');
    expect(stderr).toContain(
      "error: skipped tool 'broken_tool' from /p/.agent/config.yml#tool_registry.custom_tools[0]: [ACODE-TSR-006] Tool definition 'broken_tool' is invalid: unknown type (at /parameters/properties/value/type)\n",
    );
    expect(stderr).toContain("error: tool provider 'Stored' failed: database locked\n");
  });

  it('prints configuration warnings with their code and file', async () => {
    const runtime = { ...fakeRuntime(), configWarnings: [{ code: 'ACODE-CFG-003', file: '/p/.agent/config.yml', key: 'tool_registry.max_schma_size', message: "Unknown key 'tool_registry.max_schma_size'" }] };
    const { stderr } = await run(['tools', 'list'], runtime);
    expect(stderr).toBe("warning: [ACODE-CFG-003] Unknown key 'tool_registry.max_schma_size' (/p/.agent/config.yml)\n");
  });
});
