import { describe, expect, it } from 'vitest';
import { checkSubjects } from '../lib/check-subjects.mjs';
import { loadPeers } from '../lib/load-peers.mjs';

/**
 * @param {string} name
 * @param {(value: unknown) => boolean} verdict
 * @returns {import('../lib/load-peers.mjs').Peer}
 */
const fakePeer = (name, verdict) => ({ id: name, name, createEngine: () => ({ compile: () => verdict, compileOnce: () => {} }) });

/** A registry stub answering every call with `result`. */
const fakeAcode = (/** @type {unknown} */ result) =>
  /** @type {any} */ ({ ok: true, options: {}, createCompiler: () => ({}), createRegistry: () => ({ registerTool() {}, tryValidateArguments: () => result }) });

describe('checkSubjects', () => {
  it('finds no problem with the real peers', async () => {
    expect(checkSubjects(undefined, await loadPeers()).problems).toEqual([]);
  });

  it('flags a peer that accepts everything and one that rejects everything', () => {
    const { problems } = checkSubjects(undefined, [fakePeer('lax', () => true), fakePeer('grumpy', () => false)]);
    expect(problems).toEqual(['lax accepted the invalid call', 'grumpy rejected the valid call']);
  });

  it('flags a registry that accepts the invalid call', () => {
    expect(checkSubjects(fakeAcode({ success: true }), []).problems).toEqual(['acode accepted the invalid call']);
  });

  it('flags a registry that stops at the first fault, and records what it reported', () => {
    const failure = { success: false, errors: [{ path: '/path', code: 'ACODE-TSR-003' }] };
    const { problems, facts } = checkSubjects(fakeAcode(failure), []);
    expect(problems).toContain('acode rejected the valid call: ACODE-TSR-003');
    expect(problems).toContain('acode reported 1 of the 3 faults in the invalid call');
    expect(facts[0]).toContain('/path ACODE-TSR-003');
  });
});
