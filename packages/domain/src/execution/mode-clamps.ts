import type { InteractionMode } from '../interaction-mode.js';

/**
 * Per-mode maxima of numeric top-level arguments, declared in a tool folder's `schema.json`
 * as `"modeClamps": { "voice": { "top_k": 3 } }`. The executor lowers a larger value to the
 * maximum and says so in `meta.clampedArguments` (003: "orchestrator clamps top_k in voice mode
 * regardless of model request").
 */
export type ModeClamps = Readonly<Partial<Record<InteractionMode, Readonly<Record<string, number>>>>>;
