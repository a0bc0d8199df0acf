#!/usr/bin/env node
import { EXIT_CODES } from './exit-codes.js';
import { runCli } from './main.js';
import { resolveUserCwd } from './user-cwd.js';

// A reader that closes early (`acode tools list | head -1`) is not an error: drop the rest quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    process.exitCode = EXIT_CODES.INTERNAL;
  });
}

// exitCode, not exit(): pending writes to a pipe are flushed before the process ends.
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: resolveUserCwd(process.env, process.cwd()),
  env: process.env,
});
