import { circularRefCheck } from './circular-ref-check.js';
import { dialectCheck } from './dialect-check.js';
import { jsonDataCheck } from './json-data-check.js';
import { metaSchemaCheck } from './meta-schema-check.js';
import { patternCheck } from './pattern-check.js';
import { refResolutionCheck } from './ref-resolution-check.js';
import { remoteRefCheck } from './remote-ref-check.js';
import { rootTypeCheck } from './root-type-check.js';
import type { SchemaCheck } from './schema-check.js';
import { schemaDepthCheck } from './schema-depth-check.js';
import { schemaSizeCheck } from './schema-size-check.js';
import { untypedPropertyCheck } from './untyped-property-check.js';

export type { SchemaCheck, SchemaCheckContext } from './schema-check.js';
export {
  circularRefCheck,
  dialectCheck,
  jsonDataCheck,
  metaSchemaCheck,
  patternCheck,
  refResolutionCheck,
  remoteRefCheck,
  rootTypeCheck,
  schemaDepthCheck,
  schemaSizeCheck,
  untypedPropertyCheck,
};

/**
 * The checks a tool's parameter schema goes through, in order. The gates come first: depth
 * (everything after may recurse), JSON data (the engine assumes it), size (bounds the work of
 * the rest). The others all run, so an author sees every problem at once.
 */
export const TOOL_SCHEMA_CHECKS: readonly SchemaCheck[] = [
  schemaDepthCheck,
  jsonDataCheck,
  schemaSizeCheck,
  rootTypeCheck,
  dialectCheck,
  metaSchemaCheck,
  remoteRefCheck,
  refResolutionCheck,
  circularRefCheck,
  untypedPropertyCheck,
  patternCheck,
];
