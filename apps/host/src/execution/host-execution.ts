import type { IToolCatalog, IToolExecutor } from '@acode/application';
import type { ErrorCode } from '@acode/domain';
import { HostSessions, type HostSessionLimits } from './host-sessions.js';

/** Why the host cannot execute tools: no usable `tool_registry.json` (ACODE-TBD-010) or store (ACODE-TEX-001). */
export interface ExecutionUnavailable {
  readonly code: ErrorCode;
  readonly message: string;
}

/** What the built registry is, for `/healthz`. */
export interface BuiltRegistryInfo {
  readonly version: string;
  readonly gitCommit: string | null;
  readonly tools: number;
}

/**
 * The execution side of the host (issue 5): the sessions, once the executor could be built. Both
 * are made on first use, so a host without `tool_registry.json` still serves the registry routes
 * and opens no database.
 */
export interface HostExecution {
  /** The built registry the sessions pin, or `undefined` when there is none. */
  registry(): BuiltRegistryInfo | undefined;
  /** The session table, or why there is none. */
  sessions(): { readonly ok: true; readonly value: HostSessions } | { readonly ok: false; readonly error: ExecutionUnavailable };
}

/** How {@link createHostExecution} reaches the container's services; each may throw an `AcodeException`. */
export interface HostExecutionSources {
  catalog(): IToolCatalog;
  executor(): IToolExecutor;
  /** Turns what `catalog()` or `executor()` threw into a reason, or rethrows what is not expected. */
  unavailable(error: unknown): ExecutionUnavailable;
  readonly limits?: Partial<HostSessionLimits>;
}

/** A {@link HostExecution} over the container's catalog and executor, built lazily and once. */
export function createHostExecution(sources: HostExecutionSources): HostExecution {
  let sessions: HostSessions | undefined;
  return {
    registry() {
      try {
        const catalog = sources.catalog();
        return { version: catalog.registryVersion, gitCommit: catalog.gitCommit, tools: catalog.tools().length };
      } catch (error) {
        sources.unavailable(error);
        return undefined;
      }
    },
    sessions() {
      if (sessions !== undefined) return { ok: true, value: sessions };
      try {
        sessions = new HostSessions(sources.executor(), sources.limits === undefined ? {} : { limits: sources.limits });
        return { ok: true, value: sessions };
      } catch (error) {
        // Not kept: a registry built after start is still not loaded, but a store that was busy may open next time.
        return { ok: false, error: sources.unavailable(error) };
      }
    },
  };
}
