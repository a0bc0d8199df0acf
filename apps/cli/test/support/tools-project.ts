import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's shipped tool folders. */
export const REPO_TOOLS_DIR = fileURLToPath(new URL('../../../../tools', import.meta.url));

/** Fixture tool folders of these tests, by set: `exec` (valid tools that misbehave) and `broken` (one mistake of each kind). */
export const FIXTURE_TOOLS = {
  exec: fileURLToPath(new URL('../fixtures/tools-exec', import.meta.url)),
  broken: fileURLToPath(new URL('../fixtures/tools-broken', import.meta.url)),
} as const;

/** Fails with a clear message when the shipped tools are not there yet. */
export function assertRepoTools(): void {
  if (!existsSync(REPO_TOOLS_DIR) || readdirSync(REPO_TOOLS_DIR).length === 0) throw new Error(`${REPO_TOOLS_DIR} holds no tool folders`);
}

/**
 * A project directory: `.agent/config.yml` (so it is the project root), a copy of the shipped
 * `tools/` with the given fixture folders beside them, and the extra files asked for.
 */
export function makeToolsProject(dir: string, options: { fixtures?: readonly string[]; files?: Record<string, string> } = {}): string {
  mkdirSync(join(dir, '.agent'), { recursive: true });
  writeFileSync(join(dir, '.agent', 'config.yml'), 'tool_registry: {}\n');
  cpSync(REPO_TOOLS_DIR, join(dir, 'tools'), { recursive: true });
  for (const fixtures of options.fixtures ?? []) cpSync(fixtures, join(dir, 'tools'), { recursive: true });
  for (const [path, content] of Object.entries(options.files ?? {})) writeFileSync(join(dir, path), content);
  return dir;
}
