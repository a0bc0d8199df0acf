import type { ToolDefinition } from '@acode/domain';
import { deepFreeze } from '../../registry/deep-freeze.js';
import { COMMAND_EXECUTE } from './command-execute.js';
import { DIRECTORY_LIST } from './directory-list.js';
import { FILE_READ } from './file-read.js';
import { FILE_WRITE } from './file-write.js';
import { GIT_COMMIT } from './git-commit.js';
import { GIT_DIFF } from './git-diff.js';
import { GIT_STATUS } from './git-status.js';

/**
 * The built-in tools (FR-064, decision 1), in registration order: 000 Step 10's four, then the
 * git tools. Deep-frozen, including the schema parts the git tools share.
 */
export const CORE_TOOL_DEFINITIONS: readonly ToolDefinition[] = deepFreeze([
  FILE_READ,
  FILE_WRITE,
  DIRECTORY_LIST,
  COMMAND_EXECUTE,
  GIT_STATUS,
  GIT_DIFF,
  GIT_COMMIT,
]);
