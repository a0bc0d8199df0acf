import type { ToolDefinitionEvent } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { ToolDefinitionEventBus } from '../../src/definitions-events/index.js';
import { RecordingLogger } from '../support/recording-logger.js';
import { created, deleted, updated, validated } from './events.js';

describe('ToolDefinitionEventBus', () => {
  it('delivers every event to every listener synchronously, in publish order and subscription order', () => {
    const bus = new ToolDefinitionEventBus();
    const seen: string[] = [];
    bus.subscribe((event) => seen.push(`a:${event.type}`));
    bus.subscribe((event) => seen.push(`b:${event.type}`));

    bus.publish(validated());
    bus.publish(created());
    expect(seen).toEqual(['a:ToolDefinitionValidated', 'b:ToolDefinitionValidated', 'a:ToolDefinitionCreated', 'b:ToolDefinitionCreated']);
  });

  it('hands listeners the event\'s fields in a frozen copy, so none can change what the next sees', () => {
    const bus = new ToolDefinitionEventBus();
    const original = updated();
    const received: ToolDefinitionEvent[] = [];
    bus.subscribe((event) => {
      received.push(event);
      expect(() => ((event as { toolName: string }).toolName = 'other')).toThrow(TypeError);
      if (event.type === 'ToolDefinitionUpdated') expect(() => (event.changedFields as string[]).push('x')).toThrow(TypeError);
    });
    bus.subscribe((event) => received.push(event));

    bus.publish(original);
    expect(received).toEqual([original, original]);
    expect(Object.isFrozen(original)).toBe(false);
  });

  it('logs a listener that throws once per throw and still delivers to the others and returns to the publisher', () => {
    const logger = new RecordingLogger();
    const bus = new ToolDefinitionEventBus(logger);
    const seen: string[] = [];
    bus.subscribe((event) => seen.push(`first:${event.type}`));
    bus.subscribe(function brokenSubscriber() {
      throw new Error('subscriber broke');
    });
    bus.subscribe((event) => seen.push(`last:${event.type}`));

    expect(() => bus.publish(created())).not.toThrow();
    expect(() => bus.publish(deleted())).not.toThrow();

    expect(seen).toEqual(['first:ToolDefinitionCreated', 'last:ToolDefinitionCreated', 'first:ToolDefinitionDeleted', 'last:ToolDefinitionDeleted']);
    expect(logger.records).toHaveLength(2);
    expect(logger.records.map((r) => r.level)).toEqual(['error', 'error']);
    expect(logger.records[0]!.fields).toMatchObject({ event: 'ToolDefinitionListenerFailed', event_type: 'ToolDefinitionCreated', listener_index: 1, listener_name: 'brokenSubscriber', error_name: 'Error', error_message: 'subscriber broke' });
    expect(logger.records[1]!.fields).toMatchObject({ event_type: 'ToolDefinitionDeleted' });
    expect(logger.records[0]!.message).toContain('subscriber broke');
  });

  it('survives listeners that throw non-errors, a logger that throws, and no logger at all', () => {
    const throwingLogger = new RecordingLogger();
    throwingLogger.error = () => {
      throw new Error('logger broke');
    };
    for (const bus of [new ToolDefinitionEventBus(throwingLogger), new ToolDefinitionEventBus()]) {
      let reached = 0;
      bus.subscribe(() => {
        throw 'a string';
      });
      bus.subscribe(() => (reached += 1));
      expect(() => bus.publish(validated())).not.toThrow();
      expect(reached).toBe(1);
    }
    const logger = new RecordingLogger();
    const bus = new ToolDefinitionEventBus(logger);
    bus.subscribe(() => {
      throw 'a string';
    });
    bus.publish(validated());
    expect(logger.records[0]!.fields).toMatchObject({ listener_name: 'anonymous', error_name: 'string', error_message: 'a string' });
  });

  it('stops delivering to a listener once unsubscribed; unsubscribing twice is harmless', () => {
    const bus = new ToolDefinitionEventBus();
    const seen: string[] = [];
    const off = bus.subscribe((event) => seen.push(event.type));
    const other = bus.subscribe(() => undefined);
    expect(bus.listenerCount).toBe(2);
    bus.publish(created());
    off();
    off();
    bus.publish(deleted());
    expect(seen).toEqual(['ToolDefinitionCreated']);
    expect(bus.listenerCount).toBe(1);
    other();
    expect(bus.listenerCount).toBe(0);
    expect(() => bus.publish(validated())).not.toThrow();
  });

  it('keeps each subscription of the same function apart', () => {
    const bus = new ToolDefinitionEventBus();
    let calls = 0;
    const listener = (): void => void (calls += 1);
    const offFirst = bus.subscribe(listener);
    bus.subscribe(listener);
    bus.publish(created());
    expect(calls).toBe(2);
    offFirst();
    bus.publish(created());
    expect(calls).toBe(3);
  });

  it('honours an unsubscribe made during delivery at once: a listener removed before its turn is not called', () => {
    const bus = new ToolDefinitionEventBus();
    const seen: string[] = [];
    let offLater: () => void = () => undefined;
    bus.subscribe((event) => {
      seen.push(`remover:${event.type}`);
      offLater();
    });
    offLater = bus.subscribe((event) => seen.push(`later:${event.type}`));
    bus.publish(created());
    bus.publish(deleted());
    expect(seen).toEqual(['remover:ToolDefinitionCreated', 'remover:ToolDefinitionDeleted']);
  });

  it('lets a listener unsubscribe itself during delivery without skipping the next listener', () => {
    const bus = new ToolDefinitionEventBus();
    const seen: string[] = [];
    const offSelf = bus.subscribe((event) => {
      seen.push(`once:${event.type}`);
      offSelf();
    });
    bus.subscribe((event) => seen.push(`always:${event.type}`));
    bus.publish(created());
    bus.publish(deleted());
    expect(seen).toEqual(['once:ToolDefinitionCreated', 'always:ToolDefinitionCreated', 'always:ToolDefinitionDeleted']);
  });

  it('starts a listener subscribed during delivery with the next event', () => {
    const bus = new ToolDefinitionEventBus();
    const seen: string[] = [];
    let added = false;
    bus.subscribe(() => {
      if (added) return;
      added = true;
      bus.subscribe((event) => seen.push(`new:${event.type}`));
    });
    bus.publish(created());
    bus.publish(deleted());
    expect(seen).toEqual(['new:ToolDefinitionDeleted']);
  });

  it('delivers an event published by a listener after the current one reached every listener, before the outer publish returns', () => {
    const bus = new ToolDefinitionEventBus();
    const seen: string[] = [];
    bus.subscribe((event) => {
      seen.push(`a:${event.type}`);
      if (event.type === 'ToolDefinitionValidated') bus.publish(created());
    });
    bus.subscribe((event) => seen.push(`b:${event.type}`));

    bus.publish(validated());
    seen.push('returned');
    expect(seen).toEqual(['a:ToolDefinitionValidated', 'b:ToolDefinitionValidated', 'a:ToolDefinitionCreated', 'b:ToolDefinitionCreated', 'returned']);
  });

  it('refuses a listener that is not a function', () => {
    const bus = new ToolDefinitionEventBus();
    expect(() => bus.subscribe('nope' as unknown as () => void)).toThrow(TypeError);
  });
});
