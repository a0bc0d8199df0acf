import { describe, expect, it } from 'vitest';
import { loadConfig, normalizeCategory } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

function loadProject(content: string) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', content);
  return { file, config: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

describe('loadConfig: custom tools', () => {
  it('reads all three key spellings, in order, each entry remembering its source', () => {
    const { file, config } = loadProject(
      [
        'tools:',
        '  custom_tools:',
        '    - { name: scenario_six_a, version: "1.0.0" }',
        '    - { name: scenario_six_b, version: "1.0.0" }',
        '  custom:',
        '    - { name: from_004, version: "1.0.0" }',
        'tool_registry:',
        '  custom_tools:',
        '    - { name: from_000, version: "1.0.0" }',
      ].join('\n'),
    );

    const tools = config().customTools;

    expect(tools.map((tool) => [(tool.definition as { name: string }).name, tool.source])).toEqual([
      ['from_000', `${file}#tool_registry.custom_tools[0]`],
      ['from_004', `${file}#tools.custom[0]`],
      ['scenario_six_a', `${file}#tools.custom_tools[0]`],
      ['scenario_six_b', `${file}#tools.custom_tools[1]`],
    ]);
  });

  it("reads 000 scenario 6's tool as a definition", () => {
    const { config } = loadProject(
      [
        'tools:',
        '  custom_tools:',
        '    - name: custom_greeting',
        '      version: 1.0.0',
        '      category: Custom',
        '      description: Generates a personalized greeting message',
        '      parameters:',
        '        type: object',
        '        properties:',
        '          name:',
        '            type: string',
        '            description: Name of the person to greet',
        '            maxLength: 100',
        '          style:',
        '            type: string',
        '            enum: [formal, casual, enthusiastic]',
        '            default: casual',
        '        required:',
        '          - name',
        '        additionalProperties: false',
      ].join('\n'),
    );

    const loaded = config();

    expect(loaded.warnings).toEqual([]);
    expect(loaded.customTools[0]!.definition).toEqual({
      name: 'custom_greeting',
      version: '1.0.0',
      category: 'custom',
      description: 'Generates a personalized greeting message',
      parameters: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Name of the person to greet', maxLength: 100 },
          style: { type: 'string', enum: ['formal', 'casual', 'enthusiastic'], default: 'casual' },
        },
        required: ['name'],
        additionalProperties: false,
      },
    });
  });

  it('renames snake_case fields to the definition fields and leaves schema property names alone', () => {
    const { config } = loadProject(
      [
        'tool_registry:',
        '  custom_tools:',
        '    - name: deploy',
        '      version: "2.1.0"',
        '      required_permissions: [tool.network.fetch]',
        '      requires_confirmation: true',
        '      allowed_modes: [text]',
        '      side_effects: writes',
        '      latency_budget_ms: 500',
        '      output_schema: { type: object }',
        '      constraints: { max_execution_time_ms: 5000, allow_side_effects: true }',
        '      parameters:',
        '        type: object',
        '        properties:',
        '          target_env: { type: string, description: Where to deploy }',
        '        additionalProperties: false',
      ].join('\n'),
    );

    expect(config().customTools[0]!.definition).toEqual({
      name: 'deploy',
      version: '2.1.0',
      requiredPermissions: ['tool.network.fetch'],
      requiresConfirmation: true,
      allowedModes: ['text'],
      sideEffects: 'writes',
      latencyBudgetMs: 500,
      outputSchema: { type: 'object' },
      constraints: { maxExecutionTimeMs: 5000, allowSideEffects: true },
      parameters: {
        type: 'object',
        properties: { target_env: { type: 'string', description: 'Where to deploy' } },
        additionalProperties: false,
      },
    });
  });

  it('keeps camelCase when both spellings of a field are written, with a warning', () => {
    const { config } = loadProject(
      'tools:\n  custom:\n    - { name: t, version: "1.0.0", requiresConfirmation: true, requires_confirmation: false }\n',
    );
    const loaded = config();
    expect((loaded.customTools[0]!.definition as { requiresConfirmation: boolean }).requiresConfirmation).toBe(true);
    expect(loaded.warnings).toEqual([expect.objectContaining({ key: 'tools.custom[0].requires_confirmation' })]);
  });

  it.each([
    ['Custom', 'custom'],
    ['FileSystem', 'file_system'],
    ['Web', 'network'],
    ['Data', 'database'],
    ['VersionControl', 'version_control'],
    ['CodeExecution', 'code_execution'],
    ['ExternalAPI', 'external_api'],
    ['file-system', 'file_system'],
    ['SYSTEM', 'system'],
  ])('normalises the category %s to %s', (written, category) => {
    const { config } = loadProject(`tools:\n  custom:\n    - { name: t, version: "1.0.0", category: ${written} }\n`);
    expect((config().customTools[0]!.definition as { category: string }).category).toBe(category);
  });

  it('passes an unknown category through for the registry to report', () => {
    expect(normalizeCategory('Spaceship')).toBe('Spaceship');
    expect(normalizeCategory(7)).toBe(7);
  });

  it('keeps a version YAML read as a number as the text written, and warns', () => {
    const { file, config } = loadProject(
      'tools:\n  custom:\n    - { name: a, version: 1.0 }\n    - { name: b, version: 1 }\n    - { name: c, version: 1.0.0 }\n    - { name: d, version: "1.0.0" }\n',
    );
    const loaded = config();
    expect(loaded.customTools.map((tool) => (tool.definition as { version: string }).version)).toEqual(['1.0', '1', '1.0.0', '1.0.0']);
    expect(loaded.warnings.map(({ code, file: f, key }) => ({ code, file: f, key }))).toEqual([
      { code: 'ACODE-CFG-002', file, key: 'tools.custom[0].version' },
      { code: 'ACODE-CFG-002', file, key: 'tools.custom[1].version' },
    ]);
    expect(loaded.warnings[0]!.message).toContain(`${file}:3:27:`);
    expect(loaded.warnings[0]!.message).toContain('"1.0.0"');
  });

  it('passes malformed entries through, so one broken tool never stops the others', () => {
    const { file, config } = loadProject(
      [
        'tools:',
        '  custom:',
        '    - just a string',
        '    - [1, 2]',
        '    - { name: 42, parameters: not-a-schema }',
        '    - null',
        '    - { name: fine, version: "1.0.0" }',
      ].join('\n'),
    );

    const tools = config().customTools;

    expect(tools.map((tool) => tool.definition)).toEqual([
      'just a string',
      [1, 2],
      { name: 42, parameters: 'not-a-schema' },
      null,
      { name: 'fine', version: '1.0.0' },
    ]);
    expect(tools[4]!.source).toBe(`${file}#tools.custom[4]`);
  });

  it('treats an empty list key as no tools', () => {
    expect(loadProject('tools:\n  custom:\n').config().customTools).toEqual([]);
  });

  it('refuses a custom tool key that is not a list', () => {
    const error = catchConfigError(loadProject('tool_registry:\n  custom_tools: { name: t }\n').config, 'ACODE-CFG-002');
    expect(error.key).toBe('tool_registry.custom_tools');
    expect(error.message).toContain('must be a list of tool definitions; got mapping');
  });
});
