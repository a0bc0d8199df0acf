import { describe, expect, it } from 'vitest';
import { DOC_SECTIONS, ECHO_INLINE_NAME, ECHO_TOOL_NAME, echoToolFiles } from '../lib/execution-fixtures.mjs';
import { benchHandlerContext } from '../lib/handler-context.mjs';

describe('the echo_text tool folder', () => {
  it('asks for standard isolation and needs no confirmation', () => {
    const schema = JSON.parse(echoToolFiles()['schema.json'] ?? '');
    expect(schema).toMatchObject({ toolId: ECHO_TOOL_NAME, requiresConfirmation: false, constraints: { requiredIsolation: 'standard' } });
    expect(schema.parameters.required).toEqual(['text']);
  });

  it('gives echo_inline the same handler and isolation none', () => {
    const inline = echoToolFiles(ECHO_INLINE_NAME, 'none');
    expect(JSON.parse(inline['schema.json'] ?? '')).toMatchObject({ toolId: ECHO_INLINE_NAME, constraints: { requiredIsolation: 'none' } });
    expect(inline['handler.js']).toBe(echoToolFiles()['handler.js']);
    expect(inline['doc.md']?.startsWith(`# ${ECHO_INLINE_NAME}\n`)).toBe(true);
  });

  it("has doc.md's seven sections in order, and a summary", () => {
    const files = echoToolFiles();
    const headings = (files['doc.md'] ?? '').split('\n').filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
    expect(headings).toEqual([...DOC_SECTIONS]);
    expect(files['doc_summary.md']?.trim()).not.toBe('');
  });

  it('has a handler that echoes its text and imports nothing', async () => {
    const handler = echoToolFiles()['handler.js'] ?? '';
    expect(handler).not.toMatch(/\bimport\b/);
    const module = await import(`data:text/javascript,${encodeURIComponent(handler)}`);
    expect(await module.execute({ args: { text: 'hi' }, context: {} })).toEqual({ ok: true, data: { echoed: 'hi' } });
  });
});

describe('benchHandlerContext', () => {
  const workspace = { root: '/ws', resolve: async (/** @type {string} */ path) => `/ws/${path}` };
  const state = { isActive: true, mode: 'text', pendingMessage: null };
  const context = benchHandlerContext({ tool: { name: 'kb_search', version: '1.0.0', idempotent: true }, registryVersion: 'abc', state, workspace });

  it("holds every field of the domain's ToolHandlerContext", () => {
    expect(Object.keys(context).sort()).toEqual(['audit', 'deadline', 'executionId', 'mode', 'session', 'signal', 'tool', 'workspace']);
    expect(context).toMatchObject({ mode: 'text', tool: { name: 'kb_search', version: '1.0.0', idempotent: true }, session: { registryVersion: 'abc', state } });
    expect(context.workspace).toBe(workspace);
  });

  it('never aborts, ends in the future, drops audit events and is frozen with a copy of the state', () => {
    expect(context.signal.aborted).toBe(false);
    expect(context.deadline).toBeGreaterThan(Date.now());
    expect(() => context.audit.log('bench_event', { a: 1 })).not.toThrow();
    expect(Object.isFrozen(context) && Object.isFrozen(context.session) && Object.isFrozen(context.session.state)).toBe(true);
    expect(context.session.state).not.toBe(state);
  });
});
