import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { setConfigValue } from '../../src/config/set-config-value.js';
import { showConfig } from '../../src/config/show-config.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

const KEY = 'model.providers.ollama.tool_call.text_formats';

/** A project file whose ollama `tool_call` sets `text_formats` to `value` (YAML). */
function withTextFormats(value: string) {
  const box = makeSandbox();
  const file = box.write('project/.agent/config.yml', `model:\n  providers:\n    ollama:\n      tool_call:\n        text_formats: ${value}\n`);
  return { file, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

describe('model.providers.<provider>.tool_call.text_formats', () => {
  it('reads a list of format names, keeping its order (the priority)', () => {
    expect(withTextFormats('[kimi, deepseek, fenced_json]').load().toolCall['ollama']).toEqual({ textFormats: ['kimi', 'deepseek', 'fenced_json'] });
    expect(withTextFormats('\n          - harmony\n          - tool_call_tag').load().toolCall['ollama']).toEqual({ textFormats: ['harmony', 'tool_call_tag'] });
  });

  it('refuses an unknown name with the file, the line, the key and the allowed names', () => {
    const { file, load } = withTextFormats('[kimi, hermes]');
    const error = catchConfigError(load, 'ACODE-CFG-002');
    expect(error.file).toBe(file);
    expect(error.key).toBe(`${KEY}[1]`);
    expect(error.message).toContain(`${file}:5:`);
    expect(error.message).toContain(`${KEY} lists string "hermes", which is not one of: tool_call_tag, tool_calls_marker, python_tag,`);
    expect(error.message).toContain('xlam, nemotron, apertus, lfm2, functiongemma, pythonic, fenced_json, bare_json');
  });

  it.each([
    ['a scalar', 'kimi', 'got string "kimi"'],
    ['an empty list', '[]', 'must be a non-empty list of distinct names from: tool_call_tag,'],
    ['a mapping', '{ kimi: true }', 'got mapping'],
    ['a number in the list', '[kimi, 3]', 'lists integer 3'],
    ['a name listed twice', '[kimi, deepseek, kimi]', 'lists "kimi" twice'],
  ])('refuses %s', (_label, value, got) => {
    const error = catchConfigError(withTextFormats(value).load, 'ACODE-CFG-002');
    expect(error.message).toContain(got);
  });

  it('is shown with every format as its default, and what the file sets otherwise', () => {
    const unset = showConfig(loadConfig({ cwd: makeSandbox().project, homeDir: makeSandbox().home }), KEY);
    expect(unset).toMatchObject({ ok: true });
    expect(unset.ok && Array.isArray(unset.value) ? unset.value.slice(0, 3) : undefined).toEqual(['tool_call_tag', 'tool_calls_marker', 'python_tag']);
    expect(showConfig(withTextFormats('[granite]').load(), KEY)).toMatchObject({ ok: true, value: ['granite'] });
  });

  it('can be set from the command line, and a wrong name is refused there too', () => {
    const { file, load } = withTextFormats('[kimi]');
    expect(setConfigValue({ file, key: KEY, rawValue: '[harmony, kimi]' })).toMatchObject({ ok: true });
    expect(load().toolCall['ollama']).toEqual({ textFormats: ['harmony', 'kimi'] });
    const refused = setConfigValue({ file, key: KEY, rawValue: '[harmony, chatml]' });
    expect(refused).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-002' } });
    expect(load().toolCall['ollama']).toEqual({ textFormats: ['harmony', 'kimi'] });
  });
});
