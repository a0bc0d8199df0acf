import type { ToolRunContextData } from '@acode/application';
import type { JsonObject, SessionState, ToolHandlerContext } from '@acode/domain';
import { MAX_AUDIT_EVENTS_PER_RUN, sanitizeAuditEvent } from './audit-event.js';
import { RUN_MARKER_VARIABLE } from './end-run-processes.js';
import { handlerEnvironment } from './handler-environment.js';
import { createWorkspaceAccess } from './workspace-access.js';

/** What {@link createHandlerContext} wires the capabilities to. */
export interface HandlerContextCapabilities {
  /** Aborted at the run's time limit or by the caller. */
  readonly signal: AbortSignal;
  /** Receives each audit event, already made safe ({@link sanitizeAuditEvent}). */
  readonly audit: (event: string, data: JsonObject) => void;
}

/**
 * Builds what a handler sees besides its arguments (003's capabilities): read-only facts, a frozen
 * deep copy of the session state, the abort signal, the audit log and the workspace. Built anew
 * for every run, in the process the handler runs in. `audit.log` never throws: an invalid event
 * is logged with a note, events past {@link MAX_AUDIT_EVENTS_PER_RUN} are dropped, and a failing
 * sink is ignored (a log line must not fail a tool).
 */
export function createHandlerContext(data: ToolRunContextData, capabilities: HandlerContextCapabilities): ToolHandlerContext {
  let events = 0;
  const audit = Object.freeze({
    log(event: string, eventData?: JsonObject): void {
      events += 1;
      if (events > MAX_AUDIT_EVENTS_PER_RUN) return;
      const safe = sanitizeAuditEvent(event, eventData);
      try {
        capabilities.audit(safe.event, safe.data);
      } catch {
        // The sink is ours; its failure is not the handler's.
      }
    },
  });
  return Object.freeze({
    mode: data.mode,
    executionId: data.executionId,
    tool: Object.freeze({ name: data.tool.name, version: data.tool.version, idempotent: data.tool.idempotent }),
    session: Object.freeze({ id: data.session.id, registryVersion: data.session.registryVersion, state: deepFreeze(structuredClone(data.session.state)) as SessionState }),
    signal: capabilities.signal,
    deadline: data.deadline,
    audit,
    workspace: createWorkspaceAccess(data.workspaceRoot, { protectedPaths: data.protectedPaths ?? [] }),
    // Built from this process's environment: in a child process that is already the allowlist.
    // The run's marker stays, so whatever a handler starts is still found when the run ends.
    environment: Object.freeze(handlerEnvironment(process.env, [...(data.handlerEnv ?? []), RUN_MARKER_VARIABLE])),
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
