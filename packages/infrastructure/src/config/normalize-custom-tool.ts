import { ERROR_CODES, TOOL_CONSTRAINT_FIELDS, TOOL_DEFINITION_FIELDS } from '@acode/domain';
import type { ConfigWarning } from './acode-config.js';
import { dottedKey, quote } from './describe-value.js';
import { locate } from './locate.js';
import { normalizeCategory } from './normalize-category.js';
import type { ConfigDocument, ConfigPath } from './read-config-file.js';

/** Fields of a `ToolDefinition`; a snake_case key in YAML is renamed to the one it spells. */
const DEFINITION_FIELDS: ReadonlySet<string> = new Set(TOOL_DEFINITION_FIELDS);

/** Fields of `ToolConstraints`, renamed the same way inside `constraints:`. */
const CONSTRAINT_FIELDS: ReadonlySet<string> = new Set(TOOL_CONSTRAINT_FIELDS);

/**
 * Converts one custom tool entry to the shape of a `ToolDefinition`: snake_case keys become the
 * definition's camelCase fields (`required_permissions` → `requiredPermissions`), the category is
 * normalised, and a version YAML read as a number (`1.0`) is kept as the text written, with a
 * warning, rather than silently becoming `1`. Nothing is validated here: an entry that is not a
 * mapping, or a field with a wrong value, is passed on as written so the registry refuses that
 * tool alone and the others still load. JSON Schema inside `parameters` is never touched.
 */
export function normalizeCustomTool(
  entry: unknown,
  path: ConfigPath,
  document: Pick<ConfigDocument, 'file' | 'positionOf' | 'sourceTextOf'>,
  warnings: ConfigWarning[],
): unknown {
  if (!isMapping(entry)) return entry;
  const definition = renameFields(entry, DEFINITION_FIELDS, path, document, warnings);

  if (Object.hasOwn(definition, 'category')) definition['category'] = normalizeCategory(definition['category']);
  if (isMapping(definition['constraints'])) {
    definition['constraints'] = renameFields(definition['constraints'], CONSTRAINT_FIELDS, [...path, 'constraints'], document, warnings);
  }
  if (typeof definition['version'] === 'number') {
    const versionPath = [...path, 'version'];
    const written = document.sourceTextOf(versionPath) ?? String(definition['version']);
    definition['version'] = written;
    warnings.push({
      code: ERROR_CODES.CONFIG_INVALID,
      file: document.file,
      key: dottedKey(versionPath),
      message:
        `${locate(document, versionPath)}: ${dottedKey(versionPath)} is a YAML number (${quote(written)}); ` +
        'write the version as a quoted semantic version such as "1.0.0"',
    });
  }
  return definition;
}

/** Copies a mapping, renaming snake_case keys that spell a known field; camelCase wins when both are written. */
function renameFields(
  mapping: Record<string, unknown>,
  fields: ReadonlySet<string>,
  path: ConfigPath,
  document: Pick<ConfigDocument, 'file' | 'positionOf'>,
  warnings: ConfigWarning[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(mapping)) {
    const camel = snakeToCamel(key);
    const target = camel !== key && fields.has(camel) ? camel : key;
    if (target !== key && Object.hasOwn(mapping, target)) {
      warnings.push({
        code: ERROR_CODES.CONFIG_INVALID,
        file: document.file,
        key: dottedKey([...path, key]),
        message: `${locate(document, [...path, key])}: ${dottedKey([...path, key])} and ${target} are the same field; ${target} is used and ${key} ignored`,
      });
      continue;
    }
    // defineProperty: a `__proto__` key from YAML must stay data, never become a prototype.
    Object.defineProperty(result, target, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
