/** Builders of stream text in the shapes wire-formats.md documents. Expected values in tests stay literal. */

/** One OpenAI tool-call fragment. */
export interface Fragment {
  readonly index: unknown;
  readonly id?: string;
  readonly name?: string;
  readonly args?: string;
}

/** A `data:` event with one chunk whose delta carries `fragments`. */
export function deltaEvent(...fragments: Fragment[]): string {
  const toolCalls = fragments.map(({ index, id, name, args }) => ({
    index,
    ...(id === undefined ? {} : { id, type: 'function' }),
    function: { ...(name === undefined ? {} : { name }), ...(args === undefined ? {} : { arguments: args }) },
  }));
  return dataEvent({ choices: [{ index: 0, delta: { tool_calls: toolCalls } }] });
}

/** A `data:` event with a content delta. */
export function contentEvent(content: string): string {
  return dataEvent({ choices: [{ index: 0, delta: { content } }] });
}

/** The closing chunk with `finish_reason`. */
export function finishEvent(reason = 'tool_calls'): string {
  return dataEvent({ choices: [{ index: 0, delta: {}, finish_reason: reason }] });
}

export const DONE_EVENT = 'data: [DONE]\n\n';

export function dataEvent(chunk: unknown): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** UTF-8 bytes of `text`. */
export function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
