import { ERROR_CODE_TITLES } from '../packages/domain/src/index.js';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');

describe('README', () => {
  it('lists every error code of the domain table, and no other (decision 14)', () => {
    const section = readme.slice(readme.indexOf('## Error codes'));
    const documented = [...section.matchAll(/^\| (ACODE-[A-Z]+-\d{3}) \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ERROR_CODE_TITLES).sort());
  });

  it('has a Quick start block of exactly two lines, the second of which .ci/run runs verbatim', () => {
    const block = /## Quick start\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(2);
    expect(readFileSync(resolve(root, '.ci/run'), 'utf8')).toContain(lines[1]!);
  });
});
