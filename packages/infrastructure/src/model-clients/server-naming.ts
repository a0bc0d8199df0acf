import type { GatewayUpstreamSettings } from '../config/gateway-settings.js';
import type { ModelEndpoint } from './model-client-errors.js';
import type { ProviderSettings } from './provider-settings.js';

/**
 * How error messages name a model server and which settings change it. The model commands talk
 * to a provider the user chose by name; the gateway talks to its upstream on a client's behalf,
 * where a bare name ("gateway", "ollama") reads as if the gateway itself had failed.
 */
export interface ServerNaming {
  /** The server mid-sentence: `ollama`, or `the upstream model server (ollama)`. */
  readonly name: string;
  /** `true` for the gateway's upstream: every failure then says how to set its address. */
  readonly upstream: boolean;
  /** The setting holding its address, such as `model.providers.ollama.base_url` or `gateway.upstream.base_url`. */
  readonly baseUrlKey: string;
  /** The setting bounding its silence, such as `model.providers.ollama.timeout_ms` or `gateway.timeout_ms`. */
  readonly timeoutKey: string;
}

/** A provider of `model.providers` used by the model commands: named by its own name. */
export function providerNaming(provider: string): ServerNaming {
  return { name: provider, upstream: false, baseUrlKey: `model.providers.${provider}.base_url`, timeoutKey: `model.providers.${provider}.timeout_ms` };
}

/**
 * The gateway's upstream, as `gateway.upstream` configures it: a provider of `model.providers`
 * (named, its address under `model.providers.<name>.base_url`), or `base_url` + `type` (named by
 * its type, its address under `gateway.upstream.base_url`). `gateway.timeout_ms` wins over a
 * provider's timeout, so it is the one to raise.
 */
export function gatewayUpstreamNaming(upstream: GatewayUpstreamSettings): ServerNaming {
  const provider = 'provider' in upstream;
  return {
    name: `the upstream model server (${provider ? upstream.provider : upstream.type})`,
    upstream: true,
    baseUrlKey: provider ? `model.providers.${upstream.provider}.base_url` : 'gateway.upstream.base_url',
    timeoutKey: 'gateway.timeout_ms',
  };
}

/** `settings` named as the gateway's upstream `upstream` in every error its client or the pass-through routes report. */
export function asGatewayUpstream(settings: ProviderSettings, upstream: GatewayUpstreamSettings): ProviderSettings {
  return { ...settings, naming: gatewayUpstreamNaming(upstream) };
}

/** The server of `settings` as messages name it (see `serverAt`). */
export function endpointOf(settings: ProviderSettings): ModelEndpoint {
  return { provider: settings.name, baseUrl: settings.baseUrl, ...(settings.naming === undefined ? {} : { naming: settings.naming }) };
}

/** How a server is named: as configured (the gateway's upstream), else by its provider's name. */
export function namingOf(server: { readonly provider: string; readonly naming?: ServerNaming | undefined }): ServerNaming {
  return server.naming ?? providerNaming(server.provider);
}

/**
 * A base URL as a message shows it: without a user name or password, should one be there (the
 * settings refuse them; this holds even for a URL that did not pass through them).
 */
export function shownBaseUrl(baseUrl: string): string {
  if (!baseUrl.includes('@')) return baseUrl;
  try {
    const url = new URL(baseUrl);
    if (url.username === '' && url.password === '') return baseUrl;
    url.username = '';
    url.password = '';
    return url.href.replace(/\/+$/, '');
  } catch {
    return '(an address that cannot be shown)';
  }
}

/** `text` (as `serverAt` words it) starting a sentence: "the upstream…" capitalised; a provider's own name (`ollama`) kept as configured. */
export function startOfSentence(text: string): string {
  return text.startsWith('the ') ? `T${text.slice(1)}` : text;
}
