// @ts-check
/**
 * The hostile inputs of issue 13, each within the configured limits (1 MiB of arguments, the
 * default error cap and repair budget): the shapes that once held the host's event loop for
 * seconds. Built once, deterministic; each case is one synchronous call, so its wall time is the
 * time it holds the event loop.
 */

/** The argument limit the cases fill (decision 10's default `maxArgumentSizeBytes`). */
export const ARGUMENT_LIMIT_BYTES = 1024 * 1024;

/** The repair budget of the repair case (002's default `repair_timeout_ms`). */
export const REPAIR_BUDGET_MS = 100;

/** The goal per validation call: no single call within limits holds the event loop longer. */
export const HOLD_GOAL_MS = 50;

/**
 * @typedef {object} ValidationCase
 * @property {'validate'} kind
 * @property {string} id
 * @property {string} label
 * @property {object} definition The tool registered for the case.
 * @property {string} text The arguments, as JSON text the model sent.
 * @property {boolean} expectValid What the registry must answer.
 */

/**
 * @typedef {object} RepairCase
 * @property {'repair'} kind
 * @property {string} id
 * @property {string} label
 * @property {string} text Damaged JSON the repairer cannot finish within its budget.
 * @property {number} budgetMs
 */

/** @typedef {ValidationCase | RepairCase} HostileCase */

/**
 * @param {string} name
 * @param {Record<string, unknown>} parameters
 * @returns {object}
 */
function tool(name, parameters) {
  return { name, description: 'A tool of the hostile-input bench.', version: '1.0.0', category: 'general', parameters: { type: 'object', ...parameters } };
}

/**
 * Items produced by `make` until their JSON array, inside `{"<key>": [...]}`, fills `limit` bytes.
 *
 * @param {string} key
 * @param {(index: number) => unknown} make
 * @param {number} limit
 * @returns {string}
 */
function fillArray(key, make, limit) {
  const parts = [];
  let bytes = key.length + 8;
  for (let index = 0; ; index++) {
    const part = JSON.stringify(make(index));
    if (bytes + part.length + 1 > limit) break;
    parts.push(part);
    bytes += part.length + 1;
  }
  return `{${JSON.stringify(key)}:[${parts.join(',')}]}`;
}

/**
 * Unknown keys `k0`, `k1`, ... with value 1, `count` of them.
 *
 * @param {number} count
 * @returns {string}
 */
function unknownKeys(count) {
  const parts = ['"path":"/a"'];
  for (let index = 0; index < count; index++) parts.push(`"k${index}":1`);
  return `{${parts.join(',')}}`;
}

/**
 * A mebibyte of Python-style damage (single quotes, Windows paths with invalid escapes, trailing
 * commas, no closers): the repairer works through it edit by edit, past a 100 ms budget.
 *
 * @param {number} limit
 * @returns {string}
 */
function damagedMebibyte(limit) {
  const parts = [];
  let bytes = 12;
  for (let index = 0; ; index++) {
    const part = `{'id': ${index}, 'path': 'C:\\q\\w\\e\\item ${index}', 'ok': True,}`;
    if (bytes + part.length + 2 > limit) break;
    parts.push(part);
    bytes += part.length + 2;
  }
  return `{'list': [${parts.join(', ')}`;
}

/**
 * @param {{ limit?: number }} [options] `limit` shrinks every input (for quick checks).
 * @returns {HostileCase[]}
 */
export function hostileCases(options = {}) {
  const limit = options.limit ?? ARGUMENT_LIMIT_BYTES;
  const margin = limit - 64;
  const ids = (/** @type {Record<string, unknown>} */ extra) => ({
    properties: { ids: { type: 'array', description: 'Ids', items: { type: 'string' }, uniqueItems: true, ...extra } },
    required: ['ids'],
    additionalProperties: false,
  });
  const fortyThousand = Math.min(40_000, Math.floor(limit / 12));
  return [
    {
      kind: 'validate',
      id: 'unique-max-items',
      label: `uniqueItems + maxItems 5, ${fortyThousand.toLocaleString('en-US')} ids`,
      definition: tool('hostile_ids_max', ids({ maxItems: 5 })),
      text: JSON.stringify({ ids: Array.from({ length: fortyThousand }, (_, index) => `doc-${index}`) }),
      expectValid: false,
    },
    {
      kind: 'validate',
      id: 'unique-strings',
      label: 'uniqueItems, distinct strings to the size limit',
      definition: tool('hostile_ids', ids({})),
      text: fillArray('ids', (index) => `doc-${index}`, margin),
      expectValid: true,
    },
    {
      kind: 'validate',
      id: 'unique-objects',
      label: 'uniqueItems, distinct objects to the size limit',
      definition: tool('hostile_objects', {
        properties: { rows: { type: 'array', description: 'Rows', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }, uniqueItems: true } },
        required: ['rows'],
        additionalProperties: false,
      }),
      text: fillArray('rows', (index) => ({ id: index }), margin),
      expectValid: true,
    },
    {
      kind: 'validate',
      id: 'pattern-properties-long-name',
      label: 'patternProperties ^.*.*.*=$, one name to the size limit',
      definition: tool('hostile_pattern_keys', { patternProperties: { '^.*.*.*=$': { type: 'string' } } }),
      text: JSON.stringify({ ['a'.repeat(margin - 16)]: 1 }),
      expectValid: true,
    },
    {
      kind: 'validate',
      id: 'property-names-long-names',
      label: 'propertyNames pattern ^.*.*.*=$, 4 KiB names to the size limit',
      definition: tool('hostile_names', { propertyNames: { pattern: '^.*.*.*=$' }, additionalProperties: { type: 'integer' } }),
      text: `{${Array.from({ length: Math.max(1, Math.floor(margin / 4110)) }, (_, index) => `${JSON.stringify(`${index}`.padEnd(4096, 'a'))}:1`).join(',')}}`,
      expectValid: false,
    },
    {
      kind: 'validate',
      id: 'unknown-keys',
      label: `${Math.min(60_000, Math.floor(limit / 11)).toLocaleString('en-US')} unknown keys`,
      definition: tool('hostile_closed', { properties: { path: { type: 'string', description: 'Path' } }, additionalProperties: false }),
      text: unknownKeys(Math.min(60_000, Math.floor(limit / 11))),
      expectValid: false,
    },
    { kind: 'repair', id: 'repair-deadline', label: `repair of a damaged mebibyte, ${REPAIR_BUDGET_MS} ms budget`, text: damagedMebibyte(limit), budgetMs: REPAIR_BUDGET_MS },
  ];
}
