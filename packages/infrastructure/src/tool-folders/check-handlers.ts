import { spawn } from 'node:child_process';
import { TYPESCRIPT_HOOKS_ENTRY_URL } from '../execution/register-typescript-hooks.js';
import { handlerEnvironment } from '../execution/handler-environment.js';

/** How long one handler may take to import before it is reported as hanging. */
export const HANDLER_LOAD_TIMEOUT_MS = 10_000;

/** Longest error text kept from a handler that failed to load. */
const MAX_DETAIL_LENGTH = 300;
/** Bytes of the checking process's stderr kept for a message when the process itself fails. */
const MAX_STDERR_BYTES = 8 * 1024;

/** What importing one handler showed. */
export type HandlerCheck =
  | { readonly status: 'ok' }
  | { readonly status: 'no-execute'; readonly exportType: string }
  | { readonly status: 'failed'; readonly detail: string }
  | { readonly status: 'timeout' }
  | { readonly status: 'exited' };

/** Options of {@link checkHandlers}. */
export interface CheckHandlersOptions {
  /** Per-handler import limit; {@link HANDLER_LOAD_TIMEOUT_MS} by default. */
  readonly timeoutMs?: number;
  /** `--import` module that lets the child load `.ts`; {@link TYPESCRIPT_HOOKS_ENTRY_URL} by default. */
  readonly typescriptHooksUrl?: string;
}

type ChildMessage = { readonly index: number; readonly state: 'start' } | { readonly index: number; readonly state: 'done'; readonly execute: string } | { readonly index: number; readonly state: 'failed'; readonly detail: string };

/**
 * Imports each handler (`file:` URLs) in a separate Node process, never in this one: a handler's
 * top-level code is the tool author's, and a `standard` tool's code must not run in the host.
 * One process checks them all in order, announcing each import before it starts; if one hangs
 * past the limit (or ends the process), the process is killed, that handler is reported, and a
 * new process carries on with the rest. Never throws.
 */
export async function checkHandlers(urls: readonly string[], options: CheckHandlersOptions = {}): Promise<HandlerCheck[]> {
  const results: (HandlerCheck | undefined)[] = urls.map(() => undefined);
  let pending = urls.map((_, index) => index);
  while (pending.length > 0) {
    const round = await runChild(pending.map((index) => urls[index]!), options);
    round.results.forEach((result, position) => {
      if (result !== undefined) results[pending[position]!] = result;
    });
    if (round.failure !== undefined) {
      // The process could not start or died before its first import: nothing more will be learnt.
      for (const index of pending) results[index] ??= { status: 'failed', detail: round.failure };
    }
    pending = pending.filter((index) => results[index] === undefined);
  }
  return results.map((result) => result!);
}

interface Round {
  readonly results: (HandlerCheck | undefined)[];
  readonly failure?: string;
}

function runChild(urls: readonly string[], options: CheckHandlersOptions): Promise<Round> {
  const timeoutMs = options.timeoutMs ?? HANDLER_LOAD_TIMEOUT_MS;
  const needsTypeScript = urls.some((url) => url.endsWith('.ts'));
  const execArgv = needsTypeScript ? ['--import', options.typescriptHooksUrl ?? TYPESCRIPT_HOOKS_ENTRY_URL] : [];
  return new Promise((resolve) => {
    const results: (HandlerCheck | undefined)[] = urls.map(() => undefined);
    let current: number | undefined;
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const child = spawn(process.execPath, [...execArgv, '--input-type=module', '--eval', childScript(urls)], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
      // Importing runs the handler's top-level code: it gets what a handler process gets, no secrets.
      env: { ...handlerEnvironment(process.env), NODE_OPTIONS: '' },
    });
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (current !== undefined) results[current] = { status: 'timeout' };
        child.kill('SIGKILL');
      }, timeoutMs);
    };
    const finish = (failure?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.removeAllListeners();
      child.stderr?.destroy();
      resolve(failure === undefined ? { results } : { results, failure });
    };
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.toString('utf8');
    });
    child.on('message', (message: ChildMessage) => {
      if (typeof message?.index !== 'number' || message.index < 0 || message.index >= urls.length) return;
      if (message.state === 'start') {
        current = message.index;
        arm();
      } else if (message.state === 'done') {
        results[message.index] = message.execute === 'function' ? { status: 'ok' } : { status: 'no-execute', exportType: String(message.execute) };
        current = undefined;
      } else {
        results[message.index] = { status: 'failed', detail: String(message.detail).slice(0, MAX_DETAIL_LENGTH) };
        current = undefined;
      }
    });
    child.on('error', (error) => finish(`the checking process could not start (${error.message})`));
    child.on('close', () => {
      if (current !== undefined && results[current] === undefined) results[current] = { status: 'exited' };
      const progressed = results.some((result) => result !== undefined);
      finish(progressed ? undefined : `the checking process failed: ${firstLine(stderr) || 'no output'}`);
    });
    // Startup (and the TypeScript hooks) get the same allowance as one import.
    arm();
  });
}

/**
 * The child: imports each URL in turn, reporting before and after. It exits when done, so a
 * handler that leaves a timer running cannot keep it alive. The URLs are embedded as a JSON
 * literal, which is valid JavaScript.
 */
function childScript(urls: readonly string[]): string {
  return `
const urls = ${JSON.stringify(urls)};
const send = (message) => new Promise((resolve) => process.send(message, resolve));
for (let index = 0; index < urls.length; index += 1) {
  await send({ index, state: 'start' });
  try {
    const module = await import(urls[index]);
    await send({ index, state: 'done', execute: typeof module.execute });
  } catch (error) {
    const text = error instanceof Error ? error.name + ': ' + error.message : String(error);
    await send({ index, state: 'failed', detail: text.split('\\n')[0] });
  }
}
process.exit(0);
`;
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '')?.trim().slice(0, MAX_DETAIL_LENGTH) ?? '';
}
