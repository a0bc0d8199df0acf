/** What a tool does for the model (003): fetches knowledge, changes the world, or computes. */
export const TOOL_KINDS = Object.freeze(['retrieval', 'action', 'utility'] as const);

/** One of {@link TOOL_KINDS}. */
export type ToolKind = (typeof TOOL_KINDS)[number];
