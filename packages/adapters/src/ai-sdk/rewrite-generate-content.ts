import type { IToolCallParser, IToolSchemaRegistry, ToolCallParseOptions } from '@acode/application';
import type { ToolCallParseResult } from '@acode/domain';
import { partsAt, textCallParts, type RefusedCallHandling } from './call-parts.js';
import type { ContentPart, SdkToolCall } from './sdk-types.js';
import { isClientCall, judgedCalls } from './structured-calls.js';

/** What the middleware needs to judge one answer. */
export interface AnswerJudge {
  readonly parser: IToolCallParser;
  readonly registry: IToolSchemaRegistry;
  readonly refused: RefusedCallHandling;
  readonly onParse?: (result: ToolCallParseResult) => void;
}

/** A generate result's content with its calls judged, and whether calls were taken out of the text. */
export interface RewrittenContent {
  readonly content: ContentPart[];
  readonly textCalls: boolean;
}

/**
 * The content of a generate result with its tool calls repaired and validated: each client call
 * to a registered tool is replaced by what our parser made of it (see `partsAt`). When the model
 * made no structured call, calls written in its text are looked for; if any is found, the text
 * parts are replaced by one text part holding the text without the calls (and a reasoning part
 * for reasoning written into the text), and the calls are added after the other parts. Content
 * without calls comes back as it was (the same array).
 */
export function rewriteGenerateContent(content: readonly ContentPart[], judge: AnswerJudge, options: ToolCallParseOptions): RewrittenContent {
  const calls = content.filter((part): part is SdkToolCall => isClientCall(part));
  if (calls.length > 0) return { content: rewriteStructured(content, calls, judge, options), textCalls: false };
  const text = content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  if (text === '') return { content: [...content], textCalls: false };
  const result = judge.parser.parseRawToolCalls([], text, options);
  judge.onParse?.(result);
  if (result.toolCalls.length === 0 && result.errors.length === 0) return { content: [...content], textCalls: false };
  return { content: [...withoutText(content, result), ...textCallParts(result)], textCalls: true };
}

function rewriteStructured(content: readonly ContentPart[], calls: readonly SdkToolCall[], judge: AnswerJudge, options: ToolCallParseOptions): ContentPart[] {
  const judged = judgedCalls(calls, judge.registry);
  if (judged.length === 0) return [...content];
  const result = judge.parser.parseRawToolCalls(
    judged.map((call) => call.raw),
    '',
    options,
  );
  judge.onParse?.(result);
  const replaced = new Map(judged.map((call) => [call.part, partsAt(result, call.raw.index, call.part, judge.refused)]));
  return content.flatMap((part): ContentPart[] => (part.type === 'tool-call' ? (replaced.get(part) ?? [part]) : [part]));
}

/** The content with its text parts replaced by the parse's text (and reasoning), where the first text part was. */
function withoutText(content: readonly ContentPart[], result: ToolCallParseResult): ContentPart[] {
  const replacement: ContentPart[] = [
    ...(result.reasoning === undefined ? [] : [{ type: 'reasoning' as const, text: result.reasoning }]),
    ...(result.content === '' ? [] : [{ type: 'text' as const, text: result.content }]),
  ];
  const first = content.findIndex((part) => part.type === 'text');
  return content.flatMap((part, position) => (part.type !== 'text' ? [part] : position === first ? replacement : []));
}
