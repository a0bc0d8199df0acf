// @ts-check
/**
 * The reference validators the registry is compared with: Ajv (draft 2020-12), the fastest
 * widely used JSON Schema validator, and raw @cfworker/json-schema, the engine under this
 * project's compiler. Both are configured to do the registry's work: report every error, not
 * stop at the first one.
 */
// The named export: Ajv's CommonJS default does not type-check as a class under NodeNext.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { repoUrl } from './repo-paths.mjs';

/** The exact @cfworker/json-schema build the infrastructure package imports (ESM). */
const CFWORKER_ENTRY = 'packages/infrastructure/node_modules/@cfworker/json-schema/dist/esm/index.js';

/**
 * @typedef {object} PeerEngine One validator instance with its own schema cache.
 * @property {(schema: object) => (value: unknown) => boolean} compile Prepares a schema; the
 *   returned function validates one parsed value and says whether it is valid.
 * @property {(schema: object) => void} compileOnce Compiles and releases, for timing compilation
 *   without growing a cache.
 */

/**
 * @typedef {object} Peer
 * @property {string} id Key fragment of the peer's rows.
 * @property {string} name Shown in the report.
 * @property {() => PeerEngine} createEngine A fresh instance, so heap figures start empty.
 */

/**
 * Loads the peers.
 *
 * @returns {Promise<readonly Peer[]>}
 */
export async function loadPeers() {
  const { Validator } = await import(repoUrl(CFWORKER_ENTRY).href);

  /** @type {Peer} */
  const ajvPeer = {
    id: 'ajv',
    name: 'Ajv 2020',
    createEngine: () => {
      // allErrors: the registry reports up to 50 errors so a model can fix them in one retry.
      const ajv = new Ajv2020({ allErrors: true, strict: false });
      return {
        compile: (schema) => {
          const validate = ajv.compile(schema);
          return (value) => validate(value);
        },
        compileOnce: (schema) => {
          ajv.compile(schema);
          // Ajv caches every compiled schema on the instance; drop it so a timing loop does not leak.
          ajv.removeSchema(schema);
        },
      };
    },
  };

  /** @type {Peer} */
  const cfworkerPeer = {
    id: 'cfworker',
    name: '@cfworker/json-schema',
    createEngine: () => ({
      compile: (schema) => {
        // shortCircuit false: collect every error, like the registry.
        const validator = new Validator(schema, '2020-12', false);
        return (value) => validator.validate(value).valid;
      },
      compileOnce: (schema) => {
        new Validator(schema, '2020-12', false);
      },
    }),
  };

  return Object.freeze([ajvPeer, cfworkerPeer]);
}
