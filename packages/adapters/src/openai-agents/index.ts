/**
 * `@acode/adapters/openai-agents`: our tool definitions as OpenAI Agents SDK function tools
 * (`toAgentsTool`: our schema, `needsApproval` from `requiresConfirmation`, arguments validated
 * by our registry before `execute`) and back (`fromAgentsTool`). Peer: `@openai/agents`, loaded
 * by `toAgentsTool`'s module.
 *
 * @packageDocumentation
 */
export { AGENTS_METADATA_KEY, fromAgentsTool, type AgentsFunctionToolLike, type FromAgentsToolOptions } from './from-agents-tool.js';
export { toAgentsTool, type AgentsJsonParameters, type AgentsToolExecute, type ToAgentsToolOptions } from './to-agents-tool.js';
