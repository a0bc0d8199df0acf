#!/usr/bin/env node
// Run after `tsc` in a package with a `bin`: makes every bin target executable (tsc writes 0644),
// so `./dist/bin.js` runs directly and the packed file keeps its mode. Each target must start
// with a `#!/usr/bin/env node` line; a missing one fails the build.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(pkg.bin ?? {});
for (const bin of bins) {
  const file = join(process.cwd(), bin);
  if (!readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n')) {
    console.error(`${pkg.name}: ${bin} does not start with "#!/usr/bin/env node"`);
    process.exit(1);
  }
  chmodSync(file, 0o755);
}
