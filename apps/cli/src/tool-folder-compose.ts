import { loadConfig, resolveProjectRoot } from '@acode/infrastructure/config';
import { buildToolRegistry, lintToolFolders } from '@acode/infrastructure/tool-folders';
import type { ToolFolderServices } from './tool-folder-services.js';

/** The real tool-folder services: the infrastructure's builder, configuration and project root. */
export function openToolFolderServices(): ToolFolderServices {
  return {
    projectRoot: resolveProjectRoot,
    registryOptions: (files) =>
      loadConfig({
        cwd: files.cwd,
        ...(files.homeDir !== undefined ? { homeDir: files.homeDir } : {}),
        ...(files.configPath !== undefined ? { configPath: files.configPath } : {}),
      }).registry,
    lint: lintToolFolders,
    build: buildToolRegistry,
  };
}
