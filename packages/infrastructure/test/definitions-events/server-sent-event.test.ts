import type { ToolDefinitionEvent } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { SSE_KEEP_ALIVE, TOOL_DEFINITION_EVENT_TYPES, toServerSentEvent } from '../../src/definitions-events/index.js';
import { created, deleted, updated, validated } from './events.js';

interface ParsedEvent {
  id?: string;
  event?: string;
  data: string[];
}

/**
 * A WHATWG "event stream interpretation" reading: lines end at CRLF, LF or CR; a blank line ends
 * an event; `:` lines are comments; one space after a field's colon is dropped.
 */
function parseEventStream(stream: string): { events: ParsedEvent[]; comments: string[] } {
  const events: ParsedEvent[] = [];
  const comments: string[] = [];
  let current: ParsedEvent = { data: [] };
  let started = false;
  for (const line of stream.split(/\r\n|\n|\r/)) {
    if (line === '') {
      if (started) events.push(current);
      current = { data: [] };
      started = false;
      continue;
    }
    if (line.startsWith(':')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    started = true;
    if (field === 'data') current.data.push(value);
    else if (field === 'id') current.id = value;
    else if (field === 'event') current.event = value;
    else throw new Error(`Unexpected field ${field}`);
  }
  if (started) throw new Error('Stream ended inside an event');
  return { events, comments };
}

describe('toServerSentEvent', () => {
  it('frames each event as id, event type and one line of JSON data, ended by a blank line', () => {
    const event = created();
    const text = toServerSentEvent(event, 7);
    expect(text.startsWith('id: 7\nevent: ToolDefinitionCreated\ndata: {')).toBe(true);
    expect(text.endsWith('}\n\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(5);

    const { events } = parseEventStream(text);
    expect(events).toHaveLength(1);
    expect(events[0]!.id).toBe('7');
    expect(events[0]!.event).toBe('ToolDefinitionCreated');
    expect(events[0]!.data).toHaveLength(1);
    expect(JSON.parse(events[0]!.data[0]!)).toEqual(event);
  });

  it('round-trips a stream of every event type with keep-alives between them', () => {
    const sent: ToolDefinitionEvent[] = [validated(), created(), updated(), deleted({ deletedBy: undefined })];
    const stream = sent.map((event, index) => toServerSentEvent(event, index + 1)).join(SSE_KEEP_ALIVE);
    const { events, comments } = parseEventStream(SSE_KEEP_ALIVE + stream + SSE_KEEP_ALIVE);
    expect(events.map((e) => e.event)).toEqual(sent.map((event) => event.type));
    expect([...new Set(events.map((e) => e.event))].sort()).toEqual([...TOOL_DEFINITION_EVENT_TYPES].sort());
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(events.map((e) => JSON.parse(e.data.join('\n')))).toEqual(sent.map((event) => JSON.parse(JSON.stringify(event))));
    expect(comments).toEqual(['keep-alive', 'keep-alive', 'keep-alive', 'keep-alive', 'keep-alive']);
  });

  it('keeps the framing whatever the strings hold: CR, LF, CRLF, blank lines, a field-like text', () => {
    const nasty = 'a\r\nb\nc\rd\n\ndata: forged\n\nid: 99\u2028\u0000';
    const event = updated({ toolName: nasty, changedFields: [nasty], updatedBy: nasty });
    const text = toServerSentEvent(event, 3);
    const { events } = parseEventStream(text);
    expect(events).toHaveLength(1);
    expect(events[0]!.id).toBe('3');
    expect(events[0]!.data).toHaveLength(1);
    expect(JSON.parse(events[0]!.data[0]!)).toEqual(event);
  });

  it('writes only the event type\'s own fields', () => {
    const event = { ...validated(), apiKey: 'sk-should-not-appear' } as ToolDefinitionEvent;
    const text = toServerSentEvent(event, 1);
    expect(text).not.toContain('sk-should-not-appear');
    expect(Object.keys(JSON.parse(parseEventStream(text).events[0]!.data[0]!))).toEqual(['type', 'toolName', 'category', 'parameterCount', 'validationMs', 'timestamp']);
  });

  it('refuses an unknown event type and an id that is not a non-negative safe integer', () => {
    expect(() => toServerSentEvent({ ...created(), type: 'Other\nevent: x' } as unknown as ToolDefinitionEvent, 1)).toThrow(TypeError);
    expect(() => toServerSentEvent({ ...created(), type: 'constructor' } as unknown as ToolDefinitionEvent, 1)).toThrow(TypeError);
    for (const id of [-1, 1.5, Number.NaN, Infinity, 2 ** 53]) expect(() => toServerSentEvent(created(), id), String(id)).toThrow(RangeError);
    expect(toServerSentEvent(created(), 0).startsWith('id: 0\n')).toBe(true);
  });

  it('has a keep-alive that is a comment an event stream reader ignores', () => {
    expect(SSE_KEEP_ALIVE).toBe(': keep-alive\n\n');
    expect(parseEventStream(SSE_KEEP_ALIVE).events).toEqual([]);
  });
});
