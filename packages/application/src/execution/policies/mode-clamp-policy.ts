import type { ClampedArgument, JsonObject } from '@acode/domain';
import { allow, type AdmissionCall, type ToolCallPolicy } from './tool-call-policy.js';

/**
 * Lowers numeric top-level arguments to the mode's maximum (003: "orchestrator clamps top_k in
 * voice mode regardless of model request"). Never refuses: a too-large request is served smaller.
 */
export const modeClampPolicy: ToolCallPolicy<AdmissionCall> = {
  name: 'mode-clamps',
  check(call) {
    const clamps = call.catalogTool.modeClamps?.[call.session.mode];
    if (clamps === undefined) return allow(call);
    const args: JsonObject = { ...call.args };
    const clamped: ClampedArgument[] = [];
    for (const [argument, maximum] of Object.entries(clamps)) {
      const requested = Object.hasOwn(args, argument) ? args[argument] : undefined;
      if (typeof requested === 'number' && requested > maximum) {
        args[argument] = maximum;
        clamped.push({ argument, requested, applied: maximum });
      }
    }
    return clamped.length === 0 ? allow(call) : allow({ ...call, args, clampedArguments: [...call.clampedArguments, ...clamped] });
  },
};
