import type { TokenUsage } from '@acode/domain';

/**
 * Splits one answer's usage over the `parts` calls it produced: whole tokens, the remainder to
 * the first part, so the shares add up to the answer's usage exactly.
 */
export function shareUsage(usage: TokenUsage, parts: number): TokenUsage[] {
  if (parts <= 0) return [];
  const share = (total: number, part: number): number => Math.floor(total / parts) + (part === 0 ? total % parts : 0);
  return Array.from({ length: parts }, (_, part) =>
    parts === 1 ? usage : { promptTokens: share(usage.promptTokens, part), completionTokens: share(usage.completionTokens, part), totalTokens: share(usage.totalTokens, part) },
  );
}

