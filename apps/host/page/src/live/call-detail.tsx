import { useEffect, useState } from 'preact/hooks';
import type { HostApi } from '../api.js';
import { ModalDialog } from '../modal-dialog.js';
import { clockTime, duration, OUTCOME_LABELS, type CallDetail, type CallSummary } from './live-model.js';

/**
 * One call in full, in a modal dialog (Escape closes it): what happened, its timings, and the
 * arguments as the model wrote them beside what the client received, when telemetry keeps
 * argument values; otherwise how to turn that on.
 */
export function CallDetailDialog(props: { api: HostApi; call: CallSummary | undefined; onClose: () => void }) {
  const [detail, setDetail] = useState<CallDetail | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = props.call?.id;
  useEffect(() => {
    setDetail(undefined);
    setProblem(undefined);
    if (id === undefined) return;
    let current = true;
    props.api
      .getJson<CallDetail>(`/v1/gateway/calls/${id}`)
      .then((found) => current && setDetail(found))
      .catch((error: unknown) => current && setProblem(error instanceof Error ? error.message : String(error)));
    return () => {
      current = false;
    };
  }, [id]);
  const call = detail ?? props.call;
  return (
    <ModalDialog open={props.call !== undefined} onClose={props.onClose} labelledBy="call-detail-title" class="wide">
      {call === undefined ? null : (
        <div class="call-detail">
          <h2 id="call-detail-title">
            {call.tool || '(no name)'} by {call.model}
          </h2>
          <dl class="call-facts">
            <dt>When</dt>
            <dd>
              <time dateTime={call.time}>{clockTime(call.time)}</time>
            </dd>
            <dt>Outcome</dt>
            <dd>
              <span class={`outcome outcome-${call.outcome}`}>{OUTCOME_LABELS[call.outcome]}</span>
            </dd>
            <dt>Repairs</dt>
            <dd>{call.repairs.length === 0 ? 'none' : call.repairs.join(', ')}</dd>
            <dt>Model requests</dt>
            <dd>{call.attempts}</dd>
            <dt>Model time</dt>
            <dd>{duration(call.duration_ms)}</dd>
            {call.route === undefined ? null : (
              <>
                <dt>Route</dt>
                <dd>{call.route}</dd>
              </>
            )}
            {call.text_format === undefined ? null : (
              <>
                <dt>Written as text</dt>
                <dd>{call.text_format}</dd>
              </>
            )}
            {call.error_codes.length === 0 ? null : (
              <>
                <dt>Errors</dt>
                <dd>{call.error_codes.join(', ')}</dd>
              </>
            )}
            {detail?.error_message === undefined ? null : (
              <>
                <dt>Last error</dt>
                <dd>{detail.error_message}</dd>
              </>
            )}
            {detail === undefined ? null : (
              <>
                <dt>Tokens</dt>
                <dd>
                  {detail.tokens.total} ({detail.tokens.prompt} in, {detail.tokens.completion} out)
                </dd>
              </>
            )}
          </dl>
          {problem !== undefined ? (
            <p class="notice error">The details could not be read: {problem}</p>
          ) : detail === undefined ? (
            <p class="muted">Loading the details…</p>
          ) : detail.arguments_kept ? (
            <div class="argument-columns">
              <section aria-labelledby="model-arguments-title">
                <h3 id="model-arguments-title">What the model wrote</h3>
                <pre tabIndex={0} aria-labelledby="model-arguments-title">{detail.model_arguments ?? '(nothing)'}</pre>
              </section>
              <section aria-labelledby="client-arguments-title">
                <h3 id="client-arguments-title">What the client received</h3>
                <pre tabIndex={0} aria-labelledby="client-arguments-title">{detail.client_arguments ?? '(no call: it was refused)'}</pre>
              </section>
            </div>
          ) : (
            <p class="muted" id="arguments-not-kept">
              Argument values are not kept. To see what the model wrote beside what the client received, set{' '}
              <code>tool_call.log_argument_values: true</code> for the upstream's provider in <code>.agent/config.yml</code>; secret-looking
              values are scrubbed before they are stored.
            </p>
          )}
          <div class="dialog-actions">
            <button type="button" onClick={props.onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
