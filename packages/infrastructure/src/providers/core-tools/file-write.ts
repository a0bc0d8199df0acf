import { JSON_SCHEMA_DIALECT, type ToolDefinition } from '@acode/domain';

/** `file_write` (000 Step 10), also callable as `write_file` (decision 1). */
export const FILE_WRITE: ToolDefinition = {
  name: 'file_write',
  description: "Write content to a file on the filesystem. Creates the file if it doesn't exist.",
  version: '1.0.0',
  category: 'file_system',
  aliases: ['write_file'],
  kind: 'action',
  sideEffects: 'writes',
  // Overwriting with the same content leaves the same file; appending does not, so not idempotent.
  idempotent: false,
  requiresConfirmation: false,
  // Writing files is not something to do by voice without seeing it.
  allowedModes: ['text'],
  latencyBudgetMs: 2000,
  constraints: { requiredIsolation: 'none', maxExecutionTimeMs: 10_000 },
  requiredPermissions: ['tool.filesystem.write'],
  parameters: {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description: 'Absolute or relative path to the file to write',
        maxLength: 4096,
      },
      content: {
        type: 'string',
        description: 'Content to write to the file',
      },
      mode: {
        type: 'string',
        description: 'Write mode: overwrite replaces file, append adds to end',
        enum: ['overwrite', 'append'],
        default: 'overwrite',
      },
      create_directories: {
        type: 'boolean',
        description: "Create parent directories if they don't exist",
        default: true,
      },
      encoding: {
        type: 'string',
        description: 'Character encoding for writing the file',
        enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'],
        default: 'utf-8',
      },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
};
