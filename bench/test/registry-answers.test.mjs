import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkParsing } from '../lib/check-parsing.mjs';
import { checkSubjects } from '../lib/check-subjects.mjs';
import { loadAcode } from '../lib/load-acode.mjs';
import { loadPeers } from '../lib/load-peers.mjs';
import { PARSING_ENTRY_POINTS, loadToolCallParsing } from '../lib/load-tool-calls.mjs';
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

// The parser and repairer are built with the infrastructure package; skipped before that build.
const parsingBuilt = PARSING_ENTRY_POINTS.every((path) => existsSync(repoPath(path)));

describe.skipIf(!parsingBuilt)('the built repairer and parser on the bench inputs', () => {
  it('load through the composition root and answer every bench input right', async () => {
    const acode = await loadAcode();
    const parsing = await loadToolCallParsing(acode.ok ? acode : undefined);
    expect(parsing.ok, parsing.ok ? '' : parsing.reason).toBe(true);
    if (!parsing.ok) return;
    expect(checkParsing(parsing).problems).toEqual([]);
  });
});
