// @ts-check
/**
 * The "Gateway" section of the report (issue 15) as a table: each figure directly and through
 * the gateway, the difference, and the goals' verdicts. The rows of the gateway's other fronts
 * (`/v1/messages`, `/v1/responses`) follow the chat route's timings; issue 15's goals are the
 * chat route's, so those rows show the time added without a verdict.
 */
import { formatBytes, formatRate } from '../format-figures.mjs';
import { GATEWAY_GOALS, judgeAdded } from './gateway-figures.mjs';

/**
 * @param {import('./measure-gateway.mjs').GatewayReport} report
 * @returns {import('../report-tables.mjs').Table}
 */
export function gatewayTable(report) {
  const { latency, firstContent, throughput, memory } = report;
  /** @type {string[][]} */
  const rows = [
    timeRow('Non-streamed answer with one tool call, latency p50', latency.direct.p50, latency.gateway.p50),
    timeRow('Non-streamed answer with one tool call, latency p99', latency.direct.p99, latency.gateway.p99, GATEWAY_GOALS.addedLatencyMs),
    timeRow('Streamed text answer, time to first content p50', firstContent.direct.p50, firstContent.gateway.p50),
    timeRow('Streamed text answer, time to first content p99', firstContent.direct.p99, firstContent.gateway.p99, GATEWAY_GOALS.addedFirstContentMs),
    ...(report.fronts ?? []).flatMap((front) => {
      const route = `${front.path} (${front.client})`;
      return [
        timeRow(`${route}: non-streamed answer with one tool call, latency p50`, front.latency.direct.p50, front.latency.gateway.p50),
        timeRow(`${route}: non-streamed answer with one tool call, latency p99`, front.latency.direct.p99, front.latency.gateway.p99),
        timeRow(`${route}: streamed text answer, time to first content p50`, front.firstContent.direct.p50, front.firstContent.gateway.p50),
        timeRow(`${route}: streamed text answer, time to first content p99`, front.firstContent.direct.p99, front.firstContent.gateway.p99),
      ];
    }),
    [
      `Throughput, ${throughput.clients} concurrent clients (req/s)`,
      formatRate(throughput.direct),
      formatRate(throughput.gateway),
      Number.isFinite(throughput.gateway / throughput.direct) ? `${(throughput.gateway / throughput.direct).toFixed(2)}× direct` : '—',
      '',
      '',
    ],
  ];
  if ('failure' in memory) {
    rows.push([`Memory per ${memory.streams} open streams`, '—', '—', `— (${memory.failure})`, '', 'NOT MEASURED']);
  } else {
    // RSS is measured too, but it moves in pages the process already holds (0 to 128 KiB for
    // either side in the runs so far): only the heap is shown.
    rows.push([`Memory per ${memory.streams} open streams (heap)`, formatBytes(memory.direct.heapBytes), formatBytes(memory.gateway.heapBytes), signedBytes(memory.gateway.heapBytes - memory.direct.heapBytes), '', '']);
  }
  return {
    title: 'Gateway: the same scripted upstream, directly and through the host',
    columns: ['Measure', 'direct', 'through the gateway', 'added by the gateway', 'goal', 'verdict'],
    rows,
    numericColumns: [1, 2, 3],
  };
}

/**
 * @param {string} label
 * @param {number} directMs
 * @param {number} gatewayMs
 * @param {number} [goalMs] The limit on the added time, when a goal applies.
 * @returns {string[]}
 */
function timeRow(label, directMs, gatewayMs, goalMs) {
  return [
    label,
    milliseconds(directMs),
    milliseconds(gatewayMs),
    Number.isFinite(gatewayMs - directMs) ? `${gatewayMs - directMs >= 0 ? '+' : ''}${milliseconds(gatewayMs - directMs)}` : '—',
    goalMs === undefined ? '' : `< ${goalMs} ms added`,
    goalMs === undefined ? '' : judgeAdded(directMs, gatewayMs, goalMs),
  ];
}

/**
 * @param {number} value
 * @returns {string}
 */
function milliseconds(value) {
  if (!Number.isFinite(value)) return '—';
  return `${Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(3)} ms`;
}

/**
 * @param {number} value
 * @returns {string}
 */
function signedBytes(value) {
  return Number.isFinite(value) ? `${value >= 0 ? '+' : '−'}${formatBytes(Math.abs(value))}` : '—';
}

/**
 * Notes for a goal missed, a figure not measured, or an answer that was not the expected one.
 *
 * @param {import('./measure-gateway.mjs').GatewayReport} report
 * @returns {string[]}
 */
export function gatewayNotes(report) {
  const notes = report.problems.map((problem) => `WRONG ANSWER in the gateway section: ${problem}; its figures are not comparable.`);
  const { latency, firstContent, memory } = report;
  if (judgeAdded(latency.direct.p99, latency.gateway.p99, GATEWAY_GOALS.addedLatencyMs) === 'MISS') {
    notes.push(`GATEWAY GOAL MISSED: the gateway adds ${(latency.gateway.p99 - latency.direct.p99).toFixed(2)} ms at p99 to a non-streamed answer (goal < ${GATEWAY_GOALS.addedLatencyMs} ms).`);
  }
  if (judgeAdded(firstContent.direct.p99, firstContent.gateway.p99, GATEWAY_GOALS.addedFirstContentMs) === 'MISS') {
    notes.push(`GATEWAY GOAL MISSED: the gateway adds ${(firstContent.gateway.p99 - firstContent.direct.p99).toFixed(2)} ms at p99 to the first content of a stream (goal < ${GATEWAY_GOALS.addedFirstContentMs} ms).`);
  }
  if ('failure' in memory) notes.push(`Gateway memory per ${memory.streams} open streams NOT MEASURED: ${memory.failure}.`);
  return notes;
}
