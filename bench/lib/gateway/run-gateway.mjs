// @ts-check
/**
 * Runs the gateway section: starts the upstream and the host, measures, stops both. A host that
 * is not built or does not start is reported in the notes, not thrown.
 */
import { gatewayNotes } from './gateway-table.mjs';
import { measureGateway } from './measure-gateway.mjs';
import { BENCH_LOG_LEVEL, BENCH_MAX_CONCURRENT_UPSTREAM, UPSTREAM_CHUNK_SIZE, startGatewayBench } from './start-gateway.mjs';

/**
 * @returns {Promise<{ ok: true, report: import('./measure-gateway.mjs').GatewayReport, notes: string[] } | { ok: false, notes: string[] }>}
 */
export async function runGatewaySection() {
  const bench = await startGatewayBench();
  if (!bench.ok) return { ok: false, notes: [`The gateway was NOT MEASURED: ${bench.reason}.`] };
  try {
    const report = await measureGateway(bench, { chunkSize: UPSTREAM_CHUNK_SIZE, maxConcurrentUpstream: BENCH_MAX_CONCURRENT_UPSTREAM, logLevel: BENCH_LOG_LEVEL });
    return { ok: true, report, notes: gatewayNotes(report) };
  } finally {
    await bench.close();
  }
}
