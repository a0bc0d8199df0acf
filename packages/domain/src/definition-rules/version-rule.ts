import { describeValueType, quoteText } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { MAX_SEMVER_LENGTH, parseSemVer } from '../semver.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/** `version` is required and must be a semantic version such as `1.0.0` (decision 4). */
export const versionRule: DefinitionRule = {
  name: 'version',
  check(definition) {
    const version = ownValue(definition, 'version');
    if (version === undefined) return [definitionViolation('/version', 'version is required, as a semantic version such as "1.0.0"')];
    if (typeof version !== 'string') {
      return [definitionViolation('/version', `version must be a string such as "1.0.0", got ${describeValueType(version)}`)];
    }
    if (version.length > MAX_SEMVER_LENGTH) {
      return [definitionViolation('/version', `version must be at most ${MAX_SEMVER_LENGTH} characters`)];
    }
    if (parseSemVer(version) === undefined) {
      return [
        definitionViolation(
          '/version',
          `version ${quoteText(version)} is not a semantic version: use MAJOR.MINOR.PATCH without a "v" or leading zeros, such as "1.0.0" or "2.1.0-beta.1"`,
        ),
      ];
    }
    return [];
  },
};
