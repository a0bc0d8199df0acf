import { appendPointer, describeValueType, ERROR_CODES, INTERACTION_MODES, isPlainObject, quoteText, type JsonSchemaObject } from '@acode/domain';
import { folderError } from './folder-problem.js';
import type { ToolFolderProblem } from './tool-folders-api.js';

/**
 * Checks `modeClamps` against the tool's parameters: each key a mode, each clamped argument a
 * top-level `integer` or `number` property, each maximum a finite number inside that property's
 * `minimum`/`maximum`. A clamp the schema would refuse could never be applied.
 */
export function checkModeClamps(folder: string, clamps: unknown, parameters: JsonSchemaObject | undefined): ToolFolderProblem[] {
  const at = (field: string, message: string): ToolFolderProblem =>
    folderError(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, { folder, file: 'schema.json', field }, message);
  if (!isPlainObject(clamps)) return [at('modeClamps', `modeClamps must be an object such as {"voice": {"top_k": 3}}; got ${describeValueType(clamps)}`)];
  const problems: ToolFolderProblem[] = [];
  const properties = isPlainObject(parameters?.['properties']) ? parameters['properties'] : {};
  for (const [mode, limits] of Object.entries(clamps)) {
    const modeField = pointerField('modeClamps', mode);
    if (!(INTERACTION_MODES as readonly string[]).includes(mode)) {
      problems.push(at(modeField, `modeClamps key ${quoteText(mode)} is not a mode; use one of: ${INTERACTION_MODES.join(', ')}`));
      continue;
    }
    if (!isPlainObject(limits)) {
      problems.push(at(modeField, `modeClamps.${mode} must map argument names to maxima; got ${describeValueType(limits)}`));
      continue;
    }
    for (const [argument, maximum] of Object.entries(limits)) {
      const message = clampProblem(argument, maximum, Object.hasOwn(properties, argument) ? properties[argument] : undefined);
      if (message !== undefined) problems.push(at(pointerField('modeClamps', mode, argument), message));
    }
  }
  return problems;
}

function clampProblem(argument: string, maximum: unknown, property: unknown): string | undefined {
  const name = quoteText(argument);
  if (!isPlainObject(property)) return `modeClamps names ${name}, which is not a top-level parameter of this tool`;
  const type = property['type'];
  if (type !== 'integer' && type !== 'number') return `modeClamps can only cap numeric parameters; ${name} is not of type integer or number`;
  if (typeof maximum !== 'number' || !Number.isFinite(maximum)) return `the clamp of ${name} must be a number; got ${describeValueType(maximum)}`;
  if (type === 'integer' && !Number.isInteger(maximum)) return `the clamp of ${name} must be an integer, as the parameter is`;
  const { minimum, maximum: schemaMaximum } = property;
  if (typeof minimum === 'number' && maximum < minimum) return `the clamp of ${name} (${maximum}) is below the parameter's minimum (${minimum})`;
  if (typeof schemaMaximum === 'number' && maximum > schemaMaximum) {
    return `the clamp of ${name} (${maximum}) is above the parameter's maximum (${schemaMaximum}), so it would never apply`;
  }
  return undefined;
}

/** A field path in the report's slash form, each token escaped as in a JSON Pointer. */
export function pointerField(...tokens: string[]): string {
  return appendPointer('', ...tokens).slice(1);
}
