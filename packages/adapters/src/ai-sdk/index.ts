/**
 * `@acode/adapters/ai-sdk`: reliable tool calls for the Vercel AI SDK (`ai` v7). A ready
 * `experimental_repairToolCall` function and a `wrapLanguageModel` middleware that repairs and
 * validates tool calls and extracts the ones a model wrote into its text, in `generateText` and
 * `streamText`. Peer: `ai` (types only; nothing here loads it at run time).
 *
 * @packageDocumentation
 */
export { acodeToolCallMiddleware, type AcodeToolCallMiddlewareOptions } from './acode-tool-call-middleware.js';
export { PROVIDER_METADATA_KEY, type RefusedCallHandling } from './call-parts.js';
export { createRepairToolCall, type CreateRepairToolCallOptions, type RepairableToolCall } from './create-repair-tool-call.js';
export { toolCallStream, type ToolCallStreamOptions } from './tool-call-stream.js';
export type { ToolsSource } from '../shared/tools-source.js';
