import type { IToolSchemaRegistry, ToolArguments, ToolLookup, ToolOutputValidation, ToolRegistration, ToolUnregistration, ToolVersionQuery } from '@acode/application';
import type { JsonValue, ToolCategory, ToolDefinition, ToolValidationResult, ToolValidationSuccess } from '@acode/domain';

/** How a request's tool names map between the client's wire and the registry (the tool contract's maps). */
export interface ToolNameMaps {
  /** The registry holding the request's tools, under names of ours. */
  readonly registry: IToolSchemaRegistry;
  /** The client's name of a registry tool. */
  toWire(registryName: string): string;
  /** The registry name of a tool the request declared; `undefined` for a name it did not declare. */
  toRegistry(wireName: string): string | undefined;
}

/**
 * A read-only view of a request's registry in which every tool goes by its wire name, the name
 * the client declared and the model answers with (`getWeather`, `fs-read`), while schemas stay
 * compiled once under the registry's names (`get_weather`). The parser and the retry handler run
 * over it unchanged, so a call's name, its errors, the tools an unknown-tool error lists and the
 * retry prompts all speak the client's names.
 *
 * A name resolves when the request declared it; failing that, through the registry's own lookup
 * (its name of ours, any case), so a model that answers `get_weather` for `get-weather` is
 * understood. Anything else is an unknown tool. Registering is refused: the view belongs to one request.
 */
export class WireNamedRegistry implements IToolSchemaRegistry {
  readonly #maps: ToolNameMaps;
  readonly #renamed = new Map<ToolDefinition, ToolDefinition>();

  constructor(maps: ToolNameMaps) {
    this.#maps = maps;
  }

  get size(): number {
    return this.#maps.registry.size;
  }

  registerTool(_definition: ToolDefinition): ToolRegistration {
    throw new TypeError('the wire-named view of a request registry is read-only');
  }

  unregisterTool(_name: string, _version: string): ToolUnregistration {
    throw new TypeError('the wire-named view of a request registry is read-only');
  }

  getToolDefinition(name: string, query?: ToolVersionQuery): ToolDefinition {
    return this.#rename(this.#maps.registry.getToolDefinition(this.#resolve(name) ?? name, query));
  }

  findTool(name: string, query?: ToolVersionQuery): ToolLookup | undefined {
    const resolved = this.#resolve(name);
    const lookup = resolved === undefined ? undefined : this.#maps.registry.findTool(resolved, query);
    if (lookup === undefined) return undefined;
    const definition = this.#rename(lookup.definition);
    return { definition, ...(definition.name === name ? {} : { requestedName: name }) };
  }

  getAllTools(): readonly ToolDefinition[] {
    return this.#maps.registry.getAllTools().map((definition) => this.#rename(definition));
  }

  getToolsByCategory(category: ToolCategory): readonly ToolDefinition[] {
    return this.#maps.registry.getToolsByCategory(category).map((definition) => this.#rename(definition));
  }

  getVersions(name: string): readonly string[] {
    const resolved = this.#resolve(name);
    return resolved === undefined ? [] : this.#maps.registry.getVersions(resolved);
  }

  validateArguments(name: string, args: ToolArguments, query?: ToolVersionQuery): ToolValidationSuccess {
    const result = this.#maps.registry.validateArguments(this.#resolve(name) ?? name, args, query);
    return this.#named(result, name);
  }

  tryValidateArguments(name: string, args: ToolArguments, query?: ToolVersionQuery): ToolValidationResult {
    const resolved = this.#resolve(name);
    const result = this.#maps.registry.tryValidateArguments(resolved ?? name, args, query);
    return resolved === undefined ? { ...result, tool: name } : this.#named(result, name);
  }

  tryValidateOutput(name: string, data: JsonValue, query?: ToolVersionQuery): ToolOutputValidation {
    const resolved = this.#resolve(name);
    return resolved === undefined ? this.#maps.registry.tryValidateOutput(name, data, query) : this.#maps.registry.tryValidateOutput(resolved, data, query);
  }

  /** The registry's name of a tool named `name` by the model, or `undefined` when the request has no such tool. */
  #resolve(name: string): string | undefined {
    const declared = this.#maps.toRegistry(name);
    if (declared !== undefined) return declared;
    return this.#maps.registry.findTool(name)?.definition.name;
  }

  #named<T extends ToolValidationResult>(result: T, requested: string): T {
    const tool = this.#maps.toWire(result.tool);
    const { requestedName: _dropped, ...rest } = result;
    return { ...rest, tool, ...(tool === requested ? {} : { requestedName: requested }) } as T;
  }

  /** The definition under its wire name (its aliases are names of ours and are left out); one copy per definition. */
  #rename(definition: ToolDefinition): ToolDefinition {
    let renamed = this.#renamed.get(definition);
    if (renamed === undefined) {
      const { aliases: _aliases, ...rest } = definition;
      renamed = Object.freeze({ ...rest, name: this.#maps.toWire(definition.name) });
      this.#renamed.set(definition, renamed);
    }
    return renamed;
  }
}
