import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileEngineSchema } from '../../src/schema/engine-schema.js';
import { META_SCHEMA, META_SCHEMA_VOCABULARIES } from '../../src/schema/metaschema/index.js';

/**
 * The official JSON Schema Test Suite (draft 2020-12, required tests), run through the engine
 * part of the compiler: RE2 patterns on, strictness off (the suite's schemas are not tool
 * schemas). Known failures are listed, with reasons, in KNOWN_FAILURES.md and read from
 * known-failures.json; a listed case that starts passing fails this test, so the list cannot rot.
 */
const SUITE = fileURLToPath(new URL('../fixtures/json-schema-test-suite/', import.meta.url));
const REMOTE_BASE = 'http://localhost:1234/';

interface SuiteCase {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface SuiteGroup {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteCase[];
}
interface KnownFailure {
  readonly file: string;
  readonly group: string;
  readonly case: string;
}

function listFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** The suite's remotes under their base URL, plus the dialect's own meta-schemas, which a validator knows. */
const remotes: Record<string, unknown> = Object.fromEntries([
  ...listFiles(join(SUITE, 'remotes'))
    .filter((path) => path.endsWith('.json'))
    .map((path) => [REMOTE_BASE + relative(join(SUITE, 'remotes'), path).split('\\').join('/'), JSON.parse(readFileSync(path, 'utf8')) as unknown]),
  ...[META_SCHEMA, ...META_SCHEMA_VOCABULARIES].map((schema) => [String(schema.$id), schema]),
]);
const knownFailures: readonly KnownFailure[] = JSON.parse(readFileSync(join(SUITE, 'known-failures.json'), 'utf8')) as KnownFailure[];
const keyOf = (failure: KnownFailure): string => JSON.stringify([failure.file, failure.group, failure.case]);
const known = new Set(knownFailures.map(keyOf));

/** Runs one case; false when the engine's verdict differs from the suite's (or it could not compile). */
function passes(group: SuiteGroup, testCase: SuiteCase): boolean {
  const compiled = compileEngineSchema(group.schema, { strict: false, re2Patterns: true, remotes });
  if (!compiled.ok) return false;
  return (compiled.engine.validateRaw(testCase.data).length === 0) === testCase.valid;
}

const files = readdirSync(join(SUITE, 'draft2020-12')).filter((name) => name.endsWith('.json')).sort();
const results: { key: string; passed: boolean }[] = [];

describe('JSON Schema Test Suite (draft 2020-12, required)', () => {
  for (const file of files) {
    const groups = JSON.parse(readFileSync(join(SUITE, 'draft2020-12', file), 'utf8')) as SuiteGroup[];
    describe(file, () => {
      for (const group of groups) {
        for (const testCase of group.tests) {
          const key = keyOf({ file, group: group.description, case: testCase.description });
          const expectedToFail = known.has(key);
          it(`${group.description} / ${testCase.description}${expectedToFail ? ' (known failure)' : ''}`, () => {
            const passed = passes(group, testCase);
            results.push({ key, passed });
            expect(passed, expectedToFail ? 'listed in known-failures.json but now passes: remove it from the list' : 'fails').toBe(!expectedToFail);
          });
        }
      }
    });
  }

  it('lists only cases that exist, and reports the totals', () => {
    const seen = new Set(results.map((result) => result.key));
    expect(knownFailures.filter((failure) => !seen.has(keyOf(failure)))).toEqual([]);
    const failed = results.filter((result) => !result.passed).length;
    console.log(`JSON Schema Test Suite (draft 2020-12, required): ${results.length - failed} passed, ${failed} known failures of ${results.length}`);
  });
});
