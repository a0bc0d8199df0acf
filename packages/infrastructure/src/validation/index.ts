/**
 * `@acode/infrastructure/validate`: argument parsing (`parseArguments`) and the mapping of schema violations
 * to ACODE validation errors. No optional peer needed.
 *
 * @packageDocumentation
 */
export { buildExampleArguments } from './example-value.js';
export { closestName, MAX_COMPARED_NAME_LENGTH } from '@acode/domain';
export { mapViolations } from './map-violations.js';
export { VIOLATION_MAPPERS, type MappingContext, type ViolationMapper } from './mappers/index.js';
export { parseArguments, type ParseArgumentsLimits, type ParseArgumentsResult } from './parse-arguments.js';
export { buildSchemaHint, MAX_SCHEMA_HINT_LENGTH } from './schema-hint.js';
export { scanJsonText, type JsonTextScan, type JsonTextScanOptions, type UnsafeIntegerLocation } from './json-text-scanner.js';
export { utf8ByteLength } from './utf8-byte-length.js';
