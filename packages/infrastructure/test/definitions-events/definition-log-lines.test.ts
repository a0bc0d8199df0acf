import { describe, expect, it } from 'vitest';
import { logDefinitionValidationFailure, subscribeDefinitionLogLines, ToolDefinitionEventBus } from '../../src/definitions-events/index.js';
import { RecordingLogger } from '../support/recording-logger.js';
import { created, deleted, updated, validated } from './events.js';

function setUp(): { bus: ToolDefinitionEventBus; logger: RecordingLogger; off: () => void } {
  const bus = new ToolDefinitionEventBus();
  const logger = new RecordingLogger();
  const off = subscribeDefinitionLogLines(bus, logger);
  return { bus, logger, off };
}

describe('subscribeDefinitionLogLines: 001 §8 log lines', () => {
  it('writes the validated line with name, category and parameter count, and the duration as a field', () => {
    const { bus, logger } = setUp();
    bus.publish(validated({ toolName: 'search_docs', category: 'knowledge', parameterCount: 0, validationMs: 1.25 }));
    expect(logger.records).toEqual([
      {
        level: 'info',
        message: '[TLS-DEF] Tool definition validated. Name: search_docs, Category: knowledge, Parameters: 0',
        fields: { event: 'ToolDefinitionValidated', tool_name: 'search_docs', category: 'knowledge', parameter_count: 0, validation_ms: 1.25 },
      },
    ]);
  });

  it('writes the created line with id, name, version and creator', () => {
    const { bus, logger } = setUp();
    const event = created();
    bus.publish(event);
    expect(logger.records).toEqual([
      {
        level: 'info',
        message: `[TLS-DEF] Custom tool definition created. Id: ${event.definitionId}, Name: get_weather, Version: 1.0.0, CreatedBy: user-7`,
        fields: { event: 'ToolDefinitionCreated', definition_id: event.definitionId, tool_name: 'get_weather', version: '1.0.0', category: 'external_api', created_by: 'user-7' },
      },
    ]);
  });

  it('writes an unnamed creator as unknown and leaves its field out', () => {
    const { bus, logger } = setUp();
    bus.publish(created({ createdBy: undefined }));
    expect(logger.records[0]!.message).toMatch(/, CreatedBy: unknown$/);
    expect(logger.records[0]!.fields).not.toHaveProperty('created_by');
  });

  it('writes the updated line with the changed fields', () => {
    const { bus, logger } = setUp();
    const event = updated({ changedFields: ['description', 'constraints'], updatedBy: undefined });
    bus.publish(event);
    expect(logger.records).toEqual([
      {
        level: 'info',
        message: `[TLS-DEF] Tool definition updated. Id: ${event.definitionId}, Name: get_weather, Version: 1.0.0, ChangedFields: description, constraints, UpdatedBy: unknown`,
        fields: { event: 'ToolDefinitionUpdated', definition_id: event.definitionId, tool_name: 'get_weather', version: '1.0.0', changed_fields: 'description,constraints' },
      },
    ]);
    bus.publish(updated({ changedFields: [] }));
    expect(logger.records[1]!.message).toContain('ChangedFields: none, UpdatedBy: user-8');
  });

  it('writes the deleted line with id, name, version and who deleted it', () => {
    const { bus, logger } = setUp();
    const event = deleted();
    bus.publish(event);
    expect(logger.records).toEqual([
      {
        level: 'info',
        message: `[TLS-DEF] Custom tool definition deleted. Id: ${event.definitionId}, Name: get_weather, Version: 1.0.0, DeletedBy: user-9`,
        fields: { event: 'ToolDefinitionDeleted', definition_id: event.definitionId, tool_name: 'get_weather', version: '1.0.0', deleted_by: 'user-9' },
      },
    ]);
  });

  it('writes one line per event, in order, and none once unsubscribed', () => {
    const { bus, logger, off } = setUp();
    bus.publish(validated());
    bus.publish(created());
    off();
    bus.publish(deleted());
    expect(logger.records.map((r) => r.fields?.['event'])).toEqual(['ToolDefinitionValidated', 'ToolDefinitionCreated']);
  });

  it('keeps every message on one line whatever the strings hold', () => {
    const { bus, logger } = setUp();
    bus.publish(created({ toolName: 'evil\nINFO forged line', createdBy: 'u\r\n2' }));
    bus.publish(updated({ changedFields: ['a\nb'] }));
    for (const record of logger.records) expect(record.message).not.toMatch(/[\r\n]/);
  });
});

describe('logDefinitionValidationFailure', () => {
  it('writes the failure line at warn with codes and paths only, never the messages', () => {
    const logger = new RecordingLogger();
    logDefinitionValidationFailure(
      logger,
      'Bad Name',
      [
        { code: 'ACODE-DEF-001', path: '/name', message: "'Bad Name' is not snake_case" },
        { code: 'ACODE-DEF-001', path: '/constraints/maxExecutionTimeMs', message: 'secret-ish value 999999999 is above 300000' },
      ] as never,
      0.8,
    );
    expect(logger.records).toEqual([
      {
        level: 'warn',
        message: '[TLS-DEF] Tool definition validation failed. Name: Bad Name, Errors: ACODE-DEF-001 at /name, ACODE-DEF-001 at /constraints/maxExecutionTimeMs',
        fields: {
          event: 'ToolDefinitionValidationFailed',
          tool_name: 'Bad Name',
          error_count: 2,
          first_error_code: 'ACODE-DEF-001',
          error_summary: 'ACODE-DEF-001 at /name; ACODE-DEF-001 at /constraints/maxExecutionTimeMs',
          validation_ms: 0.8,
        },
      },
    ]);
    expect(logger.dump()).not.toContain('999999999');
    expect(logger.dump()).not.toContain('snake_case');
  });

  it('lists the first five violations and counts the rest; cuts a long name and replaces its control characters', () => {
    const logger = new RecordingLogger();
    const violations = Array.from({ length: 7 }, (_, i) => ({ code: 'ACODE-DEF-001', path: `/parameters/properties/p${i}/type` })) as never;
    logDefinitionValidationFailure(logger, `x\n${'y'.repeat(5000)}`, violations);
    const [record] = logger.records;
    expect(record!.message).toContain('(and 2 more)');
    expect(record!.message).not.toContain('/p5/');
    expect(record!.message).not.toMatch(/[\r\n]/);
    expect(record!.message.length).toBeLessThan(1000);
    expect(record!.fields).toMatchObject({ error_count: 7 });
    expect(String(record!.fields?.['tool_name'])).toMatch(/^x\?y+…$/);
    expect(record!.fields).not.toHaveProperty('validation_ms');
  });

  it('names an empty path as the root', () => {
    const logger = new RecordingLogger();
    logDefinitionValidationFailure(logger, 'tool', [{ code: 'ACODE-TSR-006', path: '' }] as never);
    expect(logger.records[0]!.message).toMatch(/Errors: ACODE-TSR-006 at \/$/);
  });
});
