import type { ToolCallParseOptions } from '@acode/application';
import type { ChatResponse } from '@acode/domain';

/**
 * How a model's answer ended, as parse options: its finish reason (`length` when the output hit
 * the token limit) and whether a stream ended before its end marker. The parser refuses the calls
 * such an end cut (ACODE-TLP-010), so they are retried rather than run.
 */
export function answerEnding(response: ChatResponse): Pick<ToolCallParseOptions, 'finishReason' | 'incomplete'> {
  return {
    ...(typeof response.finishReason === 'string' ? { finishReason: response.finishReason } : {}),
    ...(response.incomplete === true ? { incomplete: true } : {}),
  };
}
