/**
 * `@acode/infrastructure/tool-folders`: the tool-folder linter and builder and the built registry loader.
 * Node only: runs `git` and handler checks through `node:child_process`. No optional peer needed.
 *
 * @packageDocumentation
 */
export type {
  BuildToolRegistryOptions,
  BuildToolRegistryResult,
  ToolFolderProblem,
  ToolFoldersOptions,
  ToolFoldersReport,
} from './tool-folders-api.js';
export { buildToolRegistry } from './build-tool-registry.js';
export { BuiltToolCatalog } from './built-tool-catalog.js';
export { BUILT_TOOLS_PRIORITY, createBuiltToolsProvider } from './built-tools-provider.js';
export { HANDLER_LOAD_TIMEOUT_MS } from './check-handlers.js';
export { lintToolFolders } from './lint-tool-folders.js';
export { loadToolCatalog, MAX_ARTIFACT_BYTES } from './load-tool-catalog.js';
export { readGitCommit } from './git-commit.js';
export { registryContentHash, REGISTRY_VERSION_LENGTH, type RegistryContentHash } from './registry-content-hash.js';
export { MAX_DOC_FILE_BYTES, MAX_HANDLER_FILE_BYTES, MAX_SCHEMA_FILE_BYTES, MAX_SCHEMA_FILE_DEPTH, MAX_SUMMARY_FILE_BYTES } from './read-tool-folder.js';
