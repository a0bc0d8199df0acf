import type { ConfigDocument, ConfigPath } from './read-config-file.js';

/** `file:line:column` of the value at `path`, or the file alone when the position is unknown; messages start with it. */
export function locate(document: Pick<ConfigDocument, 'file' | 'positionOf'>, path: ConfigPath): string {
  const position = path.length > 0 ? document.positionOf(path) : undefined;
  return position ? `${document.file}:${position.line}:${position.column}` : document.file;
}
