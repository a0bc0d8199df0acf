import type { ToolHandler } from '@acode/domain';

/** A handler module's `execute`, or why it cannot be used (for logs). */
export type HandlerLoading = { readonly loaded: true; readonly execute: ToolHandler } | { readonly loaded: false; readonly problem: string };

/**
 * Imports a handler module and takes its `execute` export. Never throws: a module that fails to
 * load, or exports no `execute` function, is reported by the first line of the reason.
 */
export async function loadHandler(handlerUrl: string): Promise<HandlerLoading> {
  let module: Record<string, unknown>;
  try {
    module = (await import(handlerUrl)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'unknown reason';
    return { loaded: false, problem: `the handler module could not be loaded: ${reason.slice(0, 200)}` };
  }
  const execute = module['execute'];
  if (typeof execute !== 'function') return { loaded: false, problem: 'the handler module does not export an execute function' };
  return { loaded: true, execute: execute as ToolHandler };
}
