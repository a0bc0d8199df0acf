import type { ChatImage } from '@acode/domain';

/** `data:<type>;base64,<data>`, the only data URL form clients send images in. */
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i;

/**
 * An image named by a URL as clients write it: a base64 `data:` URL becomes its bytes and media
 * type (what Ollama and Anthropic take), an `http(s)` address stays one; anything else is
 * `undefined` (a `file:` URL, a data URL that is not base64).
 */
export function imageFromUrl(url: string): ChatImage | undefined {
  if (url.startsWith('data:')) {
    const match = DATA_URL.exec(url);
    return match === null ? undefined : { kind: 'base64', mediaType: match[1]!.toLowerCase(), data: match[2]!.replace(/\s+/g, '') };
  }
  return /^https?:\/\//i.test(url) ? { kind: 'url', url } : undefined;
}
