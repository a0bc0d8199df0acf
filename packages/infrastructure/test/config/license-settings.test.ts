import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LICENSE_SETTINGS, DEFAULT_LICENSE_TIER, licenseContextOf, loadConfig, setConfigValue, showConfig } from '../../src/config/index.js';
import { catchConfigError, makeSandbox } from './config-fixture.js';

// Issue 16 item 3: `license.tier` (001 §3.2) in .agent/config.yml.

function load(projectText?: string, userText?: string) {
  const box = makeSandbox();
  const file = join(box.project, '.agent', 'config.yml');
  if (projectText !== undefined) box.write('project/.agent/config.yml', projectText);
  if (userText !== undefined) box.write('home/.acode/config.yml', userText);
  return { file, dir: box.project, load: () => loadConfig({ cwd: box.project, homeDir: box.home }) };
}

describe('license:', () => {
  it('defaults to enterprise (no limits) when no file names a tier', () => {
    expect(DEFAULT_LICENSE_TIER).toBe('enterprise');
    expect(load().load().license).toEqual(DEFAULT_LICENSE_SETTINGS);
    expect(load('tool_registry: {}\n').load().license).toEqual({ tier: 'enterprise' });
    expect(load('license:\n').load().license).toEqual({ tier: 'enterprise' });
  });

  it.each(['core', 'writer_pro', 'teams', 'enterprise'])('reads tier %s', (tier) => {
    const config = load(`license:\n  tier: ${tier}\n`).load();
    expect(config.license.tier).toBe(tier);
    expect(config.warnings).toEqual([]);
  });

  it('lets the project file override the user file', () => {
    expect(load('license:\n  tier: teams\n', 'license:\n  tier: core\n').load().license.tier).toBe('teams');
    expect(load('tool_registry: {}\n', 'license:\n  tier: writer_pro\n').load().license.tier).toBe('writer_pro');
  });

  it.each([['WriterPro'], ['gold'], ['""'], ['1'], ['[core]'], ['null'], ['Core']])('refuses tier %s with ACODE-CFG-002 naming the key and the tiers', (value) => {
    const { file, load: run } = load(`license:\n  tier: ${value}\n`);
    const error = catchConfigError(run, 'ACODE-CFG-002');
    expect(error.file).toBe(file);
    expect(error.message).toContain('license.tier');
    expect(error.message).toContain('core, writer_pro, teams, enterprise');
  });

  it('refuses a license section that is not a mapping', () => {
    const error = catchConfigError(load('license: core\n').load, 'ACODE-CFG-002');
    expect(error.message).toContain('license');
  });

  it('warns about an unknown key and goes on', () => {
    const config = load('license:\n  tier: teams\n  seats: 20\n').load();
    expect(config.license.tier).toBe('teams');
    expect(config.warnings.map((warning) => [warning.code, warning.key])).toEqual([['ACODE-CFG-003', 'license.seats']]);
  });
});

describe('licenseContextOf', () => {
  it('gives the configured tier as a plain ILicenseContext', () => {
    expect(licenseContextOf(load('license:\n  tier: writer_pro\n').load())).toEqual({ tier: 'writer_pro' });
    expect(licenseContextOf(load().load())).toEqual({ tier: 'enterprise' });
  });

  it('cannot be changed by whoever holds it', () => {
    const context = licenseContextOf(load('license:\n  tier: core\n').load());
    expect(Object.isFrozen(context)).toBe(true);
  });
});

describe('config show / set license', () => {
  it('shows license.tier with its default, in the section and in the whole configuration', () => {
    const config = load('tool_registry: {}\n').load();
    expect(showConfig(config, 'license')).toMatchObject({ ok: true, target: { kind: 'section' }, value: { tier: 'enterprise' } });
    expect(showConfig(config, 'license.tier')).toMatchObject({ ok: true, target: { kind: 'setting' }, value: 'enterprise' });
    expect(showConfig(config)).toMatchObject({ ok: true, value: { license: { tier: 'enterprise' } } });
    expect(showConfig(load('license:\n  tier: teams\n').load(), 'license.tier')).toMatchObject({ ok: true, value: 'teams' });
  });

  it('refuses an unknown license key with ACODE-CFG-003 naming the keys there are', () => {
    const result = showConfig(load().load(), 'license.seats');
    expect(result).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-003' } });
    if (!result.ok) expect(result.problem.message).toContain('keys of license: tier');
  });

  it('sets license.tier in the file, and the loader reads it back', () => {
    const project = load('# keep me\ntool_registry:\n  max_errors: 20\n');
    const result = setConfigValue({ file: project.file, key: 'license.tier', rawValue: 'writer_pro' });
    expect(result).toMatchObject({ ok: true, previous: undefined, value: 'writer_pro' });
    expect(readFileSync(project.file, 'utf8')).toContain('# keep me');
    expect(project.load().license.tier).toBe('writer_pro');
  });

  it('refuses a tier that does not exist and leaves the file as it was', () => {
    const text = 'license:\n  tier: teams\n';
    const project = load(text);
    const result = setConfigValue({ file: project.file, key: 'license.tier', rawValue: 'platinum' });
    expect(result).toMatchObject({ ok: false, problem: { code: 'ACODE-CFG-002' } });
    if (!result.ok) expect(result.problem.message).toContain('one of core, writer_pro, teams, enterprise');
    expect(readFileSync(project.file, 'utf8')).toBe(text);
  });
});
