import { JSON_SCHEMA_DIALECT, type ToolDefinition } from '@acode/domain';

/** `command_execute` (000 Step 10), also callable as `execute_command` (decision 1). */
export const COMMAND_EXECUTE: ToolDefinition = {
  name: 'command_execute',
  description: 'Execute a shell command and return its output. Use with caution.',
  version: '1.0.0',
  category: 'system',
  aliases: ['execute_command'],
  kind: 'action',
  // A shell command can do anything; assume the worst.
  sideEffects: 'writes',
  idempotent: false,
  requiresConfirmation: true,
  allowedModes: ['text'],
  latencyBudgetMs: 5000,
  // Runs arbitrary programs: in a child process (`standard`), with room for `timeout_seconds` up to 300.
  constraints: { requiredIsolation: 'standard', maxExecutionTimeMs: 310_000, maxOutputSizeBytes: 1024 * 1024 },
  requiredPermissions: ['tool.process.execute'],
  parameters: {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: {
      command: {
        type: 'string',
        description: 'The command to execute',
        maxLength: 8192,
      },
      working_directory: {
        type: 'string',
        description: 'Working directory for command execution',
        maxLength: 4096,
      },
      timeout_seconds: {
        type: 'integer',
        description: 'Maximum time to wait for command completion',
        minimum: 1,
        maximum: 300,
        default: 60,
      },
      capture_stderr: {
        type: 'boolean',
        description: 'Whether to capture stderr in addition to stdout',
        default: true,
      },
    },
    required: ['command'],
    additionalProperties: false,
  },
};
