import { DEFAULT_TOOL_REGISTRY_OPTIONS, InvalidToolDefinitionException, type ToolRegistryOptions } from '@acode/application';
import { ERROR_CODES, type ToolDefinition } from '@acode/domain';
import { SystemClock } from '../clock/system-clock.js';
import { AsyncLocalCorrelationContext } from '../correlation/async-local-correlation-context.js';
import { InMemoryMetrics } from '../metrics/in-memory-metrics.js';
import { ToolSchemaRegistry } from '../registry/tool-schema-registry.js';
import { CfworkerSchemaCompiler } from '../schema/cfworker-schema-compiler.js';
import { folderError } from './folder-problem.js';
import type { ToolFolderProblem } from './tool-folders-api.js';

const SILENT_LOGGER = Object.freeze({ debug() {}, info() {}, warn() {}, error() {} });

/**
 * Registers a definition into a fresh registry, so the build refuses exactly what start-up
 * would: the domain's definition rules, the registry's limits and the schema compiler decide.
 * Each violation becomes one problem at its path (`name` read as `toolId`, as `schema.json`
 * spells it): ACODE-TBD-005 inside `parameters` or `outputSchema`, ACODE-TBD-003 elsewhere.
 */
export function checkDefinition(folder: string, definition: ToolDefinition, options: ToolRegistryOptions = DEFAULT_TOOL_REGISTRY_OPTIONS): ToolFolderProblem[] {
  const registry = new ToolSchemaRegistry(
    new CfworkerSchemaCompiler(),
    SILENT_LOGGER,
    new InMemoryMetrics(),
    new AsyncLocalCorrelationContext(),
    new SystemClock(),
    options,
  );
  try {
    registry.registerTool(definition);
    return [];
  } catch (error) {
    if (!(error instanceof InvalidToolDefinitionException)) {
      // Not a rule the definition breaks: say so without the exception's internals.
      return [folderError(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, { folder, file: 'schema.json' }, 'the definition could not be registered; check its fields')];
    }
    return error.violations.map((violation) => {
      const field = violation.path.replace(/^\//, '').replace(/^name(?=\/|$)/, 'toolId');
      const inSchema = /^(parameters|outputSchema)(\/|$)/.test(field);
      const code = inSchema ? ERROR_CODES.TOOL_FOLDER_SCHEMA_INVALID : ERROR_CODES.TOOL_FOLDER_FIELD_INVALID;
      return folderError(code, { folder, file: 'schema.json', field }, violation.message);
    });
  }
}
