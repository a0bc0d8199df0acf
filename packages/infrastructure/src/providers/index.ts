export { ConfigToolsProvider } from './config-tools-provider.js';
export { CORE_TOOL_DEFINITIONS } from './core-tools/index.js';
export { CoreToolsProvider } from './core-tools-provider.js';
