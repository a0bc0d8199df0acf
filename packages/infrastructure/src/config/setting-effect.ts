import { GATEWAY_SETTINGS } from './gateway-settings.js';

/** When a changed setting takes effect in a running host: on its next requests, or only after a restart. */
export type SettingEffect = 'live' | 'restart';

/**
 * `gateway:` keys a running host applies at once: where and how the gateway forwards (the
 * upstream, the model map, its limits, timeouts and what it does with an invalid call). The
 * gateway is rebuilt from the new file and swapped in, so requests already in flight finish on
 * the settings they started with.
 */
const LIVE_GATEWAY_KEYS: ReadonlySet<string> = new Set(['upstream', 'models', ...Object.keys(GATEWAY_SETTINGS)]);

/**
 * Whether a running host applies the setting `key` (dotted, as `config set` takes it) at once or
 * needs a restart. One rule for the host's reload and for what `config set` tells the user.
 *
 * Live: `gateway.upstream.*`, `gateway.models`, the gateway's limits and timeouts,
 * `gateway.on_invalid`, `gateway.strict`, and everything under `model.` (the providers' connection
 * and `tool_call` retry settings, which only the gateway uses in the host).
 *
 * Restart: `gateway.auth_token_env`, `gateway.allowed_origins` and `gateway.allowed_hosts` (the
 * access rule every route checks is fixed when the server starts, and a token must never change
 * under a client already admitted), `tool_registry.*` and `tools.*` (the registry compiles and
 * registers its tools once, at start), `execution.*` (the confinement of tool handlers is set
 * when the container is built), and `license.*` (the tier is fixed for the life of the process).
 */
export function settingEffect(key: string): SettingEffect {
  const [section, second] = key.split('.');
  if (section === 'model') return 'live';
  if (section === 'gateway' && second !== undefined && LIVE_GATEWAY_KEYS.has(second)) return 'live';
  return 'restart';
}

/** Changed keys sorted into those a running host applies at once and those that need a restart. */
export function sortByEffect(keys: readonly string[]): { readonly live: readonly string[]; readonly restart: readonly string[] } {
  return { live: keys.filter((key) => settingEffect(key) === 'live'), restart: keys.filter((key) => settingEffect(key) === 'restart') };
}
