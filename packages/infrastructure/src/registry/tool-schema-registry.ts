import {
  DuplicateToolException,
  InvalidToolDefinitionException,
  METRIC_NAMES,
  SchemaCompilationException,
  SchemaValidationException,
  ToolNotFoundException,
  type IClock,
  type ICorrelationContext,
  type ILogger,
  type IMetrics,
  type ISchemaCompiler,
  type IToolSchemaRegistry,
  type ToolArguments,
  type ToolLookup,
  type ToolOutputValidation,
  type ToolRegistration,
  type ToolUnregistration,
  type ToolRegistrationOptions,
  type ToolRegistryOptions,
  type ToolVersionQuery,
} from '@acode/application';
import {
  closestName,
  canonicalJsonText,
  DEFAULT_TOOL_CATEGORY,
  ERROR_CODES,
  compareSemVer,
  invalidVersionQueryError,
  isSensitiveTool,
  maxSatisfying,
  parseSemVer,
  parseVersionRange,
  toolNameKey,
  validateToolDefinition,
  DEFINITION_RULES,
  type DefinitionRule,
  type JsonValue,
  type ToolCategory,
  type ToolDefinition,
  type ToolValidationFailure,
  type ToolValidationResult,
  type ToolValidationSuccess,
  type ValidationError,
} from '@acode/domain';
import { findUnanchoredPatterns } from '../schema/unanchored-patterns.js';
import { buildSchemaHint } from '../validation/schema-hint.js';
import { parseArguments } from '../validation/parse-arguments.js';
import { unsafeIntegerErrors } from '../validation/unsafe-integers.js';
import { confirmedCompileMs } from './confirmed-compile-time.js';
import { deepFreeze } from './deep-freeze.js';
import { RegistrySnapshot, type RegisteredVersion, type ToolEntry } from './registry-snapshot.js';

/** Compilation slower than this, measured again to rule out a busy machine, is logged as a warning (000's budget). */
const SLOW_COMPILATION_MS = 10;

/** Longest tool name echoed back in errors and logs; names come from models. */
const MAX_ECHOED_NAME_LENGTH = 64;

/** How a name and version query resolved. */
interface Resolution {
  readonly entry: ToolEntry;
  readonly version: RegisteredVersion | undefined;
  readonly requestedName?: string;
}

/**
 * The strict tool schema registry (004 FR-008..074): checks each definition with the domain
 * rules, compiles its schema once, and validates tool-call arguments against it.
 *
 * Concurrency: JavaScript runs this object on one thread, so the hazard is not torn writes but
 * readers observing a half-applied registration across an `await`. State lives in an immutable
 * {@link RegistrySnapshot} swapped by one assignment at the end of a synchronous
 * `registerTool`; validation reads one snapshot and never awaits. Worker threads each hold their
 * own registry, built from the same providers.
 */
export class ToolSchemaRegistry implements IToolSchemaRegistry {
  private snapshot: RegistrySnapshot = RegistrySnapshot.empty;
  private readonly hints = new WeakMap<RegisteredVersion, string>();
  /** Lower-cased names and aliases of built-in tools → the built-in's name. Only grows. */
  private readonly builtInNames = new Map<string, string>();

  constructor(
    private readonly compiler: ISchemaCompiler,
    private readonly logger: ILogger,
    private readonly metrics: IMetrics,
    private readonly correlation: ICorrelationContext,
    private readonly clock: IClock,
    private readonly options: ToolRegistryOptions,
    /** The definition rules a definition must pass: all of them unless a caller (a gateway's loose registry) names fewer. */
    private readonly rules: readonly DefinitionRule[] = DEFINITION_RULES,
  ) {}

  get size(): number {
    return this.snapshot.entries.size;
  }

  registerTool(definition: ToolDefinition, options: ToolRegistrationOptions = {}): ToolRegistration {
    const violations = validateToolDefinition(definition, this.rules);
    const name = typeof definition?.name === 'string' ? definition.name : '';
    if (violations.length > 0) throw new InvalidToolDefinitionException(echo(name), violations);
    const builtIn = options.builtIn === true;

    // Stored form: a private deep-frozen copy, so neither the caller nor a reader can change it (BP-008).
    const stored = deepFreeze(structuredClone({ ...definition, category: definition.category ?? DEFAULT_TOOL_CATEGORY })) as ToolDefinition;
    const canonical = canonicalJsonText(stored);
    const semver = parseSemVer(stored.version)!; // the version rule already proved it parses
    const current = this.snapshot;
    const key = toolNameKey(stored.name);
    const existing = current.entries.get(key);
    const sameVersion = existing?.versions.find((v) => compareSemVer(v.semver, semver) === 0);
    // The same definition again (a built folder that extends a core tool): nothing to compile.
    if (sameVersion?.canonical === canonical) {
      return { status: 'unchanged', definition: sameVersion.definition, schemaHash: sameVersion.compiled.hash };
    }
    // 001 §9: a built-in's name and aliases are its own; no other definition takes them, in any version.
    if (!builtIn) this.assertNotBuiltIn(stored);

    const started = this.clock.now();
    const compiled = this.compiler.compile(definition.parameters, this.options.limits);
    // 001 §5.1: an output schema is checked like the parameters, by the same compiler, and refused the same way.
    const output = definition.outputSchema === undefined ? undefined : this.compiler.compile(definition.outputSchema, this.options.limits, { role: 'outputSchema' });
    const compileMs = this.clock.now() - started;
    const refused = [...(compiled.ok ? [] : compiled.violations), ...(output === undefined || output.ok ? [] : output.violations)];
    if (refused.length > 0 || !compiled.ok) throw new SchemaCompilationException(name, refused);
    if (compileMs > SLOW_COMPILATION_MS) {
      // One slow wall-time reading is as likely a busy machine or a cold start: measured again before warning.
      const confirmedMs = confirmedCompileMs(() => {
        this.compiler.compile(definition.parameters, this.options.limits);
        if (definition.outputSchema !== undefined) this.compiler.compile(definition.outputSchema, this.options.limits, { role: 'outputSchema' });
      }, this.clock);
      if (confirmedMs > SLOW_COMPILATION_MS) {
        this.logger.warn(`Schema compilation slow for tool '${name}' (${confirmedMs.toFixed(1)} ms, more than ${SLOW_COMPILATION_MS} ms)`, {
          event: 'SchemaCompilationSlow',
          tool_name: name,
          compilation_ms: confirmedMs,
        });
      }
    }
    if (sameVersion) throw new DuplicateToolException(stored.name, stored.version);
    this.assertNamesFree(current, stored, existing);

    const version: RegisteredVersion = {
      definition: stored,
      semver,
      compiled: compiled.compiled,
      ...(output?.ok === true ? { output: output.compiled } : {}),
      canonical,
    };
    const versions = [...(existing?.versions ?? []), version].sort((a, b) => compareSemVer(b.semver, a.semver));
    const entries = new Map(current.entries).set(key, { name: versions[0]!.definition.name, versions });
    const aliases = new Map(current.aliases);
    for (const alias of stored.aliases ?? []) aliases.set(toolNameKey(alias), key);
    this.snapshot = new RegistrySnapshot(entries, aliases);
    if (builtIn) for (const claimed of [stored.name, ...(stored.aliases ?? [])]) this.builtInNames.set(toolNameKey(claimed), stored.name);

    this.logger.info(`Registering tool '${stored.name}' v${stored.version} (hash: ${compiled.compiled.hash})`, {
      event: 'ToolRegistered',
      tool_name: stored.name,
      version: stored.version,
      schema_hash: compiled.compiled.hash,
      schema_size_bytes: compiled.compiled.sizeBytes,
    });
    for (const found of findUnanchoredPatterns(stored.parameters)) {
      // Decision 7: `pattern` is a search; an unanchored one is usually a mistake, never refused.
      this.logger.warn(`Unanchored pattern in tool '${stored.name}' at parameters${found.pointer}: it matches any value containing a match; anchor it with ^...$`, {
        event: 'SchemaPatternUnanchored',
        code: ERROR_CODES.SCHEMA_PATTERN_UNANCHORED,
        tool_name: stored.name,
        schema_path: `parameters${found.pointer}`,
      });
    }
    this.metrics.increment(METRIC_NAMES.registrationsTotal, { tool_name: stored.name });
    this.metrics.setGauge(METRIC_NAMES.registrySize, entries.size);
    return { status: 'registered', definition: stored, schemaHash: compiled.compiled.hash };
  }

  unregisterTool(name: string, version: string): ToolUnregistration {
    const current = this.snapshot;
    const key = typeof name === 'string' ? toolNameKey(name) : '';
    if (this.builtInNames.has(key)) return 'built_in';
    const entry = current.entries.get(key);
    const semver = typeof version === 'string' ? parseSemVer(version) : undefined;
    const removed = semver === undefined ? undefined : entry?.versions.find((v) => compareSemVer(v.semver, semver) === 0);
    if (entry === undefined || removed === undefined) return 'not_found';
    const versions = entry.versions.filter((v) => v !== removed);
    const entries = new Map(current.entries);
    const aliases = new Map(current.aliases);
    if (versions.length === 0) {
      entries.delete(key);
    } else {
      entries.set(key, { name: versions[0]!.definition.name, versions });
    }
    // Aliases the remaining versions still declare stay; the others go.
    const kept = new Set(versions.flatMap((v) => (v.definition.aliases ?? []).map(toolNameKey)));
    for (const alias of removed.definition.aliases ?? []) if (!kept.has(toolNameKey(alias))) aliases.delete(toolNameKey(alias));
    this.snapshot = new RegistrySnapshot(entries, aliases);
    this.logger.info(`Unregistering tool '${removed.definition.name}' v${removed.definition.version}`, {
      event: 'ToolUnregistered',
      tool_name: removed.definition.name,
      version: removed.definition.version,
    });
    this.metrics.setGauge(METRIC_NAMES.registrySize, entries.size);
    return 'removed';
  }

  getToolDefinition(name: string, query?: ToolVersionQuery): ToolDefinition {
    const found = this.findTool(name, query);
    if (!found) throw this.notFound(name, query?.version);
    return found.definition;
  }

  findTool(name: string, query?: ToolVersionQuery): ToolLookup | undefined {
    const resolution = this.resolve(this.snapshot, name, query?.version);
    if (!resolution?.version) return undefined;
    return withRequestedName({ definition: resolution.version.definition }, resolution.requestedName);
  }

  getAllTools(): readonly ToolDefinition[] {
    return this.snapshot.all;
  }

  getToolsByCategory(category: ToolCategory): readonly ToolDefinition[] {
    return this.snapshot.byCategory(category);
  }

  getVersions(name: string): readonly string[] {
    const resolution = this.resolve(this.snapshot, name, undefined);
    return resolution ? resolution.entry.versions.map((v) => v.definition.version) : [];
  }

  validateArguments(name: string, args: ToolArguments, query?: ToolVersionQuery): ToolValidationSuccess {
    const result = this.tryValidateArguments(name, args, query);
    if (result.success) return result;
    if (result.errors[0]?.code === ERROR_CODES.UNKNOWN_TOOL) throw this.notFound(name, query?.version);
    throw new SchemaValidationException(result);
  }

  tryValidateArguments(name: string, args: ToolArguments, query?: ToolVersionQuery): ToolValidationResult {
    const started = this.clock.now();
    const correlationId = this.correlation.current();
    const snapshot = this.snapshot;
    const resolution = typeof name === 'string' ? this.resolve(snapshot, name, query?.version) : undefined;

    const badRange = resolution && !resolution.version ? invalidVersionQueryError(query?.version) : undefined;
    if (resolution && badRange) {
      // A known tool asked for with a malformed range: a typo, not a missing version (issue 13).
      const failure: ToolValidationFailure = {
        success: false,
        tool: resolution.entry.name,
        errors: [{ ...badRange, suggestion: `${badRange.suggestion}; available: ${resolution.entry.versions.map((v) => v.definition.version).join(', ')}` }],
        correlationId,
      };
      this.recordFailure(failure, resolution.entry.name, started);
      return failure;
    }
    if (!resolution?.version) {
      const failure = this.unknownToolFailure(snapshot, String(name), query?.version, correlationId);
      this.recordFailure(failure, 'unknown', started);
      return failure;
    }

    const { definition, compiled } = resolution.version;
    const parsed = parseArguments(args, this.options.limits);
    const maxErrors = this.options.limits.maxValidationErrors;
    let errors: readonly ValidationError[] = parsed.ok ? [] : [parsed.error];
    let omittedErrors = 0;
    if (parsed.ok) {
      // Integers JSON.parse rounded, where the schema does not declare `number` (issue 13).
      const unsafe = parsed.unsafeIntegers === undefined ? [] : unsafeIntegerErrors(parsed.unsafeIntegers, definition.parameters, maxErrors);
      const options = { includeActualValues: this.options.includeActualValues && !isSensitiveTool(definition), maxErrors: Math.max(1, maxErrors - unsafe.length) };
      const validated = compiled.validateCounted ? compiled.validateCounted(parsed.value, options) : { errors: compiled.validate(parsed.value, options), omittedErrors: 0 };
      const all = [...unsafe, ...validated.errors];
      errors = all.slice(0, maxErrors);
      omittedErrors = validated.omittedErrors + (all.length - errors.length);
    }

    if (errors.length > 0) {
      const failure: ToolValidationFailure = withRequestedName(
        {
          success: false,
          tool: definition.name,
          version: definition.version,
          errors,
          ...(omittedErrors > 0 ? { omittedErrors } : {}),
          schemaHint: this.schemaHint(resolution.version),
          correlationId,
        },
        resolution.requestedName,
      );
      this.recordFailure(failure, definition.name, started);
      return failure;
    }

    const success: ToolValidationSuccess = withRequestedName(
      {
        success: true,
        tool: definition.name,
        version: definition.version,
        arguments: this.options.applyDefaults === false ? (parsed.ok ? parsed.value : {}) : compiled.applyDefaults(parsed.ok ? parsed.value : {}),
        correlationId,
      },
      resolution.requestedName,
    );
    const elapsedMs = this.clock.now() - started;
    this.logger.debug(`Validation succeeded for tool '${definition.name}'`, {
      event: 'ValidationSucceeded',
      tool_name: definition.name,
      correlation_id: correlationId,
      validation_ms: elapsedMs,
    });
    this.metrics.increment(METRIC_NAMES.validationsTotal, { tool_name: definition.name, result: 'success' });
    this.metrics.observe(METRIC_NAMES.validationSeconds, elapsedMs / 1000, { tool_name: definition.name });
    return success;
  }

  tryValidateOutput(name: string, data: JsonValue, query?: ToolVersionQuery): ToolOutputValidation {
    const resolution = typeof name === 'string' ? this.resolve(this.snapshot, name, query?.version) : undefined;
    if (!resolution?.version) {
      const message = `Unknown tool: '${echo(String(name))}'`;
      return { valid: false, errors: [{ path: '', code: ERROR_CODES.UNKNOWN_TOOL, message }] };
    }
    const { output } = resolution.version;
    if (output === undefined) return { valid: true, checked: false };
    // Results are the tool's, not the model's: their values stay out of the errors (they go to logs).
    const errors = output.validate(data, { includeActualValues: false, maxErrors: this.options.limits.maxValidationErrors });
    return errors.length === 0 ? { valid: true, checked: true } : { valid: false, errors };
  }

  /** Resolves a name (case, alias) and a version or range against one snapshot. */
  private resolve(snapshot: RegistrySnapshot, name: string, version: string | undefined): Resolution | undefined {
    if (typeof name !== 'string') return undefined;
    const key = toolNameKey(name);
    const canonicalKey = snapshot.entries.has(key) ? key : snapshot.aliases.get(key);
    const entry = canonicalKey === undefined ? undefined : snapshot.entries.get(canonicalKey);
    if (!entry) return undefined;
    const requestedName = name === entry.name ? undefined : name;
    return { entry, version: pickVersion(entry, version), ...(requestedName === undefined ? {} : { requestedName }) };
  }

  /** Refuses a definition that is not built-in and claims a built-in's name or alias. */
  private assertNotBuiltIn(definition: ToolDefinition): void {
    for (const claimed of [definition.name, ...(definition.aliases ?? [])]) {
      const owner = this.builtInNames.get(toolNameKey(claimed));
      if (owner === undefined) continue;
      const names = [...this.builtInNames].filter(([, name]) => name === owner).map(([key]) => key);
      throw new DuplicateToolException(
        echo(definition.name),
        echo(definition.version),
        `as built-in tool '${owner}' (it claims '${echo(claimed)}'): the names and aliases of a built-in (${names.join(', ')}) cannot be taken by tools from configuration or tool folders, in any version; choose another name`,
        { builtIn: true },
      );
    }
  }

  /** A new tool's name and aliases may not collide with another tool's name or aliases. */
  private assertNamesFree(snapshot: RegistrySnapshot, definition: ToolDefinition, existing: ToolEntry | undefined): void {
    const ownKey = toolNameKey(definition.name);
    if (!existing && snapshot.aliases.has(ownKey)) {
      throw new DuplicateToolException(definition.name, definition.version, `as an alias of '${snapshot.aliases.get(ownKey)}'`);
    }
    for (const alias of definition.aliases ?? []) {
      const aliasKey = toolNameKey(alias);
      const owner = snapshot.aliases.get(aliasKey);
      if (snapshot.entries.has(aliasKey) || (owner !== undefined && owner !== ownKey)) {
        throw new DuplicateToolException(definition.name, definition.version, `: alias '${alias}' is taken by '${owner ?? alias}'`);
      }
    }
  }

  private schemaHint(version: RegisteredVersion): string {
    let hint = this.hints.get(version);
    if (hint === undefined) {
      hint = buildSchemaHint(version.definition.name, version.definition.parameters);
      this.hints.set(version, hint);
    }
    return hint;
  }

  private unknownToolFailure(snapshot: RegistrySnapshot, name: string, version: string | undefined, correlationId: string): ToolValidationFailure {
    const shown = echo(name);
    const known = this.resolve(snapshot, name, undefined);
    const didYouMean = known ? undefined : closestName(name, [...snapshot.names, ...snapshot.aliases.keys()]);
    const message = known
      ? `Unknown tool: '${known.entry.name}' has no version matching '${echo(version ?? '')}' (available: ${known.entry.versions.map((v) => v.definition.version).join(', ')})`
      : `Unknown tool: '${shown}'`;
    // The closest name travels once, in `didYouMean`: repeating it here printed it twice.
    const suggestion = known ? `Use one of the available versions, or omit the version for the highest` : 'Use one of the available tools';
    return {
      success: false,
      tool: known ? known.entry.name : shown,
      errors: [{ path: '', code: ERROR_CODES.UNKNOWN_TOOL, message, suggestion }],
      availableTools: snapshot.names,
      ...(didYouMean ? { didYouMean: resolveAliasName(snapshot, didYouMean) } : {}),
      correlationId,
    };
  }

  private notFound(name: string, version: string | undefined): ToolNotFoundException {
    const snapshot = this.snapshot;
    const didYouMean = closestName(String(name), [...snapshot.names]);
    return new ToolNotFoundException(echo(String(name)), {
      availableTools: snapshot.names,
      ...(version === undefined ? {} : { version: echo(version) }),
      ...(didYouMean ? { didYouMean } : {}),
    });
  }

  /** Logs and counts a failed validation; never logs argument values (decision 12). */
  private recordFailure(failure: ToolValidationFailure, toolLabel: string, started: number): void {
    const elapsedMs = this.clock.now() - started;
    const level = this.options.validationFailureLogLevel;
    this.logger[level](`Validation failed for tool '${failure.tool}'`, {
      event: 'ValidationFailed',
      tool_name: failure.tool,
      correlation_id: failure.correlationId,
      error_count: failure.errors.length,
      first_error_code: failure.errors[0]?.code,
      error_summary: failure.errors
        .slice(0, 5)
        .map((e) => `${e.code} at ${e.path || '/'}`)
        .join('; '),
      duration_ms: elapsedMs,
    });
    // Unknown names are bucketed under one label: they come from models and would grow the series without bound.
    this.metrics.increment(METRIC_NAMES.validationsTotal, { tool_name: toolLabel, result: 'failure' });
    this.metrics.observe(METRIC_NAMES.validationSeconds, elapsedMs / 1000, { tool_name: toolLabel });
    for (const error of failure.errors) {
      this.metrics.increment(METRIC_NAMES.validationErrorsTotal, { tool_name: toolLabel, error_code: error.code });
    }
  }
}

/** Picks a version: highest when none asked, exact when a version, highest matching when a range. */
function pickVersion(entry: ToolEntry, version: string | undefined): RegisteredVersion | undefined {
  if (version === undefined || version.trim() === '') return entry.versions[0];
  const exact = parseSemVer(version.trim());
  if (exact) return entry.versions.find((v) => compareSemVer(v.semver, exact) === 0);
  const range = parseVersionRange(version);
  if (!range) return undefined;
  const best = maxSatisfying(
    entry.versions.map((v) => v.definition.version),
    version,
  );
  return best === undefined ? undefined : entry.versions.find((v) => v.definition.version === best);
}

function resolveAliasName(snapshot: RegistrySnapshot, name: string): string {
  const key = snapshot.aliases.get(name);
  return key === undefined ? name : (snapshot.entries.get(key)?.name ?? name);
}

function withRequestedName<T extends object>(value: T, requestedName: string | undefined): T {
  return requestedName === undefined ? value : { ...value, requestedName };
}

/** A name as it may be repeated back: bounded, control characters shown as escapes. */
function echo(name: string): string {
  const cut = name.length > MAX_ECHOED_NAME_LENGTH ? `${name.slice(0, MAX_ECHOED_NAME_LENGTH)}…` : name;
  return cut.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
