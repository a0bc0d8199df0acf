import assert from 'node:assert/strict';
import { createToolRegistry } from '@acode/infrastructure';
import { toErrorEnvelope } from '@acode/domain';

const readFile = {
  name: 'file_read',
  version: '1.0.0',
  description: 'Read the contents of a file.',
  category: 'file_system',
  aliases: ['read_file'],
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Path of the file to read', maxLength: 4096 },
      encoding: { type: 'string', description: 'Character encoding', enum: ['utf-8', 'ascii'], default: 'utf-8' },
    },
    required: ['path'],
    additionalProperties: false,
  },
};

const registry = createToolRegistry({ tools: [readFile] });

// A valid call, by its alias: defaults applied, the alias resolved to file_read.
const result = registry.tryValidateArguments('read_file', '{"path":"/tmp/a"}');
assert.ok(result.success);
assert.equal(result.tool, 'file_read');
assert.deepEqual(result.arguments, { path: '/tmp/a', encoding: 'utf-8' });

// An invalid call: a result, not an exception; the envelope is what the model sees.
const failure = registry.tryValidateArguments('file_read', '{"path": 12345}');
assert.ok(!failure.success);
const envelope = toErrorEnvelope(failure);
assert.equal(envelope.errors[0].code, 'ACODE-TSR-004');
console.log(JSON.stringify(envelope.errors[0]));
