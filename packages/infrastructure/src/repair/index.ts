/**
 * `@acode/infrastructure/repair`: the JSON repairer (`JsonRepairer`, `repairJson`) and its heuristics. Repairs a
 * model's broken JSON only where it has one reading. No optional peer needed.
 *
 * @packageDocumentation
 */
export { DEFAULT_REPAIR_HEURISTICS } from './default-heuristics.js';
export * from './heuristics/index.js';
export { JsonRepairer } from './json-repairer.js';
export type { ContainerOpener, RepairHeuristic, TriviaPlace } from './repair-heuristic.js';
export { DEFAULT_REPAIR_TIMEOUT_MS, MAX_REPAIR_INPUT_LENGTH, repairJson, type RepairJsonOptions } from './repair-json.js';
