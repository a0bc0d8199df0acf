import type { ToolRegistryOptions } from '@acode/application';
import { ERROR_CODES, isPlainObject, quoteText, TOOL_KINDS, type ModeClamps, type ToolDefinition } from '@acode/domain';
import { CORE_TOOL_DEFINITIONS } from '../providers/core-tools/index.js';
import { findUnanchoredPatterns } from '../schema/unanchored-patterns.js';
import { checkDefinition } from './check-definition.js';
import { checkModeClamps } from './check-mode-clamps.js';
import { folderError, folderWarning } from './folder-problem.js';
import {
  CORE_EXTENDS_PREFIX,
  EXTENDS_SCHEMA_FIELDS,
  expectedToolId,
  OPTIONAL_SCHEMA_FIELDS,
  REQUIRED_SCHEMA_FIELDS,
} from './schema-file-fields.js';
import type { ToolFolderProblem } from './tool-folders-api.js';

/** What a parsed `schema.json` says, and what is wrong with it. */
export interface SchemaFileLint {
  readonly problems: readonly ToolFolderProblem[];
  /** The tool's name as declared, when it is a string (used to find duplicates even with errors). */
  readonly toolId?: string;
  /** Aliases as declared, when a list of strings. */
  readonly aliases: readonly string[];
  /** Whether the file says `extends` (its names are then the core tool's own, not a clash). */
  readonly declaresExtends: boolean;
  /** The definition to register, when the file has no errors. */
  readonly definition?: ToolDefinition;
  readonly extends?: string;
  readonly modeClamps?: ModeClamps;
}

const FILE = 'schema.json';

/**
 * Reads a parsed `schema.json` into a {@link ToolDefinition} (`toolId` becomes `name`) and reports
 * every problem: unknown, missing and invalid fields, a `toolId` that does not match the folder,
 * 003's lint rules, what the registry refuses, and bad `modeClamps`. A file with `extends`
 * takes a core tool's definition unchanged.
 */
export function lintSchemaFile(folder: string, schema: unknown, options?: ToolRegistryOptions): SchemaFileLint {
  const field = (code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], name: string, message: string): ToolFolderProblem =>
    folderError(code, { folder, file: FILE, field: name }, message);
  if (!isPlainObject(schema)) {
    return { problems: [folderError(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, { folder, file: FILE }, 'schema.json must hold a JSON object with the tool\'s fields')], aliases: [], declaresExtends: false };
  }
  const problems: ToolFolderProblem[] = [];
  const toolId = typeof schema['toolId'] === 'string' ? schema['toolId'] : undefined;
  const expected = expectedToolId(folder);
  if (schema['toolId'] === undefined) problems.push(field(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, 'toolId', `toolId is missing; expected "${expected}"`));
  else if (toolId !== expected) {
    const got = toolId === undefined ? 'not a string' : quoteText(toolId);
    problems.push(field(ERROR_CODES.TOOL_FOLDER_NAME_MISMATCH, 'toolId', `toolId is ${got} but folder ${quoteText(folder)} requires "${expected}"`));
  }

  if (Object.hasOwn(schema, 'extends')) return lintExtends(folder, schema, toolId, problems);

  const allowed = new Set<string>([...REQUIRED_SCHEMA_FIELDS, ...OPTIONAL_SCHEMA_FIELDS]);
  for (const key of Object.keys(schema)) {
    if (allowed.has(key)) continue;
    const hint = key === 'name' ? '; schema.json names the tool with toolId' : `; allowed fields are ${[...allowed].join(', ')}`;
    problems.push(field(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, key, `${quoteText(key)} is not a schema.json field${hint}`));
  }
  const missing = new Set<string>();
  for (const key of REQUIRED_SCHEMA_FIELDS) {
    if (key === 'toolId' || schema[key] !== undefined) continue;
    missing.add(key);
    problems.push(field(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, key, `${key} is missing; every schema.json declares it`));
  }
  problems.push(...lintKindRules(folder, schema), ...lintIsolation(folder, schema));

  const { toolId: _toolId, modeClamps, ...rest } = schema;
  const definition = { name: toolId ?? '', ...rest } as unknown as ToolDefinition;
  const reported = new Set(problems.map((problem) => problem.field));
  // Missing fields are reported above; the registry's own "missing" of the same field adds nothing.
  for (const problem of checkDefinition(folder, definition, options)) {
    if (problem.field !== undefined && (reported.has(problem.field) || missing.has(problem.field.split('/')[0]!))) continue;
    problems.push(problem);
  }
  if (modeClamps !== undefined) problems.push(...checkModeClamps(folder, modeClamps, isPlainObject(schema['parameters']) ? schema['parameters'] : undefined));
  // Decision 7: `pattern` is a search; an unanchored one is usually a mistake, so a warning.
  for (const found of findUnanchoredPatterns(schema['parameters'])) {
    problems.push(
      folderWarning(
        ERROR_CODES.SCHEMA_PATTERN_UNANCHORED,
        { folder, file: FILE, field: `parameters${found.pointer}` },
        `tool ${quoteText(toolId ?? expected)}: pattern ${quoteText(found.pattern)} at parameters${found.pointer} is not anchored with ^...$, so it matches any value that merely contains a match; anchor it, or ignore this warning if a partial match is meant`,
      ),
    );
  }

  const aliases = Array.isArray(schema['aliases']) ? schema['aliases'].filter((alias): alias is string => typeof alias === 'string') : [];
  const clean = !problems.some((problem) => problem.severity === 'error');
  return {
    problems,
    aliases,
    declaresExtends: false,
    ...(toolId !== undefined ? { toolId } : {}),
    ...(clean ? { definition } : {}),
    ...(clean && modeClamps !== undefined ? { modeClamps: modeClamps as ModeClamps } : {}),
  };
}

/**
 * 003's rules on top of the registry's: `category` is our twelve-valued set (decision 3), so
 * 003's retrieval/action/utility there is a misplaced `kind`; retrieval tools neither write nor
 * repeat effects; an action that writes without confirmation is a warning (003 allows it, as
 * `ignore_user` does); and `parameters` must say `additionalProperties: false` outright, though
 * the registry would enforce it anyway, so the file reads as the contract it is.
 */
function lintKindRules(folder: string, schema: Record<string, unknown>): ToolFolderProblem[] {
  const at = (name: string): { folder: string; file: string; field: string } => ({ folder, file: FILE, field: name });
  const problems: ToolFolderProblem[] = [];
  const { kind, sideEffects, category, parameters } = schema;
  if (typeof category === 'string' && (TOOL_KINDS as readonly string[]).includes(category)) {
    problems.push(folderError(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, at('category'), `category "${category}" is a tool kind, not a category; write "kind": "${category}" and use category for the domain (such as knowledge or file_system)`));
  }
  if (kind === 'retrieval') {
    if (sideEffects === 'writes') problems.push(folderError(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, at('sideEffects'), 'a retrieval tool must not write; use sideEffects "none" or "read_only", or kind "action"'));
    if (schema['idempotent'] === false) problems.push(folderError(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, at('idempotent'), 'a retrieval tool must be idempotent; set idempotent to true, or use kind "action"'));
  }
  if (kind === 'action' && sideEffects === 'writes' && schema['requiresConfirmation'] === false) {
    problems.push(folderWarning(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, at('requiresConfirmation'), 'this action writes without asking for confirmation; make sure that is intended'));
  }
  if (isPlainObject(parameters) && parameters['additionalProperties'] !== false) {
    problems.push(folderError(ERROR_CODES.TOOL_FOLDER_SCHEMA_INVALID, at('parameters/additionalProperties'), 'parameters.additionalProperties must be false, so invented arguments are refused'));
  }
  return problems;
}

/**
 * Isolation `none` runs a handler inside the host's process, where a busy loop stops every
 * client, its prints land in the host's output and the processes it starts outlive the run. Only
 * the project's core tools (a folder with `"extends": "core:<name>"`) get it; the runner refuses
 * any other tool in process too (`InProcessToolRunner`).
 */
function lintIsolation(folder: string, schema: Record<string, unknown>): ToolFolderProblem[] {
  const constraints = schema['constraints'];
  if (!isPlainObject(constraints) || constraints['requiredIsolation'] !== 'none') return [];
  return [
    folderError(
      ERROR_CODES.TOOL_FOLDER_FIELD_INVALID,
      { folder, file: FILE, field: 'constraints/requiredIsolation' },
      'requiredIsolation "none" would run the handler inside the host, where a loop or a crash stops every client; only core tools ("extends": "core:<name>") run in process. Use "standard" (a child process the host ends at the time limit) or leave it out',
    ),
  ];
}

function lintExtends(folder: string, schema: Record<string, unknown>, toolId: string | undefined, problems: ToolFolderProblem[]): SchemaFileLint {
  const at = (name: string, message: string): ToolFolderProblem => folderError(ERROR_CODES.TOOL_FOLDER_FIELD_INVALID, { folder, file: FILE, field: name }, message);
  const target = schema['extends'];
  const coreName = typeof target === 'string' && target.startsWith(CORE_EXTENDS_PREFIX) ? target.slice(CORE_EXTENDS_PREFIX.length) : undefined;
  const core = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === coreName);
  if (core === undefined) {
    const names = CORE_TOOL_DEFINITIONS.map((definition) => `core:${definition.name}`).join(', ');
    problems.push(at('extends', `extends must name a core tool (${names}); got ${typeof target === 'string' ? quoteText(target) : 'a non-string'}`));
  } else if (toolId !== undefined && toolId !== core.name) {
    problems.push(at('toolId', `a folder extending core:${core.name} must be that tool; toolId must be "${core.name}"`));
  }
  const allowed = new Set<string>(EXTENDS_SCHEMA_FIELDS);
  for (const key of Object.keys(schema)) {
    if (allowed.has(key)) continue;
    const owner = core === undefined ? 'the core tool' : `core tool ${core.name}`;
    problems.push(at(key, `${quoteText(key)} is defined by ${owner}; only toolId, extends and modeClamps may appear beside extends (change it there)`));
  }
  if (schema['modeClamps'] !== undefined) problems.push(...checkModeClamps(folder, schema['modeClamps'], core?.parameters));
  const clean = !problems.some((problem) => problem.severity === 'error');
  return {
    problems,
    aliases: core?.aliases ?? [],
    declaresExtends: true,
    ...(toolId !== undefined ? { toolId } : {}),
    ...(clean && core !== undefined ? { definition: core, extends: `${CORE_EXTENDS_PREFIX}${core.name}` } : {}),
    ...(clean && schema['modeClamps'] !== undefined ? { modeClamps: schema['modeClamps'] as ModeClamps } : {}),
  };
}
