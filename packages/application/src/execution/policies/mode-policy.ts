import { deny, allow, type ResolvedCall, type ToolCallPolicy } from './tool-call-policy.js';

/** A tool runs only in the modes its `allowedModes` lists (all when absent). */
export const modePolicy: ToolCallPolicy<ResolvedCall> = {
  name: 'allowed-modes',
  check(call) {
    const { allowedModes, name } = call.definition;
    const mode = call.session.mode;
    if (allowedModes === undefined || allowedModes.includes(mode)) return allow(call);
    const modes = allowedModes.length === 0 ? 'no mode' : `${allowedModes.join(' or ')} mode`;
    return deny({
      type: 'POLICY_DENIED',
      message: `Tool ${name} is not available in ${mode} mode`,
      retryable: false,
      suggestion: `${name} runs in ${modes} only; answer without it or use a tool offered in ${mode} mode`,
      details: { mode, allowed_modes: [...allowedModes] },
    });
  },
};
