#!/usr/bin/env node
// Builds the host's page (run from `apps/host`, the last step of its `build`): bundles
// `page/src/main.tsx` (Preact, TSX through rolldown's oxc transform) into one `ui/app.js`, joins
// uPlot's style sheet and every `*.css` under `page/src/` into one `ui/app.css`, and copies
// `page/index.html`. One script and one style sheet: the host serves exactly these three files,
// offline and under a CSP without inline code. `ui/` sits beside `src/` and `dist/`, so the host
// finds it whether it runs from source (tests) or from `dist/`.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const PAGE = dirname(fileURLToPath(import.meta.url));
const OUT = join(PAGE, '..', 'ui');
const require = createRequire(join(PAGE, '..', 'package.json'));

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const bundle = await rolldown({
  input: join(PAGE, 'src', 'main.tsx'),
  platform: 'browser',
  // JSX: Preact's automatic runtime, from `page/tsconfig.json` (`jsxImportSource`), which rolldown reads.
  tsconfig: join(PAGE, 'tsconfig.json'),
  // Libraries read it to drop their development checks.
  transform: { define: { 'process.env.NODE_ENV': '"production"' } },
  logLevel: 'warn',
});
await bundle.write({ file: join(OUT, 'app.js'), format: 'esm', minify: true, sourcemap: false, codeSplitting: false });
await bundle.close();

/** Every style sheet under `dir`, in path order, so a view's sheet is picked up by being there. */
function cssFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort((a, b) => (a.endsWith(join('src', 'app.css')) ? -1 : b.endsWith(join('src', 'app.css')) ? 1 : a.localeCompare(b)));
}
const sheets = [require.resolve('uplot/dist/uPlot.min.css'), ...cssFiles(join(PAGE, 'src'))];
writeFileSync(join(OUT, 'app.css'), sheets.map((file) => `/* ${relative(join(PAGE, '..'), file).replaceAll('\\', '/').replace(/^.*node_modules\//, '')} */\n${readFileSync(file, 'utf8')}`).join('\n'));
copyFileSync(join(PAGE, 'index.html'), join(OUT, 'index.html'));
