import type { ToolCall, ToolCallError, ToolCallParseResult } from '@acode/domain';
import type { SdkToolCall } from './sdk-types.js';

/** What the middleware does with a call our parser refused. */
export type RefusedCallHandling = 'invalidate' | 'keep';

/** The key our details go under in a tool-call part's `providerMetadata`. */
export const PROVIDER_METADATA_KEY = 'acode';

/** A validated call as an AI SDK tool-call part: the canonical name, the arguments as JSON (defaults applied). */
export function acceptedPart(call: ToolCall, original?: SdkToolCall): SdkToolCall {
  return {
    ...(original ?? {}),
    type: 'tool-call',
    toolCallId: call.id,
    toolName: call.name,
    input: JSON.stringify(call.arguments),
    ...(call.repairs.length === 0 && call.requestedName === undefined
      ? {}
      : { providerMetadata: { ...original?.providerMetadata, [PROVIDER_METADATA_KEY]: { repairs: [...call.repairs], source: call.source } } }),
  };
}

/**
 * A refused call as a tool-call part the SDK cannot run: its `input` becomes `ACODE-…: message`,
 * which is not JSON, so the SDK reports it as invalid tool input (the model sees our message in
 * the tool error) and no `execute` runs, even for a tool whose schema the SDK does not check. The
 * error and the arguments as sent go in `providerMetadata.acode`. With `keep`, a structured call
 * is passed on as the model sent it, for the SDK (and its repair hook) to judge.
 */
export function refusedPart(error: ToolCallError, handling: RefusedCallHandling, original?: SdkToolCall): SdkToolCall {
  if (handling === 'keep' && original !== undefined) return original;
  const hint = error.schemaHint === undefined ? '' : ` (${error.schemaHint})`;
  return {
    ...(original ?? {}),
    type: 'tool-call',
    toolCallId: error.id ?? original?.toolCallId ?? `acode_refused_${error.index}`,
    toolName: original?.toolName ?? error.tool ?? '',
    input: `${error.code}: ${error.message}${hint}`,
    providerMetadata: {
      ...original?.providerMetadata,
      [PROVIDER_METADATA_KEY]: {
        code: error.code,
        message: error.message,
        retryable: error.retryable,
        ...(error.rawArguments === undefined ? {} : { rawArguments: error.rawArguments }),
      },
    },
  };
}

/**
 * The parts that take the place of structured call `index` of a parse: one per call our parser
 * made of it (a text holding several calls becomes several, with fresh ids), or the refused part.
 */
export function partsAt(result: ToolCallParseResult, index: number, original: SdkToolCall, handling: RefusedCallHandling): SdkToolCall[] {
  const accepted = result.toolCalls.filter((call) => call.index === index);
  if (accepted.length > 0) return accepted.map((call) => acceptedPart(call, original));
  const error = result.errors.find((item) => item.index === index);
  return error === undefined ? [original] : [refusedPart(error, handling, original)];
}

/** The calls a parse of text found, accepted and refused (always as refused parts), in the model's order. */
export function textCallParts(result: ToolCallParseResult): SdkToolCall[] {
  const items: Array<{ index: number; part: SdkToolCall }> = [
    ...result.toolCalls.map((call) => ({ index: call.index, part: acceptedPart(call) })),
    ...result.errors.map((error) => ({ index: error.index, part: refusedPart(error, 'invalidate') })),
  ];
  return items.sort((a, b) => a.index - b.index).map((item) => item.part);
}
