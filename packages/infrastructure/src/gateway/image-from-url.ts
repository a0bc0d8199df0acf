import type { ChatImage } from '@acode/domain';

/** `data:<type>[;<param>...];base64,<data>`, the only data URL form clients send images in. */
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/i;

/** A media type as images carry it (`image/png`): one type and subtype, nothing a data URL could be forged with. */
const IMAGE_MEDIA_TYPE = /^image\/[a-z0-9.+-]+$/i;

/** Base64 text (whitespace allowed, and dropped). */
const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

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

/**
 * Base64 image bytes with their media type, as Anthropic's `base64` source gives them: an
 * `image/...` type and base64 text, else `undefined` (the type is written into a `data:` URL
 * upstream, so nothing else may pass).
 */
export function base64Image(mediaType: string, data: string): ChatImage | undefined {
  if (!IMAGE_MEDIA_TYPE.test(mediaType) || !BASE64.test(data)) return undefined;
  return { kind: 'base64', mediaType: mediaType.toLowerCase(), data: data.replace(/\s+/g, '') };
}
