import { isPlainObject, ownValue } from '@acode/domain';

/** Most model names kept from one listing: a server with more is not one a person picks from. */
export const MAX_LISTED_MODELS = 1000;

const MAX_MODEL_NAME_LENGTH = 256;

/** A listing's verdict: the names, or what is wrong with the body (a clause after "its answer"). */
export type ModelListReading = { readonly models: readonly string[] } | { readonly problem: string };

/**
 * Reads a model listing: Ollama's `/api/tags` (`{"models": [{"name": ...}]}`, `field` `models`
 * and `key` `name`) or OpenAI's `/v1/models` (`{"data": [{"id": ...}]}`). Entries without a
 * usable name are skipped; the list is bounded.
 */
export function readModelList(body: unknown, field: 'models' | 'data', key: 'name' | 'id'): ModelListReading {
  const entries = isPlainObject(body) ? ownValue(body, field) : undefined;
  if (!Array.isArray(entries)) return { problem: `has no ${field} list` };
  const models: string[] = [];
  for (const entry of entries) {
    if (models.length === MAX_LISTED_MODELS) break;
    const name = isPlainObject(entry) ? ownValue(entry, key) : undefined;
    if (typeof name === 'string' && name !== '' && name.length <= MAX_MODEL_NAME_LENGTH) models.push(name);
  }
  return { models };
}
