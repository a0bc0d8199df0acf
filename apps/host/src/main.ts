#!/usr/bin/env node
import { AcodeException, ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { HOST_USAGE, parseHostOptions } from './host-options.js';
import { startHost, type RunningHost } from './start-host.js';

/** Exit codes: 0 clean stop, 1 the host could not run, 2 usage or configuration error. */
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

async function main(): Promise<void> {
  const parsed = parseHostOptions(process.argv.slice(2), process.env);
  if (!parsed.ok) return fail(EXIT_USAGE, `[${ERROR_CODES.CLI_USAGE}] ${parsed.message}`);
  if (parsed.help) {
    process.stdout.write(HOST_USAGE);
    return;
  }

  let host: RunningHost;
  try {
    host = await startHost({ ...parsed.options, cwd: process.cwd() });
  } catch (error) {
    // One line with a code, never a stack: the cause is either the configuration or the address.
    if (error instanceof ConfigurationException) return fail(EXIT_USAGE, `[${error.code}] ${error.message}`);
    if (error instanceof AcodeException) return fail(EXIT_FAILURE, `[${error.code}] ${error.message}`);
    return fail(EXIT_FAILURE, `[${ERROR_CODES.HOST_INTERNAL_ERROR}] The host failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }

  // `kill -HUP <pid>` re-reads .agent/config.yml, as the host also does when the file changes.
  const reload = (): void => void host.reloadConfig('SIGHUP');
  const shutDown = (signal: NodeJS.Signals): void => {
    process.off('SIGTERM', shutDown);
    process.off('SIGINT', shutDown);
    process.off('SIGHUP', reload);
    // A second signal while draining is not handled any more, so it ends the process at once.
    void host.stop(signal).then(() => {
      process.exitCode = 0;
    });
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
  // Windows has no SIGHUP to send; there the file watch alone reloads.
  if (process.platform !== 'win32') process.on('SIGHUP', reload);
}

function fail(code: number, line: string): void {
  process.stderr.write(`${line}\n`);
  process.exitCode = code;
}

void main();
