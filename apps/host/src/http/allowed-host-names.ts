import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { canonicalHostName } from '@acode/infrastructure/config';

/** Names a request to the loopback interface carries; no web page can make a name of its own resolve to them under these spellings. */
const LOOPBACK_NAMES: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** How long the machine's interface addresses are reused before they are read again (an address may come and go). */
const INTERFACES_TTL_MS = 5_000;

/** `name` or `name:port`, the name a DNS name or an IP address (IPv6 bracketed): anything else is not a `Host` header a client sends. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/i;

/** What decides which `Host` headers the host answers. */
export interface HostNameOptions {
  /** The address the server is bound to (`127.0.0.1`, `0.0.0.0`, `::`, `10.0.0.5`). */
  readonly boundAddress: string;
  /** `gateway.allowed_hosts`, canonical (see `canonicalHostPattern`): names and `*.` wildcards. */
  readonly allowedHosts: readonly string[];
  /** The machine's addresses, for a host bound to every interface; `os.networkInterfaces()` by default. */
  readonly interfaceAddresses?: () => readonly string[];
}

/**
 * The `Host` header check that stops DNS rebinding: a web page whose own name was made to resolve
 * to this machine still sends that name, and is refused. Allowed: the loopback names
 * (`localhost`, `127.0.0.1`, `[::1]`), the bound address, every address of the machine's
 * interfaces when bound to all of them (`0.0.0.0`, `::`), and `gateway.allowed_hosts` (exact, or
 * `*.example.com` for any name beneath). The port is not compared: a proxy or a port mapping may
 * change it, and a rebinding page cannot choose its name through it. A request without `Host`
 * (HTTP/1.0) is let through: no browser sends one.
 *
 * @returns whether a request with this `Host` header is served.
 */
export function hostNameAllowed(options: HostNameOptions): (hostHeader: string | undefined) => boolean {
  const bound = canonicalHostName(options.boundAddress);
  const exact = new Set<string>([...LOOPBACK_NAMES, ...(bound === undefined ? [] : [bound])]);
  const wildcards: string[] = [];
  for (const entry of options.allowedHosts) {
    if (entry.startsWith('*.')) wildcards.push(entry.slice(1));
    else exact.add(entry);
  }
  const everyInterface = isUnspecifiedAddress(options.boundAddress);
  const interfaces = cachedInterfaces(options.interfaceAddresses ?? machineAddresses);
  return (hostHeader) => {
    if (hostHeader === undefined) return true;
    const match = HOST_HEADER.exec(hostHeader.trim());
    const name = match === null ? undefined : canonicalHostName(match[1]!);
    if (name === undefined) return false;
    if (exact.has(name)) return true;
    if (wildcards.some((suffix) => name.endsWith(suffix) && name.length > suffix.length)) return true;
    return everyInterface && interfaces().has(name);
  };
}

/** Whether the host is bound to every interface: `0.0.0.0` or `::` (in any spelling). */
export function isUnspecifiedAddress(address: string): boolean {
  const text = address.trim().replace(/^\[|\]$/g, '');
  if (isIP(text) === 4) return text === '0.0.0.0';
  return isIP(text) === 6 && /^[0:]+$/.test(text);
}

/** Every address of the machine's interfaces, as `Host` headers name them. */
function machineAddresses(): readonly string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
}

/** The canonical interface addresses, read again at most every {@link INTERFACES_TTL_MS}. */
function cachedInterfaces(read: () => readonly string[]): () => ReadonlySet<string> {
  let names: ReadonlySet<string> = new Set();
  let readAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = Date.now();
    if (now - readAt >= INTERFACES_TTL_MS) {
      names = new Set(read().flatMap((address) => canonicalHostName(address) ?? []));
      readAt = now;
    }
    return names;
  };
}
