// The real agents through the host: Claude Code (`claude -p`) on the Anthropic Messages route and
// Codex CLI (`codex exec`) on the Responses route, each against a scripted upstream of both types
// (OpenAI-compatible chat and Ollama). The upstream's first answer writes the agent's own read tool
// as a broken call in text; the host must turn it into a call the agent runs, and carry the result
// back upstream; the second answer repeats the file's content only if it saw it in that result.
// What the agents send and need: e2e/agents/FINDINGS.md. The agents are installed into e2e/agents/
// by global-setup.mjs (vitest project `agents`).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedRequest, ScriptStep } from '@acode/infrastructure/testing';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startGateway, type GatewayFixture } from '../../apps/host/test/gateway/gateway-fixture.js';
import { claudeInvocation, codexInvocation, runAgent, startPhoneHomeTrap } from './agents.mjs';

/** What global-setup.mjs hands over: the installed agents, or why they are not there. */
type AgentsInstall = { ok: true; claude: string; codex: string; installed: boolean; versions: { claude: string; codex: string } } | { ok: false; error: string };
declare module 'vitest' {
  export interface ProvidedContext {
    acodeAgents: AgentsInstall;
  }
}

type Upstream = 'openai-compatible' | 'ollama';
type AgentName = 'claude-code' | 'codex';

/** An agent's longest run: each takes 1-3 s when the host works; both fail within seconds when it does not (no retries). */
const AGENT_TIMEOUT_MS = 90_000;
/** The model each upstream type is asked for: names as vLLM and Ollama spell them. */
const MODELS: Record<Upstream, string> = { 'openai-compatible': 'Qwen/Qwen3-Coder-30B-A3B-Instruct', ollama: 'qwen3-coder:30b' };
const PROMPT = 'What does the file notes.txt in the current directory say? Read it.';

interface Scenario {
  /** The read tool the agent declares, which the upstream's call names. */
  readonly tool: string;
  /** The upstream's first answer: prose, then a call of `tool` reading `notes` as a model writes one in text, broken. */
  brokenCall(notes: string): string;
}

const SCENARIOS: Record<AgentName, Scenario> = {
  // Claude Code's Read takes an absolute `file_path`. Broken: a trailing comma.
  'claude-code': {
    tool: 'Read',
    brokenCall: (notes) => `I will read the file first.\n<tool_call>\n{"name": "Read", "arguments": {"file_path": ${JSON.stringify(notes)},}}\n</tool_call>`,
  },
  // Codex (0.171, a model it does not know) declares no `shell`: `exec_command` with a `cmd` string runs it. Broken: single quotes.
  codex: {
    tool: 'exec_command',
    brokenCall: (notes) => `I will read the file first.\n<tool_call>\n{'name': 'exec_command', 'arguments': {'cmd': 'cat ${notes}'}}\n</tool_call>`,
  },
};

/**
 * The installed agents, or the reason they are not there, thrown: each test fails with it. Not a
 * skip, and not a throw in beforeAll either (vitest then reports the tests as skipped, and so does
 * the plain summary line CI reads).
 */
function installedAgents(): Extract<AgentsInstall, { ok: true }> {
  const install = inject('acodeAgents');
  if (install === undefined) throw new Error('e2e/agents/global-setup.mjs did not run: run this file through its vitest project (vitest run --project agents)');
  if (!install.ok) throw new Error(install.error);
  return install;
}

let trap: Awaited<ReturnType<typeof startPhoneHomeTrap>>;
beforeAll(async () => {
  trap = await startPhoneHomeTrap();
});
afterAll(async () => {
  await trap?.close();
});

let fixture: GatewayFixture | undefined;
let work: string | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
  work = undefined;
  trap?.attempts.splice(0);
});

/** A chat request's body as both upstream wires share it: `messages` with `role`/`content`/`tool_calls`, `tools[].function.name`. */
interface ChatBody {
  readonly messages?: ReadonlyArray<{ readonly role?: string; readonly content?: unknown; readonly tool_calls?: ReadonlyArray<{ readonly function?: { readonly name?: string } }> }>;
  readonly tools?: ReadonlyArray<{ readonly function?: { readonly name?: string } }>;
}

const bodyOf = (request: RecordedRequest): ChatBody => (request.body ?? {}) as ChatBody;
/** The contents of a request's tool-result messages, as text. */
const toolResults = (request: RecordedRequest): string[] =>
  (bodyOf(request).messages ?? []).filter((message) => message.role === 'tool').map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));
const declares = (request: RecordedRequest, tool: string): boolean => (bodyOf(request).tools ?? []).some((candidate) => candidate.function?.name === tool);
/** The names of the calls of a request's assistant messages (the conversation the host sent back up). */
const calledTools = (request: RecordedRequest): string[] =>
  (bodyOf(request).messages ?? []).filter((message) => message.role === 'assistant').flatMap((message) => (message.tool_calls ?? []).map((call) => call.function?.name ?? '?'));

/** How the upstream answered each chat request. */
interface Decision {
  readonly n: number;
  readonly answer: 'broken-call' | 'file-content' | 'result-without-content' | 'no-tool';
  readonly request: RecordedRequest;
}

/** The host's log without its start-up (the registry's tools): the requests and what the gateway did with them. */
function hostLog(log: string): string {
  return log
    .split('\n')
    .filter((line) => line !== '' && !/"event":"(ToolRegistered|RegistryInitialized|RegistryStarting)"|Registering tool|Starting Tool Schema Registry/.test(line))
    .join('\n');
}

function tail(text: string, chars: number): string {
  return text.length > chars ? `…${text.slice(-chars)}` : text;
}

for (const agentName of ['claude-code', 'codex'] as const) {
  describe(`${agentName} through the host`, () => {
    for (const upstream of ['openai-compatible', 'ollama'] as const) {
      it(`runs its read tool from a broken text call of a ${upstream} upstream, and prints the file it read`, async () => {
        const agents = installedAgents();
        const scenario = SCENARIOS[agentName];
        work = mkdtempSync(join(tmpdir(), `acode-agents-${agentName}-`));
        const project = join(work, 'project');
        mkdirSync(project);
        const notes = join(project, 'notes.txt');
        const secret = `acode-e2e-${agentName}-${upstream}-${randomUUID()}`;
        writeFileSync(notes, `${secret}\n`);

        const decisions: Decision[] = [];
        // Decided by what each request holds, not by its number, so a request of the agent's own (a title, a check) gets a plain answer.
        const script = (request: RecordedRequest, n: number): ScriptStep => {
          const results = toolResults(request);
          let answer: Decision['answer'];
          if (results.length > 0) answer = results.some((result) => result.includes(secret)) ? 'file-content' : 'result-without-content';
          else answer = declares(request, scenario.tool) ? 'broken-call' : 'no-tool';
          decisions.push({ n, answer, request });
          if (answer === 'broken-call') return { kind: 'text', content: scenario.brokenCall(notes) };
          if (answer === 'file-content') return { kind: 'text', content: `The notes say: ${secret}` };
          if (answer === 'result-without-content') return { kind: 'text', content: 'The tool result did not hold the notes.' };
          return { kind: 'text', content: `No ${scenario.tool} tool was declared.` };
        };
        const token = `acode-e2e-${randomUUID()}`;
        fixture = await startGateway(script, { upstream, authToken: token, timeoutMs: 30_000 });

        const where = { baseUrl: fixture.host.baseUrl, token, model: MODELS[upstream], prompt: PROMPT, cwd: project, home: join(work, 'home'), trapUrl: trap.url };
        const invocation =
          agentName === 'claude-code'
            ? // Both ways Claude Code sends a key: a bearer token on one upstream, x-api-key on the other.
              claudeInvocation({ claude: agents.claude, auth: upstream === 'ollama' ? 'x-api-key' : 'bearer', ...where })
            : codexInvocation({ codex: agents.codex, codexHome: join(work, 'codex-home'), ...where });
        const run = await runAgent({ ...invocation, timeoutMs: AGENT_TIMEOUT_MS });

        const host = fixture.host;
        const report = (): string =>
          [
            `${agentName} (${agentName === 'claude-code' ? agents.versions.claude : agents.versions.codex}) against the host, upstream ${upstream}:`,
            `exit ${run.code}${run.signal ? ` (${run.signal})` : ''}${run.timedOut ? ` — killed after ${AGENT_TIMEOUT_MS} ms` : ''} in ${run.ms} ms`,
            `upstream answers: ${decisions.map((decision) => `#${decision.n} ${decision.answer}`).join(', ') || 'none (no chat request reached the upstream)'}`,
            `requests the upstream got: ${fixture?.model.requests.map((request) => `${request.method} ${request.path}`).join(', ') || 'none'}`,
            `agent stdout:\n${tail(run.stdout, 2000)}`,
            `agent stderr:\n${tail(run.stderr, 3000)}`,
            `host log (tail, start-up lines left out):\n${tail(hostLog(host.logs()), 4000)}`,
          ].join('\n');

        expect(run.timedOut, report()).toBe(false);
        expect(run.code, report()).toBe(0);
        // The agent printed what only the file holds: it ran the call, and the host carried the result up and the answer back.
        expect(run.stdout, report()).toContain(secret);

        // The upstream: the broken call first, then, in the very next request, the tool's result with the file's content.
        const call = decisions.find((decision) => decision.answer === 'broken-call');
        expect(call, report()).toBeDefined();
        // Streamed end to end: the agent asked for a stream, so the gateway streamed from the upstream too.
        expect((call!.request.body as { stream?: unknown }).stream, report()).toBe(true);
        const next = decisions.find((decision) => decision.n === call!.n + 1);
        expect(next?.answer, report()).toBe('file-content');
        expect(toolResults(next!.request).some((result) => result.includes(secret)), report()).toBe(true);
        expect(calledTools(next!.request), report()).toContain(scenario.tool);

        // Nothing beyond loopback: the switches in agents.mjs still stop the agents' own traffic.
        expect(trap.attempts, `${agentName} tried to reach beyond loopback (a switch in e2e/agents/agents.mjs no longer works?)`).toEqual([]);
      });
    }
  });
}
