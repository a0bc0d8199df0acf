import { JSON_SCHEMA_DIALECT, type ToolDefinition } from '@acode/domain';
import { GIT_WORKING_DIRECTORY, gitPaths } from './git-schema-parts.js';

/** `git_status` (decision 1): the state of the working tree and index. */
export const GIT_STATUS: ToolDefinition = {
  name: 'git_status',
  description: 'Show the working tree status of a git repository: the current branch, staged, unstaged and untracked files.',
  version: '1.0.0',
  category: 'version_control',
  kind: 'retrieval',
  sideEffects: 'read_only',
  idempotent: true,
  requiresConfirmation: false,
  requiredPermissions: ['tool.git.read'],
  parameters: {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: {
      working_directory: GIT_WORKING_DIRECTORY,
      paths: gitPaths('Limit the status to these paths; the whole repository when omitted'),
      include_untracked: {
        type: 'boolean',
        description: 'Whether to list untracked files',
        default: true,
      },
    },
    additionalProperties: false,
  },
};
