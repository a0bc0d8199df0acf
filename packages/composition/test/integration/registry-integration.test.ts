import { TOKENS, type IToolSchemaRegistry, type RegistrationReport, type ToolRegistrationService } from '@acode/application';
import type { ToolValidationFailure } from '@acode/domain';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { container, registerAcodeServices } from '../../src/index.js';

const CORE_TOOLS = ['command_execute', 'directory_list', 'file_read', 'file_write', 'git_commit', 'git_diff', 'git_status'];

const CONFIG = `
tool_registry:
  disabled_tools: [git_commit]
  custom_tools:
    - name: custom_greeting
      version: 1.0.0
      category: custom
      description: Generates a personalized greeting message
      parameters:
        type: object
        properties:
          name: { type: string, description: Name of the person to greet, maxLength: 100 }
          style: { type: string, enum: [formal, casual, enthusiastic], default: casual }
        required: [name]
        additionalProperties: false
    - name: broken_tool
      version: 1.0.0
      description: This tool has an invalid schema
      parameters:
        type: object
        properties:
          value:
            type: invalid_type_name
    - name: switched_off
      version: 1.0.0
      description: Disabled in its own definition
      enabled: false
      parameters: { type: object, properties: {} }
`;

interface Booted {
  readonly registry: IToolSchemaRegistry;
  readonly report: RegistrationReport;
  readonly log: string;
}

async function boot(cwd: string, configText?: string): Promise<Booted> {
  if (configText !== undefined) {
    mkdirSync(join(cwd, '.agent'), { recursive: true });
    writeFileSync(join(cwd, '.agent', 'config.yml'), configText);
  }
  const stream = new PassThrough();
  let log = '';
  stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const scope = container.createChildContainer();
  registerAcodeServices(scope, { cwd, homeDir: cwd, logLevel: 'info', logStream: stream });
  const report = await scope.resolve<ToolRegistrationService>(TOKENS.ToolRegistrationService).start();
  await new Promise((resolve) => setImmediate(resolve));
  return { registry: scope.resolve<IToolSchemaRegistry>(TOKENS.ToolSchemaRegistry), report, log };
}

describe('registry integration: the real container', () => {
  let dir: string;
  let booted: Booted;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'acode-integration-'));
    mkdirSync(join(dir, 'nested', 'deeper'), { recursive: true });
    booted = await boot(dir, CONFIG);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('registers every core tool and the valid custom tool', () => {
    const names = booted.registry.getAllTools().map((d) => d.name);
    expect(names).toEqual([...CORE_TOOLS.filter((n) => n !== 'git_commit'), 'custom_greeting'].sort());
  });

  it('logs scenario 1: start, one line per tool with version and hash, then the total and time', () => {
    expect(booted.log).toMatch(/\[\d\d:\d\d:\d\d INF\] Starting Tool Schema Registry initialization\.\.\./);
    expect(booted.log).toMatch(/\[\d\d:\d\d:\d\d INF\] Registering tool 'file_read' v1\.0\.0 \(hash: [0-9a-f]{12}\)/);
    expect(booted.log).toMatch(/Tool Schema Registry initialized with 7 tools \(1 skipped\) in \d+ms/);
  });

  it('skips the broken custom tool with an error naming file, tool and schema path', () => {
    expect(booted.report.skipped).toHaveLength(1);
    const skipped = booted.report.skipped[0]!;
    expect(skipped.tool).toBe('broken_tool');
    expect(skipped.source).toContain(join('.agent', 'config.yml'));
    expect(skipped.message).toContain('/parameters/properties/value/type');
    expect(booted.log).toMatch(/ERR\] Failed to register tool 'broken_tool' from .*config\.yml.*\/parameters\/properties\/value\/type/);
  });

  it('leaves disabled tools out, whether disabled by configuration or by their definition', () => {
    expect(booted.registry.findTool('git_commit')).toBeUndefined();
    expect(booted.registry.findTool('switched_off')).toBeUndefined();
    expect(booted.report.disabled).toEqual(expect.arrayContaining(['git_commit', 'switched_off']));
  });

  it('validates real tool calls: the acceptance cases of the issue', () => {
    const { registry } = booted;
    expect(registry.tryValidateArguments('file_read', '{"path":"/tmp/a"}').success).toBe(true);
    const missing = registry.tryValidateArguments('file_read', '{}') as ToolValidationFailure;
    expect(missing.errors.map((e) => [e.code, e.path])).toEqual([['ACODE-TSR-003', '/path']]);
    const wrongType = registry.tryValidateArguments('file_read', '{"path":12345}') as ToolValidationFailure;
    expect(wrongType.errors[0]).toMatchObject({ code: 'ACODE-TSR-004', expected: 'string', actual: 'integer' });
    expect(registry.tryValidateArguments('file_read', '{"path":"/a","extra":1}').success).toBe(false);
    expect(registry.tryValidateArguments('file_read', '{"path":"/a","start_line":"5"}').success).toBe(false);
    const unknown = registry.tryValidateArguments('nonexistent_tool', '{"arg":"value"}') as ToolValidationFailure;
    expect(unknown.errors[0]?.code).toBe('ACODE-TSR-001');
    expect(unknown.availableTools).toContain('file_read');
  });

  it('resolves the documents’ names through aliases', () => {
    const { registry } = booted;
    expect(registry.tryValidateArguments('read_file', '{"path":"/a"}')).toMatchObject({ success: true, tool: 'file_read', requestedName: 'read_file' });
    expect(registry.tryValidateArguments('write_file', '{"path":"/a","content":"x"}')).toMatchObject({ success: true, tool: 'file_write' });
    expect(registry.tryValidateArguments('execute_command', '{"command":"ls"}')).toMatchObject({ success: true, tool: 'command_execute' });
  });

  it('validates the custom tool with its defaults', () => {
    expect(booted.registry.tryValidateArguments('custom_greeting', '{"name":"Alice"}')).toMatchObject({
      success: true,
      arguments: { name: 'Alice', style: 'casual' },
    });
    const wrongCase = booted.registry.tryValidateArguments('custom_greeting', '{"name":"Alice","style":"FORMAL"}') as ToolValidationFailure;
    expect(wrongCase.errors[0]?.code).toBe('ACODE-TSR-005');
  });

  it('finds .agent/config.yml by walking up from a nested working directory', async () => {
    const nested = await boot(join(dir, 'nested', 'deeper'));
    expect(nested.registry.findTool('custom_greeting')).toBeDefined();
  });

  it('gives interleaved async callers identical results while registration goes on (ST-4)', async () => {
    const { registry } = booted;
    const inputs = ['{"path":"/a"}', '{}', '{"path":12345}', '{"path":"/a","extra":1}', 'not json'];
    const expected = inputs.map((i) => strip(registry.tryValidateArguments('file_read', i)));
    const runs = Array.from({ length: 400 }, async (_, n) => {
      await new Promise((resolve) => setTimeout(resolve, n % 7));
      return strip(registry.tryValidateArguments('file_read', inputs[n % inputs.length]!));
    });
    const results = await Promise.all(runs);
    results.forEach((result, n) => expect(result).toEqual(expected[n % inputs.length]));
  });
});

describe('registry integration: worker threads', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'acode-workers-'));
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), CONFIG);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives identical results in four threads validating at the same time (ST-4)', async () => {
    const inputs: Array<[string, string]> = [
      ['file_read', '{"path":"/a"}'],
      ['file_read', '{}'],
      ['file_read', '{"path":12345,"extra":true}'],
      ['read_file', '{"path":"/a","encoding":"UTF-8"}'],
      ['custom_greeting', '{"name":"Bob"}'],
      ['nonexistent_tool', '{}'],
      ['file_write', '{"path":"/a","content":"x","mode":"append"}'],
    ];
    const workerUrl = new URL('./worker-validate.mjs', import.meta.url);
    const runs = Array.from(
      { length: 4 },
      () =>
        new Promise<unknown>((resolve, reject) => {
          const worker = new Worker(workerUrl, { workerData: { cwd: dir, inputs } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    );
    const results = await Promise.all(runs);
    expect(results[0]).toHaveLength(inputs.length);
    for (const result of results.slice(1)) expect(result).toEqual(results[0]);
    const successes = (results[0] as Array<{ success: boolean }>).map((r) => r.success);
    expect(successes).toEqual([true, false, false, false, true, false, true]);
  });
});

function strip<T extends { correlationId: string }>(result: T): Omit<T, 'correlationId'> {
  const { correlationId: _ignored, ...rest } = result;
  return rest;
}
