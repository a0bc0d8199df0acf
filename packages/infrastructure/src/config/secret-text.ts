import { describeValue } from './describe-value.js';

/** What an `*_env` setting accepts: an environment variable's name. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/**
 * Prefixes of API keys and tokens people paste by mistake (OpenAI and Anthropic `sk-`, Stripe
 * `pk_`/`rk_`, Slack `xox*-`, GitHub `ghp_`/`gho_`/`github_pat_`, Hugging Face `hf_`).
 */
export const KEY_LIKE = /^(?:sk|pk|rk|xox[a-z]|ghp|gho|github_pat|hf)[-_]|^bearer\s/i;

/**
 * Whether `text` may be a key or token rather than a name: a known key prefix, mixed case with
 * digits (variable names are written in one case), or a run of 24 or more characters with no `_`
 * (longer than the words of a name). Error messages never echo such text.
 */
export function looksLikeSecret(text: string): boolean {
  if (KEY_LIKE.test(text)) return true;
  if (text.length >= 16 && /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text)) return true;
  return text.split(/[_\-\s.]/).some((part) => part.length >= 24);
}

/** Whether a value given for an `*_env` key can be shown in a message: a plausible variable name only. */
export function showableEnvName(value: unknown): value is string {
  return typeof value === 'string' && ENV_NAME.test(value) && !looksLikeSecret(value);
}

/** The words saying why an `*_env` value is not shown. */
export const NOT_A_VARIABLE_NAME = 'the value given looks like a key itself, not the name of an environment variable, and is not shown';

/**
 * A value given for an address (`base_url`), described for an error message: echoed only when it
 * cannot carry a credential. One with `@` (a user name or password), a query or a fragment (where
 * keys are passed), or that looks like a key is described without its text.
 */
export function describeAddressValue(value: unknown): string {
  if (typeof value !== 'string') return describeValue(value);
  if (value.includes('@')) return 'a string containing "@"';
  if (value.includes('?')) return 'a URL with a query (not shown: it may hold a key)';
  if (value.includes('#')) return 'a URL with a fragment (not shown: it may hold a key)';
  if (looksLikeSecret(value)) return 'a string that looks like a key (not shown)';
  return describeValue(value);
}
