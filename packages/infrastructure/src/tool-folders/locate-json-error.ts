/** The first place JSON text stops being JSON, and what was expected there. */
export interface JsonSyntaxError {
  /** UTF-16 offset of the offending character (the text's length when it ends early). */
  readonly offset: number;
  readonly reason: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'] as const;

type State = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'after-value';

/**
 * Finds the first syntax error of JSON text, for a message with a line and column: Node 20's
 * `JSON.parse` names neither. Iterative with an explicit stack, so it cannot overflow on deep
 * input. Returns `undefined` for valid JSON. Called only after `JSON.parse` failed.
 */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  const closers: string[] = [];
  let state: State = 'value';
  let i = skipSpace(text, 0);
  while (true) {
    if (i >= text.length) {
      return state === 'after-value' && closers.length === 0 ? undefined : { offset: text.length, reason: 'the text ends early' };
    }
    const char = text[i]!;
    switch (state) {
      case 'value':
      case 'value-or-close': {
        if (state === 'value-or-close' && char === ']') {
          closers.pop();
          i += 1;
          state = 'after-value';
          break;
        }
        if (char === '{' || char === '[') {
          closers.push(char === '{' ? '}' : ']');
          i += 1;
          state = char === '{' ? 'key-or-close' : 'value-or-close';
          break;
        }
        const end = scanScalar(text, i);
        if (end === undefined) return { offset: i, reason: `unexpected ${show(char)} where a value was expected` };
        if (typeof end !== 'number') return end;
        i = end;
        state = 'after-value';
        break;
      }
      case 'key':
      case 'key-or-close': {
        if (state === 'key-or-close' && char === '}') {
          closers.pop();
          i += 1;
          state = 'after-value';
          break;
        }
        if (char !== '"') return { offset: i, reason: `unexpected ${show(char)} where a quoted property name was expected` };
        const end = scanString(text, i);
        if (typeof end !== 'number') return end;
        i = end;
        state = 'colon';
        break;
      }
      case 'colon':
        if (char !== ':') return { offset: i, reason: `unexpected ${show(char)} where ":" was expected` };
        i += 1;
        state = 'value';
        break;
      case 'after-value': {
        const closer = closers[closers.length - 1];
        if (closer === undefined) return { offset: i, reason: `unexpected ${show(char)} after the end of the document` };
        if (char === ',') {
          i += 1;
          state = closer === '}' ? 'key' : 'value';
        } else if (char === closer) {
          closers.pop();
          i += 1;
        } else {
          return { offset: i, reason: `unexpected ${show(char)} where "," or "${closer}" was expected` };
        }
        break;
      }
    }
    i = skipSpace(text, i);
  }
}

/** End offset of a string, number or literal at `start`; `undefined` when none starts there. */
function scanScalar(text: string, start: number): number | JsonSyntaxError | undefined {
  if (text[start] === '"') return scanString(text, start);
  NUMBER.lastIndex = start;
  if (NUMBER.test(text)) return NUMBER.lastIndex;
  for (const literal of LITERALS) if (text.startsWith(literal, start)) return start + literal.length;
  return undefined;
}

function scanString(text: string, start: number): number | JsonSyntaxError {
  for (let i = start + 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return { offset: i, reason: 'a control character (such as a raw line break) inside a string; escape it' };
    if (code === 0x5c) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return { offset: i, reason: 'a \\u escape needs four hex digits' };
        i += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
        i += 1;
      } else {
        return { offset: i, reason: `an invalid escape ${show(`\\${next ?? ''}`)} inside a string` };
      }
    }
  }
  return { offset: text.length, reason: 'a string is not closed' };
}

function skipSpace(text: string, start: number): number {
  let i = start;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i += 1;
  return i;
}

function show(text: string): string {
  return JSON.stringify(text);
}
