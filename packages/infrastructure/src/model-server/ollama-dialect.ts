import { isPlainObject } from '@acode/domain';
import { splitText, type ScriptedAnswer } from './scripted-answer.js';
import type { AnswerContext, WireDialect } from './wire-dialect.js';

/** Code points of assistant text per stream line, so text arrives in several pieces. */
const CONTENT_PIECE_LENGTH = 8;

/** Ollama's native `/api/chat` and `/api/tags`, in the shapes of wire-formats.md. */
export const ollamaDialect: WireDialect = {
  format: 'ollama',
  chatPath: '/api/chat',
  modelsPath: '/api/tags',
  streamContentType: 'application/x-ndjson',

  // Ollama streams unless told `"stream": false`.
  wantsStream: (body) => body['stream'] !== false,

  completion: (answer, context) => ({
    ...header(context),
    message: { ...message(answer.content, answer), ...(answer.reasoning === undefined ? {} : { thinking: answer.reasoning }) },
    ...doneFields(answer),
  }),

  stream(answer, context) {
    // With `think: true`, the thinking streams first, in pieces of its own.
    const lines: unknown[] = [
      ...splitText(answer.reasoning ?? '', CONTENT_PIECE_LENGTH).map((piece) => ({ ...header(context), message: { role: 'assistant', content: '', thinking: piece }, done: false })),
      ...splitText(answer.content, CONTENT_PIECE_LENGTH).map((piece) => ({ ...header(context), message: { role: 'assistant', content: piece }, done: false })),
    ];
    // Ollama sends tool calls whole, all in one line.
    if (answer.calls.length > 0) lines.push({ ...header(context), message: message('', answer), done: false });
    lines.push({ ...header(context), message: { role: 'assistant', content: '' }, ...doneFields(answer) });
    return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  },

  error: (_status, text) => ({ error: text }),
  modelMissing: (model) => ({ status: 404, body: { error: `model '${model}' not found` } }),
  noToolSupport: (model) => ({ status: 400, body: { error: `registry.ollama.ai/library/${model} does not support tools` } }),

  modelList: (models, created) => ({
    models: models.map((name) => ({
      name,
      model: name,
      modified_at: created.toISOString(),
      size: 0,
      digest: '',
      details: { format: 'gguf', family: 'scripted', parameter_size: '', quantization_level: '' },
    })),
  }),
};

function header(context: AnswerContext): Record<string, unknown> {
  return { model: context.model, created_at: context.created.toISOString() };
}

function message(content: string, answer: ScriptedAnswer): Record<string, unknown> {
  if (answer.calls.length === 0) return { role: 'assistant', content };
  return {
    role: 'assistant',
    content,
    tool_calls: answer.calls.map((call, index) => ({
      id: call.id,
      function: { index, name: call.name, arguments: ollamaArguments(call.arguments) },
    })),
  };
}

/**
 * Ollama's arguments are an object. Raw text that is a JSON object is sent as that object; any
 * other text (malformed JSON, an array) is sent as a string, as some Ollama-compatible servers do.
 */
function ollamaArguments(args: string | object): unknown {
  if (typeof args !== 'string') return args;
  try {
    const parsed: unknown = JSON.parse(args);
    return isPlainObject(parsed) ? parsed : args;
  } catch {
    return args;
  }
}

function doneFields(answer: ScriptedAnswer): Record<string, unknown> {
  return {
    done: true,
    done_reason: answer.finishReason ?? 'stop',
    total_duration: 1_000_000,
    prompt_eval_count: answer.usage.promptTokens,
    eval_count: answer.usage.completionTokens,
  };
}
