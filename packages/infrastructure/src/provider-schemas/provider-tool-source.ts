import type { ToolDefinition } from '@acode/domain';

/**
 * What every provider format is built from: a tool's name, description and argument schema.
 * A registered {@link ToolDefinition} is one, and so is the chat layer's `ChatTool`.
 */
export type ProviderToolSource = Pick<ToolDefinition, 'name' | 'description' | 'parameters'>;
