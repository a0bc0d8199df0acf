import type { CatalogTool } from '@acode/application';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Checks that a tool's handler file is the one `tool_registry.json` was built from (003: the
 * content hash pins code as well as schemas). Returns why it cannot run, or `undefined` when its
 * sha256 matches. The file may still change between this check and its import; the check is
 * against drift (an edit without a rebuild), not against an attacker who can write the tools folder.
 */
export async function verifyHandlerFile(tool: CatalogTool): Promise<string | undefined> {
  const name = tool.definition.name;
  let bytes: Buffer;
  try {
    bytes = await readFile(fileURLToPath(tool.handlerUrl));
  } catch {
    return `The handler of ${name} is missing; run acode tools build`;
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return sha256 === tool.handlerSha256 ? undefined : `The handler of ${name} changed since tool_registry.json was built; run acode tools build`;
}
