import { JSON_SCHEMA_DIALECT, type ToolDefinition } from '@acode/domain';

/** `directory_list` (000 Step 10). */
export const DIRECTORY_LIST: ToolDefinition = {
  name: 'directory_list',
  description: 'List the contents of a directory, optionally with glob filtering and recursion.',
  version: '1.0.0',
  category: 'file_system',
  kind: 'retrieval',
  sideEffects: 'read_only',
  idempotent: true,
  requiresConfirmation: false,
  allowedModes: ['text', 'voice'],
  latencyBudgetMs: 1000,
  constraints: { requiredIsolation: 'none', maxExecutionTimeMs: 10_000 },
  requiredPermissions: ['tool.filesystem.read'],
  parameters: {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description: 'Absolute or relative path to the directory to list',
        maxLength: 4096,
      },
      pattern: {
        type: 'string',
        description: "Glob pattern to filter results (e.g., '*.cs')",
        default: '*',
      },
      recursive: {
        type: 'boolean',
        description: 'Whether to list subdirectories recursively',
        default: false,
      },
      include_hidden: {
        type: 'boolean',
        description: 'Whether to include hidden files and directories',
        default: false,
      },
      max_depth: {
        type: 'integer',
        description: 'Maximum depth for recursive listing',
        minimum: 1,
        maximum: 10,
        default: 5,
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
};
