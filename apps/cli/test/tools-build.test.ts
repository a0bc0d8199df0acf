import { ConfigurationException, type ToolRegistryOptions } from '@acode/application';
import type { BuiltTool, BuiltToolRegistry } from '@acode/domain';
import type { BuildToolRegistryOptions, BuildToolRegistryResult, ToolFolderProblem, ToolFoldersOptions, ToolFoldersReport } from '@acode/infrastructure/tool-folders';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import type { ToolFolderServices } from '../src/tool-folder-services.js';
import { captureIo } from './support/capture.js';

const REGISTRY_OPTIONS = { limits: { maxSchemaSizeBytes: 1234 } } as unknown as ToolRegistryOptions;

function builtTool(toolId: string, version = '1.0.0'): BuiltTool {
  return {
    toolId,
    version,
    definition: { name: toolId, version, description: toolId, parameters: { type: 'object', properties: {} } },
    summary: 's',
    documentation: 'd',
    handler: { path: `tools/${toolId.replace(/_/g, '-')}/handler.ts`, sha256: 'f'.repeat(64), language: 'ts' },
    folder: `tools/${toolId.replace(/_/g, '-')}`,
  };
}

const TOOLS = [builtTool('kb_get'), builtTool('kb_search', '1.2.0')];
const REGISTRY: BuiltToolRegistry = {
  format: 'acode.tool-registry',
  formatVersion: 1,
  version: '9f86d081884c7d65',
  contentHash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  gitCommit: '0123456789abcdef0123456789abcdef01234567',
  builtAt: '2026-01-01T00:00:00.000Z',
  tools: TOOLS,
};

const MISTAKES: ToolFolderProblem[] = [
  { code: 'ACODE-TBD-001', severity: 'error', folder: 'no-doc', file: 'doc.md', message: 'doc.md is missing.' },
  { code: 'ACODE-TBD-004', severity: 'error', folder: 'wrong-id', file: 'schema.json', field: 'toolId', message: "toolId 'other' does not match the folder (expected 'wrong_id')." },
  { code: 'ACODE-TBD-007', severity: 'error', folder: 'wrong-id', file: 'doc.md', field: 'Failure Modes', message: 'Section "## Failure Modes" is missing.' },
  { code: 'ACODE-TBD-003', severity: 'warning', folder: 'writer', file: 'schema.json', field: 'requiresConfirmation', message: 'An action that writes should require confirmation.' },
];

/** Services that record what they were given and answer as told; `openRuntime` must never be called. */
function services(answers: { build?: BuildToolRegistryResult; lint?: ToolFoldersReport; configError?: ConfigurationException }) {
  const seen: { build: BuildToolRegistryOptions[]; lint: ToolFoldersOptions[] } = { build: [], lint: [] };
  const value: ToolFolderServices = {
    projectRoot: (cwd) => (cwd.startsWith('/repo') ? '/repo' : cwd),
    registryOptions: () => {
      if (answers.configError !== undefined) throw answers.configError;
      return REGISTRY_OPTIONS;
    },
    lint: async (options) => (seen.lint.push(options), answers.lint ?? { toolsDir: options.toolsDir, tools: TOOLS, problems: [] }),
    build: async (options) => (seen.build.push(options), answers.build ?? { ok: true, registry: REGISTRY, outFile: options.outFile, warnings: [] }),
  };
  return { value, seen };
}

async function run(argv: string[], tools: ToolFolderServices, cwd = '/repo/packages/x') {
  const captured = captureIo({ cwd });
  const code = await runCli(argv, captured.io, {
    openRuntime: async () => {
      throw new Error('tools build and lint must not start the runtime');
    },
    openToolFolderServices: async () => tools,
  });
  return { code, stdout: captured.stdout.text, stderr: captured.stderr.text };
}

describe('tools build', () => {
  it('builds <project root>/tools into <project root>/tool_registry.json with the configured limits', async () => {
    const { value, seen } = services({});
    const { code, stdout, stderr } = await run(['tools', 'build'], value);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(seen.build).toEqual([{ toolsDir: '/repo/tools', outFile: '/repo/tool_registry.json', registryOptions: REGISTRY_OPTIONS }]);
    expect(stdout).toBe(
      ['✓ kb_get 1.0.0  (tools/kb-get)', '✓ kb_search 1.2.0  (tools/kb-search)', 'Tool registry 9f86d081884c7d65 (2 tools, commit 0123456) written to ../../tool_registry.json', ''].join('\n'),
    );
  });

  it('resolves --tools-dir and --out against the working directory and says when there is no commit', async () => {
    const { value, seen } = services({ build: { ok: true, registry: { ...REGISTRY, gitCommit: null, tools: [TOOLS[0] as BuiltTool] }, outFile: '/elsewhere/out/reg.json', warnings: [] } });
    const { stdout } = await run(['tools', 'build', '--tools-dir', 'fixtures/tools', '--out', 'out/reg.json'], value, '/elsewhere');
    expect(seen.build[0]).toMatchObject({ toolsDir: '/elsewhere/fixtures/tools', outFile: '/elsewhere/out/reg.json' });
    expect(stdout).toContain('Tool registry 9f86d081884c7d65 (1 tool, no git commit) written to out/reg.json\n');
  });

  it('lists every problem with folder, file, field and code on stderr, and a count; nothing on stdout', async () => {
    const { value } = services({ build: { ok: false, problems: MISTAKES } });
    const { code, stdout, stderr } = await run(['tools', 'build'], value);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      [
        'no-doc/doc.md: [ACODE-TBD-001] doc.md is missing.',
        "wrong-id/schema.json: toolId: [ACODE-TBD-004] toolId 'other' does not match the folder (expected 'wrong_id').",
        'wrong-id/doc.md: Failure Modes: [ACODE-TBD-007] Section "## Failure Modes" is missing.',
        'warning: writer/schema.json: requiresConfirmation: [ACODE-TBD-003] An action that writes should require confirmation.',
        'Build failed: 3 errors in 2 tool folders, 1 warning; nothing written.',
        '',
      ].join('\n'),
    );
  });

  it('prints warnings of a successful build on stderr and exits 0', async () => {
    const warning = MISTAKES[3] as ToolFolderProblem;
    const { value } = services({ build: { ok: true, registry: REGISTRY, outFile: '/repo/tool_registry.json', warnings: [warning] } });
    const { code, stderr } = await run(['tools', 'build'], value);
    expect(code).toBe(0);
    expect(stderr).toBe('warning: writer/schema.json: requiresConfirmation: [ACODE-TBD-003] An action that writes should require confirmation.\n');
  });

  it('prints the result or the problems as JSON with --json', async () => {
    const ok = await run(['tools', 'build', '--json'], services({}).value);
    expect(JSON.parse(ok.stdout)).toEqual({
      ok: true,
      version: REGISTRY.version,
      contentHash: REGISTRY.contentHash,
      gitCommit: REGISTRY.gitCommit,
      builtAt: REGISTRY.builtAt,
      outFile: '/repo/tool_registry.json',
      tools: [
        { toolId: 'kb_get', version: '1.0.0', folder: 'tools/kb-get' },
        { toolId: 'kb_search', version: '1.2.0', folder: 'tools/kb-search' },
      ],
      problems: [],
    });
    const failed = await run(['tools', 'build', '--json'], services({ build: { ok: false, problems: MISTAKES } }).value);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe('');
    expect(JSON.parse(failed.stdout)).toEqual({ ok: false, problems: MISTAKES });
  });

  it('escapes control characters a folder name or message carries', async () => {
    const hostile: ToolFolderProblem = { code: 'ACODE-TBD-003', severity: 'error', folder: 'evil\u001b[2J', file: 'schema.json', field: 'x', message: 'bad\u009b' };
    const { stderr } = await run(['tools', 'build'], services({ build: { ok: false, problems: [hostile] } }).value);
    expect(stderr).not.toMatch(/[\u001b\u009b]/);
    expect(stderr).toContain('evil\\u001b[2J/schema.json: x: [ACODE-TBD-003] bad\\u009b');
  });

  it('exits 2 for an unusable configuration, with its code', async () => {
    const configError = new ConfigurationException('ACODE-CFG-002', 'tool_registry.max_schema_size must be at least 1024', { file: '/repo/.agent/config.yml', key: 'tool_registry.max_schema_size' });
    const { code, stderr } = await run(['tools', 'build'], services({ configError }).value);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^\[ACODE-CFG-002\] tool_registry\.max_schema_size must be at least 1024/);
  });
});

describe('tools lint', () => {
  it('prints the clean tools and exits 0 with warnings only', async () => {
    const warning = MISTAKES[3] as ToolFolderProblem;
    const { value, seen } = services({ lint: { toolsDir: '/repo/tools', tools: TOOLS, problems: [warning] } });
    const { code, stdout, stderr } = await run(['tools', 'lint'], value);
    expect(code).toBe(0);
    expect(seen.lint).toEqual([{ toolsDir: '/repo/tools', artifactDir: '/repo', registryOptions: REGISTRY_OPTIONS }]);
    expect(stdout).toBe('✓ kb_get 1.0.0  (tools/kb-get)\n✓ kb_search 1.2.0  (tools/kb-search)\nLint passed: 2 tools, no errors (1 warning).\n');
    expect(stderr).toMatch(/^warning: writer\/schema\.json: requiresConfirmation: \[ACODE-TBD-003\]/);
  });

  it('exits 1 listing every error', async () => {
    const { code, stderr } = await run(['tools', 'lint'], services({ lint: { toolsDir: '/repo/tools', tools: [], problems: MISTAKES } }).value);
    expect(code).toBe(1);
    expect(stderr.match(/\[ACODE-TBD-00\d\]/g)).toEqual(['[ACODE-TBD-001]', '[ACODE-TBD-004]', '[ACODE-TBD-007]', '[ACODE-TBD-003]']);
    expect(stderr).toContain('Lint failed: 3 errors in 2 tool folders, 1 warning.\n');
  });

  it('prints the tools and problems as JSON with --json', async () => {
    const { stdout, code } = await run(['tools', 'lint', '--json'], services({ lint: { toolsDir: '/repo/tools', tools: TOOLS, problems: MISTAKES } }).value);
    expect(code).toBe(1);
    const json = JSON.parse(stdout) as { ok: boolean; tools: unknown[]; problems: unknown[] };
    expect(json.ok).toBe(false);
    expect(json.tools).toHaveLength(2);
    expect(json.problems).toEqual(MISTAKES);
  });
});
