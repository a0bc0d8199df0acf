import { AcodeException, InvalidToolDefinitionException, type IToolSchemaRegistry } from '@acode/application';
import { countCodePointsUpTo, describeValueType, isPlainObject, MAX_DESCRIPTION_LENGTH, type JsonSchemaObject, type ToolDefinition } from '@acode/domain';
import { createToolRegistry } from '../library/create-tool-registry.js';
import { CfworkerSchemaCompiler } from '../schema/cfworker-schema-compiler.js';
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
   * without `additionalProperties: false` accepts extra properties); every other check stays.
   */
  readonly strict?: boolean;
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
}

/** {@link toolContract}'s verdict: the contract, or every problem of every tool. */
export type ToolContractResult = { readonly ok: true; readonly contract: ToolContract } | { readonly ok: false; readonly errors: readonly GatewayRequestError[] };

/** The schema of a tool that declares no parameters: an object with none. */
const NO_PARAMETERS: JsonSchemaObject = Object.freeze({ type: 'object', properties: Object.freeze({}) }) as JsonSchemaObject;

/**
 * Builds the contract of a request's tools, reporting the problems of all of them at once
 * (ACODE-GTW-002, each with the JSON Pointer of the field in the request body).
 *
 * - Names: each wire name becomes a valid registry name by {@link distinctToolNames}
 *   (`get-weather` → `get_weather`; of two names that meet, the one already valid keeps it and
 *   the other gets a hash suffix). The same wire name twice is refused.
 * - Parameters: normalised to draft 2020-12 by `normalizeSchemaDialect`; absent, `null` or `{}`
 *   means no parameters (`{type: "object", properties: {}}`); anything but an object is refused.
 *   The registry then applies its definition rules and compiler checks (decision 7: typed
 *   properties, snake_case property names, safe patterns, limits); their violations are reported
 *   at `/tools/<i>/function/parameters/...` (a pointer into the normalised schema, which for a
 *   draft-07 schema may name `$defs` where the client wrote `definitions`).
 * - Description: cut to 500 characters; an empty one becomes a placeholder naming the tool, since
 *   the registry requires one and a client's tool need not have one.
 *
 * At most 128 tools, as the readers allow. It never throws.
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
  const registry = createToolRegistry(strict ? {} : { compiler: new CfworkerSchemaCompiler({ closeOpenObjects: false }) });
  const wireNames = tools.map((tool) => (typeof tool?.wireName === 'string' ? tool.wireName : ''));
  const names = distinctToolNames(wireNames);
  const errors: GatewayRequestError[] = [];
  const definitions: ToolDefinition[] = [];
  const toWire = new Map<string, string>();
  const toRegistry = new Map<string, string>();
  const firstIndex = new Map<string, number>();
  tools.forEach((tool, index) => {
    const wireName = wireNames[index] as string;
    const at = `/tools/${index}/function`;
    const label = `Tool ${excerpt(wireName)} (tools[${index}])`;
    if (wireName === '') {
      errors.push(toolError(`${at}/name`, `tools[${index}] has no name`));
      return;
    }
    const first = firstIndex.get(wireName);
    if (first !== undefined) {
      errors.push(toolError(`${at}/name`, `${label} is declared twice (tools[${first}] and tools[${index}])`));
      return;
    }
    firstIndex.set(wireName, index);
    const parameters = parametersOf(tool.parameters, at, label);
    if ('error' in parameters) {
      errors.push(parameters.error);
      return;
    }
    const name = names[index] as string;
    const definition: ToolDefinition = { name, description: descriptionOf(tool.description, wireName), version: REQUEST_TOOL_VERSION, parameters: parameters.schema };
    try {
      registry.registerTool(definition);
    } catch (error) {
      for (const found of registrationErrors(error, at, label)) errors.push(found);
      return;
    }
    definitions.push(definition);
    toWire.set(name, wireName);
    toRegistry.set(wireName, name);
  });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    contract: {
      registry,
      toWire: (registryName) => toWire.get(registryName) ?? registryName,
      toRegistry: (wireName) => toRegistry.get(wireName),
      definitions,
    },
  };
}

function parametersOf(value: unknown, at: string, label: string): { schema: JsonSchemaObject } | { error: GatewayRequestError } {
  if (value === undefined || value === null || (isPlainObject(value) && Object.keys(value).length === 0)) return { schema: NO_PARAMETERS };
  if (!isPlainObject(value)) {
    return { error: toolError(`${at}/parameters`, `${label}: parameters must be a JSON Schema object with type "object"; got ${describeValueType(value)}`) };
  }
  const normalized = normalizeSchemaDialect(value);
  if (!normalized.ok) return { error: toolError(`${at}/parameters${normalized.violation.path}`, `${label}: ${normalized.violation.message}`) };
  if (!isPlainObject(normalized.schema)) return { error: toolError(`${at}/parameters`, `${label}: parameters must be a JSON Schema object with type "object"`) };
  return { schema: normalized.schema as JsonSchemaObject };
}

/** The client's description, cut to the registry's 500 characters; a placeholder when it has no text. */
function descriptionOf(description: unknown, wireName: string): string {
  const text = typeof description === 'string' && description.trim() !== '' ? description : `The client's tool ${wireName.slice(0, 256)} (declared without a description).`;
  // Code points, as the definition rule counts them, so an emoji is never cut in half.
  return countCodePointsUpTo(text, MAX_DESCRIPTION_LENGTH) > MAX_DESCRIPTION_LENGTH ? Array.from(text).slice(0, MAX_DESCRIPTION_LENGTH).join('') : text;
}

/** The registry's refusal of one definition as GTW-002 errors, one per violation, at its place in the request. */
function registrationErrors(error: unknown, at: string, label: string): GatewayRequestError[] {
  if (error instanceof InvalidToolDefinitionException) {
    return error.violations.map((violation) => toolError(fieldOf(violation.path, at), `${label}: ${violation.message}${violation.path === '' ? '' : ` (at ${violation.path})`}`));
  }
  if (error instanceof AcodeException) return [toolError(at, `${label}: ${error.message}`)];
  return [toolError(at, `${label} could not be registered`)];
}

/** A definition path (`/parameters/properties/x`, `/description`) as a pointer into the request body. */
function fieldOf(path: string, at: string): string {
  if (path === '/parameters' || path.startsWith('/parameters/')) return `${at}${path}`;
  if (path === '/name' || path === '/description') return `${at}${path}`;
  return at;
}
