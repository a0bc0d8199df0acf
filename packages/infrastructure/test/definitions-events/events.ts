import type { ToolDefinitionCreated, ToolDefinitionDeleted, ToolDefinitionUpdated, ToolDefinitionValidated } from '@acode/domain';

/** Event records for the tests, with fixed ids and instants (overridable). */
export const created = (over: Partial<ToolDefinitionCreated> = {}): ToolDefinitionCreated => ({
  type: 'ToolDefinitionCreated',
  definitionId: '5b0e2f0a-7c1d-4e7a-9a43-0c4b1f7e9d21',
  toolName: 'get_weather',
  version: '1.0.0',
  category: 'external_api',
  createdBy: 'user-7',
  timestamp: '2026-11-24T12:00:00.000Z',
  ...over,
});

export const updated = (over: Partial<ToolDefinitionUpdated> = {}): ToolDefinitionUpdated => ({
  type: 'ToolDefinitionUpdated',
  definitionId: '5b0e2f0a-7c1d-4e7a-9a43-0c4b1f7e9d21',
  toolName: 'get_weather',
  version: '1.0.0',
  changedFields: ['description', 'parameters'],
  updatedBy: 'user-8',
  timestamp: '2026-11-24T12:01:00.000Z',
  ...over,
});

export const deleted = (over: Partial<ToolDefinitionDeleted> = {}): ToolDefinitionDeleted => ({
  type: 'ToolDefinitionDeleted',
  definitionId: '5b0e2f0a-7c1d-4e7a-9a43-0c4b1f7e9d21',
  toolName: 'get_weather',
  version: '1.0.0',
  deletedBy: 'user-9',
  timestamp: '2026-11-24T12:02:00.000Z',
  ...over,
});

export const validated = (over: Partial<ToolDefinitionValidated> = {}): ToolDefinitionValidated => ({
  type: 'ToolDefinitionValidated',
  toolName: 'get_weather',
  category: 'external_api',
  parameterCount: 3,
  validationMs: 0.4,
  timestamp: '2026-11-24T11:59:59.000Z',
  ...over,
});
