import { ADVANCED_SCHEMA_KEYWORDS, BASIC_SCHEMA_KEYWORDS, ERROR_CODE_TITLES, FULL_SCHEMA_KEYWORDS } from '../packages/domain/src/index.js';
import { loadConfig, resolveModel, type AcodeConfig } from '../packages/infrastructure/src/config/index.js';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
/** A page of `docs/`, where the README's long sections live. */
const doc = (name: string): string => readFileSync(resolve(root, 'docs', name), 'utf8');

/** The pages a user reads: the README, docs/ (but the traceability, which is for maintainers), and every package's README. */
const userPages: string[] = [
  'README.md',
  ...readdirSync(resolve(root, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'requirements-traceability.md')
    .map((name) => `docs/${name}`),
  ...['apps', 'packages'].flatMap((group) =>
    readdirSync(resolve(root, group))
      .map((name) => `${group}/${name}/README.md`)
      .filter((path) => existsSync(resolve(root, path))),
  ),
];

describe('README', () => {
  it('cites no internal document (specification numbers, sections, issues, decisions, requirement ids) in any page a user reads', () => {
    const internal = /\bissue \d+|§|\bdecision \d+|(?<![\w.,\-/])00[0-4](?![\w-])|\b(?:FR|AC|NFR)-\d+|\bNFRs?\b|\bST-\d|\bspec(?:ification)? \d{3}|\bscenario \d+/i;
    const found = userPages.flatMap((page) =>
      readFileSync(resolve(root, page), 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${page}:${index + 1}` }))
        .filter(({ line }) => internal.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('promises no install from the npm registry, where no package is published', () => {
    expect(readme).not.toMatch(/npm (install|i)( -g)? @acode\//);
    expect(readme).not.toMatch(/npx (-y )?@acode\//);
    expect(doc('library.md')).not.toMatch(/npm (install|i)( -g)? @acode\//);
  });

  it('links only to files and headings that exist, and reaches every docs page', () => {
    const broken: string[] = [];
    const linked = new Set<string>();
    for (const page of userPages.filter((path) => path === 'README.md' || path.startsWith('docs/'))) {
      const text = readFileSync(resolve(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const path = file === '' ? resolve(root, page) : resolve(root, dirname(page), file);
        if (!existsSync(path)) {
          broken.push(`${page}: ${target} (no such file)`);
          continue;
        }
        if (page === 'README.md' && path.startsWith(resolve(root, 'docs'))) linked.add(path);
        if (anchor !== undefined && statSync(path).isFile() && !headingSlugs(readFileSync(path, 'utf8')).has(anchor)) broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    const pages = userPages.filter((path) => path.startsWith('docs/')).map((path) => resolve(root, path));
    expect(pages.filter((path) => !linked.has(path))).toEqual([]);
  });

  it('lists in docs/error-codes.md every error code of the domain table, and no other (decision 14)', () => {
    const section = doc('error-codes.md');
    const documented = [...section.matchAll(/^\| (ACODE-[A-Z]+-\d{3}) \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ERROR_CODE_TITLES).sort());
  });

  it('has a Quick start block of exactly two lines, the second of which .ci/run runs verbatim', () => {
    const block = /## Quick start\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(2);
    expect(readFileSync(resolve(root, '.ci/run'), 'utf8')).toContain(lines[1]!);
  });

  it('shows in docs/configuration.md a configuration example that loads without warnings and with every key it names', () => {
    const config = loadExample(doc('configuration.md'), /```yaml\n(tool_registry:[\s\S]*?)```/);
    expect(config.registry.disabledTools).toEqual(['command_execute']);
    expect(config.customTools.map((t) => (t.definition as { name: string }).name)).toEqual(['custom_greeting']);
  });

  it('shows in docs/gateway.md a gateway.models example for the agents that loads without warnings and maps their names', () => {
    const config = loadExample(doc('gateway.md'), /```yaml\n# \.agent\/config\.yml of the directory the host starts in\n(gateway:[\s\S]*?)```/);
    expect(config.gateway.upstream).toEqual({ baseUrl: 'http://127.0.0.1:11434', type: 'ollama' });
    expect(resolveModel(config.gateway.models, 'claude-sonnet-4-5')).toBe('qwen3-coder:30b');
    expect(resolveModel(config.gateway.models, 'gpt-5-codex')).toBe('qwen3-coder:30b');
  });

  it('shows in docs/parsing.md a tool_call example that loads without warnings', () => {
    const config = loadExample(doc('parsing.md'), /```yaml\n(model:[\s\S]*?)```/);
    expect(config.toolCall['ollama']).toMatchObject({ maxRetries: 3, maxArgumentSize: 1048576, extractFromContent: true });
  });

  it('shows as "Using the registry from code" (docs/library.md) exactly examples/registry-from-code/index.mjs, which the packaging test runs', () => {
    const block = /## Using the registry from code\n[\s\S]*?```js\n([\s\S]*?)```/.exec(doc('library.md'))?.[1];
    expect(block).toBe(readFileSync(resolve(root, 'examples/registry-from-code/index.mjs'), 'utf8'));
    expect(block).not.toContain('tsyringe');
  });

  it('shows in docs/configuration.md an execution example that loads without warnings', () => {
    const config = loadExample(doc('configuration.md'), /```yaml\n(execution:[\s\S]*?)```/);
    expect(config.execution.protectedPaths).toEqual(['secrets/']);
    expect(config.execution.handlerEnv).toEqual(['GH_PAT']);
  });

  it('shows in docs/tiers.md a license example that loads without warnings', () => {
    expect(loadExample(doc('tiers.md'), /```yaml\n(license:[\s\S]*?)```/).license.tier).toBe('teams');
  });

  it('lists in docs/tiers.md exactly the keywords each license validation level allows', () => {
    const tiers = doc('tiers.md');
    const row = (level: string): string[] => {
      const line = new RegExp(`^\\| ${level.replace('+', '\\+')} \\|.*$`, 'm').exec(tiers)?.[0] ?? '';
      return [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
    };
    expect(row('Basic')).toEqual([...BASIC_SCHEMA_KEYWORDS].sort());
    expect(row('Advanced')).toEqual([...ADVANCED_SCHEMA_KEYWORDS].sort());
    expect(row('Full + Custom')).toEqual([...FULL_SCHEMA_KEYWORDS].sort());
  });
});

/** Loads the YAML block of `page` that `pattern` finds as a project's `.agent/config.yml`; it must warn about nothing. */
function loadExample(page: string, pattern: RegExp): AcodeConfig {
  const yaml = pattern.exec(page)?.[1];
  expect(yaml).toBeDefined();
  const dir = mkdtempSync(join(tmpdir(), 'acode-readme-'));
  try {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), yaml!);
    const config = loadConfig({ cwd: dir, homeDir: dir });
    expect(config.warnings).toEqual([]);
    return config;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingSlugs(markdown: string): Set<string> {
  const headings = markdown.replace(/```[\s\S]*?```/g, '').match(/^#{1,6} .+$/gm) ?? [];
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}_\- ]/gu, '')
        .replaceAll(' ', '-'),
    ),
  );
}
