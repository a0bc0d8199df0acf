import {
  checkLicense,
  ERROR_CODES,
  validateToolDefinition,
  type DefinitionViolation,
  type ToolDefinition,
  type ToolDefinitionRecord,
} from '@acode/domain';
import type { IClock } from '../clock.js';
import { AcodeException } from '../exceptions/acode-exception.js';
import { DuplicateToolException } from '../exceptions/duplicate-tool-exception.js';
import { InvalidToolDefinitionException } from '../exceptions/invalid-tool-definition-exception.js';
import type { ILicenseContext } from '../license-context.js';
import type { IToolDefinitionEvents } from '../tool-definition-events.js';
import type { IToolDefinitionStore } from '../tool-definition-store.js';
import type { IToolSchemaRegistry } from '../tool-schema-registry.js';
import type { IWallClock } from '../wall-clock.js';

/** Why a change was refused; the host maps each to its HTTP status (400, 403, 409, 409, 404). */
export type DefinitionRefusal = 'invalid' | 'license' | 'conflict' | 'built_in' | 'not_found';

/** The outcome of a create, update or delete: the stored record, or every reason it was refused. */
export type DefinitionChange =
  | { readonly ok: true; readonly record: ToolDefinitionRecord; readonly changedFields?: readonly string[] }
  | { readonly ok: false; readonly refusal: DefinitionRefusal; readonly errors: readonly DefinitionViolation[] };

/** The ports of {@link ToolDefinitionManager}. */
export interface ToolDefinitionManagerDependencies {
  readonly store: IToolDefinitionStore;
  /** The running registry: a change is registered (or removed) at once. */
  readonly registry: IToolSchemaRegistry;
  readonly license: ILicenseContext;
  readonly events: IToolDefinitionEvents;
  /** Times validation (`ToolDefinitionValidated.validationMs`). */
  readonly clock: IClock;
  /** Stamps events. */
  readonly wallClock: IWallClock;
  /**
   * Told of each definition that fails validation (001 §8's failure log line and metric; 001 §11
   * has no failure event). `toolName` is the input's `name` as sent (a string, possibly hostile) or `''`.
   */
  readonly onValidationFailed?: (toolName: string, violations: readonly DefinitionViolation[], validationMs: number) => void;
}

/**
 * Custom tool definitions managed while the host runs (issue 16 item 2): each change is checked
 * by the domain rules (every violation at once) and the license policy, compiled and registered
 * in the running registry, and written to the store in one transaction, in an order that leaves
 * nothing half-done: the registry change is undone when the store refuses the write. Built-in
 * definitions are never created over, changed or deleted. Every change is published as an event.
 */
export class ToolDefinitionManager {
  constructor(private readonly deps: ToolDefinitionManagerDependencies) {}

  /** The stored definitions. */
  list(): readonly ToolDefinitionRecord[] {
    return this.deps.store.list();
  }

  /** One stored definition, or `undefined`. */
  get(id: string): ToolDefinitionRecord | undefined {
    return this.deps.store.get(id);
  }

  /** Checks a definition by the domain rules; publishes `ToolDefinitionValidated` when it passes. */
  validate(input: unknown): readonly DefinitionViolation[] {
    const started = this.deps.clock.now();
    const violations = validateToolDefinition(input);
    const validationMs = this.deps.clock.now() - started;
    if (violations.length > 0) {
      this.deps.onValidationFailed?.(inputName(input), violations, validationMs);
      return violations;
    }
    const definition = input as ToolDefinition;
    this.deps.events.publish({
      type: 'ToolDefinitionValidated',
      toolName: definition.name,
      category: definition.category ?? 'general',
      parameterCount: Object.keys(definition.parameters.properties ?? {}).length,
      validationMs,
      timestamp: this.#now(),
    });
    return violations;
  }

  /** Creates a custom definition: validated, within the license, registered, stored, published. */
  create(input: unknown, actor?: string): DefinitionChange {
    const invalid = this.validate(input);
    if (invalid.length > 0) return refused('invalid', invalid);
    const definition = input as ToolDefinition;
    const tier = this.deps.license.tier;
    const license = checkLicense(tier, { customCount: this.deps.store.countCustom(), definition, isNew: true });
    if (license.length > 0) return refused('license', license);

    const registered = this.#register(definition);
    if (registered !== undefined) return registered;
    let record: ToolDefinitionRecord;
    try {
      record = this.deps.store.create({ definition, licenseTier: tier, ...(actor === undefined ? {} : { createdBy: actor }) });
    } catch (error) {
      this.deps.registry.unregisterTool(definition.name, definition.version);
      return storeRefusal(error);
    }
    this.deps.events.publish({
      type: 'ToolDefinitionCreated',
      definitionId: record.id,
      toolName: definition.name,
      version: definition.version,
      category: definition.category ?? 'general',
      ...(actor === undefined ? {} : { createdBy: actor }),
      timestamp: this.#now(),
    });
    return { ok: true, record };
  }

  /** Replaces a stored custom definition; the running registry swaps the old version for the new. */
  update(id: string, input: unknown, actor?: string): DefinitionChange {
    const existing = this.deps.store.get(id);
    if (existing === undefined) return refused('not_found', [notFound(id)]);
    if (existing.isBuiltIn) return refused('built_in', [builtIn(existing.definition.name)]);
    const invalid = this.validate(input);
    if (invalid.length > 0) return refused('invalid', invalid);
    const definition = input as ToolDefinition;
    const license = checkLicense(this.deps.license.tier, { customCount: this.deps.store.countCustom(), definition, isNew: false });
    if (license.length > 0) return refused('license', license);

    const old = existing.definition;
    this.deps.registry.unregisterTool(old.name, old.version);
    const registered = this.#register(definition);
    if (registered !== undefined) {
      this.deps.registry.registerTool(old);
      return registered;
    }
    let change: { readonly record: ToolDefinitionRecord; readonly changedFields: readonly string[] };
    try {
      change = this.deps.store.update(id, definition);
    } catch (error) {
      this.deps.registry.unregisterTool(definition.name, definition.version);
      this.deps.registry.registerTool(old);
      return storeRefusal(error);
    }
    this.deps.events.publish({
      type: 'ToolDefinitionUpdated',
      definitionId: id,
      toolName: definition.name,
      version: definition.version,
      changedFields: change.changedFields,
      ...(actor === undefined ? {} : { updatedBy: actor }),
      timestamp: this.#now(),
    });
    return { ok: true, record: change.record, changedFields: change.changedFields };
  }

  /** Deletes a stored custom definition; the running registry stops offering it at once. */
  delete(id: string, actor?: string): DefinitionChange {
    const existing = this.deps.store.get(id);
    if (existing === undefined) return refused('not_found', [notFound(id)]);
    if (existing.isBuiltIn) return refused('built_in', [builtIn(existing.definition.name)]);
    let deleted: ToolDefinitionRecord | undefined;
    try {
      deleted = this.deps.store.delete(id);
    } catch (error) {
      return storeRefusal(error);
    }
    if (deleted === undefined) return refused('not_found', [notFound(id)]);
    const { name, version } = deleted.definition;
    this.deps.registry.unregisterTool(name, version);
    this.deps.events.publish({
      type: 'ToolDefinitionDeleted',
      definitionId: id,
      toolName: name,
      version,
      ...(actor === undefined ? {} : { deletedBy: actor }),
      timestamp: this.#now(),
    });
    return { ok: true, record: deleted };
  }

  /** Registers in the running registry; the refusal when it cannot be. */
  #register(definition: ToolDefinition): DefinitionChange | undefined {
    try {
      const registration = this.deps.registry.registerTool(definition);
      // The same definition registered already from another source (configuration, a tool folder): not the store's to own.
      if (registration.status === 'unchanged') {
        return refused('conflict', [{ code: ERROR_CODES.DUPLICATE_TOOL, path: '/name', message: `'${definition.name}' v${definition.version} is registered already from another source` }]);
      }
      return undefined;
    } catch (error) {
      if (error instanceof DuplicateToolException) {
        return refused(error.builtIn ? 'built_in' : 'conflict', [{ code: error.code, path: '/name', message: error.message }]);
      }
      if (error instanceof InvalidToolDefinitionException) return refused('invalid', error.violations);
      throw error;
    }
  }

  #now(): string {
    return new Date(this.deps.wallClock.nowEpochMs()).toISOString();
  }
}

/** The `name` of an input that failed validation, when it is a string (a name that throws when read, as a getter may, is none). */
function inputName(input: unknown): string {
  if (input === null || typeof input !== 'object') return '';
  try {
    const name = (input as { readonly name?: unknown }).name;
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

function refused(refusal: DefinitionRefusal, errors: readonly DefinitionViolation[]): DefinitionChange {
  return { ok: false, refusal, errors };
}

function notFound(id: string): DefinitionViolation {
  return { code: ERROR_CODES.DEFINITION_STORE_NOT_FOUND, path: '', message: `No stored tool definition has the id '${id.slice(0, 64)}'` };
}

function builtIn(name: string): DefinitionViolation {
  return { code: ERROR_CODES.DEFINITION_STORE_BUILT_IN, path: '/name', message: `'${name}' is a built-in tool definition: it cannot be modified or deleted` };
}

/** A store refusal as a change refused (a duplicate name and version, a built-in's name, an id gone meanwhile); a failing store is rethrown. */
function storeRefusal(error: unknown): DefinitionChange {
  if (error instanceof AcodeException) {
    const refusal: DefinitionRefusal | undefined =
      error.code === ERROR_CODES.DEFINITION_STORE_DUPLICATE
        ? 'conflict'
        : error.code === ERROR_CODES.DEFINITION_STORE_BUILT_IN
          ? 'built_in'
          : error.code === ERROR_CODES.DEFINITION_STORE_NOT_FOUND
            ? 'not_found'
            : error.code === ERROR_CODES.DEFINITION_INVALID
              ? 'invalid'
              : undefined;
    if (refusal !== undefined) return refused(refusal, [{ code: error.code, path: refusal === 'not_found' ? '' : '/name', message: error.message }]);
  }
  throw error;
}
