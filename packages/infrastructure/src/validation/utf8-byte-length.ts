/**
 * Counts the bytes `text` takes in UTF-8 without encoding it: the size limit is checked before
 * anything else touches the text, so this must not allocate a copy of a hostile 100 MiB string.
 * An unpaired surrogate counts as the 3 bytes of the U+FFFD that would replace it. Node's
 * `Buffer.byteLength` counts natively (and by the same rule) where it exists: stream readers
 * count every line, and the loop below costs them several times what parsing the line does.
 */
export function utf8ByteLength(text: string): number {
  return NATIVE_BYTE_LENGTH === undefined ? countUtf8Bytes(text) : NATIVE_BYTE_LENGTH(text, 'utf8');
}

const NATIVE_BYTE_LENGTH: ((text: string, encoding: 'utf8') => number) | undefined = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer?.byteLength;

/** The count without Node's help (browsers, workers): the same rule, in JavaScript. */
export function countUtf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
