import { AcodeException, type IToolCatalog } from '@acode/application';
import { BUILT_TOOL_REGISTRY_FORMAT, BUILT_TOOL_REGISTRY_FORMAT_VERSION, ERROR_CODES, isPlainObject, type BuiltTool, type BuiltToolRegistry } from '@acode/domain';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { BuiltToolCatalog } from './built-tool-catalog.js';
import { builtToolShapeProblem } from './check-built-tool.js';
import { parseJsonText } from './parse-json-text.js';
import { decodeUtf8 } from './read-folder-file.js';
import { registryContentHash } from './registry-content-hash.js';

/** Largest `tool_registry.json` read; docs of a few hundred tools fit many times over. */
export const MAX_ARTIFACT_BYTES = 32 * 1024 * 1024;
/** Deepest nesting accepted in the artifact (definitions are bounded far below). */
const MAX_ARTIFACT_DEPTH = 128;

const REBUILD = 'run `pnpm run build:tools` (or `acode tools build`)';

/**
 * Loads `tool_registry.json` (003's runtime loader): checks its size, format and version, the
 * shape of every entry, and recomputes its content hash, so a hand-edited artifact is refused
 * rather than trusted. Handlers are located (`pathToFileURL`), never imported. Throws
 * `AcodeException` ACODE-TBD-010 naming the file and what to do.
 */
export function loadToolCatalog(file: string): IToolCatalog {
  const path = resolve(file);
  const refuse = (reason: string): AcodeException => new AcodeException(ERROR_CODES.TOOL_REGISTRY_ARTIFACT_INVALID, `Tool registry ${path} ${reason}`);
  let size: number;
  try {
    const info = statSync(path);
    if (!info.isFile()) throw refuse(`is not a file; ${REBUILD} to create it`);
    size = info.size;
  } catch (error) {
    if (error instanceof AcodeException) throw error;
    throw refuse(`does not exist or cannot be read; ${REBUILD} to create it`);
  }
  if (size > MAX_ARTIFACT_BYTES) throw refuse(`is ${size} bytes, more than the ${MAX_ARTIFACT_BYTES} a registry may have`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw refuse(`cannot be read; ${REBUILD} to recreate it`);
  }
  const text = decodeUtf8(bytes);
  if (text === undefined) throw refuse(`is not UTF-8 text; ${REBUILD} to recreate it`);
  const parsed = parseJsonText(text, MAX_ARTIFACT_DEPTH);
  if (!parsed.ok) throw refuse(`${parsed.message}; ${REBUILD} to recreate it`);
  return new BuiltToolCatalog(checkRegistry(parsed.value, refuse), path);
}

function checkRegistry(value: unknown, refuse: (reason: string) => AcodeException): BuiltToolRegistry {
  if (!isPlainObject(value) || value['format'] !== BUILT_TOOL_REGISTRY_FORMAT) {
    throw refuse(`is not an Acode tool registry (no "format": "${BUILT_TOOL_REGISTRY_FORMAT}"); ${REBUILD}`);
  }
  if (value['formatVersion'] !== BUILT_TOOL_REGISTRY_FORMAT_VERSION) {
    const got = typeof value['formatVersion'] === 'number' ? String(value['formatVersion']) : 'missing';
    throw refuse(`has format version ${got}; this Acode reads version ${BUILT_TOOL_REGISTRY_FORMAT_VERSION}, so ${REBUILD}`);
  }
  const { tools, version, contentHash, gitCommit, builtAt } = value;
  if (!Array.isArray(tools)) throw refuse(`has no tools list; ${REBUILD}`);
  if (typeof version !== 'string' || typeof contentHash !== 'string') throw refuse(`has no version or content hash; ${REBUILD}`);
  if (typeof builtAt !== 'string' || (gitCommit !== null && typeof gitCommit !== 'string')) throw refuse(`has a malformed builtAt or gitCommit; ${REBUILD}`);
  const seen = new Set<string>();
  tools.forEach((entry: unknown, index) => {
    const problem = builtToolShapeProblem(entry);
    if (problem !== undefined) throw refuse(`tool entry ${index} ${problem}; ${REBUILD}`);
    const { toolId } = entry as BuiltTool;
    if (seen.has(toolId)) throw refuse(`lists tool ${toolId} twice; ${REBUILD}`);
    seen.add(toolId);
  });
  const hash = registryContentHash(tools as BuiltTool[]);
  if (hash === undefined || hash.contentHash !== contentHash || hash.version !== version) {
    throw refuse(`content hash does not match its tools: it was edited after the build; ${REBUILD} instead of editing it`);
  }
  return value as unknown as BuiltToolRegistry;
}
