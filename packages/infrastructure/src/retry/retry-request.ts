import { isPlainObject, ownValue, type ChatMessage, type ChatRequest } from '@acode/domain';
import { scanJsonText } from '../validation/json-text-scanner.js';

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

const FENCE = '```';

/** Deepest arguments looked into for an envelope; deeper text is left to the parser's limits. */
const MAX_ENVELOPE_DEPTH = 64;

/** Keys a call envelope may have beside `name` and `arguments` (or `parameters`). */
const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['name', 'arguments', 'parameters', 'id', 'type']);

/**
 * The arguments a retry answer wrote as text (the prompt asks for "only the corrected JSON
 * object", which many models put in their content instead of a tool call): the trimmed content
 * when it is a JSON object, else the first fenced block holding one, prose around it allowed.
 * With `isTool`, a whole call (`{"name": ..., "arguments": {...}}`) gives its arguments when
 * `isTool` accepts its name, and nothing when it names another tool; without it (a tool with a
 * parameter named `name`, `arguments` or `parameters`), the object is the arguments as it is.
 * Undefined when there is no object. The text is not validated here: the parser repairs and
 * checks it like any call.
 */
export function argumentsFromContent(content: string, isTool?: (name: string) => boolean): string | undefined {
  const trimmed = content.trim();
  const body = trimmed.startsWith('{') ? trimmed : fencedObject(trimmed);
  if (body === undefined) return undefined;
  return isTool === undefined ? body : unwrapEnvelope(body, isTool);
}

/** The body of the first fenced block whose text is an object; linear, indexOf-based. */
function fencedObject(content: string): string | undefined {
  let from = 0;
  for (let open = content.indexOf(FENCE, from); open !== -1; open = content.indexOf(FENCE, from)) {
    const lineEnd = content.indexOf('\n', open + FENCE.length);
    if (lineEnd === -1) return undefined;
    const close = content.indexOf(FENCE, lineEnd + 1);
    if (close === -1) return undefined;
    const body = content.slice(lineEnd + 1, close).trim();
    if (/^[a-zA-Z0-9]*$/.test(content.slice(open + FENCE.length, lineEnd).trim()) && body.startsWith('{')) return body;
    from = close + FENCE.length;
  }
  return undefined;
}

/** The arguments of a whole call written as valid JSON; any other text as it is. */
function unwrapEnvelope(text: string, isTool: (name: string) => boolean): string | undefined {
  if (!scanJsonText(text, MAX_ENVELOPE_DEPTH).ok) return text;
  const value = JSON.parse(text) as unknown;
  if (!isPlainObject(value)) return text;
  const name = ownValue(value, 'name');
  const args = ownValue(value, 'arguments') ?? ownValue(value, 'parameters');
  const isEnvelope = typeof name === 'string' && (isPlainObject(args) || typeof args === 'string') && Object.keys(value).every((key) => ENVELOPE_KEYS.has(key));
  if (!isEnvelope) return text;
  if (!isTool(name)) return undefined;
  return typeof args === 'string' ? args : JSON.stringify(args);
}
