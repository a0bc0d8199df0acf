import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

/** One line of a chart: its name in the summary and its colour (readable on both light and dark backgrounds). */
export interface ChartSeries {
  readonly label: string;
  readonly color: string;
  readonly values: ReadonlyArray<number | null>;
}

/**
 * A uPlot chart of series over time (with `points`, each value also drawn as a dot: a series
 * with gaps may have lone values a line cannot show), sized to its container (re-sized with it), redrawn when the
 * data changes. The canvas says nothing to a screen reader: the figure carries `summary`, the
 * same figures in words, as its text alternative. Axis colours come from the page's variables, so
 * the chart follows dark mode.
 */
export function LiveChart(props: { id: string; title: string; summary: string; times: readonly number[]; series: readonly ChartSeries[]; unit?: string; points?: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The shape of the chart (its series) decides whether it must be made again.
  const shape = props.series.map((line) => line.label).join('|');

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const style = getComputedStyle(document.documentElement);
    const fg = style.getPropertyValue('--muted').trim() || '#555';
    const grid = style.getPropertyValue('--border').trim() || '#ccc';
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: 180,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] } },
      axes: [axis, { ...axis, size: 52, ...(props.unit === undefined ? {} : { values: (_u: uPlot, ticks: number[]) => ticks.map((tick) => `${tick}${props.unit}`) }) }],
      series: [{}, ...props.series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: props.points === true, size: 6 }, spanGaps: false }))],
    };
    const made = new uPlot(options, data(props), element);
    plot.current = made;
    const resize = new ResizeObserver(() => made.setSize({ width: Math.max(200, element.clientWidth), height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.destroy();
      plot.current = null;
    };
  }, [shape]);

  useEffect(() => {
    plot.current?.setData(data(props));
  }, [props.times, props.series]);

  return (
    <figure class="live-chart" aria-labelledby={`${props.id}-title`} aria-describedby={`${props.id}-summary`}>
      <figcaption id={`${props.id}-title`}>{props.title}</figcaption>
      <div ref={container} class="live-chart-canvas" aria-hidden="true" />
      <p id={`${props.id}-summary`} class="live-chart-summary">
        {props.summary}
      </p>
      <ul class="live-chart-key" aria-hidden="true">
        {props.series.map((line) => (
          <li key={line.label}>
            <span class={`swatch swatch-${line.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`} />
            {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}

function data(props: { times: readonly number[]; series: readonly ChartSeries[] }): uPlot.AlignedData {
  return [Array.from(props.times), ...props.series.map((line) => Array.from(line.values))] as uPlot.AlignedData;
}
