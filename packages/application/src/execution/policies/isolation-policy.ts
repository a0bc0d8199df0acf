import { compareIsolationLevels, resolveToolConstraints, type SandboxIsolationLevel } from '@acode/domain';
import type { IToolRunner } from '../tool-runner.js';
import { deny, allow, type AdmissionCall, type ToolCallPolicy } from './tool-call-policy.js';

/**
 * Picks the runner for the tool's `requiredIsolation` (001 §4.7): the weakest level at least as
 * strong as required and no stronger than the executor allows. A tool is never run weaker than
 * it asks; when no runner fits it is refused.
 */
export const isolationPolicy: ToolCallPolicy<AdmissionCall> = {
  name: 'isolation',
  check(call, { runners, policy }) {
    const required = resolveToolConstraints(call.definition.constraints).requiredIsolation;
    const runner = pickRunner(runners, required, policy.maxIsolation);
    if (runner !== undefined) return allow({ ...call, runner });
    const strongest = strongestAvailable(runners, policy.maxIsolation);
    return deny({
      type: 'POLICY_DENIED',
      message:
        strongest === undefined
          ? `Tool ${call.definition.name} requires ${required} isolation; this executor has no runner for it`
          : `Tool ${call.definition.name} requires ${required} isolation; this executor provides at most ${strongest}`,
      retryable: false,
      details: { required_isolation: required, ...(strongest === undefined ? {} : { available_isolation: strongest }) },
    });
  },
};

function pickRunner(runners: readonly IToolRunner[], required: SandboxIsolationLevel, maximum: SandboxIsolationLevel): IToolRunner | undefined {
  return runners
    .filter((runner) => compareIsolationLevels(runner.isolation, required) >= 0 && compareIsolationLevels(runner.isolation, maximum) <= 0)
    .sort((a, b) => compareIsolationLevels(a.isolation, b.isolation))[0];
}

function strongestAvailable(runners: readonly IToolRunner[], maximum: SandboxIsolationLevel): SandboxIsolationLevel | undefined {
  return runners
    .map((runner) => runner.isolation)
    .filter((level) => compareIsolationLevels(level, maximum) <= 0)
    .sort(compareIsolationLevels)
    .at(-1);
}
