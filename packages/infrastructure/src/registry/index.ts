/**
 * `@acode/infrastructure/registry`: the strict tool schema registry (`ToolSchemaRegistry`). Its ports (compiler,
 * logger, metrics, correlation, clock, options) are constructor parameters. No optional peer needed.
 *
 * @packageDocumentation
 */
export { ToolSchemaRegistry } from './tool-schema-registry.js';
export { deepFreeze } from './deep-freeze.js';
