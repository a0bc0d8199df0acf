import type { CompiledSchema } from '@acode/application';
import type { SemVer, ToolCategory, ToolDefinition } from '@acode/domain';

/** One registered version of a tool with its compiled schema. */
export interface RegisteredVersion {
  /** The definition as stored: deep-frozen, category defaulted. */
  readonly definition: ToolDefinition;
  /** The parsed version, for ordering and range queries. */
  readonly semver: SemVer;
  /** The compiled `parameters` schema. */
  readonly compiled: CompiledSchema;
  /** The compiled `outputSchema`, when the definition declares one (001 §4.2). */
  readonly output?: CompiledSchema;
  /** Canonical JSON of the definition: how an identical re-registration is recognised. */
  readonly canonical: string;
}

/** Every version of one tool name, highest first. */
export interface ToolEntry {
  /** The canonical (registered) spelling of the name. */
  readonly name: string;
  /** Highest first. */
  readonly versions: readonly RegisteredVersion[];
}

/**
 * The registry's whole state at one moment. Never mutated after it is published: a registration
 * builds the next snapshot and swaps one reference, so a reader sees either the state before or
 * the state after a registration, never a partial one (ST-4). Derived lists are computed on first
 * use and cached on the snapshot, which keeps `getAllTools()` O(1) between registrations and
 * keeps bulk registration (10,000 tools at startup) from re-sorting on every insert.
 */
export class RegistrySnapshot {
  private allCache: readonly ToolDefinition[] | undefined;
  private namesCache: readonly string[] | undefined;
  private readonly categoryCache = new Map<ToolCategory, readonly ToolDefinition[]>();

  constructor(
    /** Lower-cased name → entry. */
    readonly entries: ReadonlyMap<string, ToolEntry>,
    /** Lower-cased alias → lower-cased canonical name. */
    readonly aliases: ReadonlyMap<string, string>,
  ) {}

  /** The empty registry. */
  static readonly empty = new RegistrySnapshot(new Map(), new Map());

  /** The highest version of every tool, sorted by name; frozen. */
  get all(): readonly ToolDefinition[] {
    this.allCache ??= Object.freeze(
      [...this.entries.values()].sort((a, b) => compareNames(a.name, b.name)).map((entry) => entry.versions[0]!.definition),
    );
    return this.allCache;
  }

  /** Canonical names, sorted. */
  get names(): readonly string[] {
    this.namesCache ??= Object.freeze(this.all.map((definition) => definition.name));
    return this.namesCache;
  }

  /** The highest version of every tool in a category, sorted by name; frozen. */
  byCategory(category: ToolCategory): readonly ToolDefinition[] {
    let list = this.categoryCache.get(category);
    if (list === undefined) {
      list = Object.freeze(this.all.filter((definition) => definition.category === category));
      this.categoryCache.set(category, list);
    }
    return list;
  }
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
