import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProjectConfig } from '../../src/config/index.js';
import { resolveTelemetryPath } from '../../src/telemetry/index.js';
import { makeTempDir, openStore } from './telemetry-fixture.js';

function project(): { root: string; nested: string } {
  const root = makeTempDir();
  mkdirSync(join(root, '.agent'));
  writeFileSync(join(root, '.agent', 'config.yml'), 'model: {}\n');
  const nested = join(root, 'src', 'deep');
  mkdirSync(nested, { recursive: true });
  return { root, nested };
}

describe('resolveTelemetryPath', () => {
  it('puts the database beside the project config found walking up from cwd', () => {
    const { root, nested } = project();
    expect(resolveTelemetryPath({ cwd: nested })).toBe(join(root, '.agent', 'acode.db'));
  });

  it('falls back to <cwd>/.agent/acode.db when there is no project config', () => {
    const cwd = makeTempDir();
    // Only meaningful when nothing above the temp directory is a project.
    expect(findProjectConfig(cwd)).toBeUndefined();
    expect(resolveTelemetryPath({ cwd })).toBe(join(cwd, '.agent', 'acode.db'));
  });

  it('resolves a configured relative path against the project root, keeps absolute paths and :memory:', () => {
    const { root, nested } = project();
    expect(resolveTelemetryPath({ cwd: nested, configured: 'var/telemetry.db' })).toBe(join(root, 'var', 'telemetry.db'));
    expect(resolveTelemetryPath({ cwd: nested, configured: '/srv/acode/t.db' })).toBe('/srv/acode/t.db');
    expect(resolveTelemetryPath({ cwd: nested, configured: ':memory:' })).toBe(':memory:');
    expect(resolveTelemetryPath({ cwd: nested, configured: '  ' })).toBe(join(root, '.agent', 'acode.db'));
  });

  it('resolves against cwd when there is no project', () => {
    const cwd = makeTempDir();
    expect(resolveTelemetryPath({ cwd, configured: 'x.db' })).toBe(join(cwd, 'x.db'));
  });

  it('gives a path the store can create, .agent directory included', () => {
    const cwd = makeTempDir();
    const file = resolveTelemetryPath({ cwd });
    expect(openStore(file).stats().total).toBe(0);
    expect(findProjectConfig(cwd)).toBeUndefined();
  });
});
