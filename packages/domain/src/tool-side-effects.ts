/** How far a tool reaches outside itself (003). */
export const TOOL_SIDE_EFFECTS = Object.freeze(['none', 'read_only', 'writes'] as const);

/** One of {@link TOOL_SIDE_EFFECTS}. */
export type ToolSideEffects = (typeof TOOL_SIDE_EFFECTS)[number];
