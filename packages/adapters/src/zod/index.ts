/**
 * `@acode/adapters/zod`: tools defined with zod v4 or any Standard Schema library (with Standard
 * JSON Schema), as definitions our registry registers and validates. Loads no schema library
 * itself: the schema writes its own JSON Schema.
 *
 * @packageDocumentation
 */
export { DEFAULT_TOOL_VERSION, fromStandardSchemaTool, type StandardSchemaToolOptions } from './from-standard-schema-tool.js';
export { fromZodTool } from './from-zod-tool.js';
export { standardJsonSchema, type StandardSchemaLike, type ToJsonSchema } from './standard-json-schema.js';
