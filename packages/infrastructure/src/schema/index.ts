/**
 * `@acode/infrastructure/schema`: the schema compiler (`CfworkerSchemaCompiler`), the compiled schema and the
 * schema checks. No optional peer needed.
 *
 * @packageDocumentation
 */
export { applySchemaDefaults } from './apply-defaults.js';
export { schemaHash, sha256Prefix } from './schema-hash.js';
export { CfworkerSchemaCompiler, PARAMETERS_PATH, type CfworkerSchemaCompilerOptions } from './cfworker-schema-compiler.js';
export * from './checks/index.js';
export { CompiledToolSchema } from './compiled-tool-schema.js';
export { compileEngineSchema, ENGINE_FAILURE_KEYWORD, EngineSchema, type EngineCompileResult, type EngineSchemaOptions } from './engine-schema.js';
export type { RawViolation } from './raw-violation.js';
export { MAX_NORMALIZE_SCHEMA_DEPTH, normalizeSchemaDialect, type NormalizeSchemaDialectOptions, type SchemaDialect, type SchemaDialectNormalization } from './normalize-schema-dialect.js';
