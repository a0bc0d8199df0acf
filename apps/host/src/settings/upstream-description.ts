import type { ProviderSettings } from '@acode/infrastructure/model-clients';

/**
 * The upstream as a start-up or reload line names it: its wire format and base URL, with any
 * user name, password, query or fragment removed (the settings refuse credentials in a URL; this
 * keeps a log line safe whatever let one through), and the provider's name when it is one.
 */
export function describeUpstream(settings: Pick<ProviderSettings, 'type' | 'baseUrl'>, provider?: string): string {
  const where = `${settings.type} at ${urlWithoutCredentials(settings.baseUrl)}`;
  return provider === undefined ? where : `provider '${provider}' (${where})`;
}

/** `url` without credentials, query or fragment; a placeholder for text that is not a URL (never echoed). */
export function urlWithoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(an address that is not a URL)';
  }
}
