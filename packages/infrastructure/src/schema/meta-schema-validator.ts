import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { META_SCHEMA, META_SCHEMA_VOCABULARIES } from './metaschema/index.js';

let validator: Validator | undefined;

/**
 * Validates a schema against the draft 2020-12 meta-schema. The validator is built once per
 * process (it resolves eight documents) and is reused: @cfworker/json-schema's `Validator` keeps
 * no state between calls. Returns every output unit (no short circuit); empty when valid.
 * The caller must have bounded the schema's depth: the engine recurses.
 */
export function validateAgainstMetaSchema(schema: unknown): readonly OutputUnit[] {
  validator ??= buildValidator();
  return validator.validate(schema).errors;
}

function buildValidator(): Validator {
  // Clones: the engine annotates the schemas it dereferences, and the modules stay pristine.
  const built = new Validator(structuredClone(META_SCHEMA), '2020-12', false);
  for (const vocabulary of META_SCHEMA_VOCABULARIES) built.addSchema(structuredClone(vocabulary));
  return built;
}
