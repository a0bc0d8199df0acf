import type { DefinitionChange, DefinitionRefusal } from '@acode/application';
import { jsonResponse, type HostResponse } from '../http/host-response.js';
import { definitionView, violationsView } from './definition-view.js';

/** The HTTP status of each refusal: a bad definition, a license limit, a name taken, a built-in, an unknown id. */
const STATUS: Readonly<Record<DefinitionRefusal, number>> = { invalid: 400, license: 403, conflict: 409, built_in: 409, not_found: 404 };

/**
 * A change as the routes answer it: the stored definition (`success` status), or the refusal
 * with every error's code and field path (`errors`), the first as `code` and `message`.
 */
export function definitionChangeResponse(change: DefinitionChange, success: number, correlationId: string): HostResponse {
  if (change.ok) {
    return jsonResponse(success, { definition: definitionView(change.record), ...(change.changedFields === undefined ? {} : { changed_fields: change.changedFields }) });
  }
  const first = change.errors[0];
  return jsonResponse(STATUS[change.refusal], {
    error: {
      code: first?.code ?? 'ACODE-DEF-001',
      message: change.errors.map((error) => (error.path === '' ? error.message : `${error.path}: ${error.message}`)).join('; '),
      refusal: change.refusal,
      correlation_id: correlationId,
      errors: violationsView(change.errors),
    },
  });
}
