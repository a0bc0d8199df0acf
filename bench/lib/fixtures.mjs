// @ts-check
/**
 * The data every benchmark runs on: 000's `file_read` tool as the typical tool call, and
 * generated tools for the size and memory runs. Plain data, built fresh on each call so no
 * engine can answer from a cache keyed by object identity.
 */

/**
 * A tool definition as the bench hands it to the registry (the registry's own type lives in
 * `@acode/domain`; the bench only needs its shape).
 *
 * @typedef {object} BenchToolDefinition
 * @property {string} name
 * @property {string} description
 * @property {string} version
 * @property {string} category
 * @property {Record<string, unknown>} parameters
 */

/** Name of the typical tool. */
export const FILE_READ_NAME = 'file_read';

/** Arguments a model sends for a correct `file_read` call (JSON text, as it arrives). */
export const VALID_ARGUMENTS_TEXT = '{"path":"/src/index.ts","encoding":"utf-8","start_line":1,"end_line":40}';

/**
 * Arguments with three faults at once: `path` of the wrong type, an unknown property and a
 * numeric string where an integer is required (no coercion, decision 7).
 */
export const INVALID_ARGUMENTS_TEXT = '{"path":12345,"extra":true,"start_line":"5"}';

/**
 * The `parameters` schema of `file_read` (000's CoreToolsProvider).
 *
 * @param {string} [description] Varies the schema's text so that repeated compilations are
 *   distinct schemas (and distinct hashes) rather than cache hits.
 * @returns {Record<string, unknown>}
 */
export function fileReadParameters(description = 'Arguments of file_read') {
  return {
    type: 'object',
    description,
    properties: {
      path: { type: 'string', description: 'Path of the file to read', maxLength: 4096 },
      encoding: {
        type: 'string',
        description: 'Text encoding of the file',
        enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'],
        default: 'utf-8',
      },
      start_line: { type: 'integer', description: 'First line to read, 1-based', minimum: 1 },
      end_line: { type: 'integer', description: 'Last line to read, inclusive', minimum: 1 },
    },
    required: ['path'],
    additionalProperties: false,
  };
}

/**
 * The whole `file_read` definition as the registry receives it.
 *
 * @returns {BenchToolDefinition}
 */
export function fileReadDefinition() {
  return {
    name: FILE_READ_NAME,
    description: 'Reads the contents of a text file, optionally a range of lines.',
    version: '1.0.0',
    category: 'file_system',
    parameters: fileReadParameters(),
  };
}

/**
 * A tool definition unlike every other index: its name, a bound and a property name depend on
 * `index`, so no two generated schemas share structure an engine could intern.
 *
 * @param {number} index Non-negative integer.
 * @param {string} [prefix] Name prefix, to keep several generated sets apart.
 * @returns {BenchToolDefinition}
 */
export function generatedToolDefinition(index, prefix = 'bench_tool') {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError('index must be a non-negative integer');
  if (!/^[a-z][a-z0-9_]*$/.test(prefix)) throw new RangeError('prefix must be a valid tool-name prefix');
  return {
    name: `${prefix}_${index}`,
    description: `Generated benchmark tool number ${index}.`,
    version: '1.0.0',
    category: 'custom',
    parameters: {
      type: 'object',
      properties: {
        target: { type: 'string', description: `Target of call ${index}`, maxLength: 256 + (index % 4096) },
        [`option_${index}`]: { type: 'integer', minimum: index % 1000, maximum: 1000 + index },
        mode: { type: 'string', enum: ['fast', 'safe', `mode_${index}`] },
      },
      required: ['target'],
      additionalProperties: false,
    },
  };
}
