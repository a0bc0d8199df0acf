import { AcodeException, type ILogger } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { changedSettings, sortByEffect, type AcodeConfig } from '@acode/infrastructure/config';

/** What made the host read its configuration again. */
export type ReloadTrigger = 'file changed' | 'SIGHUP';

/** What one reload did. */
export type ReloadOutcome =
  | { readonly kind: 'unchanged' }
  /** `applied`: keys now in effect; `restart`: keys that differ from what the host started with and wait for a restart. */
  | { readonly kind: 'changed'; readonly applied: readonly string[]; readonly restart: readonly string[] }
  /** The files could not be used: the running settings were kept. */
  | { readonly kind: 'refused'; readonly code: string }
  /** The host has stopped: nothing was read. */
  | { readonly kind: 'stopped' };

/** What the reloader works with. */
export interface ConfigReloaderOptions {
  /** The configuration the host started with. */
  readonly initial: AcodeConfig;
  /** Reads the files again. Throws `ConfigurationException` for a file that cannot be used. */
  readonly load: () => AcodeConfig;
  /**
   * Puts the live settings of `config` into effect for the requests that arrive from now on;
   * returns words to add to the log line (the new upstream), if any. Throws
   * `ConfigurationException` when they cannot be (an API key variable not set): nothing is changed then.
   */
  readonly apply: (config: AcodeConfig, applied: readonly string[]) => string | undefined;
  /**
   * Keys the host does not use under `config` (another provider than the gateway's upstream):
   * neither applied nor waiting for a restart, and no cause to apply anything. None by default.
   */
  readonly unused?: (key: string, config: AcodeConfig) => boolean;
  readonly logger: ILogger;
}

/** Reads the configuration again on request; see {@link createConfigReloader}. */
export interface ConfigReloader {
  reload(trigger: ReloadTrigger): ReloadOutcome;
}

/**
 * Reloads the host's configuration: reads the files, and when a setting changed, applies the
 * ones a running host can (see `settingEffect`) and names, in one log line, what was applied and
 * what needs a restart. Only key names are logged, never values. A file that cannot be used (a
 * syntax error, half written, a wrong value) is one error line with its code, and the settings in
 * effect stay as they were. A change that touches no setting (a comment, a reordering) logs only
 * at debug level, or at info when a `SIGHUP` asked for it.
 */
export function createConfigReloader(options: ConfigReloaderOptions): ConfigReloader {
  const { initial, logger } = options;
  // The last configuration read and put into effect: what a new reading is compared with.
  let current = initial;
  // The last refusal, so the same broken file seen again (an editor saves in several steps) is not reported twice.
  let lastRefusal: string | undefined;

  return {
    reload(trigger) {
      let next: AcodeConfig;
      let note: string | undefined;
      let applied: readonly string[] = [];
      let unused: readonly string[] = [];
      try {
        next = options.load();
        const changed = changedSettings(current, next);
        if (changed.length === 0) {
          lastRefusal = undefined;
          const line = `Configuration re-read (${trigger}): no setting changed`;
          if (trigger === 'SIGHUP') logger.info(line, { event: 'ConfigUnchanged', trigger });
          else logger.debug(line, { event: 'ConfigUnchanged', trigger });
          return { kind: 'unchanged' };
        }
        const loaded = next;
        const used = changed.filter((key) => options.unused?.(key, loaded) !== true);
        unused = changed.filter((key) => !used.includes(key));
        applied = sortByEffect(used).live;
        if (applied.length > 0) note = options.apply(next, applied);
      } catch (error) {
        return refused(error, trigger);
      }
      lastRefusal = undefined;
      const previousWarnings = new Set(current.warnings.map(warningText));
      current = next;
      for (const warning of next.warnings) {
        const text = warningText(warning);
        if (!previousWarnings.has(text)) logger.warn(text, { event: 'ConfigWarning', code: warning.code });
      }
      // Every setting still different from the start waits for a restart, not only the ones changed just now.
      const restart = sortByEffect(changedSettings(initial, next)).restart;
      const parts = [
        applied.length === 0 ? 'nothing applied' : `applied ${applied.join(', ')}${note === undefined ? '' : ` (${note})`}`,
        ...(restart.length === 0 ? [] : [`needs a restart: ${restart.join(', ')}`]),
        // Named so the change is not taken for ignored: the CLI's commands read it on their next run.
        ...(unused.length === 0 ? [] : [`not used by the host (the CLI's commands read it on their next run): ${unused.join(', ')}`]),
      ];
      const line = `Configuration reloaded from ${filesRead(next)} (${trigger}): ${parts.join('; ')}`;
      const fields = { event: 'ConfigReloaded', trigger, applied: [...applied], needs_restart: [...restart], not_used: [...unused] };
      if (restart.length === 0) logger.info(line, fields);
      else logger.warn(line, fields);
      return { kind: 'changed', applied, restart };
    },
  };

  function refused(error: unknown, trigger: ReloadTrigger): ReloadOutcome {
    // A bug is not a configuration problem: it is still one line, and the host keeps running.
    const code = error instanceof AcodeException ? error.code : ERROR_CODES.HOST_INTERNAL_ERROR;
    const reason = error instanceof Error ? error.message : String(error);
    const line = `[${code}] Configuration not reloaded (${trigger}): ${reason}; the settings in effect are kept`;
    if (line === lastRefusal && trigger !== 'SIGHUP') logger.debug(line, { event: 'ConfigReloadRefused', code, trigger });
    else logger.error(line, { event: 'ConfigReloadRefused', code, trigger });
    lastRefusal = line;
    return { kind: 'refused', code };
  }
}

function filesRead(config: AcodeConfig): string {
  return config.files.length === 0 ? '(no file; defaults)' : config.files.join(', ');
}

function warningText(warning: AcodeConfig['warnings'][number]): string {
  return `[${warning.code}] ${warning.file}: ${warning.key}: ${warning.message}`;
}
