import type { IToolSchemaRegistry } from '@acode/application';
import type { RawToolCall } from '@acode/domain';
import type { SdkToolCall } from './sdk-types.js';

/** A tool call the model made that the middleware judges, with its position among those. */
export interface JudgedCall {
  readonly part: SdkToolCall;
  readonly raw: RawToolCall;
}

/** True for a call the client runs; a provider-executed call is the provider's business. */
export function isClientCall(part: { readonly type: string; readonly providerExecuted?: boolean }): boolean {
  return part.type === 'tool-call' && part.providerExecuted !== true;
}

/**
 * The calls the middleware judges: client calls to tools the registry holds (any case or alias).
 * A call to a tool the registry does not hold is left to the SDK, which may know it. An empty
 * input is the SDK's `{}`.
 */
export function judgedCalls(calls: readonly SdkToolCall[], registry: IToolSchemaRegistry): JudgedCall[] {
  return calls
    .filter((part) => registry.findTool(part.toolName) !== undefined)
    .map((part, index) => ({
      part,
      raw: { index, id: part.toolCallId, name: part.toolName, arguments: part.input.trim() === '' ? '{}' : part.input, source: 'openai' },
    }));
}
