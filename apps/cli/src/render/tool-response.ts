import type { ConfirmationRequest, ToolFailure, ToolResponse, ToolResponseMeta } from '@acode/domain';
import type { Style } from './style.js';
import { displayMessage, displayName, safeJson } from './text.js';

/** What a human rendering of an envelope needs besides the envelope. */
export interface ToolResponseRenderOptions {
  readonly style: Style;
  /** For `CONFIRMATION_REQUIRED`: the command line that runs the call with its token. */
  readonly confirmCommand?: string;
}

/** Width of the labels of the meta lines, so the values line up. */
const LABEL_WIDTH = 14;

/**
 * An envelope for a person: `✓ <tool> <version>` or `✗ <tool>: [<TYPE>] <message>`, what the
 * error says beyond its message, the meta facts (registry version, execution id, duration,
 * isolation, clamps, truncation, latency overrun, replay), then the data pretty-printed, or what
 * to confirm and the exact command line that confirms it. `--json` prints the envelope itself.
 */
export function renderToolResponse(response: ToolResponse, options: ToolResponseRenderOptions): string {
  const { style } = options;
  const { meta } = response;
  const lines: string[] = [];
  if (response.ok) {
    lines.push(style.success(`✓ ${displayName(meta.tool)}${meta.toolVersion === undefined ? '' : ` ${displayName(meta.toolVersion)}`}`));
  } else {
    lines.push(`${style.failure(`✗ ${displayName(meta.tool)}:`)} ${style.code(`[${response.error.type}]`)} ${displayMessage(response.error.message)}`);
    lines.push(...failureLines(response.error));
  }
  lines.push(...metaLines(meta));

  if (response.ok) {
    lines.push('', style.heading('Data:'), safeJson(response.data, 2));
    if (response.intents.length > 0) lines.push('', style.heading('Intents:'), safeJson(response.intents, 2));
  } else {
    if (response.error.details !== undefined) lines.push('', style.heading('Details:'), safeJson(response.error.details, 2));
    const request = response.error.confirmation_request;
    if (request !== undefined) lines.push('', ...confirmationLines(request, options));
  }
  return lines.join('\n') + '\n';
}

function label(name: string): string {
  return `  ${`${name}:`.padEnd(LABEL_WIDTH)}`;
}

/** What a failure says besides its type and message. */
function failureLines(error: ToolFailure): string[] {
  const lines: string[] = [];
  if (error.suggestion !== undefined) lines.push(`${label('Suggestion')}${displayMessage(error.suggestion)}`);
  lines.push(`${label('Retryable')}${error.retryable ? 'yes' : 'no'}`);
  if (error.partialSideEffects === true) lines.push(`${label('Side effects')}the tool may have changed something before it failed`);
  if (error.idempotencyRequired === true) lines.push(`${label('Retry')}only with the same --execution-id, or the action may run twice`);
  return lines;
}

function metaLines(meta: ToolResponseMeta): string[] {
  const lines = [`${label('Registry')}${displayName(meta.registryVersion)}`, `${label('Execution')}${displayName(meta.executionId)}`];
  const budget =
    meta.latencyBudgetMs === undefined ? '' : meta.latencyBudgetExceeded === true ? ` (over the latency budget of ${meta.latencyBudgetMs} ms)` : ` (latency budget ${meta.latencyBudgetMs} ms)`;
  lines.push(`${label('Duration')}${formatMilliseconds(meta.durationMs)} ms${budget}`);
  lines.push(`${label('Mode')}${meta.mode}`);
  lines.push(`${label('Isolation')}${meta.isolation ?? 'not run'}`);
  if (meta.requestedName !== undefined) lines.push(`${label('Requested')}${displayName(meta.requestedName)}`);
  for (const clamp of meta.clampedArguments ?? []) {
    lines.push(`${label('Clamped')}${displayName(clamp.argument)} ${clamp.requested} → ${clamp.applied} (${meta.mode} mode maximum)`);
  }
  if (meta.outputTruncated !== undefined) {
    lines.push(`${label('Truncated')}output of ${meta.outputTruncated.originalBytes} bytes cut to the limit of ${meta.outputTruncated.limitBytes} bytes`);
  }
  if (meta.replayed === true) lines.push(`${label('Replayed')}the stored result of an earlier run with this execution id; nothing ran`);
  for (const refused of meta.refusedIntents ?? []) lines.push(`${label('Refused')}intent ${displayName(refused.type)}: ${displayMessage(refused.reason)}`);
  return lines;
}

/** A monotonic-clock duration for people: a tenth of a millisecond under 10 ms, whole milliseconds above. */
export function formatMilliseconds(ms: number): string {
  return String(Number(ms.toFixed(ms < 10 ? 1 : 0)));
}

function confirmationLines(request: ConfirmationRequest, options: ToolResponseRenderOptions): string[] {
  const lines = [options.style.heading('Confirmation required:'), `${label('Preview')}${displayMessage(request.preview)}`];
  if (options.confirmCommand !== undefined) lines.push(`${label('Confirm')}${options.confirmCommand}`);
  lines.push(`${label('Expires')}${displayName(request.expires_at)} (the token works once, for these arguments only)`);
  return lines;
}
