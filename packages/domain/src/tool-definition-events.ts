import type { ToolCategory } from './tool-category.js';

/** A custom definition was created (001 §11 `ToolDefinitionCreatedEvent`). */
export interface ToolDefinitionCreated {
  readonly type: 'ToolDefinitionCreated';
  readonly definitionId: string;
  readonly toolName: string;
  readonly version: string;
  readonly category: ToolCategory;
  readonly createdBy?: string;
  /** ISO 8601 instant. */
  readonly timestamp: string;
}

/** A definition was updated; `changedFields` names the definition's fields that changed (001 §11). */
export interface ToolDefinitionUpdated {
  readonly type: 'ToolDefinitionUpdated';
  readonly definitionId: string;
  readonly toolName: string;
  readonly version: string;
  readonly changedFields: readonly string[];
  readonly updatedBy?: string;
  readonly timestamp: string;
}

/** A custom definition was deleted (001 §11). */
export interface ToolDefinitionDeleted {
  readonly type: 'ToolDefinitionDeleted';
  readonly definitionId: string;
  readonly toolName: string;
  readonly version: string;
  readonly deletedBy?: string;
  readonly timestamp: string;
}

/** A definition passed validation, and how long that took (001 §11). */
export interface ToolDefinitionValidated {
  readonly type: 'ToolDefinitionValidated';
  readonly toolName: string;
  readonly category: ToolCategory;
  readonly parameterCount: number;
  /** Milliseconds. */
  readonly validationMs: number;
  readonly timestamp: string;
}

/** Every tool-definition event (001 §11). */
export type ToolDefinitionEvent = ToolDefinitionCreated | ToolDefinitionUpdated | ToolDefinitionDeleted | ToolDefinitionValidated;
