import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rule (domain ← application ← infrastructure ← composition ← apps): every import
 * in every source file is checked against the layer it sits in. A violation fails the build.
 * A subpath specifier counts as its package (`@acode/infrastructure/repair` is
 * `@acode/infrastructure`).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Layer {
  readonly dir: string;
  /** Workspace packages this layer may import. */
  readonly workspace: readonly string[];
  /** Whether third-party packages and node built-ins are allowed at all. */
  readonly externals: boolean;
}

const layers: Record<string, Layer> = {
  '@acode/domain': { dir: 'packages/domain', workspace: [], externals: false },
  '@acode/application': { dir: 'packages/application', workspace: ['@acode/domain'], externals: false },
  '@acode/infrastructure': { dir: 'packages/infrastructure', workspace: ['@acode/domain', '@acode/application'], externals: true },
  '@acode/composition': { dir: 'packages/composition', workspace: ['@acode/domain', '@acode/application', '@acode/infrastructure'], externals: true },
  '@acode/adapters': { dir: 'packages/adapters', workspace: ['@acode/domain', '@acode/application', '@acode/infrastructure'], externals: true },
  '@acode/gateway': { dir: 'packages/gateway', workspace: ['@acode/domain', '@acode/application', '@acode/infrastructure'], externals: true },
  '@acode/cli': { dir: 'apps/cli', workspace: ['@acode/domain', '@acode/application', '@acode/infrastructure', '@acode/composition'], externals: true },
  '@acode/host': { dir: 'apps/host', workspace: ['@acode/domain', '@acode/application', '@acode/infrastructure', '@acode/composition', '@acode/gateway'], externals: true },
};

/** Packages `@acode/infrastructure`'s source never imports: the DI container lives in `@acode/composition`. */
const INFRASTRUCTURE_FORBIDDEN = ['tsyringe', 'reflect-metadata'];

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts|cts)$/.test(name)) out.push(path);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!).filter(Boolean);
}

function violations(layerName: string, layer: Layer, srcDir = join(root, layer.dir, 'src')): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    for (const specifier of importsOf(file)) {
      const where = `${relative(root, file)} imports '${specifier}'`;
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (!target.startsWith(srcDir)) found.push(`${where}: relative import leaves ${layer.dir}/src`);
        continue;
      }
      if (specifier.startsWith('@acode/')) {
        if (!layer.workspace.includes(packageNameOf(specifier))) found.push(`${where}: ${layerName} may import only ${layer.workspace.join(', ') || 'nothing from the workspace'}`);
        continue;
      }
      if (!layer.externals) found.push(`${where}: ${layerName} takes no runtime dependencies`);
    }
  }
  return found;
}

describe('dependency rule', () => {
  for (const [name, layer] of Object.entries(layers)) {
    it(`${name} imports only inward`, () => {
      expect(violations(name, layer)).toEqual([]);
    });

    it(`${name} declares no dependency on an outer layer`, () => {
      const manifest = JSON.parse(readFileSync(join(root, layer.dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      const deps = Object.keys(manifest.dependencies ?? {});
      const workspaceDeps = deps.filter((d) => d.startsWith('@acode/'));
      expect(workspaceDeps.filter((d) => !layer.workspace.includes(d))).toEqual([]);
      if (!layer.externals) expect(deps.filter((d) => !d.startsWith('@acode/'))).toEqual([]);
    });
  }

  it('@acode/infrastructure imports neither tsyringe nor reflect-metadata', () => {
    const found = sourceFiles(join(root, 'packages/infrastructure/src')).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => INFRASTRUCTURE_FORBIDDEN.includes(packageNameOf(specifier)))
        .map((specifier) => `${relative(root, file)} imports '${specifier}'`),
    );
    expect(found).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(root, 'packages/infrastructure/package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(manifest.dependencies ?? {}).filter((name) => INFRASTRUCTURE_FORBIDDEN.includes(name))).toEqual([]);
  });

  it('reads the package of a subpath specifier', () => {
    expect(packageNameOf('@acode/infrastructure/repair')).toBe('@acode/infrastructure');
    expect(packageNameOf('@acode/composition')).toBe('@acode/composition');
    expect(packageNameOf('tsyringe')).toBe('tsyringe');
    expect(packageNameOf('yaml/util')).toBe('yaml');
  });

  it('reports outward imports, third-party imports in inner layers and escaping relative imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acode-deprule-'));
    try {
      mkdirSync(join(dir, 'nested'));
      writeFileSync(join(dir, 'a.ts'), "import { x } from '@acode/infrastructure';\nimport type { Y } from \"yaml\";\nexport * from './nested/b.js';\n");
      writeFileSync(join(dir, 'nested', 'b.ts'), "import '../../../outside.js';\nconst m = await import('@acode/application');\n");
      const found = violations('@acode/domain', layers['@acode/domain']!, dir);
      expect(found).toHaveLength(4);
      expect(found.join('\n')).toMatch(/'@acode\/infrastructure'.*may import only nothing/);
      expect(found.join('\n')).toMatch(/'yaml'.*takes no runtime dependencies/);
      expect(found.join('\n')).toMatch(/outside\.js'.*relative import leaves/);
      expect(found.join('\n')).toMatch(/'@acode\/application'.*may import only/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('judges a subpath import by its package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acode-deprule-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { repairJson } from '@acode/infrastructure/repair';\nimport { container } from '@acode/composition';\n");
      expect(violations('@acode/cli', layers['@acode/cli']!, dir)).toEqual([]);
      const found = violations('@acode/application', layers['@acode/application']!, dir);
      expect(found).toHaveLength(2);
      expect(found.join('\n')).toMatch(/'@acode\/infrastructure\/repair'.*may import only @acode\/domain/);
      expect(found.join('\n')).toMatch(/'@acode\/composition'.*may import only @acode\/domain/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
