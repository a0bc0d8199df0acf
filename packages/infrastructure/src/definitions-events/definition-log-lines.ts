import type { ILogger, IToolDefinitionEvents } from '@acode/application';
import type { DefinitionViolation, ToolDefinitionEvent } from '@acode/domain';

/** 001 §8's tag on every tool-definition log line. */
export const DEFINITION_LOG_TAG = '[TLS-DEF]';

/** Longest name or path written by {@link logDefinitionValidationFailure} (its input is not validated yet). */
const MAX_TEXT_LENGTH = 128;
/** Violations named in a failure's `Errors:` (the count is always given). */
const MAX_ERRORS_LISTED = 5;

/**
 * Writes 001 §8's log lines for the definition events, at info, each with its `event` field:
 *
 * - `[TLS-DEF] Tool definition validated. Name: N, Category: C, Parameters: P` (`ToolDefinitionValidated`, with `validation_ms`);
 * - `[TLS-DEF] Custom tool definition created. Id: I, Name: N, Version: V, CreatedBy: U`;
 * - `[TLS-DEF] Tool definition updated. Id: I, Name: N, Version: V, ChangedFields: a, b, UpdatedBy: U`;
 * - `[TLS-DEF] Custom tool definition deleted. Id: I, Name: N, Version: V, DeletedBy: U`.
 *
 * A user left unnamed by the caller is written `unknown` (and the field left out). Never an
 * argument value or a schema's contents: the events carry neither. Returns the function that
 * unsubscribes. Failures have no event (001 §11): {@link logDefinitionValidationFailure} writes theirs.
 */
export function subscribeDefinitionLogLines(events: IToolDefinitionEvents, logger: ILogger): () => void {
  return events.subscribe(function definitionLogLines(event) {
    logDefinitionEvent(logger, event);
  });
}

function logDefinitionEvent(logger: ILogger, event: ToolDefinitionEvent): void {
  switch (event.type) {
    case 'ToolDefinitionValidated':
      logger.info(`${DEFINITION_LOG_TAG} Tool definition validated. Name: ${text(event.toolName)}, Category: ${text(event.category)}, Parameters: ${event.parameterCount}`, {
        event: event.type,
        tool_name: event.toolName,
        category: event.category,
        parameter_count: event.parameterCount,
        validation_ms: event.validationMs,
      });
      return;
    case 'ToolDefinitionCreated':
      logger.info(
        `${DEFINITION_LOG_TAG} Custom tool definition created. ${recordText(event)}, CreatedBy: ${user(event.createdBy)}`,
        {
          ...recordFields(event),
          category: event.category,
          ...(event.createdBy === undefined ? {} : { created_by: event.createdBy }),
        },
      );
      return;
    case 'ToolDefinitionUpdated': {
      const changed = event.changedFields.map(text);
      logger.info(
        `${DEFINITION_LOG_TAG} Tool definition updated. ${recordText(event)}, ChangedFields: ${changed.length === 0 ? 'none' : changed.join(', ')}, UpdatedBy: ${user(event.updatedBy)}`,
        {
          ...recordFields(event),
          changed_fields: changed.join(','),
          ...(event.updatedBy === undefined ? {} : { updated_by: event.updatedBy }),
        },
      );
      return;
    }
    case 'ToolDefinitionDeleted':
      logger.info(
        `${DEFINITION_LOG_TAG} Custom tool definition deleted. ${recordText(event)}, DeletedBy: ${user(event.deletedBy)}`,
        {
          ...recordFields(event),
          ...(event.deletedBy === undefined ? {} : { deleted_by: event.deletedBy }),
        },
      );
      return;
    default:
      return;
  }
}

/**
 * Writes 001 §8's failure line, at warn: `[TLS-DEF] Tool definition validation failed. Name: N,
 * Errors: CODE at /path, ...` with `event: 'ToolDefinitionValidationFailed'`, the error count, the
 * first code and the first five `code at path`. Only codes and paths: a violation's message may
 * quote the refused value, so it is never written. The name and paths come from a definition that
 * failed validation, so they are cut to 128 characters and their control characters replaced.
 */
export function logDefinitionValidationFailure(
  logger: ILogger,
  toolName: string,
  violations: readonly Pick<DefinitionViolation, 'code' | 'path'>[],
  validationMs?: number,
): void {
  const name = text(toolName);
  const listed = violations.slice(0, MAX_ERRORS_LISTED).map((v) => `${text(v.code)} at ${text(v.path) || '/'}`);
  const more = violations.length > MAX_ERRORS_LISTED ? ` (and ${violations.length - MAX_ERRORS_LISTED} more)` : '';
  logger.warn(`${DEFINITION_LOG_TAG} Tool definition validation failed. Name: ${name}, Errors: ${listed.join(', ')}${more}`, {
    event: 'ToolDefinitionValidationFailed',
    tool_name: name,
    error_count: violations.length,
    first_error_code: violations[0] === undefined ? undefined : text(violations[0].code),
    error_summary: listed.join('; '),
    ...(validationMs === undefined ? {} : { validation_ms: validationMs }),
  });
}

/** A change to a stored definition: the events that name one record. */
type RecordEvent = Extract<ToolDefinitionEvent, { readonly definitionId: string }>;

/** `Id: …, Name: …, Version: …` of a record's change, each part made safe for one line. */
function recordText(event: RecordEvent): string {
  return `Id: ${text(event.definitionId)}, Name: ${text(event.toolName)}, Version: ${text(event.version)}`;
}

/** The structured fields every record's change line carries. */
function recordFields(event: RecordEvent): { event: RecordEvent['type']; definition_id: string; tool_name: string; version: string } {
  return { event: event.type, definition_id: event.definitionId, tool_name: event.toolName, version: event.version };
}

/** A string safe on one log line: cut, control characters replaced (names are validated before most events; the log line does not rely on it). */
function text(value: unknown): string {
  const raw = String(value);
  const cut = raw.length > MAX_TEXT_LENGTH ? `${raw.slice(0, MAX_TEXT_LENGTH)}…` : raw;
  return cut.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, '?');
}

function user(id: string | undefined): string {
  return id === undefined ? 'unknown' : text(id);
}
