import { JSON_SCHEMA_DIALECT, type ToolDefinition } from '@acode/domain';
import { GIT_WORKING_DIRECTORY, gitPaths } from './git-schema-parts.js';

/** `git_diff` (decision 1): changes between the working tree, the index and a revision. */
export const GIT_DIFF: ToolDefinition = {
  name: 'git_diff',
  description: 'Show changes in a git repository as a unified diff: unstaged changes by default, staged ones or those against a revision on request.',
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
      staged: {
        type: 'boolean',
        description: 'Show staged changes (the index against HEAD or the base) instead of unstaged ones',
        default: false,
      },
      base: {
        type: 'string',
        description: 'Commit, branch or tag to compare against, such as HEAD~1 or main',
        minLength: 1,
        maxLength: 256,
        // A revision never starts with '-' or holds whitespace; this keeps it from being read as an option.
        pattern: '^[^-\\s][^\\s]*$',
      },
      paths: gitPaths('Limit the diff to these paths; the whole repository when omitted'),
      context_lines: {
        type: 'integer',
        description: 'Lines of context around each change',
        minimum: 0,
        maximum: 100,
        default: 3,
      },
    },
    additionalProperties: false,
  },
};
