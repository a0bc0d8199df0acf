import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { LineCounter, isNode, parseDocument, type Document } from 'yaml';
import type { ConfigWarning } from './acode-config.js';
import { MAX_CONFIG_ALIAS_COUNT, MAX_CONFIG_DEPTH, MAX_CONFIG_FILE_BYTES } from './config-limits.js';

/** How configuration YAML is parsed, wherever it is parsed (reading, editing). */
export const CONFIG_YAML_OPTIONS = Object.freeze({
  prettyErrors: false,
  uniqueKeys: true,
  // YAML 1.1 tags such as !!binary would turn into Buffers and dates; a config has no use for them.
  resolveKnownTags: false,
} as const);

/** A path into a parsed file: mapping keys and list indexes. */
export type ConfigPath = readonly (string | number)[];

/** One configuration file, parsed and checked for size, syntax, aliases and depth. */
export interface ConfigDocument {
  /** Absolute path of the file. */
  readonly file: string;
  /** The file's content as plain data (`null` for an empty file). */
  readonly data: unknown;
  /** What the YAML parser warned about (unknown tags); never fatal. */
  readonly warnings: readonly ConfigWarning[];
  /** Line and column (1-based) of the value at `path`, when it is in the file. */
  positionOf(path: ConfigPath): { readonly line: number; readonly column: number } | undefined;
  /** The text of the scalar at `path` exactly as written (`1.0` for a YAML number), when there is one. */
  sourceTextOf(path: ConfigPath): string | undefined;
}

/**
 * Reads and parses one YAML configuration file. Refuses, with ACODE-CFG-001 and never a stack
 * trace: a missing or unreadable file, anything that is not a regular file, files over 1 MiB
 * (checked before reading), text that is not UTF-8, YAML syntax errors (with line and column),
 * several documents in one file, alias bombs, and nesting deeper than {@link MAX_CONFIG_DEPTH}
 * (which also catches self-referencing aliases).
 */
export function readConfigFile(file: string): ConfigDocument {
  return parseConfigText(file, readConfigText(file));
}

/**
 * The text of a configuration file, refused (ACODE-CFG-001) when missing, not a regular file,
 * over 1 MiB or not UTF-8. `config set` edits this text.
 */
export function readConfigText(file: string): string {
  return decodeUtf8(file, readBounded(file));
}

/**
 * Parses configuration text as if read from `file` (which names it in messages), with every
 * check of {@link readConfigFile} after reading: syntax, one document, aliases, depth.
 */
export function parseConfigText(file: string, text: string): ConfigDocument {
  const lineCounter = new LineCounter();
  let document: Document;
  let data: unknown;
  try {
    document = parseDocument(text, { lineCounter, ...CONFIG_YAML_OPTIONS });
    const syntaxError = document.errors[0];
    if (syntaxError) {
      const { line, col } = lineCounter.linePos(syntaxError.pos[0]);
      const more = document.errors.length > 1 ? ` (and ${document.errors.length - 1} more)` : '';
      throw unreadable(file, `${file}:${line}:${col}: YAML syntax error: ${syntaxError.message}${more}`);
    }
    data = document.toJS({ maxAliasCount: MAX_CONFIG_ALIAS_COUNT });
  } catch (error) {
    if (error instanceof ConfigurationException) throw error;
    // yaml throws a ReferenceError for excessive aliases; anything else (a stack overflow on
    // absurd input) is reported the same way: the file cannot be used, and why in plain words.
    const reason =
      error instanceof ReferenceError && /alias/i.test(error.message)
        ? `uses YAML aliases that expand too far (more than ${MAX_CONFIG_ALIAS_COUNT} expansions); aliases this large are refused as a resource exhaustion attack`
        : 'cannot be parsed as YAML';
    throw unreadable(file, `Configuration file ${file} ${reason}`);
  }
  assertDepth(file, data);

  const warnings: ConfigWarning[] = document.warnings.map((warning) => {
    const { line, col } = lineCounter.linePos(warning.pos[0]);
    return {
      code: ERROR_CODES.CONFIG_UNREADABLE,
      file,
      key: '',
      message: `${file}:${line}:${col}: ${warning.message}; the value is read as a plain string`,
    };
  });

  const nodeAt = (path: ConfigPath): unknown => document.getIn(path, true);
  return {
    file,
    data,
    warnings,
    positionOf(path) {
      const node = nodeAt(path);
      const offset = isNode(node) ? node.range?.[0] : undefined;
      if (offset === undefined) return undefined;
      const { line, col } = lineCounter.linePos(offset);
      return { line, column: col };
    },
    sourceTextOf(path) {
      const node = nodeAt(path);
      if (!isNode(node) || !('source' in node)) return undefined;
      return typeof node.source === 'string' ? node.source : undefined;
    },
  };
}

/** Reads at most one byte past the limit, so a huge (or endless) file is never pulled into memory. */
function readBounded(file: string): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw unreadable(file, describeFsError(file, error));
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw unreadable(file, `Configuration file ${file} is not a regular file`);
    if (stats.size > MAX_CONFIG_FILE_BYTES) throw tooLarge(file, stats.size);
    const buffer = Buffer.alloc(MAX_CONFIG_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      // The file grew after fstat; the limit holds either way.
      if (length > MAX_CONFIG_FILE_BYTES) throw tooLarge(file, length);
    }
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof ConfigurationException) throw error;
    throw unreadable(file, describeFsError(file, error));
  } finally {
    closeSync(fd);
  }
}

function decodeUtf8(file: string, bytes: Buffer): string {
  try {
    // fatal: a config in another encoding would otherwise parse into silently wrong strings.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unreadable(file, `Configuration file ${file} is not valid UTF-8 text`);
  }
}

/** Walks the parsed data without recursion; a cycle (from a self-referencing alias) exceeds any depth. */
function assertDepth(file: string, data: unknown): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_CONFIG_DEPTH) {
      throw unreadable(
        file,
        `Configuration file ${file} nests mappings and lists deeper than ${MAX_CONFIG_DEPTH} levels; ` +
          'note that a value may not contain itself through an alias',
      );
    }
    for (const child of Object.values(value)) pending.push({ value: child, depth: depth + 1 });
  }
}

function describeFsError(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return `Configuration file not found: ${file}`;
    case 'EACCES':
    case 'EPERM':
      return `Configuration file ${file} cannot be read: permission denied`;
    case 'EISDIR':
      return `Configuration file ${file} is not a regular file`;
    default:
      return `Configuration file ${file} cannot be read${code ? ` (${code})` : ''}`;
  }
}

function tooLarge(file: string, size: number): ConfigurationException {
  return unreadable(file, `Configuration file ${file} is ${size} bytes; at most ${MAX_CONFIG_FILE_BYTES} bytes (1 MiB) are read`);
}

function unreadable(file: string, message: string): ConfigurationException {
  return new ConfigurationException(ERROR_CODES.CONFIG_UNREADABLE, message, { file });
}
