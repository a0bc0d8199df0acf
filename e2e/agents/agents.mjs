// The real agents the agents end-to-end test runs through the host, Claude Code and Codex CLI:
// their install into this directory (its own npm project, not part of the pnpm workspace), and how
// each is run offline against a base URL. Shared by the test (agents.e2e.test.ts), its global set-up
// (global-setup.mjs) and the capture script (capture.mjs), so the capture checks the same harness.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { arch, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** This directory: `e2e/agents/`. */
export const AGENTS_DIR = dirname(fileURLToPath(import.meta.url));
const NODE_MODULES = join(AGENTS_DIR, 'node_modules');
/** Written after a verified install: the key of the files it was installed from. */
const STAMP = join(NODE_MODULES, '.acode-agents-stamp.json');
/** Held while one process installs, so two test runs of one checkout never install at once. */
const LOCK = join(AGENTS_DIR, '.install-lock');
const INSTALL_TIMEOUT_MS = 10 * 60_000;

const manifest = JSON.parse(readFileSync(join(AGENTS_DIR, 'package.json'), 'utf8'));
/** The exact versions `package.json` pins. */
export const PINNED = {
  claude: manifest.dependencies['@anthropic-ai/claude-code'],
  codex: manifest.dependencies['@openai/codex'],
};

/**
 * Makes sure both agents are installed here, at the pinned versions, and answers how to start
 * them. Installs (`npm ci --ignore-scripts` from the committed lock) only when `node_modules` is
 * missing, or was installed from another `package.json`/`package-lock.json` (or platform) than the
 * current ones; either way checks that both binaries run and report their pinned versions.
 *
 * `--ignore-scripts`: Claude Code's only install script copies its platform package's native
 * binary over a placeholder; we start that binary from the platform package instead, so the
 * install is the same whatever an npm version's policy on install scripts, and runs no
 * third-party script.
 *
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ claude: string, codex: string, installed: boolean, installMs: number | undefined, versions: { claude: string, codex: string } }>}
 * @throws Error saying what failed (no registry, a binary missing for this platform, a wrong version).
 */
export async function ensureAgents({ log = () => undefined } = {}) {
  const key = installKey();
  let installed = false;
  let installMs = readStamp()?.installMs;
  let versions;
  if (readStamp()?.key !== key) {
    await withInstallLock(async () => {
      if (readStamp()?.key === key) return; // another process installed it while we waited
      log(`agents: installing Claude Code ${PINNED.claude} and Codex ${PINNED.codex} into ${AGENTS_DIR} (npm ci; ~350 MB download, ~800 MB on disk)…`);
      const started = Date.now();
      rmSync(NODE_MODULES, { recursive: true, force: true });
      await npmCi();
      installMs = Date.now() - started;
      versions = await checkVersions(agentBinaries());
      writeFileSync(STAMP, `${JSON.stringify({ key, versions: PINNED, installedAt: new Date().toISOString(), installMs }, null, 2)}\n`);
      installed = true;
      log(`agents: installed in ${(installMs / 1000).toFixed(1)} s`);
    });
  }
  const binaries = agentBinaries();
  versions ??= await checkVersions(binaries);
  return { ...binaries, installed, installMs, versions };
}

/** What an install depends on: the manifest, the lock, and the platform (the native packages differ). */
function installKey() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(AGENTS_DIR, file)));
  hash.update(`${process.platform}-${arch()}-${isMusl() ? 'musl' : 'libc'}`);
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined;
  }
}

async function withInstallLock(work) {
  const deadline = Date.now() + INSTALL_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than an install can take is left by a killed run: take it over.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > INSTALL_TIMEOUT_MS) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`agents: another process has held ${LOCK} for ten minutes; remove it if no install is running`);
      await delay(1000);
    }
  }
  try {
    await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * `npm ci` of this directory. The environment is the caller's without what a pnpm script run
 * leaves in it for its own project (`npm_config_local_prefix` would point npm at the workspace,
 * `NODE_PATH`/`NODE_OPTIONS`, vitest's and turbo's variables), but with the npm settings a machine
 * needs to reach its registry: the same filter as test/packaging/packed-packages.test.ts.
 */
function npmCi() {
  const keep = /^npm_config_(registry|cache|cafile|ca|proxy|https_proxy|http_proxy|noproxy|strict_ssl|userconfig|globalconfig|fetch_.*|@.*:registry)$/i;
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => (/^npm_/i.test(name) ? keep.test(name) : !/^(pnpm_|PNPM_|INIT_CWD$|NODE_PATH$|NODE_OPTIONS$|VITEST|TURBO_)/.test(name))),
  );
  const args = ['ci', '--prefix', AGENTS_DIR, '--ignore-scripts', '--no-audit', '--no-fund', '--engine-strict=false', '--loglevel=error'];
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: AGENTS_DIR, env, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`agents: could not start npm (${error.message}); the agents test installs Claude Code and Codex with npm ci --prefix e2e/agents`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      reject(
        new Error(
          `agents: npm ci of ${AGENTS_DIR} failed (${signal ? `killed by ${signal} after ${INSTALL_TIMEOUT_MS / 60_000} min` : `exit ${code}`}), so Claude Code ${PINNED.claude} and Codex ${PINNED.codex} are not installed. ` +
            `This test needs the npm registry once (then node_modules is kept); by hand: npm ci --prefix e2e/agents --ignore-scripts. npm said:\n${output.slice(-3000)}`,
        ),
      );
    });
  });
}

function isMusl() {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport?.();
  return report?.header?.glibcVersionRuntime === undefined;
}

/**
 * The installed agents' entry points: Claude Code's native binary in its platform package (the
 * one its install script would copy to `bin/claude.exe`), Codex's `bin/codex.js` (run with node;
 * it starts the platform package's binary).
 */
export function agentBinaries() {
  const platform = process.platform === 'linux' ? `linux-${arch()}${isMusl() ? '-musl' : ''}` : `${process.platform}-${arch()}`;
  const claude = join(NODE_MODULES, '@anthropic-ai', `claude-code-${platform}`, process.platform === 'win32' ? 'claude.exe' : 'claude');
  const codex = join(NODE_MODULES, '@openai', 'codex', 'bin', 'codex.js');
  if (!existsSync(claude)) throw new Error(`agents: Claude Code has no native binary for ${platform} at ${claude} (is @anthropic-ai/claude-code-${platform} in package-lock.json?)`);
  if (!existsSync(codex)) throw new Error(`agents: Codex is not installed at ${codex}`);
  return { claude, codex };
}

async function checkVersions({ claude, codex }) {
  const claudeVersion = (await runAgent({ command: claude, args: ['--version'], env: baseEnv(tmpdir()), cwd: AGENTS_DIR, timeoutMs: 30_000 })).stdout.trim();
  const codexVersion = (await runAgent({ command: process.execPath, args: [codex, '--version'], env: baseEnv(tmpdir()), cwd: AGENTS_DIR, timeoutMs: 30_000 })).stdout.trim();
  if (!claudeVersion.startsWith(`${PINNED.claude} `)) throw new Error(`agents: ${claude} --version said "${claudeVersion}", not Claude Code ${PINNED.claude}`);
  if (codexVersion !== `codex-cli ${PINNED.codex}`) throw new Error(`agents: codex --version said "${codexVersion}", not codex-cli ${PINNED.codex}`);
  return { claude: claudeVersion, codex: codexVersion };
}

/** What every agent run gets: nothing of the caller's environment but `PATH` (no user's keys, base URLs or proxies leak in). */
function baseEnv(home) {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: tmpdir(), LANG: 'C.UTF-8', NO_COLOR: '1' };
}

/** Environment that points every request an agent makes beyond loopback at the trap (`startPhoneHomeTrap`): fails fast, and is recorded. */
function trapEnv(trapUrl) {
  return trapUrl === undefined ? {} : { HTTPS_PROXY: trapUrl, HTTP_PROXY: trapUrl, https_proxy: trapUrl, http_proxy: trapUrl, NO_PROXY: '127.0.0.1,localhost,::1', no_proxy: '127.0.0.1,localhost,::1' };
}

/**
 * Claude Code in print mode (`claude -p`), offline against `baseUrl` (the host's root: Claude Code
 * adds `/v1/messages`). `auth` picks how it sends `token`: `bearer` (`ANTHROPIC_AUTH_TOKEN` →
 * `Authorization: Bearer`, as gateways are usually set up) or `x-api-key` (`ANTHROPIC_API_KEY`).
 * `home` is its temporary HOME (it writes `~/.claude.json` and `~/.claude/`).
 *
 * @param {{ claude: string, baseUrl: string, token: string, auth?: 'bearer' | 'x-api-key', model: string, prompt: string, cwd: string, home: string, trapUrl?: string }} options
 */
export function claudeInvocation({ claude, baseUrl, token, auth = 'bearer', model, prompt, cwd, home, trapUrl }) {
  mkdirSync(home, { recursive: true });
  return {
    command: claude,
    args: ['-p', prompt, '--model', model, '--allowedTools', 'Read'],
    cwd,
    env: {
      ...baseEnv(home),
      ...trapEnv(trapUrl),
      ANTHROPIC_BASE_URL: baseUrl,
      ...(auth === 'bearer' ? { ANTHROPIC_AUTH_TOKEN: token } : { ANTHROPIC_API_KEY: token }),
      // Without this it reaches api.anthropic.com at start (seen through the trap); the others are belt and braces.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      // A failed request fails the run at once, instead of retrying with backoff for minutes.
      CLAUDE_CODE_MAX_RETRIES: '0',
    },
  };
}

/**
 * Codex CLI (`codex exec`), offline against `baseUrl` (the host's root; the provider's `base_url`
 * is `${baseUrl}/v1`, to which Codex adds `/responses`). Writes `codexHome/config.toml`: a
 * `model_providers` entry speaking the Responses wire with `token` as its key, no retries (a
 * failed request fails the run at once), and the switches that stop its traffic elsewhere
 * (update check, analytics, the curated-plugin sync that reaches github.com and chatgpt.com).
 * `--strict-config` makes an unknown key an error, so a renamed key is noticed, not ignored.
 *
 * @param {{ codex: string, baseUrl: string, token: string, model: string, prompt: string, cwd: string, home: string, codexHome: string, trapUrl?: string }} options
 */
export function codexInvocation({ codex, baseUrl, token, model, prompt, cwd, home, codexHome, trapUrl }) {
  mkdirSync(home, { recursive: true });
  mkdirSync(codexHome, { recursive: true });
  const config = [
    `model = ${JSON.stringify(model)}`,
    'model_provider = "acode"',
    'check_for_update_on_startup = false',
    '',
    '[features]',
    'plugins = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[model_providers.acode]',
    'name = "Acode host"',
    `base_url = ${JSON.stringify(`${baseUrl}/v1`)}`,
    'wire_api = "responses"',
    'env_key = "ACODE_HOST_TOKEN"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
  ].join('\n');
  writeFileSync(join(codexHome, 'config.toml'), config);
  return {
    command: process.execPath,
    args: [codex, 'exec', '--strict-config', '--color', 'never', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', prompt],
    cwd,
    env: { ...baseEnv(home), ...trapEnv(trapUrl), CODEX_HOME: codexHome, ACODE_HOST_TOKEN: token },
  };
}

/**
 * Runs one agent to its end, or kills its whole process group after `timeoutMs`.
 *
 * @param {{ command: string, args: readonly string[], env: Record<string, string>, cwd: string, timeoutMs: number }} invocation
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string, timedOut: boolean, ms: number }>}
 */
export function runAgent({ command, args, env, cwd, timeoutMs }) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Its own process group (detached), so a timeout ends the agent and every process it started.
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (process.platform === 'win32') child.kill('SIGKILL');
        else process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/**
 * A proxy on 127.0.0.1 that refuses everything and records where to: the agents get it as
 * `HTTPS_PROXY`/`HTTP_PROXY` (loopback excepted), so any request beyond the host (telemetry, update
 * checks, plugin syncs) fails at once instead of reaching the internet, and the test can say which.
 *
 * @returns {Promise<{ url: string, attempts: string[], close: () => Promise<void> }>}
 */
export async function startPhoneHomeTrap() {
  const attempts = [];
  const server = createServer((req, res) => {
    attempts.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(403, { connection: 'close' });
    res.end();
  });
  server.on('connect', (req, socket) => {
    attempts.push(`CONNECT ${req.url}`);
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    attempts,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
