// @ts-check
/**
 * Before anything is timed, every validator must give the right answer on the typical call: a
 * benchmark of a validator that accepts the invalid call measures nothing useful. Findings are
 * returned as notes for the report, so one wrong engine does not hide the others' figures.
 */
import { FILE_READ_NAME, INVALID_ARGUMENTS_TEXT, VALID_ARGUMENTS_TEXT, fileReadDefinition, fileReadParameters } from './fixtures.mjs';

/** Faults in the invalid call: `path` type, the unknown `extra`, `start_line` type. */
export const INVALID_CALL_FAULTS = 3;

/**
 * @param {import('./load-acode.mjs').AcodeSubjects | undefined} acode
 * @param {readonly import('./load-peers.mjs').Peer[]} peers
 * @returns {{ problems: string[], facts: string[] }} `problems` are wrong answers; `facts` are
 *   observations worth recording (such as how many errors the registry reports).
 */
export function checkSubjects(acode, peers) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const facts = [];

  if (acode) {
    const registry = acode.createRegistry();
    registry.registerTool(fileReadDefinition());
    const valid = registry.tryValidateArguments(FILE_READ_NAME, VALID_ARGUMENTS_TEXT);
    if (!valid.success) problems.push(`acode rejected the valid call: ${valid.errors.map((e) => e.code).join(', ')}`);
    const invalid = registry.tryValidateArguments(FILE_READ_NAME, INVALID_ARGUMENTS_TEXT);
    if (invalid.success) {
      problems.push('acode accepted the invalid call');
    } else {
      facts.push(`acode reports ${invalid.errors.length} errors for the invalid call (${INVALID_CALL_FAULTS} faults): ${invalid.errors.map((e) => `${e.path || '/'} ${e.code}`).join('; ')}`);
      if (invalid.errors.length < INVALID_CALL_FAULTS) problems.push(`acode reported ${invalid.errors.length} of the ${INVALID_CALL_FAULTS} faults in the invalid call`);
    }
  }

  for (const peer of peers) {
    const validate = peer.createEngine().compile(fileReadParameters());
    if (!validate(JSON.parse(VALID_ARGUMENTS_TEXT))) problems.push(`${peer.name} rejected the valid call`);
    if (validate(JSON.parse(INVALID_ARGUMENTS_TEXT))) problems.push(`${peer.name} accepted the invalid call`);
  }
  return { problems, facts };
}
