import { TEXT_CALL_FORMATS, type TextCallFormat } from '@acode/domain';

/**
 * What may start a call written in the text, per text-call format: a string whose first
 * occurrence makes the stream hold the rest of its text back. Single characters stand for every
 * marker that starts with them (`<` for `<tool_call>`, `<|python_tag|>`, DeepSeek's and harmony's
 * tokens, `<think>`...), so no spelling of a marker is missed; longer strings are markers without
 * such a character (`functools[`, `>>>`, harmony's ` to=functions.` before `<|channel|>`).
 */
const FORMAT_TRIGGERS: Readonly<Record<TextCallFormat, readonly string[]>> = Object.freeze({
  tool_call_tag: ['<', '```'],
  tool_calls_marker: ['['],
  python_tag: ['<'],
  function_tag: ['<'],
  qwen3_xml: ['<'],
  deepseek: ['<'],
  kimi: ['<'],
  glm: ['<'],
  minimax: ['<'],
  harmony: ['<', ' to=functions.'],
  granite: ['<'],
  command_r: ['<'],
  functools: ['functools['],
  functionary: ['>>>'],
  internlm: ['<'],
  jamba: ['<'],
  xlam: ['[', '```'],
  nemotron: ['<'],
  apertus: ['<'],
  lfm2: ['<'],
  functiongemma: ['<'],
  pythonic: ['<', '['],
  fenced_json: ['```'],
  bare_json: ['{', '['],
});

/** Where held-back text starts, and how much of the end may be the start of a trigger. */
export interface TriggerScan {
  /** Offset of the first trigger, or -1. */
  readonly at: number;
  /** Length of the longest end of the text that is the beginning of a longer trigger (0 when `at` is found). */
  readonly partial: number;
}

/**
 * Finds where text that may hold a call starts. `<` and `◁` are always triggers, for reasoning
 * tags (`<think>`, Kimi's `◁think▷`) that the parser separates whatever the formats.
 */
export class TextCallTriggers {
  private readonly triggers: readonly string[];

  constructor(formats: readonly TextCallFormat[] = TEXT_CALL_FORMATS) {
    // `<` and Kimi's `◁` open reasoning blocks (`<think>`, `◁think▷`), which the parser separates whatever the formats.
    this.triggers = [...new Set(['<', '\u25c1', ...formats.flatMap((format) => FORMAT_TRIGGERS[format] ?? [])])];
  }

  /** The first trigger in `text`, or the length of a trigger's beginning at its end. */
  scan(text: string): TriggerScan {
    let at = -1;
    for (const trigger of this.triggers) {
      const found = text.indexOf(trigger);
      if (found !== -1 && (at === -1 || found < at)) at = found;
    }
    if (at !== -1) return { at, partial: 0 };
    let partial = 0;
    for (const trigger of this.triggers) {
      for (let length = Math.min(trigger.length - 1, text.length); length > partial; length--) {
        if (text.endsWith(trigger.slice(0, length))) {
          partial = length;
          break;
        }
      }
    }
    return { at, partial };
  }
}

/**
 * The unmarked first call of a message, which no trigger character starts:
 *
 * - Functionary's `NAME\n{...}` at the very start of the output (the template having written
 *   `>>>`), for a declared tool or `all`;
 * - a bare pythonic call `NAME(...)` opening the message, after any whitespace (`pythonic.ts`:
 *   such calls count only as the whole message), for a declared tool, in any case.
 *
 * The text is held while it may still become one: `'trigger'` once it has, `'wait'` while it may,
 * `'no'` once it cannot.
 */
export function leadingNameState(text: string, names: readonly string[]): 'trigger' | 'wait' | 'no' {
  let wait = false;
  for (const name of [...names, 'all']) {
    const line = `${name}\n`;
    if (text.startsWith(line)) return 'trigger';
    if (line.startsWith(text)) wait = true;
  }
  const call = leadingCallState(text, names);
  if (call === 'trigger') return 'trigger';
  return wait || call === 'wait' ? 'wait' : 'no';
}

/** Longest run of whitespace waited through before a bare call: it bounds the work on each piece. */
const MAX_LEADING_SPACE = 64;
/** Longest name looked for, and the spaces allowed between it and `(`. */
const MAX_NAME_TEXT = 192;

/** {@link leadingNameState} for a bare call `NAME(` opening the text. */
function leadingCallState(text: string, names: readonly string[]): 'trigger' | 'wait' | 'no' {
  if (names.length === 0) return 'no';
  let start = 0;
  while (start < text.length && /\s/.test(text[start] as string)) if (++start > MAX_LEADING_SPACE) return 'no';
  // Only the start is read, so a long text costs no more than a short one.
  const opening = text.slice(start, start + MAX_NAME_TEXT).toLowerCase();
  if (opening === '') return 'wait';
  let wait = false;
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower.startsWith(opening)) wait = true;
    if (!opening.startsWith(lower)) continue;
    let at = lower.length;
    while (opening[at] === ' ' || opening[at] === '\t') at++;
    if (opening[at] === '(') return 'trigger';
    if (at === opening.length && at < MAX_NAME_TEXT) wait = true;
  }
  return wait ? 'wait' : 'no';
}
