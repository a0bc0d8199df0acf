#!/usr/bin/env node
// Last step of a library package's `build` (run from the package folder, after `tsc` wrote the
// declarations): bundles each entry of `package.json` "exports" from `src/` into `dist/`, with the
// modules entries share in `dist/chunks/`. Why: Node loads ES modules one file at a time, and the
// light core's few hundred small files cost about 100 ms to import; bundled, the same code loads in
// a few files (issue 14: under 50 ms above `node -e 0`). Every bare import (the other `@acode/*`
// packages, third-party packages, `node:*`) stays an import, so each package's classes exist once.
// Source maps carry their sources. Extra entries (files a child process or a module hook loads by
// path) are named on the command line: `node bundle-package.mjs execution/child-runner-entry`;
// `--group=core=registry,schema` puts the shared modules of those `src/` folders in one chunk.
import { readFileSync } from 'node:fs';
import { rolldown } from 'rolldown';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
/** @type {Record<string, string>} entry name (path under dist without `.js`) → source file */
const input = {};
for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
  const file = typeof target === 'string' ? target : target?.import;
  if (typeof file !== 'string' || !file.startsWith('./dist/') || !file.endsWith('.js')) continue;
  const name = file.slice('./dist/'.length, -'.js'.length);
  input[name] = `src/${name}.ts`;
  if (subpath === '.' && name !== 'index') throw new Error(`the "." export must be dist/index.js, not ${file}`);
}
/** @type {{ name: string, areas: string[] }[]} */
const groups = [];
for (const argument of process.argv.slice(2)) {
  const group = /^--group=([a-z-]+)=([a-z,-]+)$/.exec(argument);
  if (group) groups.push({ name: group[1] ?? '', areas: (group[2] ?? '').split(',') });
  else input[argument] = `src/${argument}.ts`;
}
if (Object.keys(input).length === 0) throw new Error(`${manifest.name}: no ./dist/*.js entry in "exports"`);

const bundle = await rolldown({
  input,
  platform: 'node',
  // Only this package's own files are bundled.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(id),
  logLevel: 'warn',
});
await bundle.write({
  dir: 'dist',
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  // Shared modules of the areas named by `--group NAME=area,area` go to one chunk per group rather
  // than one chunk per module: each file is a separate load for Node, and the light entry would
  // otherwise pull in two dozen.
  codeSplitting: { groups: groups.map(({ name, areas }) => ({ name, test: new RegExp(`[\\\\/]src[\\\\/](?:${areas.join('|')})[\\\\/]`) })) },
  sourcemap: true,
});
await bundle.close();
