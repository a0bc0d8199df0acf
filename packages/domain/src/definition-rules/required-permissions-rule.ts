import { describeValueType } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/** Longest permission string accepted, such as `tool.filesystem.read`. */
export const MAX_PERMISSION_LENGTH = 128;

/** `requiredPermissions`, when given, is a list of non-empty permission strings. */
export const requiredPermissionsRule: DefinitionRule = {
  name: 'required-permissions',
  check(definition) {
    const permissions = ownValue(definition, 'requiredPermissions');
    if (permissions === undefined) return [];
    if (!Array.isArray(permissions)) {
      return [definitionViolation('/requiredPermissions', `requiredPermissions must be a list of strings; got ${describeValueType(permissions)}`)];
    }
    return permissions.flatMap((permission: unknown, index) => {
      const path = `/requiredPermissions/${index}`;
      if (typeof permission !== 'string') {
        return [definitionViolation(path, `requiredPermissions entries must be strings; got ${describeValueType(permission)}`)];
      }
      if (permission.trim().length === 0) return [definitionViolation(path, 'requiredPermissions entries must not be empty')];
      if (permission.length > MAX_PERMISSION_LENGTH) {
        return [definitionViolation(path, `requiredPermissions entries must be at most ${MAX_PERMISSION_LENGTH} characters`)];
      }
      return [];
    });
  },
};
