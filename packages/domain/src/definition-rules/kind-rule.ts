import { TOOL_KINDS } from '../tool-kind.js';
import { oneOfFieldRule } from './one-of-field-rule.js';

/** `kind`, when given, is `retrieval`, `action` or `utility` (003). */
export const kindRule = oneOfFieldRule('kind', 'kind', TOOL_KINDS);
