import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSubjects } from '../lib/check-subjects.mjs';
import { loadAcode } from '../lib/load-acode.mjs';
import { loadPeers } from '../lib/load-peers.mjs';
import { repoPath } from '../lib/repo-paths.mjs';

// The bench reads the BUILT registry. Before `pnpm build` there is nothing to check, so this
// suite is skipped then; `pnpm test` builds first, so it runs there.
const built = existsSync(repoPath('packages/infrastructure/dist/index.js'));

describe.skipIf(!built)('the built registry on the bench fixtures', () => {
  it('loads, accepts the valid call and reports all three faults of the invalid one', async () => {
    const acode = await loadAcode();
    expect(acode.ok, acode.ok ? '' : acode.reason).toBe(true);
    if (!acode.ok) return;
    expect(checkSubjects(acode, await loadPeers()).problems).toEqual([]);
  });
});
