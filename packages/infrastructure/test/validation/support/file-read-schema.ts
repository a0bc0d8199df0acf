import type { JsonSchemaObject } from '@acode/domain';

/** 000 Step 10 / scenario 2: the core `file_read` tool's parameters. */
export const FILE_READ_SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Path to the file to read', maxLength: 4096 },
    encoding: { type: 'string', enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'], default: 'utf-8' },
    start_line: { type: 'integer', minimum: 1 },
    end_line: { type: 'integer', minimum: 1 },
  },
  required: ['path'],
  additionalProperties: false,
};
