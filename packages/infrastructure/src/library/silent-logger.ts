import type { ILogger } from '@acode/application';

/**
 * The logger the plain entry points use when none is given: it writes nothing. A library must not
 * print into its user's standard error; pass an {@link ILogger} to see registration and parse lines.
 */
export const SILENT_LOGGER: ILogger = Object.freeze({
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});
