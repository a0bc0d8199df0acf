import {
  type IClock,
  type ICorrelationContext,
  type IJsonRepairer,
  type ILogger,
  type IToolCallParser,
  type IToolSchemaRegistry,
  type ToolCallParseOptions,
  type ToolCallSettingsCatalog,
} from '@acode/application';
import { ERROR_CODES, type RawToolCall, type RepairName, type ToolCall, type ToolCallError, type ToolCallParseResult, type ToolCallSettings, type ToolDefinition } from '@acode/domain';
import { canonicalJson, closestName } from '@acode/domain';
import { hasRewrittenNumbers } from './numbers-as-written.js';
import { safeText, truncate } from '../validation/display-text.js';
import { assignCallIds } from './call-ids.js';
import type { ExtractionContext } from './content/content-span.js';
import { extractContentToolCalls, MAX_RAW_ARGUMENTS_LENGTH, type ContentExtraction } from './content/extract-content-tool-calls.js';
import { splitReasoning } from './content/split-reasoning.js';
import { decodeArguments, type ArgumentsDecoding } from './decode-arguments.js';
import type { JsonTextDecodeOptions } from './decode-json-text.js';
import { describeType } from './formats/read-property.js';
import { readResponse } from './formats/read-response.js';
import { MAX_TOOL_CALLS_PER_RESPONSE } from './formats/response-reading.js';
import { logParseResult } from './log-parse-result.js';
import { outputEndOf, truncationCause, truncationMessage, type OutputEnd, type TruncationCause } from './output-truncation.js';
import { hasStrictForm } from './omit-strict-nulls.js';
import { readRawToolCalls } from './read-raw-tool-calls.js';
import { recoverArguments } from './recover-arguments.js';
import { splitRawToolCall } from './split-concatenated-call.js';
import { withoutUndefined } from './tool-call-settings-catalog.js';

/** Most tool names an ACODE-TLP-005 message lists; `availableTools` holds them all. */
export const MAX_LISTED_TOOL_NAMES = 20;

/** A call waiting to be parsed, with the repairs already made to the text it was found in. */
interface PendingCall {
  readonly raw: RawToolCall;
  readonly repairs: readonly RepairName[];
  /** The last structured call of the response. */
  readonly last: boolean;
  /** Its arguments, decoded already (before the split of a text that held several objects, issue 11 item 3). */
  readonly decoded?: ArgumentsDecoding;
}

/**
 * The tool-call parser (002 FR-001..022, FR-057..063, FR-077..081): reads a model server's
 * response, extracts calls written into the text when there are no structured ones, gives every
 * call a unique id, decodes its arguments (size and nesting refused before parsing, repair only
 * when `JSON.parse` would fail; calls run together in one string split first), recovers what has
 * one reading (`recoverArguments`: envelopes, stringified values, strict mode's nulls) and
 * validates them through the registry. Every failure is a
 * {@link ToolCallError} in the result; nothing the model or server sends makes it throw. One
 * failed call never drops the others.
 */
export class ToolCallParser implements IToolCallParser {
  constructor(
    private readonly registry: IToolSchemaRegistry,
    private readonly repairer: IJsonRepairer,
    private readonly catalog: ToolCallSettingsCatalog,
    private readonly logger: ILogger,
    private readonly correlation: ICorrelationContext,
    private readonly clock: IClock,
  ) {}

  /** {@inheritDoc IToolCallParser.parseResponse} */
  parseResponse(response: unknown, options: ToolCallParseOptions = {}): ToolCallParseResult {
    const started = this.clock.now();
    const settings = this.settingsFor(options);
    const reading = readResponse(response);
    if (!reading.ok) {
      const error: ToolCallError = { index: 0, code: ERROR_CODES.TOOL_CALL_INVALID_JSON, message: reading.message, retryable: false };
      return this.finish([], [error], '', settings, options, started);
    }
    const end = outputEndOf(options.finishReason ?? reading.finishReason, options.incomplete);
    const reasoning = options.reasoning ?? reading.reasoning;
    return this.parse(reading.calls, reading.overflow, reading.content, settings, reasoning === undefined ? options : { ...options, reasoning }, started, end);
  }

  /** {@inheritDoc IToolCallParser.parseRawToolCalls} */
  parseRawToolCalls(calls: readonly RawToolCall[], content: string, options: ToolCallParseOptions = {}): ToolCallParseResult {
    const started = this.clock.now();
    const settings = this.settingsFor(options);
    const reading = readRawToolCalls(calls);
    const end = outputEndOf(options.finishReason, options.incomplete);
    return this.parse(reading.calls, reading.overflow, typeof content === 'string' ? content : '', settings, options, started, end);
  }

  private settingsFor(options: ToolCallParseOptions): ToolCallSettings {
    const base = this.catalog.forProvider(options.provider);
    return options.settings === undefined ? base : { ...base, ...withoutUndefined(options.settings) };
  }

  private parse(
    calls: readonly RawToolCall[],
    overflow: number,
    content: string,
    settings: ToolCallSettings,
    options: ToolCallParseOptions,
    started: number,
    end: OutputEnd,
  ): ToolCallParseResult {
    const decode: Omit<JsonTextDecodeOptions, 'subject'> = {
      maxSizeBytes: settings.maxArgumentSize,
      maxDepth: settings.maxNestingDepth,
      repairer: settings.enableAutoRepair ? this.repairer : undefined,
      repairTimeoutMs: settings.repairTimeoutMs,
    };
    const errors: ToolCallError[] = [];
    // Generation stopped after the last structured call: with finish reason `length` it may be cut.
    const lastIndex = overflow === 0 ? calls.at(-1)?.index : undefined;
    let pending: PendingCall[] = calls.map((raw) => ({ raw, repairs: [], last: raw.index === lastIndex }));
    let text = content;
    const unreadable: ToolCallError[] = [];

    // Reasoning is never a call (issue 12): it is taken out before anything reads the text.
    const split = content.length > 0 ? splitReasoning(content) : { content, reasoning: '' };
    text = split.content;
    // The server's own reasoning field is a block that came before the text's.
    let reasoning = joinReasoning(typeof options.reasoning === 'string' ? options.reasoning : '', split.reasoning);
    const context = this.extractionContext(options.afterText === true);
    // Text that went out already makes an answer that is not empty: its reasoning gives no call.
    if (calls.length === 0 && settings.extractFromContent && text.trim() === '' && options.afterText !== true && reasoning !== '') {
      // A model that forgot to close its thinking before calling: the answer is empty and the
      // reasoning ends with a whole call, so the call is the answer (see callsEndingReasoning).
      const tail = callsEndingReasoning(reasoning, extractContentToolCalls(reasoning, decode, end, context, settings.textFormats), context);
      if (tail !== undefined) {
        reasoning = tail.reasoning;
        pending = tail.calls;
        // Blank text beside a reasoning field (vLLM sends `\n\n`) is no answer and holds no call.
        text = '';
      }
    }
    if (calls.length === 0 && settings.extractFromContent && text.length > 0) {
      const extraction = extractContentToolCalls(text, decode, end, context, settings.textFormats);
      text = extraction.content;
      pending = [];
      for (const item of extraction.items) {
        if (item.kind === 'call') pending.push({ raw: item.call, repairs: item.repairs, last: false });
        else unreadable.push(item.error);
      }
    }
    if (overflow > 0) errors.push(tooManyCalls(calls.length, overflow));
    pending = this.splitConcatenated(pending, decode, end);
    const sentStrict = this.strictCheck(settings, options);

    // A call written in the text that could not be read gets an id too, so it can be retried like any other.
    const ids = assignCallIds([...pending.map((call) => call.raw.id), ...unreadable.map(() => undefined)]);
    unreadable.forEach((error, position) => errors.push({ ...error, id: ids[pending.length + position] as string }));
    const toolCalls: ToolCall[] = [];
    pending.forEach((call, position) => {
      const outcome = this.parseCall(call, ids[position] as string, decode, end, sentStrict);
      if ('code' in outcome) errors.push(outcome);
      else toolCalls.push(outcome);
    });
    errors.sort((a, b) => a.index - b.index);
    return this.finish(toolCalls, errors, text, settings, options, started, reasoning);
  }

  private parseCall(
    call: PendingCall,
    id: string,
    decode: Omit<JsonTextDecodeOptions, 'subject'>,
    end: OutputEnd,
    sentStrict: (tool: ToolDefinition) => boolean,
  ): ToolCall | ToolCallError {
    const { raw } = call;
    const base = { index: raw.index, id, source: raw.source };
    if (typeof raw.name !== 'string' || raw.name.length === 0) {
      // A stream cut before the name arrived: the cut is the cause, not the model.
      if (raw.incomplete === true) return truncated(base, undefined, call, undefined, end, 'open');
      const got = raw.name === undefined ? 'it has none' : typeof raw.name === 'string' ? 'it is empty' : `got ${describeType(raw.name)}`;
      return { ...base, code: ERROR_CODES.TOOL_CALL_NAME_MISSING, message: `Function name is required: ${got}`, retryable: true };
    }
    const tool = safeText(raw.name);

    const lookup = this.registry.findTool(raw.name);
    // A cut may have ended the name too (`file_re`): such a call is refused as cut, not as unknown.
    const mayBeCut = raw.incomplete === true || (end === 'length' && call.last);
    if (lookup === undefined && !mayBeCut) return this.unknownTool(base, raw.name, tool);

    const decoded = call.decoded ?? decodeArguments(raw.arguments, { ...decode, subject: 'arguments' });
    // Size and nesting are refused whatever the cause (ACODE-TLP-009 is never echoed back to the model).
    const tooLarge = !decoded.ok && (decoded.kind === 'size' || decoded.kind === 'depth');
    const cause = tooLarge
      ? undefined
      : truncationCause(end, { incomplete: raw.incomplete === true, last: call.last, decoded: decoded.ok, repairs: decoded.repairs ?? [] });
    if (cause !== undefined) return truncated(base, tool, call, decoded, end, cause);
    if (lookup === undefined) return this.unknownTool(base, raw.name, tool);

    if (!decoded.ok) {
      const repairs = mergeRepairs(call.repairs, decoded.repairs ?? []);
      const rawArguments = rawArgumentsText(raw.arguments, undefined);
      return {
        ...base,
        tool,
        code: decoded.code,
        message: decoded.message,
        ...(decoded.position === undefined ? {} : { position: decoded.position }),
        ...(repairs.length === 0 ? {} : { repairs }),
        ...(rawArguments === undefined ? {} : { rawArguments }),
        retryable: true,
      };
    }

    const recovered = recoverArguments(decoded.value, lookup.definition, {
      resolveTool: (name) => this.registry.findTool(name)?.definition.name,
      sentStrict: sentStrict(lookup.definition),
      maxSizeBytes: decode.maxSizeBytes,
      maxDepth: decode.maxDepth,
    });
    const repairs = mergeRepairs(call.repairs, [...decoded.repairs, ...recovered.repairs]);
    const validation = this.registry.tryValidateArguments(lookup.definition.name, recovered.value);
    if (!validation.success) {
      const first = validation.errors[0];
      const rawArguments = rawArgumentsText(raw.arguments, decoded.value);
      return {
        ...base,
        tool,
        code: ERROR_CODES.TOOL_CALL_SCHEMA_INVALID,
        message: `Arguments of '${lookup.definition.name}' do not match its schema${first === undefined ? '' : `: ${first.message}`}`,
        validationErrors: validation.errors,
        ...(validation.schemaHint === undefined ? {} : { schemaHint: validation.schemaHint }),
        ...(repairs.length === 0 ? {} : { repairs }),
        ...(rawArguments === undefined ? {} : { rawArguments }),
        retryable: true,
      };
    }

    const requestedName = lookup.requestedName ?? validation.requestedName;
    const argumentsText = argumentsAsWritten(raw.arguments, repairs, recovered.value, validation.arguments);
    return {
      id,
      name: validation.tool,
      arguments: validation.arguments,
      index: raw.index,
      source: raw.source,
      ...(requestedName === undefined ? {} : { requestedName }),
      version: validation.version,
      repairs,
      ...(argumentsText === undefined ? {} : { argumentsText }),
    };
  }

  /**
   * Issue 11 item 3: a known tool's arguments text holding several objects becomes that many
   * calls, in order, before any repair (see `splitRawToolCall`). A call the end of the output may
   * have cut is left whole for the truncation rules; the response's call cap holds across splits.
   */
  private splitConcatenated(pending: readonly PendingCall[], decode: Omit<JsonTextDecodeOptions, 'subject'>, end: OutputEnd): PendingCall[] {
    let spare = MAX_TOOL_CALLS_PER_RESPONSE - pending.length;
    return pending.flatMap((call): PendingCall[] => {
      const { raw } = call;
      if (raw.incomplete === true || (end === 'length' && call.last)) return [call];
      const tool = typeof raw.name === 'string' ? this.registry.findTool(raw.name)?.definition : undefined;
      if (tool === undefined) return [call];
      // The usual case, one object, is decoded once here and never scanned for a run of several:
      // a run always fails the whole decode (the repairer refuses a second value), so only a
      // failure of syntax or repair needs the split. The tool's schema reads text that is not JSON.
      const names = [String(raw.name), tool.name];
      const whole = decodeArguments(raw.arguments, { ...decode, subject: 'arguments', tool: { names, parameters: tool.parameters } });
      if (whole.ok || whole.kind === 'size' || whole.kind === 'depth') return [{ ...call, decoded: whole }];
      const split = splitRawToolCall(raw, { ...decode, subject: 'arguments' }, Math.max(spare, 0) + 1);
      if (split === undefined) return [{ ...call, decoded: whole }];
      spare -= split.length - 1;
      return split.map((piece) => ({ ...call, raw: piece.raw, decoded: piece.decoded }));
    });
  }

  /**
   * Which tools the model was shown in OpenAI strict form (issue 11 item 7): every tool when the
   * settings say `strict_schemas`, else those `strictTools` names; only a schema with a strict
   * form counts, since one without is sent plain.
   */
  private strictCheck(settings: ToolCallSettings, options: ToolCallParseOptions): (tool: ToolDefinition) => boolean {
    const named = new Set<string>();
    for (const name of Array.isArray(options.strictTools) ? options.strictTools : []) {
      const found = typeof name === 'string' ? this.registry.findTool(name) : undefined;
      if (found !== undefined) named.add(found.definition.name);
    }
    return (tool) => (settings.strictSchemas === true || named.has(tool.name)) && hasStrictForm(tool.parameters);
  }

  /** ACODE-TLP-005: never retried, because asking again cannot make the tool exist (002 scenario 8). */
  private unknownTool(base: Pick<ToolCallError, 'index' | 'id' | 'source'>, name: string, tool: string): ToolCallError {
    const availableTools = this.registry.getAllTools().map((definition) => definition.name);
    const didYouMean = closestName(name, availableTools);
    const listed = availableTools.slice(0, MAX_LISTED_TOOL_NAMES).join(', ') + (availableTools.length > MAX_LISTED_TOOL_NAMES ? ', …' : '');
    return {
      ...base,
      tool,
      code: ERROR_CODES.TOOL_CALL_UNKNOWN_TOOL,
      message: `Unknown tool '${tool}'.${didYouMean === undefined ? '' : ` Did you mean '${didYouMean}'?`} Available tools: ${listed || 'none'}`,
      availableTools,
      ...(didYouMean === undefined ? {} : { didYouMean }),
      retryable: false,
    };
  }

  private finish(
    toolCalls: ToolCall[],
    errors: ToolCallError[],
    content: string,
    settings: ToolCallSettings,
    options: ToolCallParseOptions,
    started: number,
    reasoning = '',
  ): ToolCallParseResult {
    const correlationId = this.correlation.current();
    logParseResult(this.logger, { toolCalls, errors, correlationId, provider: options.provider, parseTimeMs: this.clock.now() - started }, settings);
    return { success: errors.length === 0, toolCalls, errors, content, ...(reasoning === '' ? {} : { reasoning }), retryCount: 0, correlationId };
  }

  /** What text-call extractors may ask: whether a name is a declared tool, and its schema. */
  private extractionContext(afterText: boolean): ExtractionContext {
    return {
      isKnownTool: (name) => this.registry.findTool(name) !== undefined,
      toolSchema: (name) => this.registry.findTool(name)?.definition.parameters,
      ...(afterText ? { afterText: true } : {}),
    };
  }
}

/** The server's reasoning, then the reasoning split from the text, a blank line apart; either may be empty. */
function joinReasoning(structured: string, split: string): string {
  const first = structured.trim();
  return first === '' ? split : split === '' ? first : `${first}\n\n${split}`;
}

/**
 * The calls that end a reasoning whose answer is empty, as pending calls, and the reasoning
 * before them; `undefined` unless every item read from the reasoning is a call to a declared tool
 * with a name, none cut, and together they are its tail (what is left is a prefix of it): a call
 * followed by more thinking, an error, or a call to an unknown name stays reasoning.
 */
function callsEndingReasoning(reasoning: string, extraction: ContentExtraction, context: ExtractionContext): { reasoning: string; calls: PendingCall[] } | undefined {
  if (extraction.items.length === 0) return undefined;
  const calls: PendingCall[] = [];
  for (const item of extraction.items) {
    if (item.kind !== 'call') return undefined;
    const { name } = item.call;
    if (typeof name !== 'string' || !context.isKnownTool(name) || item.call.incomplete === true) return undefined;
    calls.push({ raw: item.call, repairs: item.repairs, last: false });
  }
  const before = extraction.content.trim();
  if (!reasoning.trim().startsWith(before)) return undefined;
  return { reasoning: before, calls };
}

/**
 * ACODE-TLP-010 for a call the end of the output cut (see {@link truncationCause}): refused
 * whatever a repair could close, and retryable, so the model is asked for the call again.
 */
function truncated(
  base: Pick<ToolCallError, 'index' | 'id' | 'source'>,
  tool: string | undefined,
  call: PendingCall,
  decoded: ArgumentsDecoding | undefined,
  end: OutputEnd,
  cause: TruncationCause,
): ToolCallError {
  const repairs = mergeRepairs(call.repairs, decoded?.repairs ?? []);
  const rawArguments = rawArgumentsText(call.raw.arguments, decoded?.ok === true ? decoded.value : undefined);
  const failure = decoded?.ok === false ? decoded : undefined;
  return {
    ...base,
    ...(tool === undefined ? {} : { tool }),
    code: ERROR_CODES.TOOL_CALL_OUTPUT_TRUNCATED,
    message: truncationMessage(end, cause, failure?.message),
    ...(failure?.position === undefined ? {} : { position: failure.position }),
    ...(repairs.length === 0 ? {} : { repairs }),
    ...(rawArguments === undefined ? {} : { rawArguments }),
    retryable: true,
  };
}

function tooManyCalls(read: number, overflow: number): ToolCallError {
  return {
    index: MAX_TOOL_CALLS_PER_RESPONSE,
    code: ERROR_CODES.TOOL_CALL_TOO_LARGE,
    message: `The response holds ${read + overflow} tool calls; only the first ${MAX_TOOL_CALLS_PER_RESPONSE} were parsed`,
    retryable: true,
  };
}

/** Repairs of the surrounding text first, then of the arguments, each name once. */
function mergeRepairs(outer: readonly RepairName[], inner: readonly RepairName[]): RepairName[] {
  return [...new Set([...outer, ...inner])];
}

/**
 * The model's own arguments text, when re-serialising the value would change how a number is
 * written and the text reached validation untouched (no repair, no default written in).
 */
function argumentsAsWritten(raw: unknown, repairs: readonly RepairName[], sent: unknown, validated: unknown): string | undefined {
  if (typeof raw !== 'string' || repairs.length > 0 || !hasRewrittenNumbers(raw)) return undefined;
  const before = canonicalJson(sent);
  return before !== undefined && before === canonicalJson(validated) ? raw : undefined;
}

/** The arguments as the model sent them, cut for a retry prompt; objects only once they are known to be plain JSON. */
function rawArgumentsText(raw: unknown, decoded: object | undefined): string | undefined {
  if (typeof raw === 'string') return truncate(raw, MAX_RAW_ARGUMENTS_LENGTH);
  if (decoded !== undefined && typeof raw === 'object' && raw !== null) return truncate(JSON.stringify(decoded), MAX_RAW_ARGUMENTS_LENGTH);
  return undefined;
}
