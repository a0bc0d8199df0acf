/**
 * The dotted keys custom tools may be listed under, in the order their lists are concatenated:
 * 000's `tool_registry.custom_tools`, 004's `tools.custom` and 000 scenario 6's
 * `tools.custom_tools` (decision 6).
 */
export const CUSTOM_TOOL_KEYS = Object.freeze(['tool_registry.custom_tools', 'tools.custom', 'tools.custom_tools'] as const);

/** One of {@link CUSTOM_TOOL_KEYS}. */
export type CustomToolKey = (typeof CUSTOM_TOOL_KEYS)[number];
