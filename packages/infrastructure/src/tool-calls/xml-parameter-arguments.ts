import type { JsonObject } from '@acode/domain';
import { scanJsonText } from '../validation/json-text-scanner.js';
import type { ArgumentsTool } from './arguments-tool.js';
import { skipWhitespace } from './content/find-json-end.js';
import { stripOneNewline } from './content/qwen3-xml.js';
import { typeParameterValues } from './content/type-parameter-values.js';

const FUNCTION = '<function=';
const FUNCTION_CLOSE = '</function>';
const PARAMETER = '<parameter=';
const PARAMETER_CLOSE = '</parameter>';
const TOOL_CALL_CLOSE = '</tool_call>';
/** Longest `<parameter=KEY>` or `<function=NAME>` tag read. */
const MAX_TAG_LENGTH = 160;

/**
 * An arguments text made of Qwen3-Coder's XML parameters, as some servers leave them in the
 * arguments field (`<parameter=pattern>**</parameter>`), read as the object they name
 * (`xml_parameters`), each value typed by the tool's schema as the XML calls written in the
 * content are (`typeParameterValues`: a string property keeps the exact text; an integer, number,
 * boolean, null, array or object property reads it as JSON or a Python literal, else keeps the
 * text for validation to refuse). The template's newline after the opening tag and before the
 * closing one is dropped.
 *
 * Only the whole text, so that it has one reading: optional whitespace, optionally a
 * `<function=NAME>` wrapper naming this tool (its `</function>` may be missing at the end), then
 * nothing but `<parameter=KEY>VALUE</parameter>` pairs, each closed, then at most a
 * `</function>` and a `</tool_call>`. Refused (`undefined`, the text then fails as before): a
 * parameter left open, a value holding another `<parameter=` or `<function=` (a closing tag may
 * be missing before it: two readings), a name given twice, a name with spaces, quotes or markup in
 * it, text between the pairs, another tool's name, a JSON value nested deeper than `maxDepth`
 * allows or naming a property twice. Linear in the text.
 */
export function readXmlParameterArguments(text: string, tool: ArgumentsTool, maxDepth: number): JsonObject | undefined {
  let pos = skipWhitespace(text, 0);
  let wrapped = false;
  if (text.startsWith(FUNCTION, pos)) {
    const close = tagEnd(text, pos + FUNCTION.length);
    if (close === undefined) return undefined;
    const name = text.slice(pos + FUNCTION.length, close).trim();
    if (!tool.names.includes(name)) return undefined;
    wrapped = true;
    pos = close + 1;
  }
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const keys = new Set<string>();
  for (;;) {
    pos = skipWhitespace(text, pos);
    if (pos >= text.length || text.startsWith(FUNCTION_CLOSE, pos) || text.startsWith(TOOL_CALL_CLOSE, pos)) break;
    if (!text.startsWith(PARAMETER, pos)) return undefined;
    const close = tagEnd(text, pos + PARAMETER.length);
    if (close === undefined) return undefined;
    const key = text.slice(pos + PARAMETER.length, close).trim();
    if (!isParameterName(key) || keys.has(key)) return undefined;
    const valueStart = close + 1;
    const valueEnd = text.indexOf(PARAMETER_CLOSE, valueStart);
    if (valueEnd === -1) return undefined;
    const value = text.slice(valueStart, valueEnd);
    if (value.includes(PARAMETER) || value.includes(FUNCTION) || value.includes(FUNCTION_CLOSE)) return undefined;
    keys.add(key);
    values[key] = stripOneNewline(value);
    pos = valueEnd + PARAMETER_CLOSE.length;
  }
  // The end: `</function>` (closing the wrapper, or left by the template without it), then `</tool_call>`.
  const closed = text.startsWith(FUNCTION_CLOSE, pos);
  if (closed) pos = skipWhitespace(text, pos + FUNCTION_CLOSE.length);
  if (text.startsWith(TOOL_CALL_CLOSE, pos)) pos = skipWhitespace(text, pos + TOOL_CALL_CLOSE.length);
  if (pos < text.length || (keys.size === 0 && !(wrapped && closed))) return undefined;

  const typed = typeParameterValues(values, tool.parameters);
  for (const key of keys) {
    const value = typed[key];
    // A value read as JSON obeys the limits of JSON arguments: nesting, and no property named twice.
    if (typeof value === 'object' && value !== null) {
      const scan = scanJsonText((values[key] ?? '').trim(), Math.max(maxDepth - 1, 0), { rejectDuplicateKeys: true });
      if (!scan.ok) return undefined;
    }
  }
  return typed;
}

/** The offset of the `>` closing a tag whose name starts at `from`, within {@link MAX_TAG_LENGTH}; no line break before it. */
function tagEnd(text: string, from: number): number | undefined {
  const limit = Math.min(text.length, from + MAX_TAG_LENGTH);
  for (let i = from; i < limit; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3e) return i;
    if (code === 0x0a || code === 0x0d || code === 0x3c) return undefined;
  }
  return undefined;
}

/** A name with no space, quote, markup or `=` in it. */
function isParameterName(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code <= 0x20 || code === 0x22 || code === 0x27 || code === 0x3c || code === 0x3e || code === 0x3d || code === 0x2f || code === 0x60) return false;
  }
  return true;
}
