import { describe, expect, it } from 'vitest';
import { checkParsing, wrongCalls } from '../lib/check-parsing.mjs';

/** A correct repairer for the bench inputs, written independently of any implementation. */
const REPAIRED = new Map([
  ['{"path": "src/index.ts", "encoding": "utf-8",}', { text: '{"path": "src/index.ts", "encoding": "utf-8"}', repairs: ['trailing_comma'] }],
  ["{path: 'test',}", { text: '{"path": "test"}', repairs: ['unquoted_keys', 'single_quotes', 'trailing_comma'] }],
  ['{"path": "src/index.ts", "start_line": 1', { text: '{"path": "src/index.ts", "start_line": 1}', repairs: ['missing_closing_brace'] }],
]);

/** @param {string} text */
function goodRepair(text) {
  const known = REPAIRED.get(text);
  if (known) return { attempted: true, success: true, original: text, repaired: known.text, repairs: known.repairs };
  return { attempted: false, success: true, original: text, repaired: text, repairs: [] };
}

/** A parser answering every response with its calls, arguments parsed after a naive comma fix. */
function goodParse(/** @type {any} */ response) {
  const calls = response.choices[0].message.tool_calls;
  const toolCalls = calls.map((/** @type {any} */ c) => ({ name: c.function.name, arguments: JSON.parse(c.function.arguments.replace(',}', '}')) }));
  return { success: true, toolCalls, errors: [] };
}

const subjects = (/** @type {Partial<{ repair: Function, parseResponse: Function }>} */ overrides = {}) =>
  /** @type {any} */ ({ ok: true, repairTimeoutMs: 100, repairer: { repair: overrides.repair ?? goodRepair }, parser: { parseResponse: overrides.parseResponse ?? goodParse } });

describe('checkParsing', () => {
  it('finds jsonrepair right on every shared input (the fixtures agree with an independent repairer)', () => {
    expect(checkParsing(undefined)).toEqual({ problems: [], facts: [] });
  });

  it('passes a correct repairer and parser, recording the repairs each input needed', () => {
    const { problems, facts } = checkParsing(subjects());
    expect(problems).toEqual([]);
    expect(facts).toContain('acode repaired the trailing comma input with trailing_comma');
  });

  it('flags a repairer that touches valid input, or repairs to the wrong value', () => {
    const flagsEverything = (/** @type {string} */ text) => ({ ...goodRepair(text), attempted: true, repairs: ['trailing_comma'] });
    expect(checkParsing(subjects({ repair: flagsEverything })).problems).toContain('acode flagged the valid, 71 B input as needing repair');
    const wrong = (/** @type {string} */ text) => ({ ...goodRepair(text), repaired: '{}' });
    const { problems } = checkParsing(subjects({ repair: wrong }));
    expect(problems).toContain('acode did not repair the trailing comma input to the expected value');
    expect(problems).toContain('acode changed the valid, 71 B input');
  });

  it('reports a repairer or parser that throws, with its message only, and goes on', () => {
    const boom = () => {
      throw new Error('kaput\n    at JsonRepairer.repair (repairer.js:1:1)');
    };
    const { problems } = checkParsing(subjects({ repair: boom, parseResponse: boom }));
    expect(problems).toContain('acode repair threw on the trailing comma input: kaput');
    expect(problems).toContain('acode parseResponse, trailing comma: threw: kaput');
    expect(problems.join('\n')).not.toContain('JsonRepairer');
  });

  it('flags a parser that drops calls or fails the malformed one', () => {
    const firstOnly = (/** @type {any} */ response) => ({ ...goodParse(response), toolCalls: goodParse(response).toolCalls.slice(0, 1) });
    expect(checkParsing(subjects({ parseResponse: firstOnly })).problems).toEqual(['acode parseResponse, 10 call(s): returned 1 calls, expected 10']);
    const failing = () => ({ success: false, toolCalls: [], errors: [{ code: 'ACODE-TLP-002', message: 'bad' }] });
    expect(checkParsing(subjects({ parseResponse: failing })).problems).toContain('acode parseResponse, trailing comma: failed with ACODE-TLP-002');
  });
});

describe('wrongCalls', () => {
  const want = [{ name: 'file_read', arguments: { path: 'a' } }];

  it("accepts the arguments as sent, or with the schema's default encoding added", () => {
    expect(wrongCalls({ success: true, toolCalls: [{ name: 'file_read', arguments: { path: 'a' } }], errors: [] }, want)).toBeUndefined();
    const frozen = Object.freeze(Object.assign(Object.create(null), { path: 'a', encoding: 'utf-8' }));
    expect(wrongCalls({ success: true, toolCalls: [{ name: 'file_read', arguments: frozen }], errors: [] }, want)).toBeUndefined();
  });

  it('refuses other names and other arguments', () => {
    expect(wrongCalls({ success: true, toolCalls: [{ name: 'read_file', arguments: { path: 'a' } }], errors: [] }, want)).toBe('call 0 is named read_file');
    expect(wrongCalls({ success: true, toolCalls: [{ name: 'file_read', arguments: { path: 'b' } }], errors: [] }, want)).toBe('call 0 has other arguments than sent');
  });
});
