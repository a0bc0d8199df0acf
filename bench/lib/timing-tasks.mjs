// @ts-check
/**
 * The timing tasks: `JSON.parse` alone as the baseline; validation of the typical call (valid and
 * invalid, from JSON text and from a parsed object) by this registry and by each peer; one schema
 * compilation by each engine; and `getAllTools()`.
 */
import { BUDGET_MEASUREMENT_IDS } from './budgets.mjs';
import {
  FILE_READ_NAME,
  INVALID_ARGUMENTS_TEXT,
  VALID_ARGUMENTS_TEXT,
  fileReadDefinition,
  fileReadParameters,
  generatedToolDefinition,
} from './fixtures.mjs';
import { batched } from './measure-tasks.mjs';

/** Operations per sample for calls around a microsecond: enough to dwarf one timer read. */
const CALLS_PER_SAMPLE = 20;

/** Operations per sample for `getAllTools()`, which returns a cached list in nanoseconds. */
const LIST_CALLS_PER_SAMPLE = 1_000;

/** @typedef {import('./measure-tasks.mjs').TaskSpec} TaskSpec */
/** @typedef {import('./load-acode.mjs').AcodeSubjects} AcodeSubjects */
/** @typedef {import('./load-peers.mjs').Peer} Peer */

/** The two typical calls, as text and as a parsed object. */
const CASES = Object.freeze([
  { outcome: 'valid', text: VALID_ARGUMENTS_TEXT },
  { outcome: 'invalid', text: INVALID_ARGUMENTS_TEXT },
]);

/**
 * Builds every timing task. The registry's rows are left out when it is not available.
 *
 * @param {AcodeSubjects | undefined} acode
 * @param {readonly Peer[]} peers
 * @returns {TaskSpec[]}
 */
export function timingTasks(acode, peers) {
  /** @type {TaskSpec[]} */
  const tasks = [
    {
      id: 'json-parse',
      label: 'JSON.parse (valid arguments)',
      work: 'parse',
      role: 'baseline',
      batch: CALLS_PER_SAMPLE,
      run: batched(() => JSON.parse(VALID_ARGUMENTS_TEXT), CALLS_PER_SAMPLE),
    },
  ];
  tasks.push(...validationTasks(acode, peers), ...compilationTasks(acode, peers));
  if (acode) tasks.push(...listingTasks(acode), definitionCheckTask(acode));
  return tasks;
}

/**
 * @param {AcodeSubjects | undefined} acode
 * @param {readonly Peer[]} peers
 * @returns {TaskSpec[]}
 */
function validationTasks(acode, peers) {
  const registry = acode?.createRegistry();
  registry?.registerTool(fileReadDefinition());
  const validators = peers.map((peer) => ({ peer, validate: peer.createEngine().compile(fileReadParameters()) }));

  /** @type {TaskSpec[]} */
  const tasks = [];
  for (const { outcome, text } of CASES) {
    const parsed = JSON.parse(text);
    // Rows doing the same work sit together: the registry first, then its peers.
    const fromText = `parse + validate, ${outcome}`;
    if (registry) {
      const id = outcome === 'valid' ? BUDGET_MEASUREMENT_IDS.validateValid : BUDGET_MEASUREMENT_IDS.validateInvalid;
      tasks.push(task(id, `acode tryValidateArguments(text), ${outcome}`, fromText, 'acode', () => registry.tryValidateArguments(FILE_READ_NAME, text)));
    }
    for (const { peer, validate } of validators) {
      tasks.push(task(`${peer.id}-parse-validate-${outcome}`, `${peer.name} JSON.parse + validate, ${outcome}`, fromText, 'peer', () => validate(JSON.parse(text))));
    }

    const fromObject = `validate parsed object, ${outcome}`;
    if (registry) {
      tasks.push(task(`acode-validate-object-${outcome}`, `acode tryValidateArguments(object), ${outcome}`, fromObject, 'acode', () => registry.tryValidateArguments(FILE_READ_NAME, parsed)));
    }
    for (const { peer, validate } of validators) {
      tasks.push(task(`${peer.id}-validate-object-${outcome}`, `${peer.name} validate, ${outcome}`, fromObject, 'peer', () => validate(parsed)));
    }
  }
  return tasks;
}

/**
 * Each run compiles a schema no engine has seen: the description carries a counter, so neither a
 * cache keyed by object nor one keyed by hash can answer.
 *
 * @param {AcodeSubjects | undefined} acode
 * @param {readonly Peer[]} peers
 * @returns {TaskSpec[]}
 */
function compilationTasks(acode, peers) {
  const work = 'compile file_read schema';
  let counter = 0;
  const nextSchema = () => fileReadParameters(`Arguments of file_read, compilation ${(counter += 1)}`);
  /** @type {TaskSpec[]} */
  const tasks = [];
  if (acode) {
    const compiler = acode.createCompiler();
    tasks.push({
      id: BUDGET_MEASUREMENT_IDS.compile,
      label: 'acode CfworkerSchemaCompiler.compile',
      work,
      role: 'acode',
      batch: 1,
      run: () => {
        const result = compiler.compile(nextSchema(), acode.options.limits);
        if (!result.ok) throw new Error(`the compiler refused file_read: ${result.violations[0]?.message ?? 'no reason given'}`);
        return result;
      },
    });
  }
  for (const peer of peers) {
    const engine = peer.createEngine();
    tasks.push({ id: `${peer.id}-compile`, label: `${peer.name} compile`, work, role: 'peer', batch: 1, run: () => engine.compileOnce(nextSchema()) });
  }
  return tasks;
}

/**
 * `getAllTools()` with 10 and with 1,000 tools: equal figures show it is O(1).
 *
 * @param {AcodeSubjects} acode
 * @returns {TaskSpec[]}
 */
function listingTasks(acode) {
  return [10, 1_000].map((count) => {
    const registry = acode.createRegistry();
    for (let i = 0; i < count; i += 1) registry.registerTool(generatedToolDefinition(i, 'listed_tool'));
    const id = count === 1_000 ? BUDGET_MEASUREMENT_IDS.getAllTools : `acode-get-all-tools-${count}`;
    return {
      id,
      label: `acode getAllTools(), ${count.toLocaleString('en-US')} tools`,
      work: `getAllTools, ${count} tools`,
      role: /** @type {const} */ ('acode'),
      batch: LIST_CALLS_PER_SAMPLE,
      run: batched(() => registry.getAllTools(), LIST_CALLS_PER_SAMPLE),
    };
  });
}

/**
 * A validation task, batched like the baseline.
 *
 * @param {string} id
 * @param {string} label
 * @param {string} work
 * @param {'acode' | 'peer'} role
 * @param {() => unknown} operation
 * @returns {TaskSpec}
 */
function task(id, label, work, role, operation) {
  return { id, label, work, role, batch: CALLS_PER_SAMPLE, run: batched(operation, CALLS_PER_SAMPLE) };
}


/**
 * What a definition created on the host goes through before it is compiled (001 §10.9: under
 * 5 ms): the domain rules, every violation at once, and the license policy's keyword walk.
 *
 * @param {AcodeSubjects} acode
 * @returns {TaskSpec}
 */
function definitionCheckTask(acode) {
  const definition = fileReadDefinition();
  return {
    id: BUDGET_MEASUREMENT_IDS.checkDefinition,
    label: 'acode validateToolDefinition + checkLicense (file_read definition)',
    work: 'check a tool definition',
    role: 'acode',
    batch: 1,
    run: () => {
      const violations = acode.checkDefinition(definition);
      if (violations !== 0) throw new Error(`file_read's definition was refused with ${violations} violation(s)`);
      return violations;
    },
  };
}
