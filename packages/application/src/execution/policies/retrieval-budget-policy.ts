import { deny, allow, type AdmissionCall, type ToolCallPolicy } from './tool-call-policy.js';

/**
 * Caps retrieval-kind runs per turn by mode (003: voice answers after at most two searches).
 * Only checks: the executor counts a retrieval when it actually runs one, so a call refused
 * later (say, awaiting confirmation) does not use the budget up.
 */
export const retrievalBudgetPolicy: ToolCallPolicy<AdmissionCall> = {
  name: 'retrieval-budget',
  check(call, { policy }) {
    if (call.definition.kind !== 'retrieval') return allow(call);
    const { mode, retrievalCallsThisTurn } = call.session;
    const budget = policy.retrievalBudgetPerTurn[mode];
    if (budget === null || budget === undefined || retrievalCallsThisTurn < budget) return allow(call);
    return deny({
      type: 'POLICY_DENIED',
      message: `Retrieval budget of ${budget} call${budget === 1 ? '' : 's'} per turn in ${mode} mode is used up`,
      retryable: false,
      suggestion: 'Answer with what the earlier retrievals returned; the budget starts again with the next turn',
      details: { budget, mode },
    });
  },
};
