import { DEFAULT_TOOL_CALL_SETTINGS, type ToolCallParseResult, type ToolCallSettings } from '@acode/domain';
import { createToolCallParser } from '@acode/infrastructure';
import type { LanguageModelMiddleware } from 'ai';
import { registryOf, type ToolsSource } from '../shared/tools-source.js';
import type { RefusedCallHandling } from './call-parts.js';
import { finishWithCalls, parseContext } from './parse-context.js';
import { rewriteGenerateContent, type AnswerJudge } from './rewrite-generate-content.js';
import { toolCallStream } from './tool-call-stream.js';

/** Options of {@link acodeToolCallMiddleware}. */
export interface AcodeToolCallMiddlewareOptions extends ToolsSource {
  /**
   * Parse settings over the defaults: `textFormats` (the text-call formats looked for, in
   * priority order), `extractFromContent` (`false` looks for no call in the text),
   * `enableAutoRepair`, `maxArgumentSize`, `maxNestingDepth`, `repairTimeoutMs`, `strictSchemas`.
   */
  readonly settings?: Partial<ToolCallSettings>;
  /**
   * What happens to a call our parser refuses (JSON with two readings or none, a call the length
   * limit may have cut, arguments the schema refuses, an unknown tool written in the text):
   * `invalidate` (default) passes it on with `input` replaced by `ACODE-…: message`, which is not
   * JSON, so the SDK reports an invalid tool call, the model reads our message in the tool error
   * and no `execute` runs; `keep` passes a structured call on as the model sent it, for the SDK
   * and its `experimental_repairToolCall` to judge. Either way the error is in
   * `providerMetadata.acode`.
   */
  readonly refusedCalls?: RefusedCallHandling;
  /** Called with every parse result (calls found, repairs made, errors with ACODE codes), for logs and metrics. */
  readonly onParse?: (result: ToolCallParseResult) => void;
}

/**
 * A language-model middleware for the AI SDK's `wrapLanguageModel` that makes tool calls
 * reliable with the same parser as the rest of Acode tools: structured calls to registered tools
 * have their JSON repaired (only where it has one reading) and their arguments validated
 * (defaults applied, canonical name, `input` rewritten to the JSON of the validated arguments); a
 * text holding several calls run together becomes several calls; and when the model made no
 * structured call, calls it wrote into its text (`<tool_call>{...}</tool_call>`, `[TOOL_CALLS]`,
 * pythonic, fenced JSON and the other text-call formats) are taken out of the text and become
 * tool calls. Calls to tools the registry does not hold are left alone for the SDK to judge.
 *
 * Works for `generateText` (`wrapGenerate`) and `streamText` (`wrapStream`; see `toolCallStream`
 * for what a stream holds back: tool-call parts until `finish`, and text from where a text-written
 * call may start). Nothing here loads `ai` at run time.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: acodeToolCallMiddleware({ tools: [getWeather] }) });
 * const { toolCalls } = await generateText({ model, tools, prompt });
 */
export function acodeToolCallMiddleware(options: AcodeToolCallMiddlewareOptions): LanguageModelMiddleware {
  const registry = registryOf(options, 'acodeToolCallMiddleware');
  const settings = { ...DEFAULT_TOOL_CALL_SETTINGS, ...options.settings };
  const judge: AnswerJudge = {
    parser: createToolCallParser({ registry, settings }),
    registry,
    refused: options.refusedCalls ?? 'invalidate',
    ...(options.onParse === undefined ? {} : { onParse: options.onParse }),
  };
  return {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const context = parseContext(result.finishReason, params);
      // With `extractFromContent: false` in the settings the parser looks for no call in the text.
      const rewritten = rewriteGenerateContent(result.content, judge, context);
      return { ...result, content: rewritten.content, finishReason: finishWithCalls(result.finishReason, rewritten.textCalls) };
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      const stream = result.stream.pipeThrough(
        toolCallStream({
          judge,
          params,
          extractText: settings.extractFromContent,
          ...(settings.textFormats === undefined ? {} : { textFormats: settings.textFormats }),
        }),
      );
      return { ...result, stream };
    },
  };
}
