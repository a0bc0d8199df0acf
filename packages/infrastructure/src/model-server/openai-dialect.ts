import { splitText, type ScriptedAnswer } from './scripted-answer.js';
import type { AnswerContext, WireDialect } from './wire-dialect.js';

/** Code points of text (content or arguments) per SSE event, so each call arrives in several fragments. */
const FRAGMENT_LENGTH = 8;

/** OpenAI-compatible `/v1/chat/completions` and `/v1/models`, in the shapes of wire-formats.md. */
export const openAiDialect: WireDialect = {
  format: 'openai',
  chatPath: '/v1/chat/completions',
  modelsPath: '/v1/models',
  streamContentType: 'text/event-stream',

  // OpenAI answers whole unless told `"stream": true`.
  wantsStream: (body) => body['stream'] === true,

  completion: (answer, context) => ({
    id: completionId(context),
    object: 'chat.completion',
    created: unixSeconds(context.created),
    model: context.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.content === '' && answer.calls.length > 0 ? null : answer.content,
          ...(answer.reasoning === undefined ? {} : { reasoning_content: answer.reasoning }),
          ...(answer.calls.length > 0 && {
            tool_calls: answer.calls.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: argumentsText(call.arguments) },
            })),
          }),
        },
        finish_reason: finishReason(answer),
      },
    ],
    usage: usage(answer),
  }),

  stream(answer, context) {
    const chunk = (choices: unknown[], extra?: Record<string, unknown>): unknown => ({
      id: completionId(context),
      object: 'chat.completion.chunk',
      created: unixSeconds(context.created),
      model: context.model,
      choices,
      ...extra,
    });
    const delta = (value: Record<string, unknown>): unknown => chunk([{ index: 0, delta: value, finish_reason: null }]);

    const events: unknown[] = [delta({ role: 'assistant', content: '' })];
    // Reasoning parsers stream the reasoning first, in its own field.
    for (const piece of splitText(answer.reasoning ?? '', FRAGMENT_LENGTH)) events.push(delta({ reasoning_content: piece }));
    for (const piece of splitText(answer.content, FRAGMENT_LENGTH)) events.push(delta({ content: piece }));
    answer.calls.forEach((call, index) => {
      // The first fragment names the call; later ones carry pieces of its arguments.
      events.push(delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
      for (const piece of splitText(argumentsText(call.arguments), FRAGMENT_LENGTH)) {
        events.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    events.push(chunk([{ index: 0, delta: {}, finish_reason: finishReason(answer) }]));
    // As with `stream_options.include_usage`: a last chunk with no choices and the usage.
    events.push(chunk([], { usage: usage(answer) }));
    return `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`;
  },

  error: (status, text) => ({ error: { message: text, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } }),
  modelMissing: (model) => ({
    status: 404,
    body: {
      error: {
        message: `The model \`${model}\` does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    },
  }),
  // What Ollama's `/v1` answers for a model without tool support.
  noToolSupport: (model) => ({
    status: 400,
    body: { error: { message: `registry.ollama.ai/library/${model} does not support tools`, type: 'invalid_request_error', param: null, code: null } },
  }),

  modelList: (models, created) => ({
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: unixSeconds(created), owned_by: 'library' })),
  }),
};

/** OpenAI arguments are JSON text: an object is serialised, raw text is sent verbatim (even when malformed). */
function argumentsText(args: string | object): string {
  return typeof args === 'string' ? args : JSON.stringify(args);
}

function finishReason(answer: ScriptedAnswer): string {
  return answer.finishReason ?? (answer.calls.length > 0 ? 'tool_calls' : 'stop');
}

function usage(answer: ScriptedAnswer): Record<string, number> {
  const { promptTokens, completionTokens } = answer.usage;
  return { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
}

function completionId(context: AnswerContext): string {
  return `chatcmpl-scripted-${context.requestNumber}`;
}

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
