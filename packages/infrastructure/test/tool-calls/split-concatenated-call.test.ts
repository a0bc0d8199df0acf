import type { RawToolCall } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import type { JsonTextDecodeOptions } from '../../src/tool-calls/decode-json-text.js';
import { splitConcatenatedCall, splitRawToolCall } from '../../src/tool-calls/split-concatenated-call.js';
import { FakeRepairer } from './parser-fixture.js';

const OPTIONS: JsonTextDecodeOptions = { maxSizeBytes: 1024, maxDepth: 8, repairer: new FakeRepairer(), repairTimeoutMs: 100, subject: 'arguments' };

describe('splitConcatenatedCall', () => {
  it('decodes each object of a run, in order, flagging the split', () => {
    expect(splitConcatenatedCall('{"cmd":"ls"} {"cmd":"pwd"}', OPTIONS, 10)).toEqual({
      ok: true,
      collapsed: 0,
      pieces: [
        { text: '{"cmd":"ls"}', value: { cmd: 'ls' }, repairs: ['concatenated_calls_split'] },
        { text: '{"cmd":"pwd"}', value: { cmd: 'pwd' }, repairs: ['concatenated_calls_split'] },
      ],
    });
  });

  it('repairs a damaged piece on its own, keeping its repairs first', () => {
    expect(splitConcatenatedCall('{"a":1,}{"b":2}', OPTIONS, 10)).toEqual({
      ok: true,
      collapsed: 0,
      pieces: [
        { text: '{"a":1,}', value: { a: 1 }, repairs: ['trailing_comma', 'concatenated_calls_split'] },
        { text: '{"b":2}', value: { b: 2 }, repairs: ['concatenated_calls_split'] },
      ],
    });
  });

  it('collapses exact repeats (key order ignored) into the first, and counts them', () => {
    const split = splitConcatenatedCall('{"a":1,"b":[2]}{"b":[2],"a":1}{"c":3}{"a":1,"b":[2]}', OPTIONS, 10);
    expect(split).toEqual({
      ok: true,
      collapsed: 2,
      pieces: [
        { text: '{"a":1,"b":[2]}', value: { a: 1, b: [2] }, repairs: ['concatenated_calls_split', 'duplicate_call_collapsed'] },
        { text: '{"c":3}', value: { c: 3 }, repairs: ['concatenated_calls_split', 'duplicate_call_collapsed'] },
      ],
    });
  });

  it('fails the whole call when one piece fails, at its position in the whole text', () => {
    const split = splitConcatenatedCall('{"a":1}{"b":?}', OPTIONS, 10);
    expect(split).toMatchObject({ ok: false, failure: { ok: false, kind: 'repair', code: 'ACODE-TLP-003', position: 12 } });
    expect(split?.ok === false && split.failure.message).toMatch(/\(in call 2 of 2 run together in one text; that call starts at position 7\)$/);
  });

  it('refuses a run past the limit with ACODE-TLP-009', () => {
    expect(splitConcatenatedCall('{}{}{}', OPTIONS, 2)).toEqual({
      ok: false,
      failure: { ok: false, kind: 'size', code: 'ACODE-TLP-009', message: 'The arguments hold more than 2 calls run together; send at most 2, one per tool call' },
    });
  });

  it('leaves one object, anything that is not a run, and a text over the size limit to the normal decoding', () => {
    expect(splitConcatenatedCall('{"a":"}{"}', OPTIONS, 10)).toBeUndefined();
    expect(splitConcatenatedCall('{"a":1} trailing', OPTIONS, 10)).toBeUndefined();
    expect(splitConcatenatedCall(`{"a":"${'x'.repeat(600)}"}{"b":"${'y'.repeat(600)}"}`, OPTIONS, 10)).toBeUndefined();
  });
});

describe('splitRawToolCall', () => {
  const raw: RawToolCall = { index: 3, id: 'call_server', name: 'command_execute', arguments: '{"command":"ls"}\n{"command":"pwd"}', source: 'openai' };

  it('gives one raw call per object, without the server id, at the same index', () => {
    expect(splitRawToolCall(raw, OPTIONS, 10)).toEqual([
      { raw: { index: 3, name: 'command_execute', arguments: '{"command":"ls"}', source: 'openai' }, decoded: { ok: true, value: { command: 'ls' }, repairs: ['concatenated_calls_split'] } },
      { raw: { index: 3, name: 'command_execute', arguments: '{"command":"pwd"}', source: 'openai' }, decoded: { ok: true, value: { command: 'pwd' }, repairs: ['concatenated_calls_split'] } },
    ]);
  });

  it('keeps the call and its id when the repeats collapse into one', () => {
    const repeated = { ...raw, arguments: '{"command":"ls"}{"command":"ls"}' };
    expect(splitRawToolCall(repeated, OPTIONS, 10)).toEqual([
      { raw: repeated, decoded: { ok: true, value: { command: 'ls' }, repairs: ['concatenated_calls_split', 'duplicate_call_collapsed'] } },
    ]);
  });

  it('puts a failure on the one call in place of the run', () => {
    const broken = { ...raw, arguments: '{"command":"ls"}{nope' };
    expect(splitRawToolCall(broken, OPTIONS, 10)).toEqual([{ raw: broken, decoded: expect.objectContaining({ ok: false, code: 'ACODE-TLP-003' }) }]);
  });

  it('leaves object arguments and single texts alone', () => {
    expect(splitRawToolCall({ ...raw, arguments: { command: 'ls' } }, OPTIONS, 10)).toBeUndefined();
    expect(splitRawToolCall({ ...raw, arguments: '{"command":"ls"}' }, OPTIONS, 10)).toBeUndefined();
  });
});
