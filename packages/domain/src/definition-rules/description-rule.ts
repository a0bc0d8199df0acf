import { MAX_DESCRIPTION_LENGTH } from '../limits.js';
import { countCodePointsUpTo, describeValueType } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/** `description` is required: a string with text in it, at most 500 characters (decision 5). */
export const descriptionRule: DefinitionRule = {
  name: 'description',
  check(definition) {
    const description = ownValue(definition, 'description');
    if (description === undefined) return [definitionViolation('/description', 'description is required')];
    if (typeof description !== 'string') {
      return [definitionViolation('/description', `description must be a string, got ${describeValueType(description)}`)];
    }
    if (description.trim().length === 0) {
      return [definitionViolation('/description', 'description must not be empty or only whitespace')];
    }
    // Code points, so an emoji counts as one character; counting stops just past the limit.
    if (countCodePointsUpTo(description, MAX_DESCRIPTION_LENGTH) > MAX_DESCRIPTION_LENGTH) {
      return [definitionViolation('/description', `description must be at most ${MAX_DESCRIPTION_LENGTH} characters; shorten it`)];
    }
    return [];
  },
};
