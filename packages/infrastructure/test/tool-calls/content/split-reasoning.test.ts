import { describe, expect, it } from 'vitest';
import { splitReasoning } from '../../../src/tool-calls/content/split-reasoning.js';

describe('splitReasoning', () => {
  it('takes every <think> block out of the content', () => {
    expect(splitReasoning('<think>Should I read it?</think>\nReading the file.')).toEqual({ content: 'Reading the file.', reasoning: 'Should I read it?' });
    expect(splitReasoning('a <think>one</think> b <think>two</think> c')).toEqual({ content: 'a  b  c', reasoning: 'one\n\ntwo' });
  });

  it('makes the rest of the text reasoning when a <think> is never closed', () => {
    expect(splitReasoning('<think>I could call <tool_call>{"name":"file_read"}</tool_call>')).toEqual({
      content: '',
      reasoning: 'I could call <tool_call>{"name":"file_read"}</tool_call>',
    });
  });

  it('makes the text before a </think> with no opening tag reasoning (the template opened it)', () => {
    expect(splitReasoning('plan: read a.txt</think><tool_call>{}</tool_call>')).toEqual({ content: '<tool_call>{}</tool_call>', reasoning: 'plan: read a.txt' });
  });

  it.each([
    ['<seed:think>x</seed:think>y', 'y', 'x'],
    ['\u25c1think\u25b7x\u25c1/think\u25b7y', 'y', 'x'],
    ['<|START_THINKING|>x<|END_THINKING|>y', 'y', 'x'],
    ['<|channel|>analysis<|message|>x<|end|>y', 'y', 'x'],
  ])('knows the markers of other templates: %j', (text, content, reasoning) => {
    expect(splitReasoning(text)).toEqual({ content, reasoning });
  });

  it("does not take harmony's <|end|> alone for the end of reasoning, and removes <|start|>assistant with the analysis", () => {
    const call = '<|channel|>commentary to=functions.file_read<|message|>{}<|call|>';
    expect(splitReasoning(`${call}<|start|>assistant<|channel|>commentary<|message|>ok<|end|>`).reasoning).toBe('');
    expect(splitReasoning(`<|start|>assistant<|channel|>analysis<|message|>plan<|end|>${call}`)).toEqual({ content: call, reasoning: 'plan' });
  });

  it('gives text without markers back unchanged, untrimmed', () => {
    expect(splitReasoning('  no reasoning here \n')).toEqual({ content: '  no reasoning here \n', reasoning: '' });
  });

  it('is linear: a mebibyte of unclosed markers costs one scan', () => {
    const text = '<think>'.repeat(150_000);
    const split = splitReasoning(text);
    expect(split.content).toBe('');
    expect(split.reasoning.length).toBe(text.length - '<think>'.length);
  });
});
