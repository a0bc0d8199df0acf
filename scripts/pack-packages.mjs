#!/usr/bin/env node
// `pnpm pack:all [FOLDER]`: packs every public package of the workspace into FOLDER
// (dist/packages by default, git-ignored), so another project can `npm install` the tarballs
// while the packages are not on the npm registry. pnpm's own pack is used because it rewrites the
// `workspace:^` dependencies to versions and runs each package's prepack (the LICENSE copy).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const destination = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? join(root, 'dist', 'packages'));

const publicPackages = ['packages', 'apps']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => `${group}/${name}`))
  .filter((dir) => existsSync(join(root, dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => manifest.private !== true);

const unbuilt = publicPackages.filter(({ dir }) => !existsSync(join(root, dir, 'dist')));
if (unbuilt.length > 0) {
  console.error(`Not built yet: ${unbuilt.map(({ dir }) => dir).join(', ')}. Run \`npx -y pnpm@10.34.9 run build\` first.`);
  process.exit(1);
}

const pnpm = join(root, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
if (!existsSync(pnpm)) {
  console.error('The workspace is not installed. Run `npx -y pnpm@10.34.9 install --frozen-lockfile` first.');
  process.exit(1);
}

mkdirSync(destination, { recursive: true });
const filters = publicPackages.flatMap(({ dir }) => ['--filter', `./${dir}`]);
const packed = spawnSync(process.execPath, [pnpm, '--recursive', ...filters, 'pack', '--pack-destination', destination], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (packed.status !== 0) process.exit(packed.status ?? 1);

const tarballs = publicPackages.map(({ manifest }) => join(destination, `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`));
const missing = tarballs.filter((tarball) => !existsSync(tarball));
if (missing.length > 0) {
  console.error(`pnpm pack wrote no ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`Packed ${tarballs.length} packages into ${relative(process.cwd(), destination) || '.'}:`);
for (const tarball of tarballs) console.log(`  ${relative(destination, tarball)}`);
console.log('\nIn another project, install the ones you need together with those they depend on, for example:');
const core = ['domain', 'application', 'infrastructure'].map((name) => tarballs.find((tarball) => tarball.includes(`acode-${name}-`)));
console.log(`  npm install ${core.join(' ')}`);
