/**
 * `@acode/infrastructure/providers`: the schema providers (`CoreToolsProvider`, `ConfigToolsProvider`) and the
 * core tool definitions. No optional peer needed.
 *
 * @packageDocumentation
 */
export { ConfigToolsProvider } from './config-tools-provider.js';
export { CORE_TOOL_DEFINITIONS } from './core-tools/index.js';
export { CoreToolsProvider } from './core-tools-provider.js';
