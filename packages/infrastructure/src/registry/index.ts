export { ToolSchemaRegistry } from './tool-schema-registry.js';
export { deepFreeze } from './deep-freeze.js';
