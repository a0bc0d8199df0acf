/** The channel a turn runs in; voice turns have tighter budgets (003). */
export const INTERACTION_MODES = Object.freeze(['text', 'voice'] as const);

/** One of {@link INTERACTION_MODES}. */
export type InteractionMode = (typeof INTERACTION_MODES)[number];
