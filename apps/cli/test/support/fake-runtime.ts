import { ToolNotFoundException, type IToolSchemaRegistry, type RegistrationReport, type ToolVersionQuery } from '@acode/application';
import type { ToolDefinition, ToolValidationResult } from '@acode/domain';
import type { CliRuntime, ExecutionServices, ModelServices, ToolCallServices } from '../../src/runtime.js';

/** file_read as 000 scenario 2 describes it. */
export const FILE_READ: ToolDefinition = {
  name: 'file_read',
  version: '1.0.0',
  category: 'file_system',
  description: 'Read the contents of a file from the filesystem',
  aliases: ['read_file'],
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Absolute or relative path to the file to read', maxLength: 4096 },
      encoding: { type: 'string', enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'], default: 'utf-8', description: 'Character encoding' },
      start_line: { type: 'integer', minimum: 1 },
    },
    required: ['path'],
    additionalProperties: false,
  },
};

export const COMMAND_EXECUTE: ToolDefinition = {
  name: 'command_execute',
  version: '1.0.0',
  category: 'system',
  description: 'Execute a shell command',
  parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
};

const notUsed = (): never => {
  throw new Error('not used');
};

/** Tool-call services for tests of the `tools` commands, which never touch them. */
const UNUSED_TOOL_CALLS: ToolCallServices = {
  parser: { parseResponse: notUsed, parseRawToolCalls: notUsed },
  repairer: { repair: notUsed },
  settings: notUsed,
  accumulateStream: notUsed,
};

/** Model services for tests of commands that never talk to a model. */
const UNUSED_MODELS: ModelServices = {
  providerSettings: notUsed,
  client: notUsed,
  retryHandler: notUsed,
  withCorrelationId: notUsed,
  telemetryPath: '/nonexistent/acode.db',
  openTelemetry: notUsed,
  readTelemetry: notUsed,
};

/** Execution services for tests of commands that never read the built registry. */
const UNUSED_EXECUTION: ExecutionServices = {
  catalog: notUsed,
  executor: notUsed,
  providerFormats: [],
  providerTool: notUsed,
};

const EMPTY_REPORT: RegistrationReport = { registered: [], skipped: [], disabled: [], failedProviders: [], durationMs: 0 };

/**
 * A registry over fixed definitions (exact versions only) whose validation answer is given by
 * the test, so the CLI's own behaviour is checked without the real validator.
 */
export function fakeRuntime(options: {
  tools?: ToolDefinition[];
  validate?: (name: string, args: string | object, query?: ToolVersionQuery) => ToolValidationResult;
  report?: Partial<RegistrationReport>;
  maxArgumentSizeBytes?: number;
  example?: CliRuntime['exampleArguments'];
  toolCalls?: ToolCallServices;
  models?: ModelServices;
  execution?: ExecutionServices;
} = {}): CliRuntime & { readonly validated: Array<string | object> } {
  const tools = options.tools ?? [FILE_READ, COMMAND_EXECUTE];
  const validated: Array<string | object> = [];
  const find = (name: string, query: ToolVersionQuery = {}): ToolDefinition | undefined => {
    const key = name.trim().toLowerCase();
    return tools.find(
      (tool) => (tool.name === key || tool.aliases?.includes(key) === true) && (query.version === undefined || tool.version === query.version),
    );
  };
  const sorted = [...tools].sort((a, b) => a.name.localeCompare(b.name));
  const registry: IToolSchemaRegistry = {
    registerTool: () => {
      throw new Error('not used');
    },
    unregisterTool: () => {
      throw new Error('not used');
    },
    getToolDefinition: (name, query) => {
      const found = find(name, query);
      if (found === undefined) {
        throw new ToolNotFoundException(name, {
          availableTools: sorted.map((tool) => tool.name),
          ...(query?.version !== undefined ? { version: query.version } : {}),
          ...(name.startsWith('file_') ? { didYouMean: 'file_read' } : {}),
        });
      }
      return found;
    },
    findTool: (name, query) => {
      const definition = find(name, query);
      return definition === undefined ? undefined : { definition };
    },
    getAllTools: () => sorted,
    getToolsByCategory: (category) => sorted.filter((tool) => tool.category === category),
    getVersions: (name) => tools.filter((tool) => tool.name === name.trim().toLowerCase()).map((tool) => tool.version),
    get size() {
      return tools.length;
    },
    validateArguments: () => {
      throw new Error('not used');
    },
    tryValidateOutput: (name, _data, query) => (find(name, query) === undefined ? { valid: false, errors: [] } : { valid: true, checked: false }),
    tryValidateArguments: (name, args, query) => {
      validated.push(args);
      if (options.validate === undefined) throw new Error('no validation answer configured');
      return options.validate(name, args, query);
    },
  };
  return {
    registry,
    limits: { maxArgumentSizeBytes: options.maxArgumentSizeBytes ?? 1024 * 1024 },
    report: { ...EMPTY_REPORT, ...options.report },
    configWarnings: [],
    correlationId: () => 'corr-fake',
    exampleArguments: options.example ?? (() => undefined),
    toolCalls: options.toolCalls ?? UNUSED_TOOL_CALLS,
    models: options.models ?? UNUSED_MODELS,
    execution: options.execution ?? UNUSED_EXECUTION,
    validated,
  };
}
