import type { LanguageModelMiddleware } from 'ai';

/**
 * The AI SDK's provider-spec types this adapter works on, derived from `ai`'s own
 * `LanguageModelMiddleware` so the only peer named in our types is `ai` (whose version of
 * `@ai-sdk/provider` they then follow). Type-only: nothing here loads `ai` at run time.
 */
type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;

/** What a model's `doGenerate` returns (`LanguageModelV4GenerateResult`). */
export type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
/** One part of a generate result's content (`LanguageModelV4Content`). */
export type ContentPart = GenerateResult['content'][number];
/** A tool call the model made (`LanguageModelV4ToolCall`). */
export type SdkToolCall = Extract<ContentPart, { type: 'tool-call' }>;
/** A text part of a generate result. */
export type TextContent = Extract<ContentPart, { type: 'text' }>;
/** What a model's `doStream` returns (`LanguageModelV4StreamResult`). */
export type StreamResult = Awaited<ReturnType<WrapStream>>;
/** One part of a model stream (`LanguageModelV4StreamPart`). */
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
/** Why the model stopped (`LanguageModelV4FinishReason`). */
export type SdkFinishReason = GenerateResult['finishReason'];
/** The call options a middleware sees (`LanguageModelV4CallOptions`). */
export type CallOptions = Parameters<WrapGenerate>[0]['params'];
