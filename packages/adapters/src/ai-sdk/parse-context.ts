import type { ToolCallParseOptions } from '@acode/application';
import type { CallOptions, SdkFinishReason } from './sdk-types.js';

/**
 * The parse options of one model answer: the finish reason as our parser reads it (`length` is
 * the token limit; `interrupted`, a stream that ended without its completion signal, is an
 * incomplete output) and the tools the model was shown in strict form, whose `null`s for optional
 * properties mean "absent".
 */
export function parseContext(finishReason: SdkFinishReason | undefined, params: CallOptions | undefined, incomplete = false): ToolCallParseOptions {
  const unified = finishReason?.unified;
  const strictTools = (params?.tools ?? []).flatMap((tool) => (tool.type === 'function' && tool.strict === true ? [tool.name] : []));
  return {
    ...(unified === undefined ? {} : { finishReason: unified === 'length' ? 'length' : (finishReason?.raw ?? unified) }),
    ...(incomplete || unified === 'interrupted' ? { incomplete: true } : {}),
    ...(strictTools.length === 0 ? {} : { strictTools }),
  };
}

/**
 * The finish reason after calls were taken out of the text: `tool-calls` when there are calls
 * now and the model had said `stop` (it wrote them as text); otherwise as the model said.
 */
export function finishWithCalls(finishReason: SdkFinishReason, callsMade: boolean): SdkFinishReason {
  return callsMade && finishReason.unified === 'stop' ? { ...finishReason, unified: 'tool-calls' } : finishReason;
}
