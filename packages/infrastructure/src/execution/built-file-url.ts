import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This package's name, as its `package.json` says; the walk up stops at that manifest. */
const PACKAGE_NAME = '@acode/infrastructure';

let packageRoot: string | undefined;

/**
 * URL of a file of this package's build (`dist/execution/child-runner-entry.js`), for what a child
 * process or a module hook loads by path. Found from the package root, not from this module's own
 * place, because the build bundles modules into shared chunks (`dist/chunks/`), so a sibling path
 * computed from `import.meta.url` would point at nothing.
 */
export function builtFileUrl(relativePath: string): URL {
  packageRoot ??= findPackageRoot(dirname(fileURLToPath(import.meta.url)));
  return pathToFileURL(join(packageRoot, relativePath));
}

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`${PACKAGE_NAME}: package.json not found above ${start}`);
  }
}
