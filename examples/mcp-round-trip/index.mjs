// What this shows: MCP tools and ours, both ways, over the MCP SDK's in-memory transport.
// 1. An MCP server (McpServer, tools defined with zod, listed as draft-07 schemas) is listed by a
//    client; `fromMcpTools` makes definitions of ours (`get-weather` becomes `get_weather`, the
//    wire name kept; the draft-07 schema normalised; the camelCase property `showWind` named
//    `show_wind`, as our names must be; `readOnlyHint` read as `sideEffects`), our registry
//    validates a model's broken call, and the client calls the tool by its wire name and names.
// 2. Our definitions are served with `toMcpTool` by a low-level MCP Server, whose `tools/call`
//    handler validates arguments with `validateMcpCall`; a client lists and calls them.
import assert from 'node:assert/strict';
import { fromMcpTools, mcpToolName, toMcpCall, toMcpTool, validateMcpCall } from '@acode/adapters/mcp';
import { createToolRegistry, parseToolCalls } from '@acode/infrastructure';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

async function connect(server) {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'example', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

// 1. MCP → ours.
const weatherServer = new McpServer({ name: 'weather', version: '1.0.0' });
weatherServer.registerTool(
  'get-weather',
  { description: 'Current weather for a city.', inputSchema: { city: z.string().min(1), unit: z.enum(['c', 'f']).default('c'), showWind: z.boolean().default(false) }, annotations: { readOnlyHint: true } },
  async ({ city, unit, showWind }) => ({ content: [{ type: 'text', text: `${city}: 21°${unit.toUpperCase()}${showWind ? ', wind 5 m/s' : ''}` }] }),
);
const client = await connect(weatherServer);
const listed = (await client.listTools()).tools;
assert.equal(listed[0].inputSchema.$schema, 'http://json-schema.org/draft-07/schema#');
const definitions = fromMcpTools(listed);
assert.equal(definitions[0].name, 'get_weather');
assert.equal(mcpToolName(definitions[0]), 'get-weather');
assert.equal(definitions[0].sideEffects, 'read_only');
assert.deepEqual(Object.keys(definitions[0].parameters.properties), ['city', 'unit', 'show_wind']);
const registry = createToolRegistry({ tools: definitions });

// A model's answer with broken JSON, parsed and validated against the MCP tool's schema.
const answer = { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: "{'city': 'Oslo', 'show_wind': true,}" } }] };
const { toolCalls, errors } = parseToolCalls(answer, { registry });
assert.deepEqual(errors, []);
const result = await client.callTool(toMcpCall(registry, toolCalls[0]));
assert.deepEqual(result.content, [{ type: 'text', text: 'Oslo: 21°C, wind 5 m/s' }]); // sent as { showWind: true }
await client.close();

// 2. Ours → MCP.
const ours = createToolRegistry({
  tools: [
    { name: 'delete_file', description: 'Deletes a file.', version: '1.0.0', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, sideEffects: 'writes', requiresConfirmation: true },
  ],
});
const server = new Server({ name: 'acode', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ours.getAllTools().map(toMcpTool) }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const validation = validateMcpCall(ours, request.params);
  if (!validation.success) return { isError: true, content: [{ type: 'text', text: validation.errors.map((e) => `${e.code}: ${e.message}`).join('; ') }] };
  return { content: [{ type: 'text', text: `deleted ${validation.arguments.path}` }] };
});
const ourClient = await connect(server);
const served = (await ourClient.listTools()).tools;
assert.deepEqual(served[0].annotations, { readOnlyHint: false, destructiveHint: true });
const refused = await ourClient.callTool({ name: 'delete_file', arguments: { path: 42 } });
assert.equal(refused.isError, true);
const done = await ourClient.callTool({ name: 'delete_file', arguments: { path: 'notes.txt' } });
assert.equal(done.content[0].text, 'deleted notes.txt');
await ourClient.close();

console.log(`MCP → ours: ${listed[0].name} as ${definitions[0].name} → "${result.content[0].text}"; ours → MCP: ${served[0].name} ${JSON.stringify(served[0].annotations)}, bad call: ${refused.content[0].text.slice(0, 13)}`);
