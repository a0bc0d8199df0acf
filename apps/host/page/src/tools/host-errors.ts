import type { ParamNode } from './schema-model.js';

/** Refusals of the host placed on a parameter: the keys of the fields concerned and the sentences. */
export interface NodeErrors {
  readonly keys: ReadonlySet<string>;
  readonly texts: readonly string[];
}

/** One refusal of the host: a code, a JSON Pointer into the definition, a sentence. */
export interface Violation {
  readonly code?: string;
  readonly path: string;
  readonly message: string;
}

/** Where the host's refusals go: beside a top-level field, on a parameter node, or in the list above the form. */
export interface PlacedErrors {
  readonly fields: Readonly<Record<string, string[]>>;
  readonly nodes: Readonly<Record<string, NodeErrors>>;
  readonly unplaced: readonly string[];
}

/** Top-level fields of the form, by the first segment of the JSON Pointer of the definition they edit. */
const FIELDS = ['name', 'description', 'category', 'version', 'requiresConfirmation', 'outputSchema'];
/** The constraints' fields, by their key under `/constraints`. */
const CONSTRAINTS = ['maxExecutionTimeMs', 'maxOutputSizeBytes', 'requiredIsolation'];

/** A parameter field's key in the form, by the schema keyword the host names. */
const KEYWORD_FIELD: Readonly<Record<string, string>> = {
  type: 'type',
  description: 'description',
  enum: 'enum',
  default: 'default',
  minimum: 'min',
  minLength: 'min',
  minItems: 'min',
  maximum: 'max',
  maxLength: 'max',
  maxItems: 'max',
};

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The violations of a refusal body (`{error: {errors: [...]}}`), or one made of its message. */
export function violationsOf(body: unknown, fallback: { code: string; message: string }): Violation[] {
  const error = (body as { error?: { errors?: unknown } } | undefined)?.error;
  if (error !== undefined && Array.isArray(error.errors) && error.errors.length > 0) {
    return error.errors.map((item: { code?: string; path?: string; message?: string }) => ({ code: item.code, path: typeof item.path === 'string' ? item.path : '', message: String(item.message ?? '') }));
  }
  return [{ code: fallback.code, path: '', message: fallback.message }];
}

/** Places each violation beside what it concerns: a field, a parameter (at any depth), or above the form. */
export function placeErrors(violations: readonly Violation[], root: ParamNode): PlacedErrors {
  const fields: Record<string, string[]> = {};
  const nodes: Record<string, { keys: Set<string>; texts: string[] }> = {};
  const unplaced: string[] = [];
  for (const violation of violations) {
    const text = violation.code ? `${violation.message} (${violation.code})` : violation.message;
    const segments = violation.path.split('/').slice(1).map(unescape);
    const [head, ...rest] = segments;
    if (head !== undefined && FIELDS.includes(head)) {
      (fields[head] ??= []).push(text);
      continue;
    }
    if (head === 'constraints') {
      const key = rest[0] !== undefined && CONSTRAINTS.includes(rest[0]) ? rest[0] : 'maxExecutionTimeMs';
      (fields[key] ??= []).push(text);
      continue;
    }
    if (head !== 'parameters') {
      unplaced.push(violation.path ? `${violation.path}: ${text}` : text);
      continue;
    }
    // Walk down the tree: `properties/<name>` to a property, `items` to an element.
    let node = root;
    let index = 0;
    for (; index < rest.length; index++) {
      const segment = rest[index];
      if (segment === 'properties' && rest[index + 1] !== undefined && node.properties !== undefined) {
        const child = node.properties.find((item) => item.name.trim() === rest[index + 1]);
        if (child === undefined) break;
        node = child;
        index++;
      } else if (segment === 'items' && node.items !== undefined) {
        node = node.items;
      } else {
        break;
      }
    }
    if (node === root) {
      unplaced.push(`${violation.path}: ${text}`);
      continue;
    }
    const keyword = rest[index];
    const entry = (nodes[node.uid] ??= { keys: new Set(), texts: [] });
    entry.keys.add(keyword === undefined ? 'name' : (KEYWORD_FIELD[keyword] ?? (keyword === 'required' ? 'name' : 'type')));
    entry.texts.push(text);
  }
  return { fields, nodes, unplaced };
}
