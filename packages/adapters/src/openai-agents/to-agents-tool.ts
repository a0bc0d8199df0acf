import type { IToolSchemaRegistry } from '@acode/application';
import type { JsonObject, ToolCallError, ToolCallSettings, ToolDefinition } from '@acode/domain';
import { createToolCallParser, createToolRegistry } from '@acode/infrastructure';
import { toOpenAiStrictSchema, withoutDialect } from '@acode/infrastructure/provider-schemas';
import { tool, type FunctionTool, type RunContext } from '@openai/agents';

/** The SDK's type of JSON Schema parameters (`JsonObjectSchema`, not exported by name): a tool's arguments then arrive parsed, not validated. */
export type AgentsJsonParameters = FunctionTool['parameters'];

/** What runs a tool: the validated arguments (defaults applied), and the SDK's run context and call details. */
export type AgentsToolExecute<TContext = unknown> = (args: JsonObject, context: RunContext<TContext> | undefined, details: unknown) => unknown;

/** Options of {@link toAgentsTool}. */
export interface ToAgentsToolOptions {
  /** The registry holding `definition` (shared with your other tools); one holding it alone by default. */
  readonly registry?: IToolSchemaRegistry;
  /**
   * OpenAI strict mode: `auto` (default) sends the strict form of our schema when it has one
   * (every property required, optional ones nullable; a `null` for those reads as absent) and the
   * plain schema with `strict: false` when it has none (open maps, unions at the root...).
   */
  readonly strict?: boolean | 'auto';
  /** Parse settings over the defaults (`maxArgumentSize`, `maxNestingDepth`...). */
  readonly settings?: Partial<ToolCallSettings>;
}

/**
 * An OpenAI Agents SDK function tool (`tool()` from `@openai/agents`) for one of our definitions:
 *
 * - `parameters`: our JSON Schema, in OpenAI strict form when it has one (see `strict`);
 * - `needsApproval`: `true` when the definition has `requiresConfirmation: true`, else `false`,
 *   so a run stops with an interruption to approve before each call, as our confirmation asks;
 * - before `execute` runs, the arguments the model sent are validated by our registry (strictly:
 *   unknown properties, wrong types and missing required ones refused; defaults applied; a `null`
 *   for an optional property of a strict schema dropped). Refused arguments never reach
 *   `execute`: the model gets `ACODE-TLP-004: ...` with the registry's errors as the tool's
 *   output, so it can send the call again.
 *
 * JSON the model could not write at all is answered by the SDK's Runner before a tool runs (it
 * parses arguments itself); to repair such JSON, parse the model's answer with our parser.
 *
 * @throws what the registry throws when `definition` is refused, or a TypeError when a given
 *   `registry` does not hold it.
 */
export function toAgentsTool<TContext = unknown>(definition: ToolDefinition, execute: AgentsToolExecute<TContext>, options: ToAgentsToolOptions = {}): FunctionTool<TContext, AgentsJsonParameters> {
  const registry = options.registry ?? createToolRegistry({ tools: [definition] });
  if (registry.findTool(definition.name) === undefined) throw new TypeError(`the registry given to toAgentsTool does not hold '${definition.name}'`);
  const parser = createToolCallParser({ registry, ...(options.settings === undefined ? {} : { settings: options.settings }) });
  const strictForm = options.strict === false ? undefined : toOpenAiStrictSchema(definition.parameters);
  if (options.strict === true && strictForm?.ok !== true) {
    throw new TypeError(`'${definition.name}' has no OpenAI strict form (${strictForm?.ok === false ? strictForm.reason : 'strict is off'}); use strict: 'auto' or false`);
  }
  const strict = strictForm?.ok === true;
  const parameters = strictForm?.ok === true ? strictForm.schema : withoutDialect(definition.parameters);
  return tool({
    name: definition.name,
    description: definition.description,
    parameters: parameters as never,
    strict: strict as false,
    needsApproval: definition.requiresConfirmation === true,
    execute: async (input: unknown, context?: RunContext<TContext>, details?: unknown) => {
      const result = parser.parseRawToolCalls([{ index: 0, name: definition.name, arguments: input, source: 'openai' }], '', strict ? { strictTools: [definition.name] } : {});
      const [call] = result.toolCalls;
      if (call === undefined || result.errors.length > 0 || result.toolCalls.length !== 1) return refusal(result.errors[0]);
      return execute(call.arguments, context, details);
    },
  }) as unknown as FunctionTool<TContext, AgentsJsonParameters>;
}

/** The tool output a model reads when its arguments were refused: the ACODE code, the message and the registry's errors. */
function refusal(error: ToolCallError | undefined): string {
  if (error === undefined) return JSON.stringify({ success: false, error: { code: 'ACODE-TLP-002', message: 'The arguments hold several calls; send one call per tool call' } });
  return JSON.stringify({
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.validationErrors === undefined ? {} : { errors: error.validationErrors.map(({ path, code, message }) => ({ path, code, message })) }),
      ...(error.schemaHint === undefined ? {} : { schema_hint: error.schemaHint }),
    },
  });
}
