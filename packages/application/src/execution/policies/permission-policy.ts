import { isPermissionGranted } from '@acode/domain';
import { deny, allow, type ResolvedCall, type ToolCallPolicy } from './tool-call-policy.js';

/**
 * A tool runs only when the configuration grants every permission in its `requiredPermissions`
 * (001 §4.2; `execution.granted_permissions`, by default what the shipped core tools need).
 * Checked before the arguments, like the mode: no point asking the model to fix arguments of a
 * tool it may not use.
 */
export const permissionPolicy: ToolCallPolicy<ResolvedCall> = {
  name: 'required-permissions',
  check(call, { policy }) {
    const required = call.definition.requiredPermissions ?? [];
    const missing = required.filter((permission) => !isPermissionGranted(permission, policy.grantedPermissions));
    if (missing.length === 0) return allow(call);
    const { name } = call.definition;
    return deny({
      type: 'POLICY_DENIED',
      message: `Tool ${name} requires permission${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, which the configuration does not grant`,
      retryable: false,
      suggestion: `Answer without ${name}; the user can grant ${missing.length === 1 ? 'it' : 'them'} in execution.granted_permissions`,
      details: { missing_permissions: [...missing] },
    });
  },
};
