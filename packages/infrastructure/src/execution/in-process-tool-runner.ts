import type { CatalogTool, IToolRunner, ToolRunOutcome, ToolRunRequest } from '@acode/application';
import { performance } from 'node:perf_hooks';
import { CORE_EXTENDS_PREFIX } from '../tool-folders/schema-file-fields.js';
import { createHandlerContext } from './create-handler-context.js';
import { outcomeOfReturn, outcomeOfThrow } from './handler-outcome.js';
import { loadHandler, type HandlerLoading } from './load-handler.js';
import { registerTypeScriptHooks } from './register-typescript-hooks.js';
import { verifyHandlerFile } from './verify-handler-file.js';

/** Options of an {@link InProcessToolRunner}. */
export interface InProcessToolRunnerOptions {
  /** Makes `.ts` handlers importable; `registerTypeScriptHooks` unless replaced (tests). */
  readonly registerTypeScriptHooks?: () => void;
}

/**
 * Runs `none`-isolation handlers in this process (001 §4.7): the project's own core tools only,
 * the folders that ship one (`"extends": "core:<name>"`). Any other tool is refused (`unavailable`)
 * without loading its module: a handler here could block the host's event loop, print into its
 * output, or start processes no one ends, and `acode tools build` already refuses a folder that
 * asks for `none` (see `lintSchemaFile`); this check covers an artifact built otherwise.
 *
 * The handler's file is checked against its build-time sha256 before every run, and its module
 * imported once per URL and hash. The run gets an `AbortSignal` aborted at `timeoutMs` or by the
 * caller's signal, and the runner stops waiting then (`timeout` / `cancelled`). A result that
 * arrives after the limit is a `timeout` too, so a handler that blocks the event loop past it
 * still ends that way. What no in-process runner can do is stop a handler that ignores its
 * signal: it keeps running in the background (or, if it never yields, blocks the process). That
 * is why untrusted handlers need `standard` isolation.
 */
export class InProcessToolRunner implements IToolRunner {
  readonly isolation = 'none' as const;
  readonly #modules = new Map<string, Promise<HandlerLoading>>();
  readonly #registerTypeScriptHooks: () => void;

  constructor(options: InProcessToolRunnerOptions = {}) {
    this.#registerTypeScriptHooks = options.registerTypeScriptHooks ?? registerTypeScriptHooks;
  }

  /** Runs one handler; never throws. */
  async run(request: ToolRunRequest): Promise<ToolRunOutcome> {
    try {
      if (request.signal?.aborted === true) return { kind: 'cancelled' };
      if (!isCoreTool(request.tool)) return { kind: 'unavailable', message: notInProcess(request.tool.definition.name) };
      const unavailable = await verifyHandlerFile(request.tool);
      if (unavailable !== undefined) return { kind: 'unavailable', message: unavailable };
      const loading = await this.#load(request);
      if (!loading.loaded) return { kind: 'crashed', detail: loading.problem };
      return await runWithLimits(loading, request);
    } catch (error) {
      return outcomeOfThrow(error);
    }
  }

  #load(request: ToolRunRequest): Promise<HandlerLoading> {
    const key = `${request.tool.handlerUrl}#${request.tool.handlerSha256}`;
    let loading = this.#modules.get(key);
    if (loading === undefined) {
      if (request.tool.handlerLanguage === 'ts') this.#registerTypeScriptHooks();
      loading = loadHandler(request.tool.handlerUrl);
      this.#modules.set(key, loading);
    }
    return loading;
  }
}

/** Whether the tool is the project's core tool of its name (only those run in process). */
export function isCoreTool(tool: CatalogTool): boolean {
  return tool.extends === `${CORE_EXTENDS_PREFIX}${tool.definition.name}`;
}

function notInProcess(name: string): string {
  return `Tool ${name} asks for isolation none, which only core tools get (a handler in the host's process could stop it); set constraints.requiredIsolation to "standard" in its schema.json and run acode tools build`;
}

type Settled = { readonly type: 'returned'; readonly value: unknown } | { readonly type: 'threw'; readonly error: unknown } | { readonly type: 'aborted' };

async function runWithLimits(loading: Extract<HandlerLoading, { loaded: true }>, request: ToolRunRequest): Promise<ToolRunOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  let aborted!: () => void;
  const abortion = new Promise<Settled>((resolve) => {
    aborted = () => resolve({ type: 'aborted' });
  });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('The tool run passed its time limit'));
    aborted();
  }, request.timeoutMs);
  const onCallerAbort = (): void => {
    controller.abort(new Error('The tool run was cancelled'));
    aborted();
  };
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const started = performance.now();
  try {
    const context = createHandlerContext(request.context, { signal: controller.signal, audit: request.audit });
    // Both branches are handled, so an abandoned run that rejects later is never unhandled.
    const execution = Promise.resolve()
      .then(() => loading.execute({ args: structuredClone(request.args), context }))
      .then(
        (value): Settled => ({ type: 'returned', value }),
        (error: unknown): Settled => ({ type: 'threw', error }),
      );
    const settled = await Promise.race([execution, abortion]);
    if (settled.type === 'aborted') return timedOut ? { kind: 'timeout' } : { kind: 'cancelled' };
    // A handler that blocked the event loop past the limit kept the timer from firing.
    if (performance.now() - started >= request.timeoutMs) return { kind: 'timeout' };
    return settled.type === 'returned' ? outcomeOfReturn(settled.value, request.maxOutputBytes) : outcomeOfThrow(settled.error);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}
