import { JSON_SCHEMA_DIALECT, type ToolDefinition } from '@acode/domain';
import { GIT_WORKING_DIRECTORY, gitPaths } from './git-schema-parts.js';

/** `git_commit` (decision 1): records staged changes as a new commit. */
export const GIT_COMMIT: ToolDefinition = {
  name: 'git_commit',
  description: 'Record changes in a git repository as a new commit, optionally staging the given paths or all tracked changes first.',
  version: '1.0.0',
  category: 'version_control',
  kind: 'action',
  sideEffects: 'writes',
  idempotent: false,
  // A local commit is undone with one command and changes no file content; no confirmation needed.
  requiresConfirmation: false,
  requiredPermissions: ['tool.git.write'],
  parameters: {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: {
      working_directory: GIT_WORKING_DIRECTORY,
      message: {
        type: 'string',
        description: 'Commit message: a summary line, optionally followed by a blank line and a body',
        minLength: 1,
        maxLength: 5000,
      },
      paths: gitPaths('Paths to stage before committing; only what is already staged is committed when omitted'),
      all: {
        type: 'boolean',
        description: 'Stage every modified tracked file before committing, like git commit -a',
        default: false,
      },
      allow_empty: {
        type: 'boolean',
        description: 'Whether to create a commit that records no changes',
        default: false,
      },
    },
    required: ['message'],
    additionalProperties: false,
  },
};
