import type { IToolCallParser, ToolCallParseOptions } from '@acode/application';
import type { ToolCallParseResult } from '@acode/domain';
import { createToolCallParser, type CreateToolCallParserOptions } from './create-tool-call-parser.js';

/** Options of {@link parseToolCalls}: what {@link createToolCallParser} takes, plus one parse's own. */
export type ParseToolCallsOptions = Omit<CreateToolCallParserOptions, 'settings'> & ToolCallParseOptions;

/** Parsers already built for a tools array or registry, so a loop over answers compiles once. */
const parsers = new WeakMap<object, IToolCallParser>();

/**
 * Reads a model server's response (an OpenAI chat completion, an Ollama `/api/chat` answer, or
 * a bare message) into validated tool calls, in one call: `{ success, toolCalls, errors, content }`.
 * Calls written in the text are extracted, broken JSON is repaired only where it has one reading,
 * and every call is validated against `tools`; a failure is an entry in `errors` with an ACODE code,
 * never a throw.
 *
 * The parser is kept per `tools` array (or `registry`) object, so pass the same array each time
 * and its schemas compile once; `settings` apply to this parse only. The logger, correlation and
 * clock of the first parse with an array are the ones kept.
 *
 * @example
 * const { toolCalls, errors } = parseToolCalls(completion, { tools: [readFile] });
 */
export function parseToolCalls(response: unknown, options: ParseToolCallsOptions): ToolCallParseResult {
  const key: object | undefined = options.registry ?? options.tools;
  if (key === undefined) throw new TypeError('parseToolCalls needs `registry` or `tools`');
  let parser = parsers.get(key);
  if (parser === undefined) {
    const { registry, tools, logger, correlation, clock } = options;
    parser = createToolCallParser({
      ...(registry === undefined ? {} : { registry }),
      ...(tools === undefined ? {} : { tools }),
      ...(logger === undefined ? {} : { logger }),
      ...(correlation === undefined ? {} : { correlation }),
      ...(clock === undefined ? {} : { clock }),
    });
    parsers.set(key, parser);
  }
  const { provider, settings, strictTools, finishReason, incomplete } = options;
  return parser.parseResponse(response, {
    ...(settings === undefined ? {} : { settings }),
    ...(provider === undefined ? {} : { provider }),
    ...(strictTools === undefined ? {} : { strictTools }),
    ...(finishReason === undefined ? {} : { finishReason }),
    ...(incomplete === undefined ? {} : { incomplete }),
  });
}
