/**
 * The packages as npm users get them (issue 14, items 4 and 5).
 *
 * Packs every public package of the workspace with `scripts/pack-packages.mjs` (`pnpm pack:all`,
 * which runs `pnpm pack`: it rewrites `workspace:^` to versions and runs each package's `prepack`), checks what each tarball holds, then installs the
 * tarballs with npm into temporary projects outside the repository, with no workspace link:
 *
 * - the core project gets only domain, application and infrastructure: nothing native may be built,
 *   no DI container or polyfill may come along, and `repairJson` must import and run as is;
 * - the examples project gets every tarball and the examples' third-party dependencies
 *   (`examples/package.json`); every `examples/<name>/index.mjs` must exit 0, and the packed CLI
 *   must answer `npx acode tools list` from an empty directory.
 *
 * Needs the packages built (`turbo run build`, which `pnpm test` runs first) and the npm registry.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MINUTE = 60_000;

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  engines?: { node?: string };
  repository?: { type?: string; url?: string; directory?: string };
  main?: string;
  types?: string;
  exports?: unknown;
  bin?: string | Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface PublicPackage {
  /** `packages/domain`, `apps/cli`, ... */
  readonly dir: string;
  readonly manifest: Manifest;
}

interface Packed extends PublicPackage {
  readonly tarball: string;
  /** Where the tarball was extracted: its `package/` folder. */
  readonly contents: string;
  /** Every file of the tarball, relative to `package/`, with `/` separators. */
  readonly files: readonly string[];
}

/** The core packages: what `npm install @acode/infrastructure` brings. */
const CORE = ['@acode/domain', '@acode/application', '@acode/infrastructure'];
/** What the core packages must not bring: native code, the DI container, its polyfill, the logger. */
const NOT_IN_CORE = ['better-sqlite3', 'tsyringe', 'reflect-metadata', 'winston'];

const publicPackages: PublicPackage[] = ['packages', 'apps']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => `${group}/${name}`))
  .filter((dir) => existsSync(join(root, dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => manifest.private !== true)
  .sort((a, b) => a.dir.localeCompare(b.dir));

const work = mkdtempSync(join(tmpdir(), 'acode-packed-'));
const packed = new Map<string, Packed>();

describe('the packed packages', () => {
  beforeAll(() => {
    for (const { dir, manifest } of publicPackages) {
      if (!existsSync(join(root, dir, 'dist'))) throw new Error(`${manifest.name}: ${dir}/dist is missing; run \`turbo run build\` first (\`pnpm test\` does)`);
    }
    const destination = join(work, 'tarballs');
    mkdirSync(destination);
    // Packed by the command the documentation gives users (`pnpm pack:all`), so it is tested too.
    run(process.execPath, [join(root, 'scripts', 'pack-packages.mjs'), destination], { cwd: root, timeoutMs: 3 * MINUTE });
    for (const pkg of publicPackages) {
      const tarball = join(destination, `${pkg.manifest.name.replace(/^@/, '').replace('/', '-')}-${pkg.manifest.version}.tgz`);
      if (!existsSync(tarball)) throw new Error(`pnpm pack wrote no ${basename(tarball)} for ${pkg.dir}`);
      const extracted = join(work, 'extracted', basename(tarball, '.tgz'));
      mkdirSync(extracted, { recursive: true });
      run('tar', ['-xzf', tarball, '-C', extracted], { cwd: work, timeoutMs: MINUTE });
      const contents = join(extracted, 'package');
      packed.set(pkg.manifest.name, { ...pkg, tarball, contents, files: listFiles(contents) });
    }
  }, 4 * MINUTE);

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('finds the public packages: the libraries, the CLI and the host', () => {
    const names = publicPackages.map(({ manifest }) => manifest.name);
    expect(names).toEqual(expect.arrayContaining([...CORE, '@acode/cli', '@acode/host']));
  });

  describe.each(publicPackages.map(({ manifest }) => manifest.name))('%s', (name) => {
    it('has package.json, README.md, LICENSE and its built JavaScript, and no sources, tests or build state', () => {
      const { files } = packed.get(name)!;
      expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']));
      expect(files.some((file) => /^dist\/.+\.js$/.test(file))).toBe(true);
      const unwanted = files.filter(
        (file) =>
          /^(src|test|tests)\//.test(file) ||
          /(^|\/)(__tests__|fixtures)\//.test(file) ||
          /\.(test|spec)\.[cm]?[jt]s$/.test(file) ||
          /\.tsbuildinfo$/.test(file) ||
          /\.d\.ts\.map$/.test(file) ||
          /^tsconfig.*\.json$/.test(file),
      );
      expect(unwanted).toEqual([]);
      expect(readFileSync(join(packed.get(name)!.contents, 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    });

    it('ships source maps that carry their sources', () => {
      const { contents, files } = packed.get(name)!;
      const maps = files.filter((file) => file.endsWith('.js.map'));
      expect(maps.length).toBeGreaterThan(0);
      const incomplete = maps.filter((file) => {
        const map = JSON.parse(readFileSync(join(contents, file), 'utf8')) as { sources?: unknown[]; sourcesContent?: unknown[] };
        const sources = map.sources ?? [];
        return sources.length === 0 || map.sourcesContent?.length !== sources.length || !map.sourcesContent.every((text) => typeof text === 'string' && text !== '');
      });
      expect(incomplete).toEqual([]);
    });

    it('has a publishable manifest whose every entry point is in the tarball', () => {
      const { contents, files, dir } = packed.get(name)!;
      const manifest = JSON.parse(readFileSync(join(contents, 'package.json'), 'utf8')) as Manifest;
      expect(manifest.private).toBeUndefined();
      expect(manifest.license).toBe('MIT');
      expect(manifest.engines?.node).toBe('>=20.19');
      expect(manifest.repository).toMatchObject({ type: 'git', directory: dir });
      const specs = { ...manifest.dependencies, ...manifest.peerDependencies };
      expect(Object.entries(specs).filter(([, spec]) => /^(workspace|file|link):/.test(spec))).toEqual([]);
      const targets = [manifest.main, manifest.types, ...stringLeaves(manifest.exports), ...binTargets(manifest)].filter((target): target is string => target !== undefined);
      expect(targets.length).toBeGreaterThan(0);
      expect(targets.map((target) => target.replace(/^\.\//, '')).filter((target) => !files.includes(target))).toEqual([]);
      for (const bin of binTargets(manifest)) {
        expect(readFileSync(join(contents, bin), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
        expect(statSync(join(contents, bin)).mode & 0o111).not.toBe(0);
      }
    });
  });

  it(
    'core: domain, application and infrastructure install with npm alone, build nothing native, and repairJson runs with no polyfill',
    () => {
      const project = newProject('core', CORE);
      npmInstall(project);

      const installed = scanNodeModules(join(project, 'node_modules'));
      expect(installed.packageNames.filter((packageName) => NOT_IN_CORE.includes(packageName))).toEqual([]);
      expect(installed.nativeFiles).toEqual([]);

      const repaired = run(
        process.execPath,
        ['-e', `import('@acode/infrastructure').then(m => { const r = m.repairJson('{"a":1,}'); if (!r.success) process.exit(1); console.log(r.repaired) })`],
        { cwd: project, timeoutMs: MINUTE, env: cleanEnv() },
      );
      expect(repaired.stdout.trim()).toBe('{"a":1}');

      // Every entry point of the core packages loads; only the subpaths needing an optional peer
      // dependency (better-sqlite3, winston, typescript) may fail, and only for want of that peer.
      for (const packageName of CORE) {
        const manifest = packed.get(packageName)!.manifest;
        const optionalPeers = Object.keys(manifest.peerDependencies ?? {}).filter((peer) => manifest.peerDependenciesMeta?.[peer]?.optional === true);
        for (const subpath of exportSubpaths(manifest)) {
          const specifier = subpath === '.' ? packageName : `${packageName}/${subpath.slice(2)}`;
          const loaded = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`], {
            cwd: project,
            encoding: 'utf8',
            timeout: MINUTE,
            env: cleanEnv(),
          });
          if (loaded.status === 0) continue;
          const missingPeer = optionalPeers.find((peer) => loaded.stderr.includes(`Cannot find package '${peer}'`));
          expect(missingPeer, `import('${specifier}') failed:\n${loaded.stderr}`).toBeDefined();
        }
      }
    },
    6 * MINUTE,
  );

  it(
    'examples: every examples/*/index.mjs runs against the tarballs, and the packed CLI lists the built-in tools',
    () => {
      const examplesManifest = existsSync(join(root, 'examples', 'package.json'))
        ? (JSON.parse(readFileSync(join(root, 'examples', 'package.json'), 'utf8')) as Manifest)
        : undefined;
      const thirdParty = Object.fromEntries(
        Object.entries({ ...examplesManifest?.dependencies, ...examplesManifest?.devDependencies }).filter(([dependency]) => !dependency.startsWith('@acode/')),
      );
      const project = newProject('examples', [...packed.keys()], thirdParty, (dir): Record<string, string> => {
        // @acode/composition (under the CLI and the host) depends on better-sqlite3, which npm would
        // compile from source here (prebuilt binaries are not always reachable): minutes of the
        // suite. The one exception to "everything from the registry or a tarball": better-sqlite3 is
        // overridden with a tarball of the workspace's own build (its JavaScript and its compiled
        // addon, without the install script). Every @acode package still comes from its tarball.
        const prebuilt = vendorBetterSqlite3(join(dir, 'vendor'));
        return prebuilt ? { 'better-sqlite3': `file:${prebuilt}` } : {};
      });
      npmInstall(project);
      // The SQLite driver under the CLI loads (the vendored addon, or the one npm built).
      run(process.execPath, ['-e', `new (require('better-sqlite3'))(':memory:').close()`], { cwd: project, timeoutMs: MINUTE, env: cleanEnv() });

      const examples = readdirSync(join(root, 'examples'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(root, 'examples', entry.name, 'index.mjs')))
        .map((entry) => entry.name)
        .sort();
      expect(examples).toContain('registry-from-code');
      const failures: string[] = [];
      for (const example of examples) {
        const target = join(project, 'examples', example);
        cpSync(join(root, 'examples', example), target, { recursive: true, filter: (source) => !source.split(sep).includes('node_modules') });
        const result = spawnSync(process.execPath, ['index.mjs'], { cwd: target, encoding: 'utf8', timeout: 2 * MINUTE, env: cleanEnv() });
        if (result.status !== 0) failures.push(`examples/${example}/index.mjs exited ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`);
      }
      expect(failures).toEqual([]);

      // The packed CLI from an empty directory (no repository, no configuration around it) and an
      // empty home: `npx` finds the bin of the project the directory is in, and must not fetch.
      const cwd = join(project, 'empty');
      const home = join(project, 'home');
      mkdirSync(cwd);
      mkdirSync(home);
      const env = { ...cleanEnv(), HOME: home, USERPROFILE: home, npm_config_cache: npmCache() };
      const list = run('npx', ['--no', '--', 'acode', 'tools', 'list'], { cwd, timeoutMs: MINUTE, env });
      expect(list.stdout).toMatch(/\bfile_read\b/);
      expect(list.stdout).toMatch(/\bfile_write\b/);
      const help = run('npx', ['--no', '--', 'acode', '--help'], { cwd, timeoutMs: MINUTE, env });
      expect(help.stdout + help.stderr).toMatch(/tools list/);
      const version = run('npx', ['--no', '--', 'acode', '--version'], { cwd, timeoutMs: MINUTE, env });
      expect(version.stdout.trim()).toContain(packed.get('@acode/cli')!.manifest.version);
      const hostHelp = run('npx', ['--no', '--', 'acode-host', '--help'], { cwd, timeoutMs: MINUTE, env });
      expect(hostHelp.stdout + hostHelp.stderr).toMatch(/--port/);
    },
    10 * MINUTE,
  );
});

/**
 * A fresh npm project in the work folder depending on `packageNames`' tarballs and on `thirdParty`.
 * Every @acode package is also pinned by an override to its root dependency (`$name`), so a
 * tarball's own `^0.1.0` dependency on another @acode package resolves to the tarball, never to
 * the registry.
 */
function newProject(
  name: string,
  packageNames: readonly string[],
  thirdParty: Record<string, string> = {},
  extraOverrides: (dir: string) => Record<string, string> = () => ({}),
): string {
  const dir = join(work, name);
  mkdirSync(dir);
  run('npm', ['init', '-y'], { cwd: dir, timeoutMs: MINUTE, env: cleanEnv() });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const tarballs = Object.fromEntries(packageNames.map((packageName) => [packageName, `file:${packed.get(packageName)!.tarball}`]));
  manifest['private'] = true;
  manifest['type'] = 'module';
  manifest['dependencies'] = { ...thirdParty, ...tarballs };
  manifest['overrides'] = { ...Object.fromEntries(packageNames.map((packageName) => [packageName, `$${packageName}`])), ...extraOverrides(dir) };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/** `npm install` in `project`; a failure names the registry when the registry was the problem. */
function npmInstall(project: string): void {
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], {
    cwd: project,
    encoding: 'utf8',
    timeout: 5 * MINUTE,
    env: cleanEnv(),
  });
  if (result.status === 0) return;
  const output = `${result.stdout}\n${result.stderr}`;
  const offline = /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)|network|ETIMEDOUT/i.test(output);
  throw new Error(
    `${offline ? 'npm could not reach the registry: this test installs the packed tarballs and their dependencies with npm and needs registry access (CI has it).\n' : ''}` +
      `npm install in ${project} ${result.error ? `failed: ${result.error.message}` : `exited ${result.status ?? result.signal}`}\n${output.slice(-4000)}`,
  );
}

/**
 * Packs the workspace's built better-sqlite3 into `vendor` as a package with no install script
 * and no `binding.gyp` (npm would add `node-gyp rebuild` for one): its JavaScript, its compiled
 * addon and its runtime dependency `bindings`. Returns the tarball (a tarball, not a folder: npm
 * mishandles an override to a linked folder that is also a peer dependency), or undefined when
 * the workspace has no build of it.
 */
function vendorBetterSqlite3(vendor: string): string | undefined {
  const store = join(root, 'node_modules', '.pnpm');
  const entry = readdirSync(store).find((dir) => dir.startsWith('better-sqlite3@'));
  if (!entry) return undefined;
  const source = realpathSync(join(store, entry, 'node_modules', 'better-sqlite3'));
  const addon = join(source, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(addon)) return undefined;
  const target = join(vendor, 'better-sqlite3');
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as Record<string, unknown> & Manifest;
  mkdirSync(join(target, 'build', 'Release'), { recursive: true });
  cpSync(join(source, 'lib'), join(target, 'lib'), { recursive: true });
  cpSync(addon, join(target, 'build', 'Release', 'better_sqlite3.node'));
  for (const file of ['LICENSE', 'README.md']) if (existsSync(join(source, file))) cpSync(join(source, file), join(target, file));
  delete manifest['scripts'];
  delete manifest['devDependencies'];
  delete manifest['overrides'];
  delete manifest['files']; // it names the sources, not the build
  manifest['gypfile'] = false;
  manifest['dependencies'] = { bindings: manifest.dependencies?.['bindings'] ?? '^1.5.0' };
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const packedName = run('npm', ['pack', '--pack-destination', vendor, '--loglevel', 'error'], { cwd: target, timeoutMs: MINUTE, env: cleanEnv() }).stdout.trim().split('\n').pop()!;
  return join(vendor, packedName);
}

/** Package folder names under `nodeModules` (nested ones too) and every native addon or build file there. */
function scanNodeModules(nodeModules: string): { packageNames: string[]; nativeFiles: string[] } {
  const packageNames: string[] = [];
  const nativeFiles: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (basename(dir) === 'node_modules' && !entry.name.startsWith('.') && !entry.name.startsWith('@')) packageNames.push(entry.name);
        if (basename(dir).startsWith('@') && basename(dirname(dir)) === 'node_modules') packageNames.push(`${basename(dir)}/${entry.name}`);
        walk(path);
      } else if (entry.name.endsWith('.node') || entry.name === 'binding.gyp') {
        nativeFiles.push(relative(nodeModules, path));
      }
    }
  };
  walk(nodeModules);
  return { packageNames, nativeFiles };
}

/** Runs a command to completion; a non-zero exit throws with its output. */
function run(command: string, args: readonly string[], options: { cwd: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): { stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd: options.cwd, encoding: 'utf8', timeout: options.timeoutMs, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd}) ${result.error ? `failed: ${result.error.message}` : `exited ${result.status ?? result.signal}`}\n${result.stdout}\n${result.stderr}`.slice(0, 8000),
    );
  }
  return { stdout: result.stdout, stderr: result.stderr };
}

/**
 * The environment without what a pnpm script run leaves in it for npm and node: `npm_config_local_prefix`
 * would point npm at the workspace, `NODE_PATH` would let a temporary project resolve workspace
 * packages. Kept: the npm settings a machine needs to reach its registry.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const keep = /^npm_config_(registry|cache|cafile|ca|proxy|https_proxy|http_proxy|noproxy|strict_ssl|userconfig|globalconfig|fetch_.*|@.*:registry)$/i;
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => {
      if (/^npm_/i.test(key)) return keep.test(key);
      return !/^(pnpm_|PNPM_|INIT_CWD$|NODE_PATH$|NODE_OPTIONS$|VITEST|TURBO_)/.test(key);
    }),
  );
}

/** npm's cache folder as the caller's environment sets it, so a changed HOME keeps it. */
function npmCache(): string {
  return process.env['npm_config_cache'] ?? process.env['NPM_CONFIG_CACHE'] ?? join(homedir(), '.npm');
}

/** Every file under `dir`, relative, with `/` separators. */
function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => lstatSync(join(dir, file)).isFile())
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/** The string leaves of an `exports` value: every file it can resolve to. */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

/** The subpaths of an `exports` map (`.`, `./repair`, ...), `./package.json` left out. */
function exportSubpaths(manifest: Manifest): string[] {
  const exports = manifest.exports;
  if (exports === undefined) return manifest.main ? ['.'] : [];
  if (typeof exports === 'string' || !Object.keys(exports as object).some((key) => key.startsWith('.'))) return ['.'];
  return Object.keys(exports as object).filter((key) => key !== './package.json' && !key.includes('*'));
}

/** The files a manifest's `bin` names, without their `./`. */
function binTargets(manifest: Manifest): string[] {
  const bin = manifest.bin;
  const targets = typeof bin === 'string' ? [bin] : Object.values(bin ?? {});
  return targets.map((target) => target.replace(/^\.\//, ''));
}
