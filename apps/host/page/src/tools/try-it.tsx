import { useState } from 'preact/hooks';
import { HostError, type HostApi } from '../api.js';

interface Outcome {
  readonly ok: boolean;
  /** The host's answer, as a model would receive it. */
  readonly body: unknown;
  readonly status: number;
}

/**
 * Paste arguments, have the host validate them against the stored tool: what a model would get
 * back, errors included, word for word.
 */
export function TryIt(props: { api: HostApi; name: string; version: string; disabledReason?: string }) {
  const [text, setText] = useState('{}');
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const body = await props.api.send<unknown>('POST', `/v1/tools/${encodeURIComponent(props.name)}/validate?version=${encodeURIComponent(props.version)}`, text);
      setOutcome({ ok: true, body, status: 200 });
    } catch (error) {
      if (error instanceof HostError) setOutcome({ ok: false, body: error.body ?? { error: { code: error.code, message: error.message } }, status: error.status });
      else setOutcome({ ok: false, body: { error: String(error) }, status: 0 });
    } finally {
      setBusy(false);
    }
  };
  const errors = outcome !== undefined && !outcome.ok ? errorList(outcome.body) : [];
  return (
    <section class="try-it" aria-labelledby="try-heading">
      <h3 id="try-heading">Try it</h3>
      <p class="hint" id="try-hint">
        Arguments as a model would send them. The host checks them against this tool.
      </p>
      <div class="field">
        <label for="try-arguments">Arguments (JSON)</label>
        <textarea id="try-arguments" class="code" rows={5} spellcheck={false} aria-describedby="try-hint" value={text} onInput={(event) => setText(event.currentTarget.value)} />
      </div>
      <div class="buttons">
        <button type="button" id="try-validate" disabled={busy || props.disabledReason !== undefined} onClick={() => void run()}>
          Validate
        </button>
      </div>
      {props.disabledReason !== undefined ? <p class="hint">{props.disabledReason}</p> : null}
      <div id="try-result" aria-live="polite">
        {outcome === undefined ? null : outcome.ok ? (
          <p class="result ok">Valid. The tool would run with these arguments (defaults applied):</p>
        ) : (
          <div>
            <p class="result error">Refused ({outcome.status}). The model would get:</p>
            <ul class="try-errors">
              {errors.map((error, index) => (
                <li key={index}>
                  <code>{error.path || '/'}</code> {error.message} <span class="code-name">({error.code})</span>
                  {error.suggestion ? <span class="suggestion"> {error.suggestion}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        )}
        {outcome === undefined ? null : <pre class="try-body" tabIndex={0} aria-label="The host's answer as JSON">{JSON.stringify(outcome.ok ? (outcome.body as { arguments?: unknown }).arguments ?? outcome.body : outcome.body, null, 2)}</pre>}
      </div>
    </section>
  );
}

function errorList(body: unknown): Array<{ path: string; code: string; message: string; suggestion?: string }> {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((item: { path?: string; code?: string; message?: string; suggestion?: string }) => ({
    path: item.path ?? '',
    code: item.code ?? '',
    message: item.message ?? '',
    ...(item.suggestion === undefined ? {} : { suggestion: item.suggestion }),
  }));
}
