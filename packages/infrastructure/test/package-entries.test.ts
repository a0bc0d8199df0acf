import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 14: the main entry is light (no DI container, no winston, no SQLite driver, no YAML
// parser, no child processes) and every area has its own subpath entry with its types. These
// checks run on the build (`dist/`), through the package's own `exports`, as a user imports it.

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  name: string;
  sideEffects?: unknown;
  exports: Record<string, string | { types: string; import: string }>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const hook = pathToFileURL(join(packageDir, 'test', 'support', 'record-resolutions.mjs')).href;
const scratch = mkdtempSync(join(tmpdir(), 'acode-entries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The subpath entries the issue names, with the source folder each one is built from. */
const SUBPATHS: Readonly<Record<string, string>> = {
  './repair': 'repair',
  './parse': 'tool-calls',
  './validate': 'validation',
  './schema': 'schema',
  './registry': 'registry',
  './stream': 'streaming',
  './retry': 'retry',
  './model-clients': 'model-clients',
  './gateway': 'gateway',
  './config': 'config',
  './providers': 'providers',
  './provider-schemas': 'provider-schemas',
  './tool-folders': 'tool-folders',
  './execution': 'execution',
  './telemetry': 'telemetry',
  './definitions': 'definitions',
  './logging': 'logging',
  './metrics': 'metrics',
  './correlation': 'correlation',
  './clock': 'clock',
  './definitions-events': 'definitions-events',
  './testing': 'model-server',
};

/** What no light entry may load, by package (or built-in) name. */
const HEAVY = ['winston', 'better-sqlite3', 'tsyringe', 'reflect-metadata', 'node:child_process'];
/** What the main entry may not load besides: the YAML parser and the areas that are not its own. */
const NOT_IN_MAIN = [...HEAVY, 'yaml'];
const AREAS_NOT_IN_MAIN = ['config', 'tool-folders', 'execution', 'telemetry', 'logging', 'model-server', 'model-clients', 'providers', 'gateway', 'definitions'];

let runs = 0;

/** Imports `specifier` in a fresh Node process from the package folder; returns what it resolved and its exports' names. */
function load(specifier: string): { specifiers: string[]; urls: string[]; exported: string[]; builtins: string[] } {
  const out = join(scratch, `run-${++runs}.txt`);
  const script = [
    "import { register } from 'node:module';",
    "import { writeFileSync } from 'node:fs';",
    `register(${JSON.stringify(hook)}, import.meta.url, { data: { out: ${JSON.stringify(out)} } });`,
    `const module = await import(${JSON.stringify(specifier)});`,
    `writeFileSync(${JSON.stringify(`${out}.json`)}, JSON.stringify({ exported: Object.keys(module), builtins: process.moduleLoadList }));`,
  ].join('\n');
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, env, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`importing ${specifier} failed (${run.status}): ${run.stderr}`);
  const lines = readFileSync(out, 'utf8').trim().split('\n').map((line) => line.split('\t') as [string, string]);
  const { exported, builtins } = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as { exported: string[]; builtins: string[] };
  return { specifiers: lines.map(([s]) => s), urls: lines.map(([, u]) => u), exported, builtins };
}

/** The bare package name of a specifier (`@scope/a/b` → `@scope/a`, `node:fs` stays). */
function packageOf(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function loadedPackages(specifiers: readonly string[]): string[] {
  return [...new Set(specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('file:')).map((s) => packageOf(s === 'child_process' ? 'node:child_process' : s)))].sort();
}

const built = existsSync(join(packageDir, 'dist', 'index.js'));

describe('@acode/infrastructure package entries', () => {
  it('has no side effects and keeps the DI container and the heavy adapters out of its dependencies', () => {
    expect(manifest.sideEffects).toBe(false);
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['@acode/application', '@acode/domain', '@cfworker/json-schema', 're2js', 'yaml']);
    for (const peer of ['better-sqlite3', 'winston']) {
      expect(manifest.peerDependencies?.[peer]).toBeDefined();
      expect(manifest.peerDependenciesMeta?.[peer]?.optional).toBe(true);
    }
  });

  it('exports the main entry, one subpath per area with its types, and its package.json', () => {
    const expected: Record<string, unknown> = { '.': { types: './dist/index.d.ts', import: './dist/index.js' } };
    for (const [subpath, dir] of Object.entries(SUBPATHS)) expected[subpath] = { types: `./dist/${dir}/index.d.ts`, import: `./dist/${dir}/index.js` };
    expected['./package.json'] = './package.json';
    expect(manifest.exports).toEqual(expected);
    for (const dir of Object.values(SUBPATHS)) expect(existsSync(join(packageDir, 'src', dir, 'index.ts')), `src/${dir}/index.ts`).toBe(true);
  });

  describe.skipIf(!built)('built', () => {
    it('builds the files every entry names', () => {
      for (const entry of Object.values(manifest.exports)) {
        const files = typeof entry === 'string' ? [entry] : [entry.types, entry.import];
        for (const file of files) expect(existsSync(join(packageDir, file)), file).toBe(true);
      }
    });

    it('loads the main entry without winston, better-sqlite3, tsyringe, reflect-metadata, yaml or child processes', () => {
      const { specifiers, urls, builtins } = load(manifest.name);
      const packages = loadedPackages(specifiers);
      expect(packages.filter((name) => NOT_IN_MAIN.includes(name))).toEqual([]);
      expect(builtins.filter((name) => /\bchild_process\b/.test(name))).toEqual([]);
      const dist = pathToFileURL(join(packageDir, 'dist')).href;
      const areas = [...new Set(urls.filter((url) => url.startsWith(`${dist}/`)).map((url) => url.slice(dist.length + 1).split('/')[0]!))];
      expect(areas.filter((area) => AREAS_NOT_IN_MAIN.includes(area))).toEqual([]);
      // The build bundles each entry (scripts/bundle-package.mjs): the main entry loads its own file
      // and shared chunks, never another entry's file.
      expect(areas.filter((area) => area !== 'index.js' && area !== 'chunks')).toEqual([]);
      // What it does load, to see a new dependency arrive here on purpose; re2js waits for the first pattern.
      expect(packages.filter((name) => !name.startsWith('node:'))).toEqual(['@acode/application', '@acode/domain', '@acode/infrastructure', '@cfworker/json-schema']);
    });

    it('exports the registry, compiler, validator, parser, repairer, accumulator, retry handler and plain entry points from the main entry, and not the rest', () => {
      const { exported } = load(manifest.name);
      expect(exported).toEqual(
        expect.arrayContaining([
          'ToolSchemaRegistry',
          'CfworkerSchemaCompiler',
          'parseArguments',
          'ToolCallParser',
          'JsonRepairer',
          'repairJson',
          'StreamingToolCallAccumulator',
          'accumulateStream',
          'ToolCallRetryHandler',
          'RetryCircuitBreaker',
          'SystemClock',
          'InMemoryMetrics',
          'AsyncLocalCorrelationContext',
          'createToolRegistry',
          'createToolCallParser',
          'parseToolCalls',
        ]),
      );
      for (const name of ['startScriptedModelServer', 'registerAcodeServices', 'createLogger', 'WinstonLogger', 'SqliteTelemetryStore', 'loadConfig', 'ChildProcessToolRunner', 'buildToolRegistry']) {
        expect(exported, name).not.toContain(name);
      }
    });

    it.each(Object.keys(SUBPATHS))('imports %s', (subpath) => {
      const { specifiers, exported } = load(`${manifest.name}/${subpath.slice(2)}`);
      expect(exported.length).toBeGreaterThan(0);
      const heavy = loadedPackages(specifiers).filter((name) => HEAVY.includes(name));
      // Only the Node adapters' entries may bring their optional peers or child processes.
      const allowed: Record<string, readonly string[]> = {
        './logging': ['winston'],
        './telemetry': ['better-sqlite3'],
        './definitions': ['better-sqlite3'],
        './execution': ['better-sqlite3', 'node:child_process'],
        './tool-folders': ['node:child_process'],
      };
      expect(heavy.filter((name) => !(allowed[subpath] ?? []).includes(name))).toEqual([]);
    });

    it('keeps the scripted model server to the testing entry', () => {
      expect(load(`${manifest.name}/testing`).exported).toContain('startScriptedModelServer');
    });
  });
});
