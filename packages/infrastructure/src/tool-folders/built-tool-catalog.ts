import type { CatalogTool, IToolCatalog } from '@acode/application';
import type { BuiltToolRegistry } from '@acode/domain';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deepFreeze } from '../registry/deep-freeze.js';

/**
 * A loaded `tool_registry.json` (003's runtime registry): the tools with their handlers located
 * on this machine. Immutable; hot reload is out of scope, so sessions pin {@link registryVersion}.
 */
export class BuiltToolCatalog implements IToolCatalog {
  readonly registryVersion: string;
  readonly gitCommit: string | null;
  readonly builtAt: string;
  readonly artifactPath: string;
  readonly #tools: readonly CatalogTool[];
  readonly #byName: ReadonlyMap<string, CatalogTool>;

  /** `registry` must already be checked (format, shape, content hash): see `loadToolCatalog`. */
  constructor(registry: BuiltToolRegistry, artifactPath: string) {
    this.registryVersion = registry.version;
    this.gitCommit = registry.gitCommit;
    this.builtAt = registry.builtAt;
    this.artifactPath = resolve(artifactPath);
    const artifactDir = dirname(this.artifactPath);
    this.#tools = deepFreeze(
      [...registry.tools]
        .sort((a, b) => (a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0))
        .map(
          (tool): CatalogTool => ({
            definition: tool.definition,
            summary: tool.summary,
            documentation: tool.documentation,
            // pathToFileURL, not string concatenation: Windows drives and `#` or `%` in paths (003).
            handlerUrl: pathToFileURL(resolve(artifactDir, tool.handler.path)).href,
            handlerSha256: tool.handler.sha256,
            handlerLanguage: tool.handler.language,
            ...(tool.modeClamps !== undefined ? { modeClamps: tool.modeClamps } : {}),
            ...(tool.extends !== undefined ? { extends: tool.extends } : {}),
          }),
        ),
    );
    this.#byName = new Map(this.#tools.map((tool) => [tool.definition.name, tool]));
  }

  find(name: string): CatalogTool | undefined {
    return this.#byName.get(name);
  }

  tools(): readonly CatalogTool[] {
    return this.#tools;
  }
}
