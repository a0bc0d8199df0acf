import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

const PREFIX = 'model.providers.ollama.tool_call';

/** A project file whose `model.providers.ollama.tool_call` holds `lines` (indented by the caller). */
function loadToolCall(lines: string) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', `model:\n  providers:\n    ollama:\n      tool_call:\n${lines}\n`);
  return { file, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

const set = (key: string, value: string) => loadToolCall(`        ${key}: ${value}`);

/** 002's ranges, written out rather than read from the implementation. */
const INTEGER_RANGES = [
  { key: 'max_retries', field: 'maxRetries', min: 1, max: 10 },
  { key: 'retry_delay_ms', field: 'retryDelayMs', min: 0, max: 60000 },
  { key: 'repair_timeout_ms', field: 'repairTimeoutMs', min: 1, max: 10000 },
  { key: 'max_nesting_depth', field: 'maxNestingDepth', min: 1, max: 256 },
  { key: 'max_argument_size', field: 'maxArgumentSize', min: 1024, max: 16777216 },
] as const;

const BOOLEANS = [
  { key: 'enable_auto_repair', field: 'enableAutoRepair' },
  { key: 'log_repair_details', field: 'logRepairDetails' },
  { key: 'log_argument_values', field: 'logArgumentValues' },
  { key: 'extract_from_content', field: 'extractFromContent' },
  { key: 'strict_schemas', field: 'strictSchemas' },
] as const;

describe('loadConfig: model.providers.<provider>.tool_call', () => {
  it('reads every key of 002 into camelCase settings, without warnings', () => {
    const config = loadToolCall(
      [
        '        max_retries: 5',
        '        retry_delay_ms: 250',
        '        enable_auto_repair: false',
        '        repair_timeout_ms: 50',
        '        strict_validation: true',
        '        max_nesting_depth: 32',
        '        max_argument_size: 2048',
        '        log_repair_details: false',
        '        log_argument_values: true',
        '        retry_prompt_template: "Fix {tool_name}: {error_message}"',
        '        extract_from_content: false',
        '        strict_schemas: true',
      ].join('\n'),
    ).load();

    expect(config.warnings).toEqual([]);
    expect(config.toolCall).toEqual({
      ollama: {
        maxRetries: 5,
        retryDelayMs: 250,
        enableAutoRepair: false,
        repairTimeoutMs: 50,
        strictValidation: true,
        maxNestingDepth: 32,
        maxArgumentSize: 2048,
        logRepairDetails: false,
        logArgumentValues: true,
        retryPromptTemplate: 'Fix {tool_name}: {error_message}',
        extractFromContent: false,
        strictSchemas: true,
      },
    });
  });

  it('holds only the keys written, so the catalog can put the defaults beneath', () => {
    expect(set('max_retries', '2').load().toolCall).toEqual({ ollama: { maxRetries: 2 } });
  });

  it('has no entry for a provider without tool_call, and an empty one for an empty tool_call', () => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', 'model:\n  providers:\n    ollama:\n      base_url: http://localhost:11434\n    vllm:\n      tool_call:\n');
    expect(loadConfig({ cwd: box.project, homeDir: box.home }).toolCall).toEqual({ vllm: {} });
  });

  it('is empty when there is no model section', () => {
    const box = makeSandbox();
    expect(loadConfig({ cwd: box.project, homeDir: box.home }).toolCall).toEqual({});
  });

  describe.each(INTEGER_RANGES)('$key', ({ key, field, min, max }) => {
    it.each([min, max])('accepts %i', (value) => {
      expect(set(key, String(value)).load().toolCall['ollama']).toEqual({ [field]: value });
    });

    it.each([min - 1, max + 1])('refuses %i naming file, line, dotted key and range', (value) => {
      const { file, load } = set(key, String(value));
      const error = catchConfigError(load, 'ACODE-CFG-002');
      expect(error.file).toBe(file);
      expect(error.key).toBe(`${PREFIX}.${key}`);
      expect(error.message).toContain(`${file}:5:`);
      expect(error.message).toContain(`${PREFIX}.${key} must be an integer from ${min} to ${max}`);
      expect(error.message).toContain(`got integer ${value}`);
    });

    it.each([
      [`"${min}"`, `got string "${min}"`],
      [`${min}.5`, `got number ${min}.5`],
      ['true', 'got boolean true'],
      ['[1]', 'got list'],
      ['', 'got null'],
    ])('refuses %s with its type named', (written, got) => {
      const error = catchConfigError(set(key, written).load, 'ACODE-CFG-002');
      expect(error.key).toBe(`${PREFIX}.${key}`);
      expect(error.message).toContain(got);
    });
  });

  describe.each(BOOLEANS)('$key', ({ key, field }) => {
    it.each([true, false])('accepts %s', (value) => {
      expect(set(key, String(value)).load().toolCall['ollama']).toEqual({ [field]: value });
    });

    it.each([
      ['yes', 'got string "yes"'],
      ['1', 'got integer 1'],
      ['"true"', 'got string "true"'],
    ])('refuses %s (no YAML 1.1 or string coercion)', (written, got) => {
      const error = catchConfigError(set(key, written).load, 'ACODE-CFG-002');
      expect(error.key).toBe(`${PREFIX}.${key}`);
      expect(error.message).toContain(`${PREFIX}.${key} must be true or false; ${got}`);
    });
  });

  describe('strict_validation', () => {
    it('accepts true', () => {
      expect(set('strict_validation', 'true').load().toolCall['ollama']).toEqual({ strictValidation: true });
    });

    it('refuses false, saying strict validation cannot be turned off', () => {
      const error = catchConfigError(set('strict_validation', 'false').load, 'ACODE-CFG-002');
      expect(error.key).toBe(`${PREFIX}.strict_validation`);
      expect(error.message).toContain(`${PREFIX}.strict_validation cannot be false`);
      expect(error.message).toContain('always validated strictly');
    });

    it('refuses a non-boolean', () => {
      const error = catchConfigError(set('strict_validation', 'off').load, 'ACODE-CFG-002');
      expect(error.message).toContain('must be true; got string "off"');
    });
  });

  describe('retry_prompt_template', () => {
    it('accepts a block scalar using every known placeholder, without warnings', () => {
      const template = ['        retry_prompt_template: |', '          {error_type} at {error_position}: {error_message}', '          {malformed_json} for {tool_name}', '          {schema_example}'];
      const config = loadToolCall(template.join('\n')).load();
      expect(config.warnings).toEqual([]);
      expect(config.toolCall['ollama']!.retryPromptTemplate).toBe(
        '{error_type} at {error_position}: {error_message}\n{malformed_json} for {tool_name}\n{schema_example}\n',
      );
    });

    it('does not mistake JSON braces in the template for placeholders', () => {
      const config = set('retry_prompt_template', `'Use {"path": "a.txt"} for {tool_name}'`).load();
      expect(config.warnings).toEqual([]);
    });

    it('accepts unknown placeholders with a warning that names them and lists the known ones', () => {
      const { file, load } = set('retry_prompt_template', '"Fix {tool_nmae} at {error_position}, see {hint} and {hint}"');
      const config = load();
      expect(config.toolCall['ollama']!.retryPromptTemplate).toBe('Fix {tool_nmae} at {error_position}, see {hint} and {hint}');
      expect(config.warnings).toHaveLength(1);
      const warning = config.warnings[0]!;
      expect(warning).toMatchObject({ code: 'ACODE-CFG-002', file, key: `${PREFIX}.retry_prompt_template` });
      expect(warning.message).toContain(`${file}:5:`);
      expect(warning.message).toContain('unknown placeholders "{tool_nmae}", "{hint}",');
      expect(warning.message).toContain('{error_type}, {error_position}, {error_message}, {malformed_json}, {tool_name}, {schema_example}');
    });

    it('names at most a few unknown placeholders in one warning', () => {
      const names = Array.from({ length: 200 }, (_, i) => `{p${i}}`).join(' ');
      const config = set('retry_prompt_template', `"${names}"`).load();
      expect(config.warnings[0]!.message).toContain('and 195 more');
      expect(config.warnings[0]!.message.length).toBeLessThan(500);
    });

    it('accepts exactly 8 KiB and refuses one byte more, stating the size', () => {
      expect(set('retry_prompt_template', 'a'.repeat(8192)).load().toolCall['ollama']!.retryPromptTemplate).toHaveLength(8192);
      const error = catchConfigError(set('retry_prompt_template', 'a'.repeat(8193)).load, 'ACODE-CFG-002');
      expect(error.message).toContain(`${PREFIX}.retry_prompt_template must be a non-empty string of at most 8192 bytes; got 8193 bytes`);
    });

    it('counts bytes, not characters: 2731 three-byte characters are over 8 KiB', () => {
      const error = catchConfigError(set('retry_prompt_template', '€'.repeat(2731)).load, 'ACODE-CFG-002');
      expect(error.message).toContain('got 8193 bytes');
    });

    it.each([
      ['""', 'got string ""'],
      ['"   "', 'got string "   "'],
      ['42', 'got integer 42'],
      ['{ a: 1 }', 'got mapping'],
    ])('refuses %s', (written, got) => {
      const error = catchConfigError(set('retry_prompt_template', written).load, 'ACODE-CFG-002');
      expect(error.message).toContain(`must be a non-empty string of at most 8192 bytes; ${got}`);
    });
  });

  it('warns about unknown keys inside tool_call with file, line and dotted key, and keeps the rest', () => {
    const { file, load } = loadToolCall(['        max_retry: 4', '        max_retries: 4', '        repair: false'].join('\n'));
    const config = load();
    expect(config.toolCall).toEqual({ ollama: { maxRetries: 4 } });
    expect(config.warnings.map(({ code, key }) => ({ code, key }))).toEqual([
      { code: 'ACODE-CFG-003', key: `${PREFIX}.max_retry` },
      { code: 'ACODE-CFG-003', key: `${PREFIX}.repair` },
    ]);
    expect(config.warnings[0]!.message).toContain(`${file}:5:`);
  });

  it('does not accept camelCase spellings of the keys', () => {
    const config = set('maxRetries', '4').load();
    expect(config.toolCall).toEqual({ ollama: {} });
    expect(config.warnings[0]!.key).toBe(`${PREFIX}.maxRetries`);
  });

  it('accepts the provider keys of a later issue without warnings and keeps them raw', () => {
    const box = makeSandbox();
    box.write(
      'project/.agent/config.yml',
      [
        'model:',
        '  default: ollama',
        '  providers:',
        '    ollama:',
        '      base_url: http://localhost:11434',
        '      model: qwen2.5-coder:7b',
        '      timeout_ms: 30000',
        '      api_key_env: OLLAMA_KEY',
        '      tool_call: { max_retries: 2 }',
      ].join('\n'),
    );
    const config = loadConfig({ cwd: box.project, homeDir: box.home });
    expect(config.warnings).toEqual([]);
    expect(config.toolCall).toEqual({ ollama: { maxRetries: 2 } });
    expect((config.model as { providers: { ollama: { base_url: string } } }).providers.ollama.base_url).toBe('http://localhost:11434');
  });

  it('keeps each provider separate', () => {
    const box = makeSandbox();
    box.write(
      'project/.agent/config.yml',
      'model:\n  providers:\n    ollama:\n      tool_call: { max_retries: 2 }\n    openai-compatible:\n      tool_call: { max_retries: 7, enable_auto_repair: false }\n',
    );
    expect(loadConfig({ cwd: box.project, homeDir: box.home }).toolCall).toEqual({
      ollama: { maxRetries: 2 },
      'openai-compatible': { maxRetries: 7, enableAutoRepair: false },
    });
  });

  it('names the provider in the dotted key of an error', () => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', 'model:\n  providers:\n    lm_studio:\n      tool_call: { max_nesting_depth: 0 }\n');
    const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home }), 'ACODE-CFG-002');
    expect(error.key).toBe('model.providers.lm_studio.tool_call.max_nesting_depth');
  });

  it.each([
    ['Ollama', '"Ollama"'],
    ['1ollama', '"1ollama"'],
    ['"my provider"', '"my provider"'],
    ['__proto__', '"__proto__"'],
    ['a'.repeat(65), `"${'a'.repeat(65)}"`],
  ])('refuses the provider name %s', (name, shown) => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', `model:\n  providers:\n    ${name}:\n      tool_call: { max_retries: 2 }\n`);
    const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home }), 'ACODE-CFG-002');
    expect(error.message).toContain(`provider name ${shown} under model.providers must be lowercase letters`);
  });

  it('accepts a provider name of exactly 64 characters', () => {
    const name = `p${'1'.repeat(63)}`;
    const box = makeSandbox();
    box.write('project/.agent/config.yml', `model:\n  providers:\n    ${name}:\n      tool_call: { max_retries: 2 }\n`);
    expect(Object.keys(loadConfig({ cwd: box.project, homeDir: box.home }).toolCall)).toEqual([name]);
  });

  it.each([
    ['model:\n  providers: [ollama]\n', 'model.providers', 'must be a mapping; got list'],
    ['model:\n  providers:\n    ollama: fast\n', 'model.providers.ollama', 'must be a mapping; got string "fast"'],
    ['model:\n  providers:\n    ollama:\n      tool_call: 3\n', `${PREFIX}`, 'must be a mapping; got integer 3'],
  ])('refuses a non-mapping where a mapping belongs (%#)', (yaml, key, text) => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', yaml);
    const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home }), 'ACODE-CFG-002');
    expect(error.key).toBe(key);
    expect(error.message).toContain(`${key} ${text}`);
  });

  it('leaves a model section that is not a mapping to the later provider settings', () => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', 'model: qwen2.5-coder\n');
    const config = loadConfig({ cwd: box.project, homeDir: box.home });
    expect(config.toolCall).toEqual({});
    expect(config.model).toBe('qwen2.5-coder');
  });

  it('refuses a hostile value without echoing all of it', () => {
    const error = catchConfigError(set('max_retries', `"${'9'.repeat(100_000)}"`).load, 'ACODE-CFG-002');
    expect(error.message.length).toBeLessThan(400);
  });

  it('reads a tool_call shared through a YAML anchor for each provider', () => {
    const box = makeSandbox();
    box.write(
      'project/.agent/config.yml',
      'model:\n  providers:\n    ollama:\n      tool_call: &shared { max_retries: 4 }\n    vllm:\n      tool_call: *shared\n',
    );
    expect(loadConfig({ cwd: box.project, homeDir: box.home }).toolCall).toEqual({ ollama: { maxRetries: 4 }, vllm: { maxRetries: 4 } });
  });

  it('deep-freezes the settings', () => {
    const config = set('max_retries', '4').load();
    expect(Object.isFrozen(config.toolCall)).toBe(true);
    expect(Object.isFrozen(config.toolCall['ollama'])).toBe(true);
  });

  describe('layering with ~/.acode/config.yml', () => {
    it('merges key by key per provider, the project file winning', () => {
      const box = makeSandbox();
      box.write(
        'home/.acode/config.yml',
        'model:\n  providers:\n    ollama:\n      tool_call: { max_retries: 5, retry_delay_ms: 300 }\n    vllm:\n      tool_call: { extract_from_content: false }\n',
      );
      box.write('project/.agent/config.yml', 'model:\n  providers:\n    ollama:\n      tool_call: { max_retries: 2, enable_auto_repair: false }\n');

      expect(loadConfig({ cwd: box.project, homeDir: box.home }).toolCall).toEqual({
        ollama: { maxRetries: 2, retryDelayMs: 300, enableAutoRepair: false },
        vllm: { extractFromContent: false },
      });
    });

    it('reports an error in the user file with the user file named', () => {
      const box = makeSandbox();
      const user = box.write('home/.acode/config.yml', 'model:\n  providers:\n    ollama:\n      tool_call: { max_retries: 11 }\n');
      box.write('project/.agent/config.yml', 'model:\n  providers:\n    ollama:\n      tool_call: { max_retries: 2 }\n');
      const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home }), 'ACODE-CFG-002');
      expect(error.file).toBe(user);
      expect(error.message).toContain(`${user}:4:`);
    });

    it('keeps warnings from both files, each with its own file', () => {
      const box = makeSandbox();
      const user = box.write('home/.acode/config.yml', 'model:\n  providers:\n    ollama:\n      tool_call: { retries: 5 }\n');
      const project = box.write('project/.agent/config.yml', 'model:\n  providers:\n    ollama:\n      tool_call: { delay: 1 }\n');
      const warnings = loadConfig({ cwd: box.project, homeDir: box.home }).warnings;
      expect(warnings.map(({ file, key }) => ({ file, key }))).toEqual([
        { file: user, key: `${PREFIX}.retries` },
        { file: project, key: `${PREFIX}.delay` },
      ]);
    });
  });
});
