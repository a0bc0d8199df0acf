import { countList, duration, percent, type ModelStats } from './live-model.js';

/** One card per model: its calls, the share repaired, re-asked and lost, the model's time, and what fired. */
export function ModelCards(props: { models: readonly ModelStats[] }) {
  return (
    <ul class="model-cards" aria-label="Models">
      {props.models.map((model) => (
        <li key={model.model} class="model-card">
          <h3>{model.model}</h3>
          {model.upstream === undefined ? null : <p class="muted model-upstream">via {model.upstream}</p>}
          <dl class="model-figures">
            <div>
              <dt>Calls</dt>
              <dd data-figure="calls">{model.calls}</dd>
            </div>
            <div>
              <dt>Repaired</dt>
              <dd data-figure="repaired">{percent(model.share?.repaired)}</dd>
            </div>
            <div>
              <dt>Re-asked</dt>
              <dd data-figure="retried">{percent(model.share?.retried)}</dd>
            </div>
            <div>
              <dt>Lost</dt>
              <dd data-figure="failed">{percent(model.share?.failed)}</dd>
            </div>
            <div>
              <dt>p50</dt>
              <dd>{duration(model.latency_ms?.p50)}</dd>
            </div>
            <div>
              <dt>p90</dt>
              <dd>{duration(model.latency_ms?.p90)}</dd>
            </div>
            <div>
              <dt>p99</dt>
              <dd>{duration(model.latency_ms?.p99)}</dd>
            </div>
          </dl>
          <dl class="model-lists">
            <dt>Repairs that fired</dt>
            <dd>{countList(model.repairs)}</dd>
            <dt>Calls written as text</dt>
            <dd>{countList(model.formats)}</dd>
            <dt>Tools called</dt>
            <dd>{countList(model.tools)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
