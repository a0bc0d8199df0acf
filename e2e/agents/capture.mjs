#!/usr/bin/env node
// Runs both agents, with exactly the harness of the e2e test (agents.mjs), against the capture
// server (capture-server.mjs) instead of the host, and writes what they sent and what they accepted
// to fixtures/ (long texts trimmed, shapes kept). It also checks the harness: each run must read the
// file through its tool, print its content and make no request beyond loopback. Rerun it after
// bumping an agent's version in package.json and read the fixtures' diff:
//   node e2e/agents/capture.mjs          (raw exchanges also under e2e/agents/capture/, ignored by git)
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENTS_DIR, claudeInvocation, codexInvocation, ensureAgents, runAgent } from './agents.mjs';
import { startCaptureServer } from './capture-server.mjs';

const FIXTURES = join(AGENTS_DIR, 'fixtures');
const RAW = join(AGENTS_DIR, 'capture');
/** Where the runs' project directories are written in the fixtures, whatever the temporary directory was. */
const PLACEHOLDER_DIR = '/tmp/acode-agents-capture';
const TOKEN = 'capture-token';
const PROMPT = 'Read notes.txt and tell me what it says.';
const LOCAL_MODEL = 'qwen3-coder:30b';

const agents = await ensureAgents({ log: (line) => console.error(line) });
console.error(`Claude Code ${agents.versions.claude}; ${agents.versions.codex}`);
rmSync(RAW, { recursive: true, force: true });
rmSync(FIXTURES, { recursive: true, force: true });
const problems = [];

/** One agent run against a fresh capture server; returns the server's exchanges and the run's result. */
async function capture(name, makeInvocation, serverOptions) {
  const work = mkdtempSync(join(tmpdir(), 'acode-agents-capture-'));
  const project = join(work, 'project');
  mkdirSync(project);
  const secret = `capture-${randomUUID()}`;
  const notes = join(project, 'notes.txt');
  writeFileSync(notes, `${secret}\n`);
  const server = await startCaptureServer({ dir: join(RAW, name), ...serverOptions(notes) });
  try {
    // The capture server is also the proxy: anything beyond loopback shows up as a CONNECT.
    const invocation = makeInvocation({ baseUrl: server.url, trapUrl: server.url, cwd: project, home: join(work, 'home'), codexHome: join(work, 'codex-home') });
    const result = await runAgent({ ...invocation, timeoutMs: 120_000 });
    const beyond = server.entries.filter((entry) => entry.method === 'CONNECT' || /^https?:/.test(entry.url));
    console.error(`${name}: exit ${result.code} in ${result.ms} ms, ${server.entries.length} request(s): ${server.entries.map((entry) => `${entry.method} ${entry.url}`).join(', ')}`);
    if (result.code !== 0) problems.push(`${name}: exit ${result.code}\n${result.stderr.slice(-2000)}`);
    if (serverOptions(notes).expectSecret !== false && !result.stdout.includes(secret)) problems.push(`${name}: stdout lacks the file's content:\n${result.stdout.slice(-1000)}`);
    if (beyond.length > 0) problems.push(`${name}: requests beyond loopback: ${beyond.map((entry) => entry.url).join(', ')}`);
    return { entries: server.entries.map((entry) => normalise(entry, work)), result };
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The run's own temporary directory replaced by a fixed one, the token by a placeholder. */
function normalise(entry, work) {
  const text = JSON.stringify(entry).split(work).join(PLACEHOLDER_DIR).split(TOKEN).join('<token>');
  return JSON.parse(text);
}

/** Strings longer than `max` cut to their start and a note of how much was cut: the shapes stay, the prompts shrink. */
function trim(value, max = 600) {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, 300)}…[trimmed ${value.length - 300} of ${value.length} chars]` : value;
  if (Array.isArray(value)) return value.map((item) => trim(item, max));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trim(item, max)]));
  return value;
}

function writeFixture(path, entry, note) {
  const file = join(FIXTURES, path);
  mkdirSync(join(file, '..'), { recursive: true });
  const { answer, ...request } = entry;
  const fixture = { note, request: trim(request), ...(typeof answer === 'string' && answer !== '' ? { answer } : {}) };
  writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
}

const posts = (entries) => entries.filter((entry) => entry.method === 'POST');

// Claude Code, as the test runs it: a local model's name, Read declared, the call answered.
const claude = await capture(
  'claude-code',
  (where) => claudeInvocation({ claude: agents.claude, token: TOKEN, auth: 'bearer', model: LOCAL_MODEL, prompt: PROMPT, ...where }),
  (notes) => ({ anthropicTool: 'Read', anthropicInput: { file_path: notes } }),
);
const [claudeFirst, claudeSecond] = posts(claude.entries);
writeFixture('claude-code/messages-1-first-turn.json', claudeFirst, `Claude Code ${agents.versions.claude} (claude -p, ANTHROPIC_AUTH_TOKEN, --model ${LOCAL_MODEL} --allowedTools Read): its first POST /v1/messages?beta=true, and the minimal SSE answer it accepted (a tool_use of Read, input streamed as input_json_delta). Long strings trimmed.`);
writeFixture('claude-code/messages-2-tool-result.json', claudeSecond, `Claude Code ${agents.versions.claude}: its second request, after running Read: the assistant tool_use and the user tool_result (content is the file in cat -n form, "1\\t<line>"), and the text answer it accepted and printed. Long strings trimmed.`);

// Claude Code by x-api-key and its default model (what a user who sets only ANTHROPIC_API_KEY sends).
const claudeKey = await capture(
  'claude-code-api-key',
  (where) => {
    const invocation = claudeInvocation({ claude: agents.claude, token: TOKEN, auth: 'x-api-key', model: 'unused', prompt: 'Say hi.', ...where });
    return { ...invocation, args: invocation.args.filter((arg, i, all) => arg !== '--model' && all[i - 1] !== '--model') };
  },
  () => ({ anthropicTool: 'NoSuchTool', expectSecret: false }),
);
writeFixture('claude-code/messages-default-model-api-key.json', posts(claudeKey.entries)[0], `Claude Code ${agents.versions.claude} with ANTHROPIC_API_KEY (sent as x-api-key) and no --model: its default model, max_tokens and effort. Long strings trimmed.`);

// Codex, as the test runs it: a model Codex does not know (fallback metadata), exec_command declared and answered.
const codex = await capture(
  'codex',
  (where) => codexInvocation({ codex: agents.codex, token: TOKEN, model: LOCAL_MODEL, prompt: PROMPT, ...where }),
  (notes) => ({ responsesTool: 'exec_command', responsesInput: { cmd: `cat ${notes}` } }),
);
const [codexFirst, codexSecond] = posts(codex.entries);
writeFixture('codex/responses-1-first-turn.json', codexFirst, `${agents.versions.codex} (codex exec, model_providers entry with wire_api = "responses", model ${LOCAL_MODEL} unknown to Codex): its first POST /v1/responses, and the SSE answer it accepted (a function_call of exec_command). Long strings trimmed.`);
writeFixture('codex/responses-2-tool-result.json', codexSecond, `${agents.versions.codex}: its second request, after running exec_command: the function_call (with the id it was given) and its function_call_output (a header, then "Output:" and the command's output), and the text answer it accepted and printed. Long strings trimmed.`);

// Codex with a model it knows: the tool set changes (apply_patch as a custom tool with a grammar, hosted tool_search).
const codexKnown = await capture(
  'codex-known-model',
  (where) => codexInvocation({ codex: agents.codex, token: TOKEN, model: 'gpt-5.5', prompt: 'Say hi.', ...where }),
  () => ({ responsesTool: 'NoSuchTool', expectSecret: false }),
);
writeFixture('codex/responses-known-model-gpt-5.5.json', posts(codexKnown.entries)[0], `${agents.versions.codex} with model gpt-5.5, which it knows: reasoning.effort, text.verbosity, apply_patch as a "custom" tool with a lark grammar format, hosted tool_search and web_search. Long strings trimmed.`);

if (problems.length > 0) {
  console.error(`\nThe harness did not work against the capture server:\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.error(`\nHarness OK; fixtures written to ${FIXTURES}`);
