/**
 * `@acode/infrastructure/testing`: the scripted model server (`startScriptedModelServer`), a local HTTP
 * server speaking the OpenAI and Ollama chat dialects from a script, for tests and demos. Not part of
 * the main entry. No optional peer needed.
 *
 * @packageDocumentation
 */
export {
  DEFAULT_CHUNK_SIZE,
  startScriptedModelServer,
  type Script,
  type ScriptedModelServer,
  type ScriptedModelServerOptions,
} from './scripted-model-server.js';
export type {
  AnswerStep,
  CutStreamStep,
  HttpErrorStep,
  ModelMissingStep,
  NoToolSupportStep,
  RawStep,
  ScriptedToolCall,
  ScriptedUsage,
  ScriptStep,
  SlowStep,
  TextStep,
  ToolCallsStep,
  ToolCallStep,
} from './script-step.js';
export type { ModelServerFormat, RecordedRequest } from './recorded-request.js';
export { DEFAULT_SCRIPTED_USAGE } from './scripted-answer.js';
export { MAX_REQUEST_BODY_BYTES } from './read-json-body.js';
