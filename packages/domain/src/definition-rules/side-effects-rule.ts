import { TOOL_SIDE_EFFECTS } from '../tool-side-effects.js';
import { oneOfFieldRule } from './one-of-field-rule.js';

/** `sideEffects`, when given, is `none`, `read_only` or `writes` (003). */
export const sideEffectsRule = oneOfFieldRule('side-effects', 'sideEffects', TOOL_SIDE_EFFECTS);
