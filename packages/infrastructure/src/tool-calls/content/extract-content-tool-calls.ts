import { ERROR_CODES, type JsonValue, type RawToolCall, type RepairName, type TextCallFormat, type ToolCallError } from '@acode/domain';
import { truncate } from '../../validation/display-text.js';
import { decodeJsonText, type JsonTextDecodeOptions } from '../decode-json-text.js';
import { readProperty } from '../formats/read-property.js';
import { MAX_TOOL_CALLS_PER_RESPONSE } from '../formats/response-reading.js';
import { truncationMessage, type OutputEnd } from '../output-truncation.js';
import { areUnmarkedCalls, callEnvelopes, envelopeArguments } from './call-envelope.js';
import { NO_TOOLS_CONTEXT, type ContentCall, type ContentSpan, type ExtractionContext } from './content-span.js';
import { sniffCallName } from './sniff-call-name.js';
import { activeFormats } from './text-call-formats.js';
import { typeParameterValues } from './type-parameter-values.js';

/** Longest body quoted back in an error's `rawArguments`. */
export const MAX_RAW_ARGUMENTS_LENGTH = 2_000;

/** One call found in the text, or one that was clearly meant as a call but could not be read. */
export type ExtractedItem =
  | { readonly kind: 'call'; readonly call: RawToolCall; readonly repairs: readonly RepairName[] }
  | { readonly kind: 'error'; readonly error: ToolCallError };

/** The calls found in the text, and the text without them. */
export interface ContentExtraction {
  /** In order of appearance; `index` counts calls and errors together. */
  readonly items: readonly ExtractedItem[];
  /** The content with every extracted span removed (and trimmed when something was removed). */
  readonly content: string;
}

/**
 * Finds tool calls a model wrote into its text when the server did not recognise them (issue
 * item 6). Every extractor scans with indexOf in linear time; the body of each span is decoded
 * with the same limits as arguments and repaired when needed, so `<tool_call>{"name": "x",
 * "arguments": {"a": 1},}</tool_call>` is still found (its repairs are carried to the call).
 *
 * `options.repairer` is used for the bodies when set. Overlapping spans keep the one that starts
 * first (a fenced block inside a `<tool_call>` belongs to the tag). At most
 * {@link MAX_TOOL_CALLS_PER_RESPONSE} spans are decoded; later ones stay in the text, which
 * bounds the repair work a hostile text can cause.
 *
 * `end` says how the output ended. When it did not end normally (finish reason `length`, or a
 * stream cut before its end marker), the call of a span whose marker never closed is marked
 * `incomplete`, so the parser refuses it (ACODE-TLP-010) whatever a repair makes of it; an
 * unclosed json fence is then read as a call too, when its body is one.
 */
export function extractContentToolCalls(
  content: string,
  options: Omit<JsonTextDecodeOptions, 'subject'>,
  end: OutputEnd = 'complete',
  context: ExtractionContext = NO_TOOLS_CONTEXT,
  formats?: readonly TextCallFormat[],
): ContentExtraction {
  const active = activeFormats(formats);
  // Earlier start first; at the same start, the format listed first.
  const spans = active
    .flatMap(({ extract }, priority) => extract(content, context).map((span) => ({ span, priority })))
    .sort((a, b) => a.span.start - b.span.start || a.priority - b.priority)
    .map(({ span }) => span);
  const items: ExtractedItem[] = [];
  const kept: string[] = [];
  let cursor = 0;
  for (const span of spans) {
    if (items.length >= MAX_TOOL_CALLS_PER_RESPONSE) break;
    if (span.start < cursor) continue;
    const found = readSpan(span, { ...options, subject: 'a tool call written in the content' }, items.length, end, context);
    if (found === undefined) continue;
    items.push(...found);
    kept.push(content.slice(cursor, span.start));
    cursor = span.end;
  }
  if (cursor === 0) return { items, content };
  kept.push(content.slice(cursor));
  return { items, content: kept.join('').trim() };
}

/** The items of one span; `undefined` when the span is not a call after all (an unrelated json block). */
function readSpan(span: ContentSpan, options: JsonTextDecodeOptions, firstIndex: number, end: OutputEnd, context: ExtractionContext): ExtractedItem[] | undefined {
  // An unclosed fence in an output that ended normally is text, as it always was.
  if (span.incomplete === true && !span.marked && end === 'complete') return undefined;
  // A marker opened and never followed by anything, in an output that ended normally (finish
  // reason `stop`): no call was written, so nothing is cut; the marker is dropped.
  if (span.incomplete === true && span.marked && end === 'complete' && isEmptyOpening(span)) return [];
  if (span.failure !== undefined) return span.marked ? [failedSpan(span, firstIndex, end)] : undefined;
  if (span.calls !== undefined) return readCalls(span, span.calls, firstIndex, end, context);
  const decoded = decodeJsonText(span.body ?? '', options);
  if (!decoded.ok) {
    if (!span.marked) return undefined;
    // Size and nesting are refused whatever the cause; any other failure of a cut-off call is the cut's.
    const cutOff = span.incomplete === true && decoded.kind !== 'size' && decoded.kind !== 'depth';
    const code = cutOff ? ERROR_CODES.TOOL_CALL_OUTPUT_TRUNCATED : decoded.code;
    const message = cutOff ? truncationMessage(end, 'open', decoded.message) : decoded.message;
    // The name, when it can be read, lets the call be retried like any other.
    const tool = sniffCallName(span.body ?? '');
    const error: ToolCallError = {
      index: firstIndex,
      ...(tool === undefined ? {} : { tool }),
      source: span.source,
      code,
      message,
      ...(decoded.position === undefined ? {} : { position: decoded.position }),
      ...(decoded.repairs === undefined ? {} : { repairs: decoded.repairs }),
      rawArguments: truncate(span.body ?? '', MAX_RAW_ARGUMENTS_LENGTH),
      retryable: true,
    };
    return [{ kind: 'error', error }];
  }

  const envelopes = callEnvelopes(decoded.value) as readonly JsonValue[];
  // Without a marker, only JSON that calls a declared tool is a call: any other JSON is text. A
  // call to an undeclared tool beside it is kept, to be refused as unknown rather than dropped.
  if (!span.marked && !areUnmarkedCalls(envelopes, context)) return undefined;
  const repairs = span.repairs === undefined ? decoded.repairs : [...new Set([...decoded.repairs, ...span.repairs])];
  // The output was cut inside the span (or after calls nothing closes): its last call is the one
  // cut, whatever the repair closed.
  const cut = (span.incomplete === true || span.open === true) && end !== 'complete';
  return envelopes.map((envelope, offset): ExtractedItem => {
    const id = readProperty(envelope, 'id');
    const args = envelopeArguments(envelope);
    return {
      kind: 'call',
      call: {
        index: firstIndex + offset,
        ...(typeof id === 'string' ? { id } : {}),
        name: readProperty(envelope, 'name'),
        arguments: args,
        source: span.source,
        ...(cut && offset === envelopes.length - 1 ? { incomplete: true } : {}),
      },
      repairs,
    };
  });
}

/** The calls an extractor read itself; XML parameter text is typed by the tool's schema. */
function readCalls(span: ContentSpan, calls: readonly ContentCall[], firstIndex: number, end: OutputEnd, context: ExtractionContext): ExtractedItem[] | undefined {
  if (calls.length === 0) return span.marked ? [] : undefined;
  // Calls nothing closes (bare `f(a=1)` lines) may have been cut after any of them.
  const cut = (span.incomplete === true || span.open === true) && end !== 'complete';
  return calls.map((call, offset): ExtractedItem => {
    const name = call.name;
    const args = call.parameterText === undefined ? call.arguments : typeParameterValues(call.parameterText, typeof name === 'string' ? context.toolSchema(name) : undefined);
    return {
      kind: 'call',
      call: {
        index: firstIndex + offset,
        ...(call.id === undefined ? {} : { id: call.id }),
        name,
        arguments: args,
        source: span.source,
        ...(cut && offset === calls.length - 1 ? { incomplete: true } : {}),
      },
      repairs: span.repairs ?? [],
    };
  });
}

/** A span holding nothing but its opening marker (and whitespace): no call was begun. */
function isEmptyOpening(span: ContentSpan): boolean {
  if (span.calls !== undefined) return span.calls.length === 0;
  if (span.failure !== undefined) return span.failure.raw.trim() === '';
  return (span.body ?? '').trim() === '';
}

/** A marked span the extractor could not read into calls: a failed call that can be retried. */
function failedSpan(span: ContentSpan, index: number, end: OutputEnd): ExtractedItem {
  const failure = span.failure as NonNullable<ContentSpan['failure']>;
  const cutOff = span.incomplete === true;
  const error: ToolCallError = {
    index,
    ...(failure.name === undefined ? {} : { tool: truncate(failure.name, 128) }),
    source: span.source,
    code: cutOff ? ERROR_CODES.TOOL_CALL_OUTPUT_TRUNCATED : ERROR_CODES.TOOL_CALL_INVALID_JSON,
    message: cutOff ? truncationMessage(end, 'open', failure.message) : failure.message,
    rawArguments: truncate(failure.raw, MAX_RAW_ARGUMENTS_LENGTH),
    retryable: true,
  };
  return { kind: 'error', error };
}
