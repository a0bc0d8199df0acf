import { ERROR_CODES, toolNameKey } from '@acode/domain';
import { CORE_TOOL_DEFINITIONS } from '../providers/core-tools/index.js';
import { folderError } from './folder-problem.js';
import type { ToolFolderProblem } from './tool-folders-api.js';

/** The names one folder claims: its `toolId` and aliases. */
export interface NameClaims {
  readonly folder: string;
  readonly toolId?: string;
  readonly aliases: readonly string[];
  /** A folder that extends a core tool claims the core tool's names legitimately. */
  readonly declaresExtends: boolean;
}

interface Claim {
  readonly folder: string;
  readonly name: string;
  readonly field: string;
}

/**
 * Names claimed twice, compared as the registry looks them up (case-insensitively): two folders
 * with one `toolId`, an alias equal to another tool's name or alias, or a name a core tool
 * already holds (without `extends`). Each folder involved gets its own ACODE-TBD-009.
 */
export function findDuplicates(folders: readonly NameClaims[]): ToolFolderProblem[] {
  const byName = new Map<string, Claim[]>();
  for (const { folder, toolId, aliases } of folders) {
    const claims: Claim[] = [
      ...(toolId !== undefined ? [{ folder, name: toolId, field: 'toolId' }] : []),
      ...aliases.map((alias, index) => ({ folder, name: alias, field: `aliases/${index}` })),
    ];
    for (const claim of claims) {
      const key = toolNameKey(claim.name);
      byName.set(key, [...(byName.get(key) ?? []), claim]);
    }
  }
  const problems: ToolFolderProblem[] = [];
  for (const claims of byName.values()) {
    const owners = [...new Set(claims.map((claim) => claim.folder))];
    if (owners.length < 2) continue;
    for (const claim of claims) {
      const others = owners.filter((owner) => owner !== claim.folder).join(', ');
      problems.push(folderError(ERROR_CODES.TOOL_FOLDER_DUPLICATE, { folder: claim.folder, file: 'schema.json', field: claim.field }, `"${claim.name}" is also claimed by tool folder ${others}; tool names and aliases must be unique`));
    }
  }
  const coreOwners = coreNameOwners();
  for (const { folder, toolId, aliases, declaresExtends } of folders) {
    if (declaresExtends) continue;
    const claims = [...(toolId !== undefined ? [{ name: toolId, field: 'toolId' }] : []), ...aliases.map((alias, index) => ({ name: alias, field: `aliases/${index}` }))];
    for (const { name, field } of claims) {
      const owner = coreOwners.get(toolNameKey(name));
      if (owner === undefined) continue;
      problems.push(folderError(ERROR_CODES.TOOL_FOLDER_DUPLICATE, { folder, file: 'schema.json', field }, `"${name}" is taken by core tool ${owner}; choose another name, or write "extends": "core:${owner}" to ship the core tool`));
    }
  }
  return problems;
}

function coreNameOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const definition of CORE_TOOL_DEFINITIONS) {
    for (const name of [definition.name, ...(definition.aliases ?? [])]) owners.set(toolNameKey(name), definition.name);
  }
  return owners;
}
