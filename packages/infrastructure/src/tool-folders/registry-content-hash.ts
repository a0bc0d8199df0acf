import { canonicalJson, type BuiltTool } from '@acode/domain';
import { createHash } from 'node:crypto';

/** Hex digits of the content hash that make up a registry `version`. */
export const REGISTRY_VERSION_LENGTH = 16;

/** Deepest nesting hashed: a definition's schemas (20 levels at most) sit four levels down. */
const MAX_HASHED_DEPTH = 128;

/** The content hash of a registry's tools and the version derived from it. */
export interface RegistryContentHash {
  /** sha256 hex of the canonical JSON of `tools`. */
  readonly contentHash: string;
  /** Its first {@link REGISTRY_VERSION_LENGTH} hex digits. */
  readonly version: string;
}

/**
 * Hashes the tools as canonical JSON (keys sorted), so key order, build time, machine and
 * absolute paths never change the version; only definitions, docs, handler bytes, relative
 * paths, `extends` and `modeClamps` do. Returns `undefined` for input that is not JSON.
 */
export function registryContentHash(tools: readonly BuiltTool[]): RegistryContentHash | undefined {
  const text = canonicalJson(tools, MAX_HASHED_DEPTH);
  if (text === undefined) return undefined;
  const contentHash = createHash('sha256').update(text, 'utf8').digest('hex');
  return { contentHash, version: contentHash.slice(0, REGISTRY_VERSION_LENGTH) };
}
