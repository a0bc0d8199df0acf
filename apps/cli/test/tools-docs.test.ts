import type { JsonSchemaObject, ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import type { CliRuntime } from '../src/runtime.js';
import { captureIo } from './support/capture.js';
import { catalogTool, fakeCatalog, fakeExecution, unavailable } from './support/fake-execution.js';
import { FILE_READ, fakeRuntime } from './support/fake-runtime.js';

async function run(argv: string[], runtime: CliRuntime) {
  const captured = captureIo();
  const code = await runCli(argv, captured.io, { openRuntime: async () => runtime });
  return { code, stdout: captured.stdout.text, stderr: captured.stderr.text };
}

const PARAMETERS: JsonSchemaObject = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const KB_SEARCH: ToolDefinition = { name: 'kb_search', version: '1.2.0', description: 'Search', kind: 'retrieval', allowedModes: ['text', 'voice'], parameters: PARAMETERS };
const KB_GET: ToolDefinition = { name: 'kb_get', version: '1.0.0', description: 'Get', kind: 'retrieval', parameters: PARAMETERS };
const WRITE: ToolDefinition = { ...FILE_READ, name: 'file_write', aliases: ['write_file'], kind: 'action', allowedModes: ['text'] };
const DISABLED: ToolDefinition = { name: 'zz_disabled', version: '1.0.0', description: 'Off', kind: 'utility', parameters: PARAMETERS };

const DOC = '# kb_search\n\n## Summary\n\nSearch the knowledge base.\n\n## Examples\n\n\tindented\n';
const CATALOG = fakeCatalog(
  [
    catalogTool(KB_SEARCH, 'Search the knowledge base\nwith filters. Returns citations.', DOC),
    catalogTool(WRITE, 'Write a file in the workspace.'),
    catalogTool(KB_GET, 'Fetch a record by id.'),
    catalogTool(DISABLED, 'Disabled in configuration.'),
  ],
  'a1b2c3d4e5f60718',
);

/** The registry holds every catalog tool but the disabled one, as `disabled_tools` would leave it. */
function docsRuntime(catalog = CATALOG): CliRuntime {
  return fakeRuntime({ tools: [KB_SEARCH, KB_GET, WRITE], execution: fakeExecution({ catalog }) });
}

describe('tools prompt', () => {
  it('prints the Available Tools section of the text mode, sorted, from the summaries', async () => {
    const { code, stdout, stderr } = await run(['tools', 'prompt'], docsRuntime());
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        '## Available Tools (va1b2c3d4e5f60718)',
        '',
        '**file_write** (action): Write a file in the workspace.',
        '',
        '**kb_get** (retrieval): Fetch a record by id.',
        '',
        '**kb_search** (retrieval): Search the knowledge base with filters. Returns citations.',
        '',
      ].join('\n'),
    );
  });

  it('leaves out tools not allowed in voice mode', async () => {
    const { stdout } = await run(['tools', 'prompt', '--mode', 'voice'], docsRuntime());
    expect(stdout).toContain('**kb_search**');
    expect(stdout).toContain('**kb_get**');
    expect(stdout).not.toContain('file_write');
  });

  it('says so when no tool is offered in the mode', async () => {
    const catalog = fakeCatalog([catalogTool(WRITE)], 'ffff000011112222');
    const { code, stdout } = await run(['tools', 'prompt', '--mode', 'voice'], fakeRuntime({ tools: [WRITE], execution: fakeExecution({ catalog }) }));
    expect(code).toBe(0);
    expect(stdout).toBe('## Available Tools (vffff000011112222)\n\nNo tools are available in voice mode.\n');
  });

  it('exits 2 with ACODE-TBD-010 without a built registry', async () => {
    const runtime = fakeRuntime({ execution: fakeExecution({ catalog: unavailable('ACODE-TBD-010', "tool_registry.json is not a tool registry. Run 'pnpm run build:tools'.") }) });
    const { code, stdout, stderr } = await run(['tools', 'prompt'], runtime);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("[ACODE-TBD-010] tool_registry.json is not a tool registry. Run 'pnpm run build:tools'.\n");
  });
});

describe('tools doc', () => {
  it('prints the full doc, found by alias in any case, tabs and line breaks kept', async () => {
    const { code, stdout } = await run(['tools', 'doc', 'KB_Search'], docsRuntime());
    expect(code).toBe(0);
    expect(stdout).toBe(DOC);
    const byAlias = await run(['tools', 'doc', 'WRITE_FILE'], docsRuntime());
    expect(byAlias.stdout).toBe('# file_write\n\n## Summary\n\nDoc of file_write.\n');
  });

  it('exits 1 with ACODE-TSR-001 and the built tools the registry offers for an unknown name', async () => {
    const { code, stdout, stderr } = await run(['tools', 'doc', 'kb_serch'], docsRuntime());
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe("[ACODE-TSR-001] Tool 'kb_serch' has no documentation in the built registry. Available tools: file_write, kb_get, kb_search.\n");
  });

  it('refuses a registered tool the built registry has no folder for, and escapes a hostile name', async () => {
    const runtime = fakeRuntime({ tools: [KB_SEARCH, { ...FILE_READ }], execution: fakeExecution({ catalog: CATALOG }) });
    expect((await run(['tools', 'doc', 'file_read'], runtime)).code).toBe(1);
    const hostile = await run(['tools', 'doc', `x\u001b[2J${'y'.repeat(5000)}`], runtime);
    expect(hostile.code).toBe(1);
    expect(hostile.stderr).not.toContain('\u001b');
    expect(hostile.stderr.length).toBeLessThan(400);
  });

  it('escapes control characters of a doc but keeps its layout', async () => {
    const catalog = fakeCatalog([catalogTool(KB_SEARCH, 's', '# t\r\n\n## Summary\u001b[31m\n')]);
    const { stdout } = await run(['tools', 'doc', 'kb_search'], fakeRuntime({ tools: [KB_SEARCH], execution: fakeExecution({ catalog }) }));
    expect(stdout).toBe('# t\n\n## Summary\\u001b[31m\n');
  });
});

describe('tools schema', () => {
  it('prints the provider declaration of a registered tool', async () => {
    const seen: Array<[string, string]> = [];
    const execution = fakeExecution({
      catalog: CATALOG,
      providerTool: (definition, format) => (seen.push([definition.name, format]), { name: definition.name, format }),
    });
    const { code, stdout } = await run(['tools', 'schema', 'READ_FILE', '--format', 'gemini'], fakeRuntime({ execution }));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ name: 'file_read', format: 'gemini' });
    expect(seen).toEqual([['file_read', 'gemini']]);
  });

  it('exits 2 for an unknown format and 1 for an unknown tool', async () => {
    const execution = fakeExecution({ catalog: CATALOG });
    const format = await run(['tools', 'schema', 'file_read', '--format', 'cohere'], fakeRuntime({ execution }));
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/^\[ACODE-CLI-001\] Unknown --format 'cohere'\. Use one of: openai, gemini\./);
    const tool = await run(['tools', 'schema', 'nope', '--format', 'openai'], fakeRuntime({ execution }));
    expect(tool.code).toBe(1);
    expect(tool.stderr).toContain('[ACODE-TSR-001]');
  });
});
