import type { IToolCallParser, ToolCallParseOptions } from '@acode/application';
import type { ChatResponse, ToolCallError, ToolCallParseResult } from '@acode/domain';

/**
 * The errors of the calls a stream dropped while assembling an answer: those that belong to a
 * call (`index` ≥ 0), such as arguments that outgrew `max_argument_size` (ACODE-TLP-009) or a
 * fragment that could not belong to its call (ACODE-TLP-008). Such a call is absent from
 * `toolCalls`; without its error it would vanish from the answer as if never made.
 */
export function droppedCallErrors(response: ChatResponse): readonly ToolCallError[] {
  return response.streamErrors.filter((error) => error.index >= 0);
}

/**
 * Parses one model answer: its calls through the parser, plus the calls its stream dropped, each
 * an error of the answer in the model's order. A call dropped for its size is therefore an
 * invalid call of the answer (refused, never run), not a call that was never made. The reasoning
 * the server set apart goes to the parser with the text, so the result carries it, and a call the
 * model left at the end of it (a `</think>` forgotten before the call) is not lost.
 */
export function parseAnswer(parser: IToolCallParser, response: ChatResponse, options: ToolCallParseOptions): ToolCallParseResult {
  const withReasoning = response.reasoning === undefined || options.reasoning !== undefined ? options : { ...options, reasoning: response.reasoning };
  const parsed = parser.parseRawToolCalls(response.toolCalls, response.content, response.contentFollowsSentText === true ? { ...withReasoning, afterText: true } : withReasoning);
  const dropped = droppedCallErrors(response);
  if (dropped.length === 0) return parsed;
  return { ...parsed, success: false, errors: [...parsed.errors, ...dropped].sort((a, b) => a.index - b.index) };
}
