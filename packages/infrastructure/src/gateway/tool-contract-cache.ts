import { createHash } from 'node:crypto';
import { canonicalJson, MAX_JSON_DEPTH } from '@acode/domain';
import type { GatewayTool } from './gateway-request.js';
import { toolContract, type ToolContractOptions, type ToolContractResult } from './request-tool-contract.js';

/** Options of {@link ToolContractCache}. */
export interface ToolContractCacheOptions {
  /** Most tool lists kept; the least recently used goes first. Default {@link DEFAULT_TOOL_CONTRACT_CACHE_SIZE}. */
  readonly maxEntries?: number;
}

/** Default of {@link ToolContractCacheOptions.maxEntries}. */
export const DEFAULT_TOOL_CONTRACT_CACHE_SIZE = 64;

/**
 * The contracts of the tool lists a gateway has seen, so a busy gateway compiles each distinct
 * list once: clients send the same tools with every turn of a conversation. The key is the
 * SHA-256 of the tools' canonical JSON (key order ignored) and the strict flag, found through the
 * hash of the list's plain JSON text when that text was seen before (no canonical form to build); a refused list is
 * kept too, so a client repeating a bad request costs no compilation either. Bounded: least
 * recently used first out. A list that is not JSON (only code can make one) is compiled each time.
 * The contracts it returns are shared between requests: their registries are only read.
 */
export class ToolContractCache {
  readonly #maxEntries: number;
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  readonly #entries = new Map<string, ToolContractResult>();
  /** The hash of a list's text as it came (key order kept) → its canonical key: most requests repeat a text exactly, and need no canonical form. */
  readonly #texts = new Map<string, string>();

  constructor(options: ToolContractCacheOptions = {}) {
    const size = options.maxEntries ?? DEFAULT_TOOL_CONTRACT_CACHE_SIZE;
    this.#maxEntries = Number.isSafeInteger(size) && size > 0 ? size : DEFAULT_TOOL_CONTRACT_CACHE_SIZE;
  }

  /** The contract of `tools` under `options`: the cached one for the same list, else {@link toolContract}'s, then cached. */
  get(tools: readonly GatewayTool[], options: ToolContractOptions = {}): ToolContractResult {
    const strict = options.strict ?? true;
    const data = keyData(tools, strict);
    const textKey = hashOf(() => JSON.stringify(data));
    const key = (textKey === undefined ? undefined : this.#texts.get(textKey)) ?? hashOf(() => canonicalJson(data, MAX_JSON_DEPTH + 3));
    if (key === undefined) return toolContract(tools, options);
    if (textKey !== undefined && !this.#texts.has(textKey)) {
      this.#texts.set(textKey, key);
      // Bounded like the contracts: the oldest texts go first.
      if (this.#texts.size > this.#maxEntries * 4) this.#texts.delete(this.#texts.keys().next().value as string);
    }
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    const result = toolContract(tools, options);
    this.#entries.set(key, result);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return result;
  }

  /** How many tool lists are held. */
  get size(): number {
    return this.#entries.size;
  }
}

/** Only the fields the contract reads, each left out when absent: the same list read twice gives the same key. */
function keyData(tools: readonly GatewayTool[], strict: boolean): unknown {
  return {
    strict,
    tools: tools.map((tool) => ({
      ...(tool.position === undefined ? {} : { position: tool.position }),
      wireName: tool.wireName,
      description: tool.description,
      ...(tool.parameters === undefined ? {} : { parameters: tool.parameters }),
    })),
  };
}

/** SHA-256 of a JSON text; `undefined` when there is none (a value only code can make: a cycle, too deep). */
function hashOf(text: () => string | undefined): string | undefined {
  try {
    const value = text();
    return value === undefined ? undefined : createHash('sha256').update(value).digest('hex');
  } catch {
    return undefined;
  }
}
