// @ts-check
/**
 * `pnpm bench:gateway`: the gateway section of `pnpm bench` alone (issue 15), printed, without
 * touching `bench/RESULTS.md`. Run with `node --expose-gc` (the memory figures need it).
 */
import { textTable } from './lib/render-report.mjs';
import { runGatewaySection } from './lib/gateway/run-gateway.mjs';
import { gatewayTable } from './lib/gateway/gateway-table.mjs';

try {
  const section = await runGatewaySection();
  if (section.ok) process.stdout.write(`${textTable(gatewayTable(section.report))}\n`);
  for (const note of section.notes) process.stdout.write(`- ${note}\n`);
} catch (error) {
  process.stderr.write(`gateway bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
