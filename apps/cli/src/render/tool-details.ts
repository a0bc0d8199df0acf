import { DEFAULT_TOOL_CATEGORY, type JsonSchema, type JsonSchemaObject, type ToolDefinition } from '@acode/domain';
import type { Style } from './style.js';
import { escapeControlCharacters, singleLine } from './text.js';

/** Keywords shown on a parameter's `Constraints:` line, in this order. */
const CONSTRAINT_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'const',
] as const;

/**
 * Renders a definition as 000 scenario 2's detailed view: metadata, one block per parameter
 * (type, required, description, constraints, default, enum), then the schema as JSON.
 */
export function renderToolDetails(tool: ToolDefinition, versions: readonly string[], style: Style): string {
  const text = (value: string): string => escapeControlCharacters(value);
  const lines = [
    `${style.heading('Tool:')} ${text(tool.name)}`,
    `Version: ${text(tool.version)}`,
    `Category: ${tool.category ?? DEFAULT_TOOL_CATEGORY}`,
    `Description: ${text(singleLine(tool.description))}`,
  ];
  if (tool.aliases !== undefined && tool.aliases.length > 0) lines.push(`Aliases: ${tool.aliases.map(text).join(', ')}`);
  if (versions.length > 1) lines.push(`Available versions: ${versions.map(text).join(', ')}`);
  if (tool.kind !== undefined) lines.push(`Kind: ${tool.kind}`);
  if (tool.sideEffects !== undefined) lines.push(`Side effects: ${tool.sideEffects}`);
  if (tool.requiresConfirmation === true) lines.push('Requires confirmation: yes');
  if (tool.requiredPermissions !== undefined && tool.requiredPermissions.length > 0) {
    lines.push(`Permissions: ${tool.requiredPermissions.map(text).join(', ')}`);
  }

  lines.push('', style.heading('Parameters:'));
  const properties = Object.entries(tool.parameters.properties ?? {});
  if (properties.length === 0) lines.push('  (none)');
  const required = new Set(tool.parameters.required ?? []);
  properties.forEach(([name, schema], index) => {
    if (index > 0) lines.push('');
    lines.push(...renderParameter(name, schema, required.has(name)).map(text));
  });

  // JSON.stringify escapes control characters inside strings already.
  lines.push('', style.heading('Schema (JSON):'), JSON.stringify(tool.parameters, null, 2));
  return lines.join('\n') + '\n';
}

function renderParameter(name: string, schema: JsonSchema, required: boolean): string[] {
  const object: JsonSchemaObject = typeof schema === 'boolean' ? {} : schema;
  const lines = [`  ${name} (${describeType(object)}, ${required ? 'required' : 'optional'})`];
  if (typeof object.description === 'string') lines.push(`    Description: ${singleLine(object.description)}`);
  const constraints = CONSTRAINT_KEYWORDS.filter((keyword) => object[keyword] !== undefined).map(
    (keyword) => `${keyword}=${formatValue(object[keyword])}`,
  );
  if (constraints.length > 0) lines.push(`    Constraints: ${constraints.join(', ')}`);
  if (object.default !== undefined) lines.push(`    Default: ${formatValue(object.default)}`);
  if (Array.isArray(object.enum)) lines.push(`    Enum: ${object.enum.map(formatValue).join(', ')}`);
  return lines;
}

/** `string`, `string | null`, `array of string`, `$ref #/$defs/x`, or the composition keyword. */
function describeType(schema: JsonSchemaObject): string {
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array' && typeof schema.items === 'object' && schema.items !== null && typeof schema.items.type === 'string') {
    return `array of ${schema.items.type}`;
  }
  if (typeof schema.type === 'string') return schema.type;
  if (typeof schema.$ref === 'string') return `$ref ${schema.$ref}`;
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) if (Array.isArray(schema[keyword])) return keyword;
  if (schema.const !== undefined) return 'const';
  if (schema.enum !== undefined) return 'enum';
  return 'any';
}

/** Strings bare (as the scenarios show `Default: utf-8`), everything else as JSON. */
function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
