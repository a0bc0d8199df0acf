import { isToolErrorLike } from '@acode/domain';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceAccess } from '../../src/execution/workspace-access.js';
import { makeTempDir } from './runner-fixture.js';

let base: string;
let root: string;

beforeEach(() => {
  base = makeTempDir('acode-ws-');
  root = join(base, 'ws');
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(join(root, 'docs', 'readme.md'), 'hi');
  // A sibling sharing the root's name as a prefix: `/…/ws-evil` is not inside `/…/ws`.
  mkdirSync(join(base, 'ws-evil'));
  writeFileSync(join(base, 'ws-evil', 'secret.txt'), 'secret');
});

async function refusal(path: unknown): Promise<{ type: string; message: string; suggestion?: string }> {
  try {
    await createWorkspaceAccess(root).resolve(path as string);
  } catch (error) {
    expect(isToolErrorLike(error)).toBe(true);
    return error as { type: string; message: string; suggestion?: string };
  }
  throw new Error(`expected ${String(path)} to be refused`);
}

describe('createWorkspaceAccess', () => {
  it('exposes the real path of the root', () => {
    symlinkSync(root, join(base, 'ws-link'));
    expect(createWorkspaceAccess(join(base, 'ws-link')).root).toBe(realpathSync(root));
  });

  it.each([
    ['a relative file', 'docs/readme.md', ['docs', 'readme.md']],
    ['the root itself', '.', []],
    ['an absolute path inside', null, ['docs']],
    ['a path with harmless ..', 'docs/../docs/readme.md', ['docs', 'readme.md']],
    ['a file not created yet, in a new nested directory', 'new/deeper/file.txt', ['new', 'deeper', 'file.txt']],
    ['unicode names', 'docs/日本語 ü ✓.md', ['docs', '日本語 ü ✓.md']],
  ])('resolves %s inside the root', async (_name, path, segments) => {
    const given = path ?? join(root, 'docs');
    await expect(createWorkspaceAccess(root).resolve(given)).resolves.toBe(join(root, ...segments));
  });

  it('follows a symlink that stays inside the workspace', async () => {
    symlinkSync(join(root, 'docs'), join(root, 'docs-link'));
    await expect(createWorkspaceAccess(root).resolve('docs-link/readme.md')).resolves.toBe(join(root, 'docs', 'readme.md'));
  });

  it.each([
    ['a traversal', '../../etc/passwd'],
    ['an absolute path outside', '/etc/passwd'],
    ['a traversal after a segment', 'a/../../x'],
    ['a sibling sharing the prefix', '../ws-evil/secret.txt'],
  ])('refuses %s as POLICY_DENIED, quoting only the path given', async (_name, path) => {
    const error = await refusal(path);
    expect(error.type).toBe('POLICY_DENIED');
    expect(error.message).toBe(`Path '${path}' is outside the workspace root`);
    expect(error.suggestion).toMatch(/inside the workspace/);
  });

  it('refuses the sibling by absolute path too (no string-prefix comparison)', async () => {
    const error = await refusal(join(base, 'ws-evil', 'secret.txt'));
    expect(error.type).toBe('POLICY_DENIED');
    expect(error.message).toMatch(/is outside the workspace root$/);
  });

  it('refuses a symlink to /etc, and a file to create beneath it', async () => {
    symlinkSync('/etc', join(root, 'etc-link'));
    expect((await refusal('etc-link/passwd')).message).toBe("Path 'etc-link/passwd' is outside the workspace root");
    expect((await refusal('etc-link/not-there/new.txt')).type).toBe('POLICY_DENIED');
  });

  it('refuses a symlinked directory that points at the sibling', async () => {
    symlinkSync(join(base, 'ws-evil'), join(root, 'innocent'));
    expect((await refusal('innocent/secret.txt')).type).toBe('POLICY_DENIED');
  });

  it('refuses a symlink loop without hanging', async () => {
    symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
    symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
    const error = await refusal('loop-a/file.txt');
    expect(error).toMatchObject({ type: 'POLICY_DENIED', message: "Path 'loop-a/file.txt' leads through a symlink loop" });
  });

  it('refuses a dangling symlink (writing through it would create a file outside)', async () => {
    symlinkSync(join(base, 'outside-new.txt'), join(root, 'dangling'));
    expect(await refusal('dangling')).toMatchObject({ type: 'POLICY_DENIED', message: "Path 'dangling' is a symlink whose target does not exist" });
  });

  it.each<[string, unknown, string]>([
    ['a number', 42, 'A path must be a string'],
    ['null', null, 'A path must be a string'],
    ['an empty path', '', 'A path must not be empty'],
    ['a NUL byte', 'docs/\0/x', 'A path must not contain NUL characters'],
    ['an oversized path', 'a/'.repeat(2049), 'A path must be at most 4096 characters'],
  ])('refuses %s as VALIDATION', async (_name, path, message) => {
    expect(await refusal(path)).toMatchObject({ type: 'VALIDATION', message });
  });

  it('replaces control characters and cuts long paths in messages', async () => {
    const error = await refusal(`../\u001b[31m${'x'.repeat(300)}`);
    expect(error.message).toBe(`Path '../?[31m${'x'.repeat(192)}…' is outside the workspace root`);
    expect(error.message).not.toContain('\u001b');
  });

  it('refuses a name longer than the file system allows as VALIDATION', async () => {
    expect(await refusal(`docs/${'n'.repeat(300)}`)).toMatchObject({ type: 'VALIDATION', message: expect.stringMatching(/has a name longer than the file system allows$/) });
  });

  it('refuses everything when the root does not exist', async () => {
    const missing = createWorkspaceAccess(join(base, 'nowhere'));
    await expect(missing.resolve('file.txt')).rejects.toMatchObject({ type: 'POLICY_DENIED', message: "Path 'file.txt' cannot be used: the workspace root does not exist" });
  });
});

describe('protected paths (issue 13)', () => {
  async function refusedFor(access: ReturnType<typeof createWorkspaceAccess>, path: string, kind?: 'read' | 'write') {
    try {
      await access.resolve(path, kind);
    } catch (error) {
      expect(isToolErrorLike(error)).toBe(true);
      return error as { type: string; message: string; suggestion?: string };
    }
    throw new Error(`expected ${path} (${kind ?? 'default'}) to be refused`);
  }

  beforeEach(() => {
    mkdirSync(join(root, '.agent'));
    writeFileSync(join(root, '.agent', 'config.yml'), 'tool_registry: {}\n');
    mkdirSync(join(root, 'tools', 'kb-search'), { recursive: true });
    writeFileSync(join(root, 'tools', 'kb-search', 'handler.js'), '');
    writeFileSync(join(root, 'tool_registry.json'), '{}');
  });

  it.each(['.agent/config.yml', '.agent', '.agent/new-file', 'tools/kb-search/handler.js', 'tools/new-tool/schema.json', 'tools', 'tool_registry.json', '.git/hooks/pre-commit', 'docs/../.agent/config.yml', './tools/x'])(
    'refuses writing %s with POLICY_DENIED',
    async (path) => {
      const error = await refusedFor(createWorkspaceAccess(root), path, 'write');
      expect(error.type).toBe('POLICY_DENIED');
      expect(error.message).toMatch(/is protected: '(\.agent|tools|tool_registry\.json|\.git)' cannot be written by tools$/);
      expect(error.message).not.toContain(root);
      expect(error.suggestion).toBeDefined();
    },
  );

  it('treats a resolve without an access kind as a write', async () => {
    expect((await refusedFor(createWorkspaceAccess(root), 'tools/kb-search/handler.js')).type).toBe('POLICY_DENIED');
  });

  it.each(['.AGENT/config.yml', '.Agent/new', 'TOOLS/kb-search/handler.js', 'Tool_Registry.JSON', '.GIT/config'])('refuses %s whatever the case, as a case-insensitive file system would open it', async (path) => {
    expect((await refusedFor(createWorkspaceAccess(root), path, 'write')).type).toBe('POLICY_DENIED');
  });

  it('refuses a protected directory reached through a symlink, and a protected path that is itself a symlink', async () => {
    symlinkSync(join(root, '.agent'), join(root, 'docs', 'agent-link'));
    expect((await refusedFor(createWorkspaceAccess(root), 'docs/agent-link/config.yml', 'write')).type).toBe('POLICY_DENIED');
    expect((await refusedFor(createWorkspaceAccess(root), 'docs/agent-link/config.yml', 'read')).type).toBe('POLICY_DENIED');
    // `.git` as a link to a directory elsewhere in the workspace: writing there by its real name is refused too.
    mkdirSync(join(root, 'repo-meta'));
    symlinkSync(join(root, 'repo-meta'), join(root, '.git'));
    expect((await refusedFor(createWorkspaceAccess(root), 'repo-meta/hooks/pre-commit', 'write')).type).toBe('POLICY_DENIED');
  });

  it('refuses reading .agent/ but reads tool folders, the registry and the rest', async () => {
    const access = createWorkspaceAccess(root);
    const error = await refusedFor(access, '.agent/config.yml', 'read');
    expect(error.message).toBe("Path '.agent/config.yml' is protected: '.agent' cannot be read by tools");
    expect((await refusedFor(access, '.agent/acode.db', 'read')).type).toBe('POLICY_DENIED');
    await expect(access.resolve('tools/kb-search/handler.js', 'read')).resolves.toBe(join(root, 'tools', 'kb-search', 'handler.js'));
    await expect(access.resolve('tool_registry.json', 'read')).resolves.toBe(join(root, 'tool_registry.json'));
    await expect(access.resolve('.', 'read')).resolves.toBe(root);
    await expect(access.resolve('.', 'write')).resolves.toBe(root);
    await expect(access.resolve('docs/readme.md', 'write')).resolves.toBe(join(root, 'docs', 'readme.md'));
    // A name that only starts like a protected one is not protected.
    await expect(access.resolve('tools-notes.md', 'write')).resolves.toBe(join(root, 'tools-notes.md'));
    await expect(access.resolve('.agentrc', 'write')).resolves.toBe(join(root, '.agentrc'));
  });

  it('refuses writing the paths the configuration protects, and only writing', async () => {
    mkdirSync(join(root, 'secrets'));
    const access = createWorkspaceAccess(root, { protectedPaths: ['secrets/', 'deploy.sh', 'ci/release.yml'] });
    for (const path of ['secrets/key.pem', 'SECRETS/new', 'deploy.sh', 'ci/release.yml']) {
      const error = await refusedFor(access, path, 'write');
      expect(error.type).toBe('POLICY_DENIED');
      expect(error.message).toContain('is protected');
    }
    await expect(access.resolve('secrets/key.pem', 'read')).resolves.toBe(join(root, 'secrets', 'key.pem'));
    await expect(access.resolve('ci/other.yml', 'write')).resolves.toBe(join(root, 'ci', 'other.yml'));
    await expect(access.resolve('deploy.sh.bak', 'write')).resolves.toBe(join(root, 'deploy.sh.bak'));
  });
});
