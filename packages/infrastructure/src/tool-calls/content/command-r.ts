import type { ContentCall, ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';

const OPEN = '<|START_ACTION|>';
const CLOSE = '<|END_ACTION|>';
/** The markers around Command R7B's answer text: removed, the text between them stays. */
const RESPONSE_MARKERS = ['<|START_RESPONSE|>', '<|END_RESPONSE|>'];
const SOURCE = 'content_command_r';

/**
 * Command R7B calls, as its chat template writes them (CohereForAI c4ai-command-r7b-12-2024
 * `tokenizer_config.json`; llama.cpp `common/chat.cpp` Command R7B): `<|START_ACTION|>[{"tool_call_id":
 * "0", "tool_name": NAME, "parameters": {...}}, ...]<|END_ACTION|>`. The keys are Cohere's own, so
 * the extractor reads the array itself: `tool_call_id` becomes the call id. A body that is not JSON
 * is a failed call; an action never closed runs to the end of the content and is marked
 * incomplete. The `<|START_RESPONSE|>` / `<|END_RESPONSE|>` markers are removed from the content.
 */
export function extractCommandR(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(OPEN, from); open !== -1; open = content.indexOf(OPEN, from)) {
    const bodyStart = open + OPEN.length;
    const first = content[skipWhitespace(content, bodyStart)];
    const close = content.indexOf(CLOSE, bodyStart);
    const end = close === -1 ? content.length : close + CLOSE.length;
    // An action that is not a JSON array or object (prose naming the marker) stays text.
    if (first === '[' || first === '{') spans.push(readAction(content.slice(bodyStart, close === -1 ? content.length : close), open, end, close === -1));
    if (close === -1) break;
    from = end;
  }
  for (const marker of RESPONSE_MARKERS) {
    for (let at = content.indexOf(marker); at !== -1; at = content.indexOf(marker, at + marker.length)) {
      spans.push({ start: at, end: at + marker.length, calls: [], source: SOURCE, marked: true });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

function readAction(body: string, start: number, end: number, incomplete: boolean): ContentSpan {
  const cut = incomplete ? { incomplete: true } : {};
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const message = `A Command R action is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    return { start, end, failure: { message, raw: body }, source: SOURCE, marked: true, ...cut };
  }
  const actions: unknown[] = Array.isArray(value) ? value : [value];
  return { start, end, calls: actions.map(readCall), source: SOURCE, marked: true, ...cut };
}

/** `{"tool_call_id", "tool_name", "parameters"}`; a missing name is reported by the parser. */
function readCall(action: unknown): ContentCall {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return { name: undefined, arguments: action };
  const fields = action as Record<string, unknown>;
  const id = fields['tool_call_id'];
  return {
    name: fields['tool_name'],
    arguments: fields['parameters'],
    ...(typeof id === 'string' || typeof id === 'number' ? { id: String(id) } : {}),
  };
}
