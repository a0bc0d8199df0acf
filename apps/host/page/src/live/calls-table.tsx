import { clockTime, duration, OUTCOME_LABELS, type CallSummary } from './live-model.js';

/**
 * The recent calls, newest first: model, tool, outcome, repairs, attempts and the model's time.
 * A row opens its detail with its button; a call just pushed by the event stream has no id yet
 * (its row is written a moment later) and gets its button when the list is read again.
 */
export function CallsTable(props: { calls: readonly CallSummary[]; onOpen: (call: CallSummary) => void }) {
  return (
    <div class="table-scroll">
      <table class="calls-table" id="recent-calls">
        <caption>Recent calls, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Model</th>
            <th scope="col">Tool</th>
            <th scope="col">Outcome</th>
            <th scope="col">Repairs</th>
            <th scope="col">Attempts</th>
            <th scope="col">Model time</th>
            <th scope="col">
              <span class="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.calls.map((call, index) => (
            <tr key={call.id ?? `new-${call.correlation_id}-${call.tool}-${index}`} class={call.id === undefined ? 'just-in' : undefined} data-outcome={call.outcome}>
              <td>
                <time dateTime={call.time}>{clockTime(call.time)}</time>
              </td>
              <td class="cell-model">{call.model}</td>
              <td class="cell-tool">
                {call.tool === '' ? <span class="muted">(no name)</span> : call.tool}
                {call.text_format === undefined ? null : <span class="format-tag"> from text ({call.text_format})</span>}
              </td>
              <td>
                <span class={`outcome outcome-${call.outcome}`}>{OUTCOME_LABELS[call.outcome]}</span>
              </td>
              <td>{call.repairs.length === 0 ? <span class="muted">none</span> : call.repairs.join(', ')}</td>
              <td class="numeric">{call.attempts}</td>
              <td class="numeric">{duration(call.duration_ms)}</td>
              <td>
                {call.id === undefined ? (
                  <span class="muted">saving…</span>
                ) : (
                  <button type="button" class="link" onClick={() => props.onOpen(call)} aria-label={`Details of the ${call.tool || 'unnamed'} call by ${call.model} at ${clockTime(call.time)}`}>
                    Details
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
