import type { LicenseTier } from './license-tier.js';
import type { ToolDefinition } from './tool-definition.js';

/**
 * A tool definition as the definition store keeps it (001 §6): the definition itself and what
 * the store knows about it. Name and version together are its key (decision 4: versions side by
 * side); `id` names one stored version.
 */
export interface ToolDefinitionRecord {
  /** The stored version's id (a UUID). */
  readonly id: string;
  readonly definition: ToolDefinition;
  /** True for the built-in tools: never created over, modified or deleted (001 §9). */
  readonly isBuiltIn: boolean;
  /** The tier the definition was created under. */
  readonly licenseTier: LicenseTier;
  /** Who created it, when the caller said (`created_by`); absent otherwise. */
  readonly createdBy?: string;
  /** ISO 8601 instants. */
  readonly createdAt: string;
  readonly updatedAt: string;
}
