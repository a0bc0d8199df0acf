import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

function loadRegistrySection(lines: string) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', `tool_registry:\n${lines}\n`);
  return { file, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

/** Ranges as the assignment states them, written out rather than read from the implementation. */
const INTEGER_RANGES = [
  { key: 'max_schema_size', min: 1024, max: 1048576, limit: 'maxSchemaSizeBytes' },
  { key: 'max_schema_depth', min: 1, max: 64, limit: 'maxSchemaDepth' },
  { key: 'max_argument_size', min: 1024, max: 16777216, limit: 'maxArgumentSizeBytes' },
  { key: 'max_argument_depth', min: 1, max: 256, limit: 'maxArgumentDepth' },
  { key: 'max_errors', min: 1, max: 200, limit: 'maxValidationErrors' },
  { key: 'pattern_timeout_ms', min: 1, max: 10000, limit: 'patternTimeoutMs' },
] as const;

describe('loadConfig: tool_registry settings', () => {
  describe.each(INTEGER_RANGES)('$key', ({ key, min, max, limit }) => {
    it.each([min, max])('accepts %i', (value) => {
      expect(loadRegistrySection(`  ${key}: ${value}`).load().registry.limits[limit]).toBe(value);
    });

    it.each([min - 1, max + 1])('refuses %i naming file, key and range', (value) => {
      const { file, load } = loadRegistrySection(`  ${key}: ${value}`);
      const error = catchConfigError(load, 'ACODE-CFG-002');
      expect(error.file).toBe(file);
      expect(error.key).toBe(`tool_registry.${key}`);
      expect(error.message).toContain(`${file}:2:`);
      expect(error.message).toContain(`tool_registry.${key} must be an integer from ${min} to ${max}`);
      expect(error.message).toContain(`got integer ${value}`);
    });

    it('refuses a quoted number and says it got a string', () => {
      const error = catchConfigError(loadRegistrySection(`  ${key}: "${min}"`).load, 'ACODE-CFG-002');
      expect(error.message).toContain(`got string "${min}"`);
    });

    it('refuses a fraction', () => {
      const error = catchConfigError(loadRegistrySection(`  ${key}: ${min}.5`).load, 'ACODE-CFG-002');
      expect(error.message).toContain(`got number ${min}.5`);
    });
  });

  it('refuses an empty value instead of silently keeping the default', () => {
    const error = catchConfigError(loadRegistrySection('  max_errors:').load, 'ACODE-CFG-002');
    expect(error.message).toContain('got null');
  });

  it('names the type, not the content, of a collection given where a number belongs', () => {
    const error = catchConfigError(loadRegistrySection('  max_errors: { a: 1 }').load, 'ACODE-CFG-002');
    expect(error.message).toMatch(/got mapping$/);
  });

  it('shortens a long string value in the message', () => {
    const error = catchConfigError(loadRegistrySection(`  max_errors: ${'z'.repeat(5000)}`).load, 'ACODE-CFG-002');
    expect(error.message.length).toBeLessThan(400);
  });

  it('accepts strict_mode: true and refuses strict_mode: false, saying strict mode cannot be turned off', () => {
    expect(loadRegistrySection('  strict_mode: true').load().warnings).toEqual([]);
    const error = catchConfigError(loadRegistrySection('  strict_mode: false').load, 'ACODE-CFG-002');
    expect(error.key).toBe('tool_registry.strict_mode');
    expect(error.message).toContain('cannot be turned off');
    expect(error.message).not.toContain('got');
  });

  it('does not read YAML 1.1 words such as "yes" as booleans', () => {
    const error = catchConfigError(loadRegistrySection('  include_actual_values: yes').load, 'ACODE-CFG-002');
    expect(error.message).toContain('must be true or false; got string "yes"');
  });

  it('accepts include_actual_values: false', () => {
    expect(loadRegistrySection('  include_actual_values: false').load().registry.includeActualValues).toBe(false);
  });

  it('accepts cache_compiled_schemas: false with a warning that it is ignored', () => {
    const { file, load } = loadRegistrySection('  cache_compiled_schemas: false');
    const config = load();
    expect(config.warnings).toEqual([
      expect.objectContaining({ code: 'ACODE-CFG-002', file, key: 'tool_registry.cache_compiled_schemas', message: expect.stringContaining('always cached') }),
    ]);
  });

  it.each([
    ['debug', 'debug'],
    ['info', 'info'],
    ['warning', 'warn'],
    ['warn', 'warn'],
    ['error', 'error'],
  ])('maps validation_failure_log_level %s to %s', (written, level) => {
    expect(loadRegistrySection(`  validation_failure_log_level: ${written}`).load().registry.validationFailureLogLevel).toBe(level);
  });

  it('refuses an unknown log level and lists the allowed ones, case-sensitively', () => {
    const error = catchConfigError(loadRegistrySection('  validation_failure_log_level: Warning').load, 'ACODE-CFG-002');
    expect(error.message).toContain('one of debug, info, warning, warn, error');
    expect(error.message).toContain('got string "Warning"');
  });

  it('reads disabled_tools and refuses entries that are not names', () => {
    expect(loadRegistrySection('  disabled_tools: [command_execute, git_commit]').load().registry.disabledTools).toEqual([
      'command_execute',
      'git_commit',
    ]);
    const error = catchConfigError(loadRegistrySection('  disabled_tools: [command_execute, 42]').load, 'ACODE-CFG-002');
    expect(error.key).toBe('tool_registry.disabled_tools[1]');
    expect(error.message).toContain('got integer 42');
  });

  it('refuses a section that is not a mapping', () => {
    const box = makeSandbox();
    box.write('project/.agent/config.yml', 'tool_registry: [strict_mode]\n');
    const error = catchConfigError(() => loadConfig({ cwd: box.project, homeDir: box.home }), 'ACODE-CFG-002');
    expect(error.key).toBe('tool_registry');
    expect(error.message).toContain('must be a mapping; got list');
  });

  it('warns about unknown keys with file and dotted key, and still loads', () => {
    const box = makeSandbox();
    const file = box.write(
      'project/.agent/config.yml',
      [
        'disabled_tools: [x]',
        'tool_registry:',
        '  max_schma_size: 2048',
        '  max_errors: 9',
        'tools:',
        '  enabled: [file_read]',
        'model:',
        '  anything: { goes: here }',
      ].join('\n'),
    );

    const config = loadConfig({ cwd: box.project, homeDir: box.home });

    expect(config.registry.limits.maxValidationErrors).toBe(9);
    expect(config.warnings.map(({ code, file: f, key }) => ({ code, file: f, key }))).toEqual([
      { code: 'ACODE-CFG-003', file, key: 'disabled_tools' },
      { code: 'ACODE-CFG-003', file, key: 'tool_registry.max_schma_size' },
      { code: 'ACODE-CFG-003', file, key: 'tools.enabled' },
    ]);
    expect(config.warnings[1]!.message).toContain(`${file}:3:`);
  });

  it('quotes an unknown key that is not a plain identifier', () => {
    const config = loadRegistrySection('  "bad.key\\n": 1').load();
    expect(config.warnings[0]!.key).toBe('tool_registry["bad.key\\n"]');
  });
});
