#!/usr/bin/env node
// `prepack` of every public package: copies the repository's LICENSE into the package directory,
// so that `pnpm pack` / `pnpm publish` put it in the tarball. The copies are git-ignored.
import { copyFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
copyFileSync(join(root, 'LICENSE'), join(process.cwd(), 'LICENSE'));
