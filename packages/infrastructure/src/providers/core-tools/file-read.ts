import { JSON_SCHEMA_DIALECT, type ToolDefinition } from '@acode/domain';

/** `file_read` (000 Step 10), also callable as `read_file` (decision 1). */
export const FILE_READ: ToolDefinition = {
  name: 'file_read',
  description: 'Read the contents of a file from the filesystem. Supports partial reads by line range.',
  version: '1.0.0',
  category: 'file_system',
  aliases: ['read_file'],
  kind: 'retrieval',
  sideEffects: 'read_only',
  idempotent: true,
  requiresConfirmation: false,
  allowedModes: ['text', 'voice'],
  latencyBudgetMs: 1000,
  // A trusted built-in that runs no external code: in process (001 §4.7 `none`).
  constraints: { requiredIsolation: 'none', maxExecutionTimeMs: 10_000 },
  requiredPermissions: ['tool.filesystem.read'],
  parameters: {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description: 'Absolute or relative path to the file to read',
        maxLength: 4096,
      },
      encoding: {
        type: 'string',
        description: 'Character encoding for reading the file',
        enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'],
        default: 'utf-8',
      },
      start_line: {
        type: 'integer',
        description: 'Starting line number (1-based) for partial read',
        minimum: 1,
      },
      end_line: {
        type: 'integer',
        description: 'Ending line number (1-based) for partial read',
        minimum: 1,
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
};
