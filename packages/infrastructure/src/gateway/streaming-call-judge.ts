import type { IToolSchemaRegistry, ToolCallFragment } from '@acode/application';
import type { JsonSchema, RawToolCall } from '@acode/domain';
import { PieceBuffer } from '../streaming/piece-buffer.js';
import { ArgumentsWatch, type WatchedMember } from './arguments-watch.js';

/** Why a streaming call can no longer validate, whatever the model writes next. */
export type EarlyAbortReason = 'unknown_tool' | 'forbidden_property' | 'wrong_type';

/** A call judged before it ended (issue 15 item 6). */
export interface EarlyAbort {
  readonly index: number;
  readonly reason: EarlyAbortReason;
  /** The tool name as the model wrote it. */
  readonly tool: string;
  /** The property that failed (`forbidden_property`, `wrong_type`). */
  readonly property?: string;
  /**
   * The call as far as it was judged: its name, and its arguments closed just after the member
   * that failed (`{}` for an unknown tool), so the parser reports the same failure to the model.
   */
  readonly call: RawToolCall;
}

/** Keywords under which a schema's properties depend on more than `properties` and `additionalProperties`. */
const COMPOSING_KEYWORDS = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'patternProperties', 'unevaluatedProperties', 'propertyNames'];

/**
 * The parser's argument recovery unwraps a call envelope (`{"name":..., "arguments": {...}}`):
 * those keys may still become valid, so they never stop a call.
 */
const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['name', 'arguments', 'parameters']);

interface JudgedCall {
  name: string;
  readonly text: PieceBuffer;
  watch: ArgumentsWatch | undefined;
  named: boolean;
  /** Arguments that came whole, as an object (Ollama). */
  object?: Readonly<Record<string, unknown>>;
}

/**
 * Judges the tool calls of a streamed answer as their fragments arrive and says when one can no
 * longer validate, so the gateway stops the upstream and asks again at once (issue 15 item 6):
 *
 * - its name is complete (its arguments began, or it came whole) and names no tool of the request;
 * - a completed top-level key is one the schema forbids (`additionalProperties: false`, not in
 *   `properties`);
 * - a completed top-level value has a JSON type the property's `type` refuses.
 *
 * It only says so where no repair or recovery step of the parser could change the verdict:
 * arguments that leave strict JSON are not judged (the repairer may read them), `null`s are not
 * (strict nulls are dropped), strings for non-string properties are not (stringified values are
 * decoded), envelope keys are not (envelopes are unwrapped), and schemas that compose
 * (`$ref`, `anyOf`, `patternProperties`...) are not. A wrong verdict would cost a retry, never a
 * call: the call it stops is refused and asked again for, not forwarded.
 */
export class StreamingCallJudge {
  readonly #registry: Pick<IToolSchemaRegistry, 'findTool'>;
  readonly #calls = new Map<number, JudgedCall>();
  #fragments = 0;

  constructor(registry: Pick<IToolSchemaRegistry, 'findTool'>) {
    this.#registry = registry;
  }

  /** Fragments seen so far: about one token each on the servers we speak to (for the tokens-saved estimate). */
  get fragments(): number {
    return this.#fragments;
  }

  /** Counts a piece of content (a token streamed that an abort did not save). */
  countContent(): void {
    this.#fragments++;
  }

  /** Takes the next fragment; returns the verdict when the call it belongs to can no longer validate. */
  observe(fragment: ToolCallFragment): EarlyAbort | undefined {
    this.#fragments++;
    let call = this.#calls.get(fragment.index);
    if (call === undefined) {
      call = { name: '', text: new PieceBuffer(), watch: undefined, named: false };
      this.#calls.set(fragment.index, call);
    }
    if (fragment.whole === true) {
      call.name = fragment.name ?? '';
      call.named = true;
      const unknown = this.#judgeName(fragment.index, call);
      if (fragment.argumentsObject !== undefined) call.object = fragment.argumentsObject;
      if (unknown !== undefined || fragment.argumentsObject === undefined) return unknown;
      return this.#judgeObject(fragment.index, call, fragment.argumentsObject);
    }
    if (fragment.name !== undefined && !call.named) call.name += fragment.name;
    if (fragment.argumentsObject !== undefined) {
      call.named = true;
      call.object = fragment.argumentsObject;
      return this.#judgeName(fragment.index, call) ?? this.#judgeObject(fragment.index, call, fragment.argumentsObject);
    }
    if (fragment.arguments === undefined) return undefined;
    if (!call.named) {
      call.named = true;
      const unknown = this.#judgeName(fragment.index, call);
      if (unknown !== undefined) return unknown;
    }
    call.text.push(fragment.arguments);
    call.watch ??= new ArgumentsWatch();
    if (call.watch.finished) return undefined;
    for (const member of call.watch.push(fragment.arguments)) {
      const verdict = this.#judgeMember(fragment.index, call, member);
      if (verdict !== undefined) return { ...verdict, call: { index: fragment.index, name: call.name, arguments: closedAfter(call.text.text(), member), source: 'openai_stream' } };
    }
    return undefined;
  }

  /** The calls so far, as raw calls with what arrived of them (for the answer of an attempt that was stopped). */
  calls(): RawToolCall[] {
    return [...this.#calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]): RawToolCall =>
        call.object === undefined
          ? { index, name: call.name, arguments: call.text.text(), source: 'openai_stream' }
          : { index, name: call.name, arguments: { ...call.object }, source: 'ollama_stream' },
      );
  }

  #judgeName(index: number, call: JudgedCall): EarlyAbort | undefined {
    if (call.name === '' || this.#registry.findTool(call.name) !== undefined) return undefined;
    return { index, reason: 'unknown_tool', tool: call.name, call: { index, name: call.name, arguments: '{}', source: 'openai_stream' } };
  }

  #judgeObject(index: number, call: JudgedCall, value: Readonly<Record<string, unknown>>): EarlyAbort | undefined {
    for (const [key, member] of Object.entries(value)) {
      for (const watched of [{ kind: 'key', key, end: 0 }, { kind: 'value', key, value: member, end: 0 }] as const) {
        const verdict = this.#judgeMember(index, call, watched);
        if (verdict !== undefined) return { ...verdict, call: { index, name: call.name, arguments: { ...value }, source: 'ollama_stream' } };
      }
    }
    return undefined;
  }

  #judgeMember(index: number, call: JudgedCall, member: WatchedMember): Omit<EarlyAbort, 'call'> | undefined {
    const schema = this.#registry.findTool(call.name)?.definition.parameters;
    if (schema === undefined || !isPlainSchema(schema) || ENVELOPE_KEYS.has(member.key)) return undefined;
    const properties = isRecord(schema['properties']) ? schema['properties'] : {};
    const declared = Object.hasOwn(properties, member.key);
    if (member.kind === 'key') {
      if (declared || schema['additionalProperties'] !== false) return undefined;
      return { index, reason: 'forbidden_property', tool: call.name, property: member.key };
    }
    const property: unknown = declared ? properties[member.key] : undefined;
    if (!isRecord(property) || !isPlainSchema(property) || member.value === null) return undefined;
    const types = typesOf(property['type']);
    if (types === undefined || (typeof member.value === 'string' && !types.includes('string'))) return undefined;
    if (types.some((type) => hasType(member.value, type))) return undefined;
    return { index, reason: 'wrong_type', tool: call.name, property: member.key };
  }
}

/** The arguments text up to the member, closed: the object as far as it was judged. */
function closedAfter(text: string, member: WatchedMember): string {
  return `${text.slice(0, member.end)}${member.kind === 'key' ? 'null}' : '}'}`;
}

function isPlainSchema(schema: Readonly<Record<string, unknown>>): boolean {
  return !COMPOSING_KEYWORDS.some((keyword) => Object.hasOwn(schema, keyword));
}

function typesOf(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.length > 0 && type.every((item) => typeof item === 'string')) return type as string[];
  return undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    case 'null':
      return value === null;
    default:
      // A type we do not know cannot be judged.
      return true;
  }
}

function isRecord(value: unknown): value is Record<string, JsonSchema> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
