import { dirname, join, resolve } from 'node:path';
import { findProjectConfig } from '../config/find-config-file.js';

/** File name of the telemetry database inside `.agent/`. */
export const TELEMETRY_FILE_NAME = 'acode.db';

/** Where {@link resolveTelemetryPath} starts from. */
export interface TelemetryPathOptions {
  /** Working directory; the project's `.agent/config.yml` is searched from here upwards. */
  readonly cwd: string;
  /** A path chosen by the user (`--db PATH`, a config value); empty means not chosen. `:memory:` is kept as is. */
  readonly configured?: string;
}

/**
 * The telemetry database file. By default `.agent/acode.db` beside the project's
 * `.agent/config.yml` (nearest one walking up from `cwd`, decision 6), else `<cwd>/.agent/acode.db`.
 * A relative `configured` path resolves against the project root (the directory holding
 * `.agent/`), else `cwd`, so it names the same file from any subdirectory; pass an absolute path
 * for a path relative to where a command ran.
 */
export function resolveTelemetryPath(options: TelemetryPathOptions): string {
  if (options.configured === ':memory:') return options.configured;
  const projectConfig = findProjectConfig(options.cwd);
  const agentDir = projectConfig === undefined ? join(resolve(options.cwd), '.agent') : dirname(projectConfig);
  if (options.configured === undefined || options.configured.trim() === '') return join(agentDir, TELEMETRY_FILE_NAME);
  return resolve(dirname(agentDir), options.configured);
}
