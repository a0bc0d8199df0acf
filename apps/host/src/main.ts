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

  // SIGHUP's default action ends the process: a handler is there from the start. One received
  // while starting is remembered and answered once the host runs; one while draining is ignored.
  let host: RunningHost | undefined;
  let hangUpWhileStarting = false;
  let draining = false;
  const reload = (): void => {
    if (draining) return;
    if (host === undefined) hangUpWhileStarting = true;
    else void host.reloadConfig('SIGHUP');
  };
  // Windows has no SIGHUP to send; there the file watch alone reloads.
  if (process.platform !== 'win32') process.on('SIGHUP', reload);

  let started: RunningHost;
  try {
    started = await startHost({ ...parsed.options, cwd: process.cwd() });
  } catch (error) {
    process.off('SIGHUP', reload);
    // One line with a code, never a stack: the cause is either the configuration or the address.
    if (error instanceof ConfigurationException) return fail(EXIT_USAGE, `[${error.code}] ${error.message}`);
    if (error instanceof AcodeException) return fail(EXIT_FAILURE, `[${error.code}] ${error.message}`);
    return fail(EXIT_FAILURE, `[${ERROR_CODES.HOST_INTERNAL_ERROR}] The host failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  host = started;
  // `kill -HUP <pid>` re-reads .agent/config.yml, as the host also does when the file changes.
  if (hangUpWhileStarting) void started.reloadConfig('SIGHUP');

  const shutDown = (signal: NodeJS.Signals): void => {
    process.off('SIGTERM', shutDown);
    process.off('SIGINT', shutDown);
    // SIGHUP stays handled (and ignored): its default action would end the drain.
    draining = true;
    // A second SIGTERM or SIGINT while draining is not handled any more, so it ends the process at once.
    void started.stop(signal).then(() => {
      process.off('SIGHUP', reload);
      process.exitCode = 0;
    });
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}

function fail(code: number, line: string): void {
  process.stderr.write(`${line}\n`);
  process.exitCode = code;
}

void main();
