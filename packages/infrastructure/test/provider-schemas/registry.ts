import { DEFAULT_TOOL_REGISTRY_OPTIONS } from '@acode/application';
import { SystemClock } from '../../src/clock/index.js';
import { AsyncLocalCorrelationContext } from '../../src/correlation/index.js';
import { InMemoryMetrics } from '../../src/metrics/index.js';
import { ToolSchemaRegistry } from '../../src/registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../../src/schema/index.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A real registry, so the schemas converted here are ones the registry accepts. */
export function newRegistry(): ToolSchemaRegistry {
  return new ToolSchemaRegistry(new CfworkerSchemaCompiler(), silent, new InMemoryMetrics(), new AsyncLocalCorrelationContext(), new SystemClock(), DEFAULT_TOOL_REGISTRY_OPTIONS);
}
