import { DEFAULT_REGISTRY_LIMITS, type JsonSchemaObject, type RegistryLimits } from '@acode/domain';
import type { SchemaCheckContext } from '../../../src/schema/checks/schema-check.js';

/** The context the compiler gives checks, with the default limits unless overridden. */
export function checkContext(limits: Partial<RegistryLimits> = {}): SchemaCheckContext {
  return { limits: { ...DEFAULT_REGISTRY_LIMITS, ...limits }, basePath: '/parameters' };
}

/** Types malformed input as a schema: the checks must cope with what the type system would refuse. */
export function malformed(value: unknown): JsonSchemaObject {
  return value as JsonSchemaObject;
}
