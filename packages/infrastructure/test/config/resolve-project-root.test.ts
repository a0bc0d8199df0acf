import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveProjectRoot } from '../../src/config/resolve-project-root.js';

const root = mkdtempSync(join(tmpdir(), 'acode-project-root-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolveProjectRoot', () => {
  it('is the directory holding the .agent/ of the nearest config, from any subdirectory', () => {
    const project = join(root, 'project');
    mkdirSync(join(project, '.agent'), { recursive: true });
    writeFileSync(join(project, '.agent', 'config.yml'), 'tool_registry: {}\n');
    const deep = join(project, 'src', 'a', 'b');
    mkdirSync(deep, { recursive: true });
    expect(resolveProjectRoot(deep)).toBe(project);
    expect(resolveProjectRoot(project)).toBe(project);
  });

  it('is the working directory itself when no config is found (an .agent/ without config.yml does not count)', () => {
    const bare = join(root, 'bare', 'sub');
    mkdirSync(join(root, 'bare', '.agent'), { recursive: true });
    mkdirSync(bare, { recursive: true });
    expect(resolveProjectRoot(bare)).toBe(bare);
  });
});
