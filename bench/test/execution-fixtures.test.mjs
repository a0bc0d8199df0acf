import { describe, expect, it } from 'vitest';
import { DOC_SECTIONS, ECHO_TOOL_NAME, FILE_READ_ARGS, FILE_READ_PATH, echoToolFiles } from '../lib/execution-fixtures.mjs';
import { benchHandlerContext } from '../lib/handler-context.mjs';

describe('the echo_text tool folder', () => {
  it('asks for standard isolation and needs no confirmation', () => {
    const schema = JSON.parse(echoToolFiles()['schema.json'] ?? '');
    expect(schema).toMatchObject({ toolId: ECHO_TOOL_NAME, requiresConfirmation: false, constraints: { requiredIsolation: 'standard' } });
    expect(schema.parameters.required).toEqual(['text']);
  });

  it('names the tool it is asked for, still with standard isolation: only core tools run in process', () => {
    const other = echoToolFiles('echo_other');
    expect(JSON.parse(other['schema.json'] ?? '')).toMatchObject({ toolId: 'echo_other', constraints: { requiredIsolation: 'standard' } });
    expect(other['handler.js']).toBe(echoToolFiles()['handler.js']);
    expect(other['doc.md']?.startsWith('# echo_other\n')).toBe(true);
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

describe('the file_read arguments', () => {
  it('read the bench file with the default encoding spelled out', () => {
    expect(FILE_READ_ARGS).toEqual({ path: FILE_READ_PATH, encoding: 'utf-8' });
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
