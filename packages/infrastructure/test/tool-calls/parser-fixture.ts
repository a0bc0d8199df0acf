import { DEFAULT_TOOL_REGISTRY_OPTIONS, ToolRegistrationService, type IJsonRepairer, type ILogger, type JsonRepairOptions } from '@acode/application';
import { ERROR_CODES, type RepairResult, type ToolCallSettings } from '@acode/domain';
import { SystemClock } from '../../src/clock/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { CoreToolsProvider } from '../../src/providers/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';
import { createToolCallSettingsCatalog, ToolCallParser } from '../../src/tool-calls/index.js';

/** One line a {@link RecordingLogger} received. */
export interface LoggedLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly fields: Record<string, unknown>;
}

/** Keeps every line in memory, unfiltered, so tests see exactly what the parser handed the port. */
export class RecordingLogger implements ILogger {
  readonly lines: LoggedLine[] = [];
  debug(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'debug', message, fields });
  }
  info(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'info', message, fields });
  }
  warn(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'warn', message, fields });
  }
  error(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'error', message, fields });
  }
}

/**
 * A stand-in for the real repairer, written for these tests only: it knows one repair (a comma
 * before a closing brace) and records every call. `mode` makes it fail or time out instead.
 */
export class FakeRepairer implements IJsonRepairer {
  readonly calls: Array<{ text: string; options: JsonRepairOptions | undefined }> = [];
  constructor(private readonly mode: 'trailing-comma' | 'timeout' | 'throws' = 'trailing-comma') {}

  repair(text: string, options?: JsonRepairOptions): RepairResult {
    this.calls.push({ text, options });
    if (this.mode === 'throws') throw new TypeError('internal repairer bug');
    if (this.mode === 'timeout') return { attempted: true, success: false, original: text, repairs: [], error: { code: ERROR_CODES.TOOL_CALL_REPAIR_TIMEOUT, message: 'timed out' } };
    const comma = text.lastIndexOf(',');
    const rest = comma === -1 ? '' : text.slice(comma + 1).trim();
    if (comma !== -1 && (rest === '}' || rest === ']')) {
      return { attempted: true, success: true, original: text, repaired: text.slice(0, comma) + text.slice(comma + 1), repairs: ['trailing_comma'] };
    }
    return { attempted: true, success: false, original: text, repairs: [], error: { code: ERROR_CODES.TOOL_CALL_REPAIR_FAILED, message: 'cannot repair', position: 0 } };
  }
}

/** A parser over a real registry holding the core tools, with a fake repairer and a recording logger. */
export async function newParser(options: { repairer?: IJsonRepairer; settings?: Record<string, Partial<ToolCallSettings>>; correlationId?: string } = {}) {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const correlation = new AsyncLocalCorrelationContext();
  const registry = new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), correlation, new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
  await new ToolRegistrationService(registry, [new CoreToolsProvider()], silent, new SystemClock()).start();
  const repairer = options.repairer ?? new FakeRepairer();
  const logger = new RecordingLogger();
  const fixedCorrelation = { current: () => options.correlationId ?? 'corr-test', run: <T>(fn: () => T) => fn() };
  const parser = new ToolCallParser(registry, repairer, createToolCallSettingsCatalog(options.settings ?? {}), logger, fixedCorrelation, new SystemClock());
  return { parser, registry, repairer, logger };
}

/** An Ollama `/api/chat` response with the given calls. */
export function ollamaResponse(toolCalls: unknown[], content = ''): unknown {
  return { model: 'llama3.1', message: { role: 'assistant', content, tool_calls: toolCalls }, done: true };
}

/** An OpenAI chat completion with the given calls. */
export function openAiResponse(toolCalls: unknown[], content: string | null = null): unknown {
  return { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content, tool_calls: toolCalls }, finish_reason: 'tool_calls' }] };
}

/** One OpenAI-style call: arguments as a string. */
export function openAiCall(id: string, name: string, args: string): unknown {
  return { id, type: 'function', function: { name, arguments: args } };
}
