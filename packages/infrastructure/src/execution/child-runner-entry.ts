// The entry of a `standard`-isolation child process (ChildProcessToolRunner): receives one run
// message, builds the handler's context here, runs the handler, checks and cuts its result, and
// sends one outcome message. The parent kills this process at the deadline and after the outcome.
import type { JsonObject } from '@acode/domain';
import { readRunMessage, type ChildAuditMessage, type ChildOutcomeMessage, type ChildRunMessage } from './child-runner-protocol.js';
import { createHandlerContext } from './create-handler-context.js';
import { outcomeOfReturn, outcomeOfThrow } from './handler-outcome.js';
import { loadHandler } from './load-handler.js';

// Without a parent there is no one to answer; an orphan must not linger.
process.once('disconnect', () => process.exit(0));
// `on`, not `once`: the listener keeps the IPC channel, and so this process, alive until the
// parent has read the outcome and killed it.
let started = false;
process.on('message', (message: unknown) => {
  if (started) return;
  started = true;
  const run = readRunMessage(message);
  if (run === undefined) {
    send({ type: 'outcome', outcome: { kind: 'crashed', detail: 'the handler process received a malformed run message' } });
    return;
  }
  void execute(run).then((outcome) => send(outcome));
});

async function execute(run: ChildRunMessage): Promise<ChildOutcomeMessage> {
  const controller = new AbortController();
  // Cooperative handlers stop at the deadline; the parent's SIGKILL covers the others.
  setTimeout(() => controller.abort(new Error('The tool run passed its time limit')), Math.max(0, run.context.deadline - Date.now())).unref();
  try {
    const loading = await loadHandler(run.handlerUrl);
    if (!loading.loaded) return { type: 'outcome', outcome: { kind: 'crashed', detail: loading.problem } };
    const audit = (event: string, data: JsonObject): void => send({ type: 'audit', event, data } satisfies ChildAuditMessage);
    const context = createHandlerContext(run.context, { signal: controller.signal, audit });
    const value: unknown = await loading.execute({ args: run.args, context });
    return { type: 'outcome', outcome: outcomeOfReturn(value, run.maxOutputBytes) };
  } catch (error) {
    return { type: 'outcome', outcome: outcomeOfThrow(error) };
  }
}

function send(message: ChildAuditMessage | ChildOutcomeMessage): void {
  if (process.connected) process.send?.(message);
}
