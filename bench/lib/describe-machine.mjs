// @ts-check
/** The machine a run happened on, for the report. */
import { cpus, platform, arch, totalmem } from 'node:os';

/**
 * @returns {import('./report-tables.mjs').Machine}
 */
export function describeMachine() {
  const list = cpus();
  return {
    cpuCount: list.length,
    cpuModel: list[0]?.model.trim() || 'unknown CPU',
    node: process.version,
    platform: `${platform()} ${arch()}`,
    totalMemoryBytes: totalmem(),
  };
}
