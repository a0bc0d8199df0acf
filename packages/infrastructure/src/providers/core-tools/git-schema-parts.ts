import type { JsonSchemaObject } from '@acode/domain';

/** The repository a git tool works in; shared so the three git tools describe it alike. */
export const GIT_WORKING_DIRECTORY: JsonSchemaObject = {
  type: 'string',
  description: 'Directory inside the repository; the current working directory when omitted',
  minLength: 1,
  maxLength: 4096,
};

/** Paths a git tool is limited to. */
export function gitPaths(description: string): JsonSchemaObject {
  return {
    type: 'array',
    description,
    items: { type: 'string', description: 'A path relative to the working directory', minLength: 1, maxLength: 4096 },
    minItems: 1,
    maxItems: 100,
    uniqueItems: true,
  };
}
