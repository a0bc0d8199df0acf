// A module customization hook (`module.register`) that appends every resolved specifier and URL
// to the file named in its data, one `specifier<TAB>url` line each: what an import loaded.
import { appendFileSync } from 'node:fs';

let out;

export function initialize(data) {
  out = data.out;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(out, `${specifier}\t${resolved.url}\n`);
  return resolved;
}
