import { deny, allow, type SessionCall, type ToolCallPolicy } from './tool-call-policy.js';

/**
 * A session runs against the registry it started with (003 "session pins the registry version"):
 * schemas, docs and handlers the model was shown must be the ones that run.
 */
export const registryVersionPolicy: ToolCallPolicy<SessionCall> = {
  name: 'registry-version',
  check(call, { catalog }) {
    if (call.session.registryVersion === catalog.registryVersion) return allow(call);
    return deny({
      type: 'PERMANENT',
      message: `Session pinned to tool registry ${call.session.registryVersion}, registry is ${catalog.registryVersion}; open a new session`,
      retryable: false,
    });
  },
};
