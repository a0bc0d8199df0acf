import { resolve } from 'node:path';
import type { GlobalOptions } from '../arguments.js';
import type { CliIo } from '../cli-io.js';

/** Where the configuration commands look for files: what `loadConfig` takes. */
export interface ConfigFiles {
  /** Working directory; `.agent/config.yml` is searched from here upwards. */
  readonly cwd: string;
  /** `--config PATH`, absolute. */
  readonly configPath?: string;
  /** For `~/.acode/config.yml`, from `HOME` (`USERPROFILE` on Windows). */
  readonly homeDir?: string;
}

/** The files the command line and the environment point at, resolved the way the runtime resolves them. */
export function configFilesOf(global: GlobalOptions, io: Pick<CliIo, 'cwd' | 'env'>): ConfigFiles {
  const homeDir = io.env['HOME'] ?? io.env['USERPROFILE'];
  return {
    cwd: io.cwd,
    ...(global.configPath !== undefined ? { configPath: resolve(io.cwd, global.configPath) } : {}),
    ...(homeDir !== undefined && homeDir !== '' ? { homeDir } : {}),
  };
}
