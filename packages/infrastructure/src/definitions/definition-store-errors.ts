import { AcodeException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';

/** An ACODE-TDS-001 exception: `message` names the store's file and says what failed; `cause` is for logs. */
export function definitionStoreUnavailable(message: string, cause?: unknown): AcodeException {
  return new AcodeException(ERROR_CODES.DEFINITION_STORE_UNAVAILABLE, message, cause === undefined ? undefined : { cause });
}

/** An ACODE-TDS-002 exception: a stored definition has this name (any case) and version. */
export function duplicateStoredDefinition(name: string, version: string, existingId: string | undefined): AcodeException {
  const which = existingId === undefined ? '' : ` (id ${existingId})`;
  return new AcodeException(
    ERROR_CODES.DEFINITION_STORE_DUPLICATE,
    `A stored tool definition '${name}' v${version} exists already${which}; names are compared without case. Give another version, or update that one.`,
  );
}

/** An ACODE-TDS-003 exception: `action` is what was refused (`modified`, `deleted`). */
export function builtInProtected(name: string, action: 'modified' | 'deleted'): AcodeException {
  return new AcodeException(ERROR_CODES.DEFINITION_STORE_BUILT_IN, `'${name}' is a built-in tool definition: it cannot be ${action}.`);
}

/** An ACODE-TDS-003 exception: a custom definition's name or alias `taken` is a name or alias of the built-in `builtIn`. */
export function builtInNameTaken(taken: string, builtIn: string): AcodeException {
  return new AcodeException(
    ERROR_CODES.DEFINITION_STORE_BUILT_IN,
    `'${taken}' belongs to the built-in tool '${builtIn}': a custom definition cannot take a built-in's name or alias, in any version.`,
  );
}

/** An ACODE-TDS-004 exception. */
export function storedDefinitionNotFound(id: string): AcodeException {
  return new AcodeException(ERROR_CODES.DEFINITION_STORE_NOT_FOUND, `No stored tool definition has the id '${id.slice(0, 64)}'.`);
}

/** An ACODE-DEF-001 exception for input the table cannot hold at all; the domain rules run before the store. */
export function definitionNotStorable(reason: string): AcodeException {
  return new AcodeException(ERROR_CODES.DEFINITION_INVALID, `The tool definition cannot be stored: ${reason}.`);
}
