import { Validator } from '@cfworker/json-schema';
import { RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN, type JsonSchemaObject, type ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { CoreToolsProvider } from '../../src/providers/index.js';

const provider = new CoreToolsProvider();
const tools = [...provider.getToolDefinitions()];
const byName = (name: string): ToolDefinition => tools.find((tool) => tool.name === name)!;

/** 000 Step 10's schemas, transcribed from the document. */
const STEP_10_SCHEMAS: Record<string, unknown> = {
  file_read: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Absolute or relative path to the file to read', maxLength: 4096 },
      encoding: { type: 'string', description: 'Character encoding for reading the file', enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'], default: 'utf-8' },
      start_line: { type: 'integer', description: 'Starting line number (1-based) for partial read', minimum: 1 },
      end_line: { type: 'integer', description: 'Ending line number (1-based) for partial read', minimum: 1 },
    },
    required: ['path'],
    additionalProperties: false,
  },
  file_write: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Absolute or relative path to the file to write', maxLength: 4096 },
      content: { type: 'string', description: 'Content to write to the file' },
      mode: { type: 'string', description: 'Write mode: overwrite replaces file, append adds to end', enum: ['overwrite', 'append'], default: 'overwrite' },
      create_directories: { type: 'boolean', description: "Create parent directories if they don't exist", default: true },
      encoding: { type: 'string', description: 'Character encoding for writing the file', enum: ['utf-8', 'ascii', 'utf-16', 'utf-32'], default: 'utf-8' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  directory_list: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Absolute or relative path to the directory to list', maxLength: 4096 },
      pattern: { type: 'string', description: "Glob pattern to filter results (e.g., '*.cs')", default: '*' },
      recursive: { type: 'boolean', description: 'Whether to list subdirectories recursively', default: false },
      include_hidden: { type: 'boolean', description: 'Whether to include hidden files and directories', default: false },
      max_depth: { type: 'integer', description: 'Maximum depth for recursive listing', minimum: 1, maximum: 10, default: 5 },
    },
    required: ['path'],
    additionalProperties: false,
  },
  command_execute: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      command: { type: 'string', description: 'The command to execute', maxLength: 8192 },
      working_directory: { type: 'string', description: 'Working directory for command execution', maxLength: 4096 },
      timeout_seconds: { type: 'integer', description: 'Maximum time to wait for command completion', minimum: 1, maximum: 300, default: 60 },
      capture_stderr: { type: 'boolean', description: 'Whether to capture stderr in addition to stdout', default: true },
    },
    required: ['command'],
    additionalProperties: false,
  },
};

/** Every object schema inside `schema` (itself included), with its JSON Pointer. */
function objectSchemas(schema: JsonSchemaObject, pointer = ''): Array<[string, JsonSchemaObject]> {
  const found: Array<[string, JsonSchemaObject]> = [[pointer, schema]];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property === 'object') found.push(...objectSchemas(property, `${pointer}/properties/${name}`));
  }
  if (typeof schema.items === 'object') found.push(...objectSchemas(schema.items, `${pointer}/items`));
  return found;
}

function accepts(tool: string, args: unknown): boolean {
  // @cfworker/json-schema annotates the schema it is given, so it gets a copy of the frozen one.
  return new Validator(structuredClone(byName(tool).parameters) as never, '2020-12', false).validate(args).valid;
}

describe('CoreToolsProvider', () => {
  it('is the CoreTools provider and runs first', () => {
    expect(provider.name).toBe('CoreTools');
    expect(provider.priority).toBe(0);
  });

  it("yields 000 Step 10's four tools, then decision 1's git tools", () => {
    expect(tools.map((tool) => tool.name)).toEqual(['file_read', 'file_write', 'directory_list', 'command_execute', 'git_status', 'git_diff', 'git_commit']);
  });

  it.each(Object.keys(STEP_10_SCHEMAS))("gives %s exactly 000 Step 10's schema", (name) => {
    expect(byName(name).parameters).toEqual(STEP_10_SCHEMAS[name]);
    expect(byName(name).version).toBe('1.0.0');
  });

  it('places the tools in the documented categories', () => {
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.category]))).toEqual({
      file_read: 'file_system',
      file_write: 'file_system',
      directory_list: 'file_system',
      command_execute: 'system',
      git_status: 'version_control',
      git_diff: 'version_control',
      git_commit: 'version_control',
    });
  });

  it('declares the aliases 002 and 004 use', () => {
    expect(byName('file_read').aliases).toEqual(['read_file']);
    expect(byName('file_write').aliases).toEqual(['write_file']);
    expect(byName('command_execute').aliases).toEqual(['execute_command']);
  });

  it('describes how each tool reaches outside itself', () => {
    expect(byName('file_read')).toMatchObject({ kind: 'retrieval', sideEffects: 'read_only', idempotent: true });
    expect(byName('file_write')).toMatchObject({ kind: 'action', sideEffects: 'writes' });
    expect(byName('command_execute')).toMatchObject({ kind: 'action', sideEffects: 'writes', requiresConfirmation: true });
    expect(byName('git_status')).toMatchObject({ kind: 'retrieval', sideEffects: 'read_only', idempotent: true });
    expect(byName('git_diff')).toMatchObject({ kind: 'retrieval', sideEffects: 'read_only', idempotent: true });
    expect(byName('git_commit')).toMatchObject({ kind: 'action', sideEffects: 'writes', idempotent: false });
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))('%s has a valid name, version and description', (_, tool) => {
    for (const name of [tool.name, ...(tool.aliases ?? [])]) {
      expect(name).toMatch(TOOL_NAME_PATTERN);
      expect(name.length).toBeLessThanOrEqual(64);
      expect(RESERVED_TOOL_NAMES).not.toContain(name);
    }
    expect(tool.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(tool.description.length).toBeGreaterThan(0);
    expect(tool.description.length).toBeLessThanOrEqual(500);
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))('%s has a strict schema: typed, described, closed, draft 2020-12', (_, tool) => {
    expect(tool.parameters.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(tool.parameters.type).toBe('object');
    for (const [pointer, schema] of objectSchemas(tool.parameters)) {
      expect(schema.type, pointer).toBeDefined();
      if (pointer !== '') expect(schema.description, pointer).toMatch(/\S/);
      if (schema.type === 'object') expect(schema.additionalProperties, pointer).toBe(false);
      for (const required of schema.required ?? []) expect(Object.keys(schema.properties ?? {}), pointer).toContain(required);
    }
  });

  it('lets every default pass its own schema', () => {
    for (const tool of tools) {
      for (const [name, property] of Object.entries(tool.parameters.properties ?? {})) {
        if (typeof property !== 'object' || !('default' in property)) continue;
        expect(new Validator(structuredClone(property) as never, '2020-12').validate(property.default).valid, `${tool.name}.${name}`).toBe(true);
      }
    }
  });

  it('accepts well-formed calls and refuses unknown properties, missing ones and wrong types', () => {
    expect(accepts('file_read', { path: 'README.md' })).toBe(true);
    expect(accepts('file_read', { path: 'README.md', extra: 1 })).toBe(false);
    expect(accepts('file_read', {})).toBe(false);
    expect(accepts('file_read', { path: 'a', start_line: '1' })).toBe(false);
    expect(accepts('command_execute', { command: 'ls', timeout_seconds: 301 })).toBe(false);
  });

  it('bounds the git tools: revisions cannot pose as options, messages and path lists are limited', () => {
    expect(accepts('git_status', {})).toBe(true);
    expect(accepts('git_diff', { base: 'HEAD~1', staged: true, paths: ['src/a.ts'] })).toBe(true);
    expect(accepts('git_diff', { base: '--output=/etc/passwd' })).toBe(false);
    expect(accepts('git_diff', { base: 'main; rm -rf /' })).toBe(false);
    expect(accepts('git_diff', { paths: [] })).toBe(false);
    expect(accepts('git_diff', { paths: ['a', 'a'] })).toBe(false);
    expect(accepts('git_commit', { message: 'Fix parser' })).toBe(true);
    expect(accepts('git_commit', {})).toBe(false);
    expect(accepts('git_commit', { message: '' })).toBe(false);
    expect(accepts('git_commit', { message: 'x'.repeat(5001) })).toBe(false);
    expect(accepts('git_commit', { message: 'm', paths: Array.from({ length: 101 }, (_, i) => `f${i}`) })).toBe(false);
  });

  it('returns deep-frozen definitions that no caller can change', () => {
    const fileRead = byName('file_read');
    expect(Object.isFrozen(fileRead)).toBe(true);
    expect(() => {
      (fileRead.parameters.properties!['path'] as { maxLength: number }).maxLength = 1;
    }).toThrow(TypeError);
    expect(() => {
      (fileRead.aliases as string[]).push('cat');
    }).toThrow(TypeError);
  });

  it('is built with no arguments (the composition registers it as is)', () => {
    const resolved = new CoreToolsProvider();
    expect([...resolved.getToolDefinitions()]).toHaveLength(7);
  });
});
