import type { ToolDefinitionEvent } from '@acode/domain';

/** The types an event stream may carry, each the SSE `event:` name of its records. */
export const TOOL_DEFINITION_EVENT_TYPES = Object.freeze(['ToolDefinitionCreated', 'ToolDefinitionUpdated', 'ToolDefinitionDeleted', 'ToolDefinitionValidated'] as const);

/** The fields each event type puts in its `data:`, in this order; anything else on the object stays off the wire. */
const FIELDS: Readonly<Record<ToolDefinitionEvent['type'], readonly string[]>> = Object.freeze({
  ToolDefinitionCreated: ['type', 'definitionId', 'toolName', 'version', 'category', 'createdBy', 'timestamp'],
  ToolDefinitionUpdated: ['type', 'definitionId', 'toolName', 'version', 'changedFields', 'updatedBy', 'timestamp'],
  ToolDefinitionDeleted: ['type', 'definitionId', 'toolName', 'version', 'deletedBy', 'timestamp'],
  ToolDefinitionValidated: ['type', 'toolName', 'category', 'parameterCount', 'validationMs', 'timestamp'],
});

/**
 * An SSE comment line and its blank line, for a stream to write while no event comes (proxies
 * close idle connections; `EventSource` ignores comments). The same keep-alive as the gateway's.
 */
export const SSE_KEEP_ALIVE = ': keep-alive\n\n';

/**
 * One tool-definition event as a server-sent event (WHATWG HTML, "server-sent events"):
 * `id: N\nevent: <type>\ndata: <json>\n\n`. The data is the event's own fields as JSON on one
 * line: `JSON.stringify` escapes every control character inside strings (CR and LF among them),
 * so no value can end the line or the event early, and only the event type's known fields are
 * written. Throws a `TypeError` for an unknown event type and a `RangeError` for an `id` that is not
 * a non-negative safe integer: the `id:` and `event:` lines are never built from anything else.
 */
export function toServerSentEvent(event: ToolDefinitionEvent, id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`A server-sent event id must be a non-negative safe integer, not ${String(id)}`);
  const type = event?.type;
  const fields = typeof type === 'string' && Object.hasOwn(FIELDS, type) ? FIELDS[type] : undefined;
  if (fields === undefined) throw new TypeError(`Not a tool-definition event type: ${JSON.stringify(type) ?? String(type)}`);
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (event as unknown as Record<string, unknown>)[field];
    if (value !== undefined) data[field] = value;
  }
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
