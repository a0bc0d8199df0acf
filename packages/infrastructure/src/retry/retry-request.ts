import type { ChatMessage, ChatRequest } from '@acode/domain';

/** The failed call a retry shows the model. */
export interface FailedCallEcho {
  readonly id: string;
  /** The name the model used. */
  readonly tool: string;
  /** The arguments as the model sent them (bounded). */
  readonly arguments: string;
}

/**
 * The request of one retry: the original conversation, the assistant's failed call as it sent
 * it, and a tool-role message answering that call with the retry prompt. Each retry starts from
 * the original conversation, never from the previous retry's, so a request's size is bounded
 * whatever the number of attempts (002 threat 5). Model, tools and temperature are kept.
 */
export function buildRetryRequest(original: ChatRequest, failed: FailedCallEcho, prompt: string): ChatRequest {
  const echo: ChatMessage = { role: 'assistant', content: '', toolCalls: [{ id: failed.id, name: failed.tool, arguments: failed.arguments }] };
  const answer: ChatMessage = { role: 'tool', content: prompt, toolCallId: failed.id, toolName: failed.tool };
  return { ...original, messages: [...original.messages, echo, answer] };
}

const FENCED = /^```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/**
 * The arguments a retry answer wrote as text (the prompt asks for "only the corrected JSON
 * object", which many models put in their content instead of a tool call): the trimmed content,
 * without a surrounding code fence; undefined when it does not look like a JSON object.
 */
export function argumentsFromContent(content: string): string | undefined {
  const trimmed = content.trim();
  const body = (FENCED.exec(trimmed)?.[1] ?? trimmed).trim();
  return body.startsWith('{') ? body : undefined;
}
