import { scrubText } from '../tool-calls/scrub-secrets.js';
import { MAX_DISPLAYED_NAME_LENGTH, truncate } from '../validation/display-text.js';
import { ERROR_CODES, formatByteSize, quoteText, type ToolCallError, type ToolCallSource } from '@acode/domain';

/** `index` of an error that belongs to no call: a line that is not JSON, or a fragment without a usable index. */
export const NO_CALL_INDEX = -1;

/** Where in the stream an error was found, and for which call. */
export interface StreamErrorSite {
  readonly line: number;
  readonly source: ToolCallSource;
  readonly index?: number;
  readonly id?: string;
  readonly tool?: string;
}

/** ACODE-TLP-008 at `site`: `problem` is a clause that follows "Line N of the stream". */
export function streamError(site: StreamErrorSite, problem: string): ToolCallError {
  return build(site, ERROR_CODES.TOOL_CALL_STREAM_ERROR, `Line ${site.line} of the stream ${problem}.`);
}

/** ACODE-TLP-009 at `site`: a streamed call's arguments outgrew the limit. */
export function argumentsTooLargeError(site: StreamErrorSite, limit: number): ToolCallError {
  const message = `Line ${site.line} of the stream took the arguments of call ${site.index ?? NO_CALL_INDEX} past the limit of ${formatByteSize(limit)}; the call was dropped. Send smaller arguments.`;
  return build(site, ERROR_CODES.TOOL_CALL_TOO_LARGE, message);
}

/** Counts the errors left out once {@link MAX_STREAM_ERRORS} were listed. */
export function moreErrorsError(count: number, source: ToolCallSource): ToolCallError {
  return {
    index: NO_CALL_INDEX,
    source,
    code: ERROR_CODES.TOOL_CALL_STREAM_ERROR,
    message: `${count} more stream error${count === 1 ? '' : 's'} not listed.`,
    retryable: true,
  };
}

/**
 * A server's own error message, scrubbed of secret-looking values (servers echo what they were
 * sent), bounded and quoted so it cannot forge lines or run long.
 */
export function quoteServerMessage(value: unknown): string {
  return typeof value === 'string' ? quoteText(scrubText(value), 200) : 'without a message';
}

function build(site: StreamErrorSite, code: ToolCallError['code'], message: string): ToolCallError {
  return {
    index: site.index ?? NO_CALL_INDEX,
    ...(site.id === undefined ? {} : { id: site.id }),
    ...(site.tool === undefined ? {} : { tool: truncate(site.tool, MAX_DISPLAYED_NAME_LENGTH) }),
    source: site.source,
    code,
    message,
    line: site.line,
    // A stream can be requested again; an oversized call may come back smaller.
    retryable: true,
  };
}
