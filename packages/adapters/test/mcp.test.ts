import { InvalidToolDefinitionException } from '@acode/application';
import type { ToolDefinition } from '@acode/domain';
import { createToolCallParser, createToolRegistry } from '@acode/infrastructure';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fromMcpAnnotations,
  fromMcpTool,
  fromMcpTools,
  mcpToolName,
  toMcpAnnotations,
  toMcpCall,
  toMcpTool,
  toToolName,
  validateMcpCall,
  type McpTool,
} from '../src/mcp/index.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

async function connect(server: McpServer | Server): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'acode-test', version: '1.0.0' });
  await client.connect(clientSide);
  closers.push(() => client.close());
  return client;
}

describe('MCP server tools → our registry', () => {
  async function weatherServer(calls: unknown[]): Promise<Client> {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    server.registerTool(
      'get-weather',
      {
        title: 'Weather',
        description: 'Current weather for a city.',
        inputSchema: { city: z.string().min(1), unit: z.enum(['c', 'f']).default('c'), days: z.array(z.number().int()).max(3).optional() },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: `${args.city}: 21°` }] };
      },
    );
    server.registerTool(
      'fs.write',
      { description: 'Writes a file.', inputSchema: { path: z.string(), text: z.string() }, outputSchema: { bytes: z.number() } },
      async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: 'ok' }], structuredContent: { bytes: args.text.length } };
      },
    );
    server.registerTool('noop', { description: 'Does nothing.', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }, async () => ({ content: [] }));
    return connect(server);
  }

  it('lists, converts, registers, validates a model call and calls the server tool by its wire name', async () => {
    const calls: unknown[] = [];
    const client = await weatherServer(calls);
    const listed = (await client.listTools()).tools;
    const definitions = fromMcpTools(listed);
    expect(definitions.map((d) => d.name)).toEqual(['get_weather', 'fs_write', 'noop']);
    expect(definitions.map((d) => mcpToolName(d))).toEqual(['get-weather', 'fs.write', 'noop']);
    const registry = createToolRegistry({ tools: definitions });

    // A model's broken call, parsed and validated by our parser against the MCP tool's schema.
    const parser = createToolCallParser({ registry });
    const parsed = parser.parseRawToolCalls([{ index: 0, name: 'get_weather', arguments: "{'city': 'Oslo', 'days': [1, 2],}", source: 'openai' }], '');
    expect(parsed.errors).toEqual([]);
    const call = parsed.toolCalls[0]!;
    expect(call.arguments).toEqual({ city: 'Oslo', unit: 'c', days: [1, 2] });

    const result = await client.callTool(toMcpCall(registry, call));
    expect(result.content).toEqual([{ type: 'text', text: 'Oslo: 21°' }]);
    expect(calls).toEqual([{ city: 'Oslo', unit: 'c', days: [1, 2] }]);

    // The registry refuses what the server would refuse too, before any call is made.
    expect(registry.tryValidateArguments('get_weather', { city: 'Oslo', days: [1.5] }).success).toBe(false);
    expect(registry.tryValidateArguments('fs_write', { path: 'a' }).success).toBe(false);
    expect(validateMcpCall(registry, { name: 'fs.write', arguments: { path: 'a', text: 'hi' } }).success).toBe(true);
    expect(validateMcpCall(registry, { name: 'fs.nope', arguments: {} })).toMatchObject({ success: false, errors: [{ code: 'ACODE-TSR-001' }] });
  });

  it('normalises the draft-07 schemas the SDK lists, and keeps the output schema', async () => {
    const client = await weatherServer([]);
    const listed = (await client.listTools()).tools;
    expect(listed[0]?.inputSchema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    const [weather, write] = fromMcpTools(listed);
    expect(weather!.parameters['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    const registry = createToolRegistry({ tools: [write!] });
    expect(registry.tryValidateOutput('fs_write', { bytes: 2 }).valid).toBe(true);
    expect(registry.tryValidateOutput('fs_write', { bytes: 'two' }).valid).toBe(false);
  });

  it('maps the annotations to sideEffects, idempotent and requiresConfirmation, MCP defaults included', async () => {
    const client = await weatherServer([]);
    const [weather, write, noop] = fromMcpTools((await client.listTools()).tools);
    expect(weather).toMatchObject({ sideEffects: 'read_only', idempotent: true, requiresConfirmation: false });
    expect(weather!.metadata?.['mcp']).toEqual({ name: 'get-weather', title: 'Weather', annotations: { readOnlyHint: true, openWorldHint: true } });
    // No annotations: MCP's defaults say it may write, destructively, and is not idempotent.
    expect(write).toMatchObject({ sideEffects: 'writes', idempotent: false, requiresConfirmation: true });
    expect(noop).toMatchObject({ sideEffects: 'writes', idempotent: true, requiresConfirmation: false });
    expect(fromMcpTool((await client.listTools()).tools[1]!, { requiresConfirmation: false }).requiresConfirmation).toBe(false);
  });

  it('reads a hand-written draft-07 schema with definitions and tuple items from a raw server', async () => {
    const server = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { tools: {} } });
    const rawTool = {
      name: 'plotPoint',
      description: 'Plots a point.',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { point: { $ref: '#/definitions/point' }, color: { type: 'string' } },
        required: ['point'],
        definitions: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } },
      },
    };
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [rawTool] }));
    const client = await connect(server);
    const [definition] = fromMcpTools((await client.listTools()).tools);
    expect(definition!.name).toBe('plot_point');
    const registry = createToolRegistry({ tools: [definition!] });
    expect(registry.tryValidateArguments('plot_point', { point: [1, 2] }).success).toBe(true);
    expect(registry.tryValidateArguments('plot_point', { point: [1, 2, 3] }).success).toBe(false);
    expect(registry.tryValidateArguments('plot_point', { point: ['a', 2] }).success).toBe(false);
  });
});

describe('our definitions → an MCP server', () => {
  const definitions: ToolDefinition[] = [
    {
      name: 'read_file',
      description: 'Reads a text file.',
      version: '1.0.0',
      parameters: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      outputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      sideEffects: 'read_only',
    },
    {
      name: 'delete_file',
      description: 'Deletes a file.',
      version: '1.0.0',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      sideEffects: 'writes',
      requiresConfirmation: true,
      idempotent: true,
    },
    {
      name: 'list_lines',
      description: 'Lists lines.',
      version: '1.0.0',
      parameters: { type: 'object', properties: {} },
      outputSchema: { type: 'array', items: { type: 'string' } },
    },
  ];

  it('serves toMcpTool of our definitions, lists them through a client, and validates calls by wire name', async () => {
    const registry = createToolRegistry({ tools: definitions });
    const ran: unknown[] = [];
    const server = new Server({ name: 'acode', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: registry.getAllTools().map((d) => toMcpTool(d)) as Tool[] }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const validation = validateMcpCall(registry, request.params);
      if (!validation.success) return { isError: true, content: [{ type: 'text', text: validation.errors.map((e) => `${e.code} ${e.message}`).join('; ') }] };
      ran.push(validation.arguments);
      return { content: [{ type: 'text', text: 'done' }], structuredContent: { text: 'hello' } };
    });
    const client = await connect(server);
    const listed = (await client.listTools()).tools;
    const byName = new Map(listed.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(['delete_file', 'list_lines', 'read_file']);
    expect(byName.get('read_file')!.annotations).toEqual({ readOnlyHint: true });
    expect(byName.get('read_file')!.inputSchema).toEqual({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
    expect(byName.get('read_file')!.outputSchema).toMatchObject({ type: 'object', required: ['text'] });
    expect(byName.get('delete_file')!.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    // MCP allows only object output schemas: an array output is served without one.
    expect(byName.get('list_lines')!.outputSchema).toBeUndefined();

    const ok = await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
    expect(ok.isError).toBeFalsy();
    const refused = await client.callTool({ name: 'delete_file', arguments: { path: 7 } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('ACODE-TSR-004');
    expect(ran).toEqual([{ path: 'a.txt' }]);
  });

  it('round-trips: an MCP tool converted, then served, keeps its wire name and annotations', () => {
    const original: McpTool = {
      name: 'get-weather',
      title: 'Weather',
      description: 'Current weather.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      annotations: { readOnlyHint: true, openWorldHint: false },
    };
    const served = toMcpTool(fromMcpTool(original));
    expect(served).toEqual({ ...original, inputSchema: original.inputSchema, annotations: { readOnlyHint: true, openWorldHint: false } });
    const writer: McpTool = { name: 'fs.write', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, annotations: { destructiveHint: false, idempotentHint: true } };
    expect(toMcpTool(fromMcpTool(writer)).annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(fromMcpAnnotations(toMcpAnnotations(fromMcpTool(writer)))).toEqual(fromMcpAnnotations(writer.annotations));
  });
});

describe('names', () => {
  it('makes MCP names valid names of ours and keeps valid ones', () => {
    expect(toToolName('get-weather')).toBe('get_weather');
    expect(toToolName('fs.read')).toBe('fs_read');
    expect(toToolName('github/create_issue')).toBe('github_create_issue');
    expect(toToolName('getHTTPStatus')).toBe('get_http_status');
    expect(toToolName('2fa-check')).toBe('tool_2fa_check');
    expect(toToolName('run')).toBe('run_tool');
    expect(toToolName('already_fine')).toBe('already_fine');
    expect(toToolName('日本語')).toMatch(/^tool_[0-9a-f]{8}$/);
    const long = toToolName(`x-${'a'.repeat(200)}`);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).not.toBe(toToolName(`x-${'a'.repeat(201)}`));
  });

  it('tells apart wire names that meet, whatever their order', () => {
    const tool = (name: string): McpTool => ({ name, description: 'x', inputSchema: { type: 'object', properties: {} } });
    const one = fromMcpTools([tool('get-weather'), tool('get_weather'), tool('get.weather')]).map((d) => d.name);
    const other = fromMcpTools([tool('get.weather'), tool('get_weather'), tool('get-weather')]).map((d) => d.name);
    expect(one[1]).toBe('get_weather');
    expect(new Set(one).size).toBe(3);
    expect([...one].sort()).toEqual([...other].sort());
    expect(() => createToolRegistry({ tools: fromMcpTools([tool('get-weather'), tool('get_weather')]) })).not.toThrow();
  });
});

describe('hostile MCP tools', () => {
  const base: McpTool = { name: 'ok-tool', description: 'x', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } };

  it('refuses what is not an MCP tool with ACODE codes', () => {
    const codeOf = (value: unknown): string | undefined => {
      try {
        fromMcpTool(value as McpTool);
      } catch (error) {
        return error instanceof InvalidToolDefinitionException ? error.code : 'not an ACODE exception';
      }
      return undefined;
    };
    expect(codeOf(null)).toBe('ACODE-DEF-001');
    expect(codeOf({ ...base, name: 42 })).toBe('ACODE-DEF-001');
    expect(codeOf({ ...base, name: 'x'.repeat(10_000) })).toBe('ACODE-DEF-001');
    expect(codeOf({ ...base, inputSchema: 'object' })).toBe('ACODE-TSR-006');
    expect(codeOf({ ...base, inputSchema: [] })).toBe('ACODE-TSR-006');
    expect(codeOf({ ...base, inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } })).toBe('ACODE-TSR-006');
    expect(codeOf({ ...base, outputSchema: { $schema: 42, type: 'object' } })).toBe('ACODE-TSR-006');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 50_000; i++) deep = { type: 'object', properties: { a: deep } };
    expect(codeOf({ ...base, inputSchema: deep })).toBe('ACODE-TSR-006');
  });

  it('ignores annotations that are not booleans, reading MCP defaults, and cuts a long description', () => {
    const definition = fromMcpTool({ ...base, description: 'd'.repeat(5000), annotations: { readOnlyHint: 'yes', destructiveHint: 0 } as never });
    expect(definition).toMatchObject({ sideEffects: 'writes', requiresConfirmation: true });
    expect(definition.metadata?.['mcp']).toEqual({ name: 'ok-tool' });
    expect(Array.from(definition.description)).toHaveLength(500);
    expect(() => createToolRegistry({ tools: [definition] })).not.toThrow();
  });

  it('lets the registry refuse a loose MCP schema with its ACODE message', () => {
    const loose = fromMcpTool({ ...base, inputSchema: { type: 'object', properties: { anything: {}, filePath: { type: 'string' } } } });
    expect(() => createToolRegistry({ tools: [loose] })).toThrow(expect.objectContaining({ code: 'ACODE-TSR-006' }));
  });

  it('accepts the SDK Tool type and gives back one', () => {
    const sdkTool: Tool = { name: 'x.y', inputSchema: { type: 'object' } };
    const asOurs: McpTool = sdkTool;
    const back: Tool = toMcpTool(fromMcpTool(asOurs));
    expect(back.name).toBe('x.y');
  });
});
