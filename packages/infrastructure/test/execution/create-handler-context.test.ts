import type { ToolRunContextData } from '@acode/application';
import { initialSessionState, type JsonObject } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { INVALID_AUDIT_EVENT_NAME, MAX_AUDIT_EVENTS_PER_RUN, sanitizeAuditEvent } from '../../src/execution/audit-event.js';
import { createHandlerContext } from '../../src/execution/create-handler-context.js';
import { makeTempDir } from './runner-fixture.js';

function contextData(workspaceRoot: string): ToolRunContextData {
  return {
    mode: 'voice',
    executionId: 'exec_1',
    tool: { name: 'kb_search', version: '1.2.0', idempotent: true },
    session: { id: 's1', registryVersion: '0123456789abcdef', state: { ...initialSessionState('voice'), pendingEndVoiceSession: { after: 'current_turn' } } },
    deadline: 1_700_000_000_000,
    workspaceRoot,
  };
}

describe('createHandlerContext', () => {
  it('gives the facts, the signal and the workspace of the run', () => {
    const root = makeTempDir();
    const signal = new AbortController().signal;
    const context = createHandlerContext(contextData(root), { signal, audit: () => undefined });
    expect(context).toMatchObject({ mode: 'voice', executionId: 'exec_1', tool: { name: 'kb_search', version: '1.2.0', idempotent: true }, deadline: 1_700_000_000_000 });
    expect(context.signal).toBe(signal);
    expect(context.workspace.root).toBe(root);
    expect(context.session.registryVersion).toBe('0123456789abcdef');
  });

  it('hands over a frozen deep copy of the session state', () => {
    const data = contextData(makeTempDir());
    const context = createHandlerContext(data, { signal: new AbortController().signal, audit: () => undefined });
    const state = context.session.state as { suppressAudio: boolean; pendingEndVoiceSession: { after: string } };
    expect(() => {
      state.suppressAudio = true;
    }).toThrow(TypeError);
    expect(() => {
      state.pendingEndVoiceSession.after = 'never';
    }).toThrow(TypeError);
    expect(context.session.state).not.toBe(data.session.state);
    expect(Object.isFrozen(data.session.state)).toBe(false);
    expect(Object.isFrozen(context)).toBe(true);
  });

  it('forwards audit events, made safe, and stops after the per-run maximum', () => {
    const events: Array<{ event: string; data: JsonObject }> = [];
    const context = createHandlerContext(contextData(makeTempDir()), { signal: new AbortController().signal, audit: (event, data) => events.push({ event, data }) });
    context.audit.log('kb.search', { hits: 3 });
    context.audit.log('Not Valid!');
    for (let index = 0; index < 500; index += 1) context.audit.log('kb.flood', { index });
    expect(events).toHaveLength(MAX_AUDIT_EVENTS_PER_RUN);
    expect(events[0]).toEqual({ event: 'kb.search', data: { hits: 3 } });
    expect(events[1]).toEqual({ event: INVALID_AUDIT_EVENT_NAME, data: { note: 'event name must be 1 to 64 characters of [a-z0-9_.-]' } });
  });

  it('never lets a failing audit sink fail the handler', () => {
    const context = createHandlerContext(contextData(makeTempDir()), {
      signal: new AbortController().signal,
      audit: () => {
        throw new Error('log disk full');
      },
    });
    expect(() => context.audit.log('kb.search', {})).not.toThrow();
  });
});

describe('sanitizeAuditEvent', () => {
  it('checks the copy it keeps: a getter that answers bigger on a second read is dropped, not logged', () => {
    let reads = 0;
    const data = {
      get blob(): string {
        reads += 1;
        return reads === 1 ? 'small' : 'x'.repeat(100_000);
      },
    };
    const safe = sanitizeAuditEvent('kb.search', data);
    expect(safe.event).toBe('kb.search');
    expect(JSON.stringify(safe.data).length).toBeLessThan(200);
    expect(String(safe.data['note'])).toContain('audit data dropped');
  });

  it('keeps a valid event, with a copy of its data', () => {
    const data = { query: 'refunds', filters: ['a'] };
    const safe = sanitizeAuditEvent('kb.search_v2-x', data);
    data.filters.push('b');
    expect(safe).toEqual({ event: 'kb.search_v2-x', data: { query: 'refunds', filters: ['a'] } });
  });

  it('defaults missing data to an empty object', () => {
    expect(sanitizeAuditEvent('done', undefined)).toEqual({ event: 'done', data: {} });
  });

  it.each<[string, unknown, string]>([
    ['not an object', [1, 2], 'audit data dropped: not a plain object'],
    ['not JSON', { f: () => 1 }, 'audit data dropped: not JSON (a function at /f)'],
    ['oversized', { blob: 'z'.repeat(5000) }, 'audit data dropped: 5011 bytes, more than 4096'],
  ])('replaces data that is %s by a note', (_name, data, note) => {
    expect(sanitizeAuditEvent('kb.search', data)).toEqual({ event: 'kb.search', data: { note } });
  });

  it.each([['uppercase', 'Search'], ['too long', 'a'.repeat(65)], ['empty', ''], ['newline', 'a\nb'], ['not a string', 7]])('renames an event name that is %s', (_name, event) => {
    expect(sanitizeAuditEvent(event, {}).event).toBe(INVALID_AUDIT_EVENT_NAME);
  });

  it('reports both problems at once', () => {
    expect(sanitizeAuditEvent('BAD', 'data').data).toEqual({ note: 'event name must be 1 to 64 characters of [a-z0-9_.-]; audit data dropped: not a plain object' });
  });
});
