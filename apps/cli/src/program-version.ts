import { readFileSync } from 'node:fs';

/**
 * The version of `@acode/cli`, read from its `package.json` (one directory above both `src/`
 * and `dist/`, so it works built and under test).
 */
export function programVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const version = typeof manifest === 'object' && manifest !== null ? (manifest as { version?: unknown }).version : undefined;
  return typeof version === 'string' ? version : '0.0.0';
}
