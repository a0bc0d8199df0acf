import type { ToolRegistryOptions } from '@acode/application';
import type { BuildToolRegistryOptions, BuildToolRegistryResult, ToolFoldersOptions, ToolFoldersReport } from '@acode/infrastructure/tool-folders';
import type { ConfigFiles } from './commands/config-files.js';

/**
 * What `tools lint` and `tools build` need. Deliberately not the runtime: building the registry
 * must work before there is one, and must start no registry, model client or database.
 */
export interface ToolFolderServices {
  /** The directory holding the `.agent/` of the nearest `.agent/config.yml` above `cwd`, else `cwd`. */
  projectRoot(cwd: string): string;
  /** The registry limits the schemas are checked against, from configuration. Throws `ConfigurationException`. */
  registryOptions(files: ConfigFiles): ToolRegistryOptions;
  lint(options: ToolFoldersOptions): Promise<ToolFoldersReport>;
  build(options: BuildToolRegistryOptions): Promise<BuildToolRegistryResult>;
}

/** Loads the tool-folder services; the default imports `@acode/infrastructure` on use. */
export type OpenToolFolderServices = () => Promise<ToolFolderServices>;
