import { AcodeException, InvalidToolDefinitionException, type IToolSchemaRegistry } from '@acode/application';
import {
  countCodePointsUpTo,
  DEFINITION_RULES,
  describeValueType,
  ERROR_CODES,
  isPlainObject,
  jsonEquals,
  LOOSE_DEFINITION_RULES,
  MAX_DESCRIPTION_LENGTH,
  MAX_JSON_DEPTH,
  validateToolDefinition,
  type DefinitionRule,
  type DefinitionViolation,
  type JsonSchemaObject,
  type ToolDefinition,
} from '@acode/domain';
import { createToolRegistry } from '../library/create-tool-registry.js';
import { CfworkerSchemaCompiler, schemaStyleViolations } from '../schema/cfworker-schema-compiler.js';
import { normalizeSchemaDialect } from '../schema/normalize-schema-dialect.js';
import type { GatewayTool } from './gateway-request.js';
import { excerpt, toolError, type GatewayRequestError } from './gateway-request-error.js';
import { MAX_REQUEST_TOOLS } from './read-request-tools.js';
import { distinctToolNames } from './to-tool-name.js';

/** The version every request tool is registered under: a request declares one version of each. */
export const REQUEST_TOOL_VERSION = '1.0.0';

/** Options of {@link toolContract}. */
export interface ToolContractOptions {
  /**
   * Decision 7's strictness (`true`, the default): objects a schema leaves open by omission refuse
   * unknown properties. `false` gives the client's schemas JSON Schema's own meaning (an object
   * without `additionalProperties: false` accepts extra properties); every other check is run as
   * before (what the registry's rules find is reported as warnings either way).
   */
  readonly strict?: boolean;
}

/**
 * A rule a registered tool keeps that a client's tool broke (ACODE-GTW-008): the tool is taken
 * anyway, and the client is told in `x-acode-warnings`. Never a refusal.
 */
export interface ToolContractWarning {
  readonly code: typeof ERROR_CODES.GATEWAY_TOOL_LOOSE;
  /** JSON Pointer of the field in the request body (`/tools/0/function/parameters/properties/playerID`). */
  readonly field: string;
  /** One sentence: the tool, what the rule says, and what the gateway does about it. */
  readonly message: string;
  /** True when the tool's calls are read and repaired but not checked against its schema (it could not be compiled). */
  readonly unchecked: boolean;
}

/**
 * The tools of one request as a contract the upstream's calls are checked against: a registry
 * holding each tool under a valid name of ours, and the two-way mapping to the client's names.
 */
export interface ToolContract {
  /** A registry holding exactly the request's tools, version {@link REQUEST_TOOL_VERSION}. */
  readonly registry: IToolSchemaRegistry;
  /** The client's name of a registry name; a name the contract does not hold comes back unchanged. */
  toWire(registryName: string): string;
  /** The registry name of a client's (wire) name, exactly as declared; `undefined` when the request declared none such. */
  toRegistry(wireName: string): string | undefined;
  /** The definitions registered, in the request's order. */
  readonly definitions: readonly ToolDefinition[];
  /** What the registry's rules would refuse in the client's tools, taken anyway; empty when nothing. */
  readonly warnings: readonly ToolContractWarning[];
}

/** {@link toolContract}'s verdict: the contract, or why the tools cannot be used at all (a tool without a name). */
export type ToolContractResult = { readonly ok: true; readonly contract: ToolContract } | { readonly ok: false; readonly errors: readonly GatewayRequestError[] };

/** The schema of a tool that declares no parameters: an object with none. */
const NO_PARAMETERS: JsonSchemaObject = Object.freeze({ type: 'object', properties: Object.freeze({}) }) as JsonSchemaObject;

/** The schema of a tool whose own cannot be compiled: any object (its calls are read, not checked). */
const ANY_OBJECT: JsonSchemaObject = Object.freeze({ type: 'object', additionalProperties: true }) as JsonSchemaObject;

/**
 * Builds the contract of a request's tools. The gateway is transparent: a tool its upstream would
 * take is taken, whatever rules the registry keeps for tools of its own.
 *
 * - Names: any non-empty string. Each becomes a valid registry name by {@link distinctToolNames}
 *   (`math.factorial` → `math_factorial`, `天气` → `tool_<hash>`; of two names that meet, the one
 *   already valid keeps it and the other gets a hash suffix), and calls go back under the client's.
 * - Parameters: normalised to draft 2020-12 (`normalizeSchemaDialect`); absent, `null` or `{}`
 *   means no parameters. The registry's definition rules and schema checks (decision 7: typed
 *   properties, snake_case property names, defaults that fit...) are run and what they find
 *   becomes a warning (ACODE-GTW-008), not a refusal; the schema is then compiled with only the
 *   checks the engine needs to run it safely. A schema that cannot be compiled even so (not an
 *   object, an unresolvable `$ref`, a pattern RE2 cannot run) leaves its tool unchecked: calls
 *   to it are read and repaired, never validated, and a warning says so.
 * - A name declared twice: warned; the same declaration twice is one tool, two different ones
 *   leave it unchecked (which one a call meant cannot be told).
 * - Description: cut to 500 characters; an empty one becomes a placeholder naming the tool (the
 *   upstream still gets the client's own).
 * - Validation returns arguments exactly as the model sent them: no schema default is written in.
 *
 * Refused (ACODE-GTW-002) only: a tool without a name, and more than 128 tools. It never throws.
 */
export function toolContract(tools: readonly GatewayTool[], options: ToolContractOptions = {}): ToolContractResult {
  try {
    return build(tools, options.strict ?? true);
  } catch {
    // Only input no JSON parser makes (a throwing getter, a Proxy) gets here: refused, not thrown.
    return { ok: false, errors: [toolError('/tools', 'The tools could not be read as a tool contract')] };
  }
}

function build(tools: readonly GatewayTool[], strict: boolean): ToolContractResult {
  // The readers refuse longer lists already; checked again so a list made in code cannot ask for thousands of compilations.
  if (tools.length > MAX_REQUEST_TOOLS) {
    return { ok: false, errors: [toolError('/tools', `A request may declare at most ${MAX_REQUEST_TOOLS} tools; this one declares ${tools.length}`)] };
  }
  const wireNames = tools.map((tool) => (typeof tool?.wireName === 'string' ? tool.wireName : ''));
  const missing = wireNames.flatMap((name, index) => (name === '' ? [toolError(`/tools/${index}/function/name`, `tools[${index}] has no name`)] : []));
  if (missing.length > 0) return { ok: false, errors: missing };

  const registry = createToolRegistry({
    compiler: new CfworkerSchemaCompiler({ closeOpenObjects: strict, checks: 'safety' }),
    applyDefaults: false,
    definitionRules: LOOSE_DEFINITION_RULES,
  });
  const names = distinctToolNames(wireNames);
  const warnings: ToolContractWarning[] = [];
  const definitions: ToolDefinition[] = [];
  const toWire = new Map<string, string>();
  const toRegistry = new Map<string, string>();
  /** The first declaration of each wire name: its place in the request, the tool, its slot in `definitions`. */
  const declared = new Map<string, { at: number; tool: GatewayTool; slot: number }>();
  tools.forEach((tool, index) => {
    const wireName = wireNames[index] as string;
    const position = typeof tool.position === 'number' ? tool.position : index;
    const at = `/tools/${position}/function`;
    const label = `Tool ${excerpt(wireName)} (tools[${position}])`;
    const first = declared.get(wireName);
    if (first !== undefined) {
      const same = sameDeclaration(first.tool, tool);
      warnings.push(warning(`${at}/name`, `${label} is declared twice (tools[${first.at}] and tools[${position}])${same ? '; both say the same, so they are one tool' : '; the two differ, so its calls are read but not checked'}`, !same));
      if (!same) replaceWithAnyObject(registry, definitions, first.slot);
      return;
    }
    const name = names[index] as string;
    const description = descriptionOf(tool.description, wireName);
    const parameters = parametersOf(tool.parameters, at, label, warnings);
    let definition: ToolDefinition = { name, description, version: REQUEST_TOOL_VERSION, parameters: parameters ?? ANY_OBJECT };
    const refusal = register(registry, definition);
    if (refusal !== undefined) {
      warnings.push(warning(at, `${label}: its schema cannot be compiled (${refusal}); its calls are read and repaired but not checked`, true));
      definition = { ...definition, parameters: ANY_OBJECT };
      register(registry, definition);
    } else if (parameters !== undefined) {
      // Compiled already under the safety checks: only the style rules are left to report.
      for (const found of styleViolations(definition)) warnings.push(warning(fieldOf(found.path, at), `${label}: ${found.message}; taken as declared`, false));
    }
    declared.set(wireName, { at: position, tool, slot: definitions.length });
    definitions.push(definition);
    toWire.set(name, wireName);
    toRegistry.set(wireName, name);
  });
  return {
    ok: true,
    contract: {
      registry,
      toWire: (registryName) => toWire.get(registryName) ?? registryName,
      toRegistry: (wireName) => toRegistry.get(wireName),
      definitions,
      warnings,
    },
  };
}

/** The tool's schema in draft 2020-12, or `undefined` (with a warning) when it cannot be one. */
function parametersOf(value: unknown, at: string, label: string, warnings: ToolContractWarning[]): JsonSchemaObject | undefined {
  if (value === undefined || value === null || (isPlainObject(value) && Object.keys(value).length === 0)) return NO_PARAMETERS;
  if (!isPlainObject(value)) {
    warnings.push(warning(`${at}/parameters`, `${label}: parameters should be a JSON Schema object; got ${describeValueType(value)}, so its calls are read but not checked`, true));
    return undefined;
  }
  const older = olderDraft(value);
  if (older !== undefined) warnings.push(warning(`${at}/parameters/$schema`, `${label}: written for JSON Schema ${older}; read as draft 2020-12 (boolean exclusiveMinimum and exclusiveMaximum converted)`, false));
  const normalized = normalizeSchemaDialect(older === undefined ? value : fromOlderDraft(value));
  if (!normalized.ok) {
    warnings.push(warning(`${at}/parameters${normalized.violation.path}`, `${label}: ${normalized.violation.message}; its calls are read but not checked`, true));
    return undefined;
  }
  const schema = normalized.schema;
  if (!isPlainObject(schema)) {
    warnings.push(warning(`${at}/parameters`, `${label}: parameters should be a JSON Schema object; its calls are read but not checked`, true));
    return undefined;
  }
  const type = schema['type'];
  // Arguments are always an object: a root that cannot be one would refuse every call the model makes.
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object'))) {
    warnings.push(warning(`${at}/parameters/type`, `${label}: parameters should describe an object; got type ${excerpt(type)}, so its calls are read but not checked`, true));
    return undefined;
  }
  return schema as JsonSchemaObject;
}

/** `draft-04` or `draft-06` when the schema's `$schema` names one of them (dialects the normaliser does not read), else `undefined`. */
function olderDraft(schema: Readonly<Record<string, unknown>>): string | undefined {
  const uri = schema['$schema'];
  if (typeof uri !== 'string') return undefined;
  const found = /json-schema\.org\/(draft-0[46])\/schema/.exec(uri);
  return found?.[1];
}

/**
 * A draft-04/06 schema in the form the normaliser reads (draft-07's): `$schema` dropped, and
 * draft-04's boolean `exclusiveMinimum` / `exclusiveMaximum` beside `minimum` / `maximum` made
 * the numeric keywords they mean. A new value; bounded by the normaliser's own depth limit.
 */
function fromOlderDraft(schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { $schema: _dropped, ...rest } = schema;
  return convertBounds(rest, 0) as Record<string, unknown>;
}

function convertBounds(value: unknown, depth: number): unknown {
  if (depth > MAX_JSON_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => convertBounds(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  // defineProperty, so a key named `__proto__` stays a key.
  for (const [key, item] of Object.entries(value)) Object.defineProperty(out, key, { value: convertBounds(item, depth + 1), enumerable: true, writable: true, configurable: true });
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else {
      delete out[flag];
    }
  }
  return out;
}

/** The definition rules a loose registry leaves out: those a client's tool is warned about. */
const STYLE_RULES: readonly DefinitionRule[] = DEFINITION_RULES.filter((rule) => !LOOSE_DEFINITION_RULES.includes(rule));

/** What the rules a loose registry leaves out say of a definition it took: the warnings' source. */
function styleViolations(definition: ToolDefinition): DefinitionViolation[] {
  const found = validateToolDefinition(definition, STYLE_RULES);
  return found.length > 0 ? found : schemaStyleViolations(definition.parameters);
}

/** Registers `definition`; the first reason it was refused, else `undefined`. */
function register(registry: IToolSchemaRegistry, definition: ToolDefinition): string | undefined {
  try {
    registry.registerTool(definition);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidToolDefinitionException) return error.violations[0]?.message ?? error.message;
    if (error instanceof AcodeException) return error.message;
    return 'it could not be registered';
  }
}

/** A tool declared twice, differently: what a call to it meant cannot be told, so it is checked against nothing. */
function replaceWithAnyObject(registry: IToolSchemaRegistry, definitions: ToolDefinition[], slot: number): void {
  const current = definitions[slot] as ToolDefinition;
  if (current.parameters === ANY_OBJECT) return;
  registry.unregisterTool(current.name, current.version);
  const replaced = { ...current, parameters: ANY_OBJECT };
  register(registry, replaced);
  definitions[slot] = replaced;
}

/** Two declarations of one name are one tool when description and schema say the same, key order ignored. */
function sameDeclaration(a: GatewayTool, b: GatewayTool): boolean {
  return (a.description ?? '') === (b.description ?? '') && jsonEquals(a.parameters ?? null, b.parameters ?? null);
}

function warning(field: string, message: string, unchecked: boolean): ToolContractWarning {
  return { code: ERROR_CODES.GATEWAY_TOOL_LOOSE, field, message, unchecked };
}

/** The client's description, cut to the registry's 500 characters; a placeholder when it has no text. */
function descriptionOf(description: unknown, wireName: string): string {
  const text = typeof description === 'string' && description.trim() !== '' ? description : `The client's tool ${wireName.slice(0, 256)} (declared without a description).`;
  // Code points, as the definition rule counts them, so an emoji is never cut in half.
  return countCodePointsUpTo(text, MAX_DESCRIPTION_LENGTH) > MAX_DESCRIPTION_LENGTH ? Array.from(text).slice(0, MAX_DESCRIPTION_LENGTH).join('') : text;
}

/** A definition path (`/parameters/properties/x`, `/description`) as a pointer into the request body. */
function fieldOf(path: string, at: string): string {
  if (path === '/parameters' || path.startsWith('/parameters/')) return `${at}${path}`;
  if (path === '/name' || path === '/description') return `${at}${path}`;
  return at;
}
