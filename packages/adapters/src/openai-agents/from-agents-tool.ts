import { InvalidToolDefinitionException } from '@acode/application';
import { ERROR_CODES, isPlainObject, type ToolCategory, type ToolDefinition } from '@acode/domain';
import { toToolName } from '@acode/infrastructure/gateway';
import { descriptionOf } from '../shared/description-of.js';
import { foreignSchema } from '../shared/foreign-schema.js';

/** The key of a definition's `metadata` that keeps the Agents SDK tool's own name: `metadata.openai_agents`. */
export const AGENTS_METADATA_KEY = 'openai_agents';

/**
 * The part of an Agents SDK function tool (`FunctionTool`, or the options given to `tool()`)
 * this adapter reads. Structural, so the SDK's own types are assignable to it.
 */
export interface AgentsFunctionToolLike {
  readonly type?: 'function' | string;
  readonly name: string;
  readonly description?: string;
  /** The JSON Schema the SDK sends to the model. */
  readonly parameters?: unknown;
  readonly outputSchema?: unknown;
  /** A boolean (in `tool()` options) or the SDK's approval function (on a built `FunctionTool`). */
  readonly needsApproval?: boolean | ((...args: never[]) => unknown);
}

/** Options of {@link fromAgentsTool}. */
export interface FromAgentsToolOptions {
  readonly version?: string;
  readonly category?: ToolCategory;
}

/**
 * Our definition of an OpenAI Agents SDK function tool, ready to register: its name made a valid
 * name of ours (kept in `metadata.openai_agents.name`), its JSON Schema parameters (the strict
 * form the SDK built, which our registry validates as it is: optional properties nullable),
 * and `requiresConfirmation` from `needsApproval`:
 *
 * - `true` → `requiresConfirmation: true`; `false` or absent → `false`;
 * - a function → `true`. Our confirmation is per tool, not per call, so a tool that may need
 *   approval for some arguments is confirmed every time. The one exception is the constant
 *   policy `tool()` builds from a boolean (a function taking no argument): it is asked once, and
 *   its answer is used. That is why this function is async.
 *
 * @throws InvalidToolDefinitionException: ACODE-DEF-001 for a tool that is not a function tool or
 *   has no name; ACODE-TSR-006 for parameters that are not a JSON Schema object.
 */
export async function fromAgentsTool(agentsTool: AgentsFunctionToolLike, options: FromAgentsToolOptions = {}): Promise<ToolDefinition> {
  if (!isPlainObject(agentsTool) || typeof agentsTool.name !== 'string' || agentsTool.name.length === 0 || agentsTool.name.length > 512 || (agentsTool.type !== undefined && agentsTool.type !== 'function')) {
    throw new InvalidToolDefinitionException('(agents tool)', [
      { code: ERROR_CODES.DEFINITION_INVALID, path: '/name', message: 'Only a function tool with a name of 1 to 512 characters can become a tool definition' },
    ]);
  }
  const name = toToolName(agentsTool.name);
  return {
    name,
    description: descriptionOf(agentsTool.description, `OpenAI Agents tool ${agentsTool.name}`),
    version: options.version ?? '1.0.0',
    parameters: foreignSchema(agentsTool.parameters, name, '/parameters'),
    ...(isPlainObject(agentsTool.outputSchema) ? { outputSchema: foreignSchema(agentsTool.outputSchema, name, '/outputSchema') } : {}),
    ...(options.category === undefined ? {} : { category: options.category }),
    requiresConfirmation: await needsConfirmation(agentsTool.needsApproval),
    metadata: { [AGENTS_METADATA_KEY]: { name: agentsTool.name } },
  };
}

async function needsConfirmation(needsApproval: AgentsFunctionToolLike['needsApproval']): Promise<boolean> {
  if (typeof needsApproval === 'boolean') return needsApproval;
  if (typeof needsApproval !== 'function') return false;
  if (needsApproval.length > 0) return true;
  try {
    return (await (needsApproval as () => unknown)()) !== false;
  } catch {
    return true;
  }
}
