import { TOOL_CATEGORIES } from '../tool-category.js';
import { oneOfFieldRule } from './one-of-field-rule.js';

/** `category`, when given, is one of the twelve lowercase categories (decision 3). */
export const categoryRule = oneOfFieldRule('category', 'category', TOOL_CATEGORIES);
