import { isIP } from 'node:net';

/** Most entries `gateway.allowed_origins` or `gateway.allowed_hosts` may hold: a short list, read on every request. */
export const MAX_ALLOWED_NAMES = 256;

/** Longest entry accepted; a host name is at most 253 characters, an origin a little more. */
const MAX_ENTRY_LENGTH = 300;

/** One label of a host name; `_` is accepted because container and service names carry it. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * An entry of `gateway.allowed_origins` in the form a browser sends it in `Origin`
 * (`https://app.example.com`, `http://127.0.0.1:8080`: lower-case, default port dropped), or
 * `undefined` when the text is not an http(s) origin alone: a path (but one final `/`), query,
 * fragment, credentials or a wildcard are refused, since a browser's `Origin` never has them.
 */
export function canonicalOrigin(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length > MAX_ENTRY_LENGTH || !/^https?:\/\/[A-Za-z0-9.:[\]_-]+\/?$/i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
  const host = url.hostname.startsWith('[') ? url.hostname : canonicalHostName(url.hostname);
  return host === undefined ? undefined : url.origin;
}

/**
 * An entry of `gateway.allowed_hosts` lower-cased: a host name (`tools.example.com`, one final
 * `.` dropped), a wildcard over the names beneath one (`*.example.com`: `a.example.com` and
 * `a.b.example.com`, not `example.com`), an IPv4 address or an IPv6 address (bracketed,
 * compressed: `[fd00::1]`). `undefined` when it is none of these; ports are not part of an entry
 * (the `Host` header's port is not compared).
 */
export function canonicalHostPattern(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length > MAX_ENTRY_LENGTH) return undefined;
  const lower = text.trim().toLowerCase();
  if (lower.startsWith('*.')) {
    const rest = canonicalHostName(lower.slice(2));
    return rest === undefined || isIP(rest) !== 0 ? undefined : `*.${rest}`;
  }
  return canonicalHostName(lower);
}

/**
 * A host as the `Host` header names it (its port left out), in the form
 * {@link canonicalHostPattern} gives: lower-case, one final `.` dropped, an IPv6 address bracketed
 * and compressed. `undefined` when it is not a host name or an IP address.
 */
export function canonicalHostName(text: string): string | undefined {
  const lower = text.toLowerCase();
  const inner = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  if (isIP(inner) === 6) {
    try {
      // The URL parser compresses an IPv6 address (`0:0:0:0:0:0:0:1` is `[::1]`).
      return new URL(`http://[${inner}]`).hostname;
    } catch {
      return undefined;
    }
  }
  const name = lower.endsWith('.') ? lower.slice(0, -1) : lower;
  if (isIP(name) === 4) return name;
  if (name === '' || name.length > 253) return undefined;
  const labels = name.split('.');
  // A name of digits and dots only that is not an IPv4 address (`127.1`) is refused: resolvers read it as one.
  if (labels.every((label) => /^\d+$/.test(label))) return undefined;
  return labels.every((label) => LABEL.test(label)) ? name : undefined;
}
