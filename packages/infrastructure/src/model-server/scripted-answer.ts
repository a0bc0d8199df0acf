import type { AnswerStep, ScriptedToolCall, ScriptedUsage } from './script-step.js';

/** An answer step with every default filled in, ready to be written in either format. */
export interface ScriptedAnswer {
  readonly content: string;
  /** The step's reasoning, when it sets one. */
  readonly reasoning?: string;
  readonly calls: ReadonlyArray<Required<ScriptedToolCall>>;
  readonly usage: Required<ScriptedUsage>;
  /** The step's finish reason, when it sets one; each format has its default. */
  readonly finishReason?: string;
}

/** Token counts of an answer whose step and server set none. */
export const DEFAULT_SCRIPTED_USAGE: Required<ScriptedUsage> = Object.freeze({ promptTokens: 10, completionTokens: 5 });

/** Fills in an answer step's defaults: empty content, `call_<request>_<index>` ids, the server's usage. */
export function toScriptedAnswer(step: AnswerStep, requestNumber: number, defaultUsage: Required<ScriptedUsage>): ScriptedAnswer {
  const calls = step.kind === 'tool_call' ? [step] : step.kind === 'tool_calls' ? step.calls : [];
  return {
    content: step.content ?? '',
    ...(step.reasoning === undefined ? {} : { reasoning: step.reasoning }),
    calls: calls.map((call, index) => ({
      name: call.name,
      arguments: call.arguments,
      id: call.id ?? `call_${requestNumber}_${index}`,
    })),
    usage: {
      promptTokens: step.usage?.promptTokens ?? defaultUsage.promptTokens,
      completionTokens: step.usage?.completionTokens ?? defaultUsage.completionTokens,
    },
    ...(step.finishReason === undefined ? {} : { finishReason: step.finishReason }),
  };
}

/** Splits text into pieces of `length` code points, so a surrogate pair never breaks. */
export function splitText(text: string, length: number): string[] {
  const points = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += length) pieces.push(points.slice(start, start + length).join(''));
  return pieces;
}
