import {
  ERROR_CODES,
  isPlainObject,
  type JsonObject,
  type JsonValue,
  type ToolCategory,
  type ToolDefinition,
  type ToolValidationFailure,
  type ToolValidationResult,
  type ToolValidationSuccess,
  type ValidationError,
} from '@acode/domain';
import type { ToolArguments, ToolLookup, ToolOutputValidation, ToolRegistration, ToolUnregistration, IToolSchemaRegistry, ToolVersionQuery } from '../../src/index.js';

/** Deepest argument nesting the fake accepts, like the real registry's depth limit. */
const MAX_DEPTH = 32;
/** Largest argument text the fake accepts. */
const MAX_ARGUMENT_CHARS = 1024 * 1024;

/**
 * A small registry on the port: resolves names (case, aliases) and checks top-level `required`,
 * primitive `type`s and `default`s. Enough to drive the executor; the real validator is tested in
 * infrastructure.
 */
export class FakeRegistry implements IToolSchemaRegistry {
  readonly #tools: ToolDefinition[];
  /** Every `tryValidateArguments` call, to prove what the executor asked. */
  readonly validations: Array<{ name: string; query?: ToolVersionQuery }> = [];

  constructor(definitions: readonly ToolDefinition[]) {
    this.#tools = [...definitions];
  }

  get size(): number {
    return this.#tools.length;
  }

  findTool(name: string): ToolLookup | undefined {
    const key = name.toLowerCase();
    const definition = this.#tools.find((tool) => tool.name === key || (tool.aliases ?? []).includes(key));
    if (definition === undefined) return undefined;
    return name === definition.name ? { definition } : { definition, requestedName: name };
  }

  tryValidateArguments(name: string, args: ToolArguments, query?: ToolVersionQuery): ToolValidationResult {
    this.validations.push(query === undefined ? { name } : { name, query });
    const lookup = this.findTool(name);
    if (lookup === undefined) {
      const names = this.#tools.map((tool) => tool.name).sort();
      const close = names.find((candidate) => candidate.slice(0, 4) === name.toLowerCase().slice(0, 4));
      return {
        success: false,
        tool: name,
        errors: [{ path: '', code: ERROR_CODES.UNKNOWN_TOOL, message: `Unknown tool ${name}` }],
        availableTools: names,
        ...(close === undefined ? {} : { didYouMean: close }),
        correlationId: 'corr-test',
      };
    }
    const { definition } = lookup;
    const fail = (error: ValidationError): ToolValidationFailure => ({
      success: false,
      tool: definition.name,
      version: definition.version,
      errors: [error],
      schemaHint: `${definition.name} expects: {...}`,
      correlationId: 'corr-test',
    });
    let parsed: unknown = args;
    if (typeof args === 'string') {
      if (args.length > MAX_ARGUMENT_CHARS) return fail({ path: '', code: ERROR_CODES.ARGUMENTS_TOO_LARGE, message: 'Arguments are too large' });
      try {
        parsed = JSON.parse(args);
      } catch {
        return fail({ path: '', code: ERROR_CODES.INVALID_JSON, message: 'Arguments are not valid JSON' });
      }
    }
    if (!isPlainObject(parsed)) return fail({ path: '', code: ERROR_CODES.TYPE_MISMATCH, message: 'Arguments must be an object', expected: 'object' });
    if (depthExceeds(parsed, MAX_DEPTH)) return fail({ path: '', code: ERROR_CODES.ARGUMENTS_TOO_LARGE, message: 'Arguments nest too deeply' });
    const properties = (definition.parameters['properties'] ?? {}) as Record<string, { type?: string; default?: JsonValue }>;
    const required = (definition.parameters['required'] ?? []) as string[];
    const result: JsonObject = { ...(parsed as JsonObject) };
    for (const field of required) {
      if (!Object.hasOwn(result, field)) {
        return fail({ path: `/${field}`, code: ERROR_CODES.REQUIRED_MISSING, message: `Missing required field ${field}`, suggestion: `Add ${field}` });
      }
    }
    for (const [field, schema] of Object.entries(properties)) {
      if (!Object.hasOwn(result, field)) {
        if (schema.default !== undefined) result[field] = schema.default;
        continue;
      }
      if (schema.type !== undefined && !hasType(result[field], schema.type)) {
        return fail({ path: `/${field}`, code: ERROR_CODES.TYPE_MISMATCH, message: `${field} must be ${schema.type}`, expected: schema.type, actual: typeof result[field] });
      }
    }
    const success: ToolValidationSuccess = { success: true, tool: definition.name, version: definition.version, arguments: result, correlationId: 'corr-test' };
    return success;
  }

  /** Every `tryValidateOutput` call, to prove what the executor asked. */
  readonly outputValidations: Array<{ name: string; data: JsonValue; query?: ToolVersionQuery }> = [];

  /** Checks only the output schema's top-level `type` and `required`; the real validator is tested in infrastructure. */
  tryValidateOutput(name: string, data: JsonValue, query?: ToolVersionQuery): ToolOutputValidation {
    this.outputValidations.push(query === undefined ? { name, data } : { name, data, query });
    const definition = this.findTool(name)?.definition;
    if (definition === undefined) return { valid: false, errors: [{ path: '', code: ERROR_CODES.UNKNOWN_TOOL, message: `Unknown tool ${name}` }] };
    const schema = definition.outputSchema;
    if (schema === undefined) return { valid: true, checked: false };
    const type = schema['type'];
    if (typeof type === 'string' && !hasType(data, type)) {
      return { valid: false, errors: [{ path: '', code: ERROR_CODES.TYPE_MISMATCH, message: `result must be ${type}`, expected: type }] };
    }
    for (const field of (schema['required'] ?? []) as string[]) {
      if (!isPlainObject(data) || !Object.hasOwn(data, field)) {
        return { valid: false, errors: [{ path: `/${field}`, code: ERROR_CODES.REQUIRED_MISSING, message: `Missing required field ${field}` }] };
      }
    }
    return { valid: true, checked: true };
  }

  registerTool(): ToolRegistration {
    throw new Error('not used by the executor');
  }
  unregisterTool(): ToolUnregistration {
    throw new Error('not used by the executor');
  }
  getToolDefinition(): ToolDefinition {
    throw new Error('not used by the executor');
  }
  getAllTools(): readonly ToolDefinition[] {
    return this.#tools;
  }
  getToolsByCategory(_category: ToolCategory): readonly ToolDefinition[] {
    throw new Error('not used by the executor');
  }
  getVersions(): readonly string[] {
    throw new Error('not used by the executor');
  }
  validateArguments(): ToolValidationSuccess {
    throw new Error('not used by the executor');
  }
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'object') return isPlainObject(value);
  if (type === 'array') return Array.isArray(value);
  return typeof value === type;
}

/** Iterative, so a 10,000-deep value cannot overflow the stack of the fake either. */
function depthExceeds(root: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
