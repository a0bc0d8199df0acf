/** How one configuration key (a scalar, or a list of names) is checked; the tables of `tool_registry:` and `tool_call:` are made of these. */
export type SettingRule =
  | { readonly type: 'integer'; readonly min: number; readonly max: number; readonly unit?: string; readonly default: number }
  | {
      readonly type: 'boolean';
      readonly default: boolean;
      /** A value the project does not honour: refused with `error`, or accepted and ignored with a `warning`. */
      readonly unsupported?: { readonly value: boolean; readonly severity: 'error' | 'warning'; readonly reason: string };
    }
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly default: string }
  | {
      readonly type: 'string';
      /** Largest value in UTF-8 bytes; an empty string is never accepted. */
      readonly maxBytes: number;
      /**
       * The `{name}` placeholders the text may use. Any other is accepted with a warning: it is
       * most likely a typo, and it would reach the model as written.
       */
      readonly placeholders?: readonly string[];
      readonly default: string;
    }
  | {
      /** A list of distinct names taken from `values`, in an order that matters (a priority). */
      readonly type: 'list';
      readonly values: readonly string[];
      readonly default: readonly string[];
    };

/** The value type a rule accepts. */
export type SettingValue = number | boolean | string | readonly string[];

/** The allowed values of a rule, as an error message states them. */
export function describeRule(rule: SettingRule): string {
  switch (rule.type) {
    case 'integer':
      return `an integer from ${rule.min} to ${rule.max}${rule.unit ? ` (${rule.unit})` : ''}`;
    case 'boolean':
      return rule.unsupported ? String(!rule.unsupported.value) : 'true or false';
    case 'enum':
      return `one of ${rule.values.join(', ')}`;
    case 'string':
      return `a non-empty string of at most ${rule.maxBytes} bytes`;
    case 'list':
      return `a non-empty list of distinct names from: ${rule.values.join(', ')}`;
  }
}
