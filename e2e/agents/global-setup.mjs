// Global set-up of the vitest project `agents` (vitest.config.ts): installs Claude Code and Codex
// into e2e/agents/ when missing or when its lock changed (agents.mjs), once per run, before the
// tests, outside any test's timeout. CI runs only `pnpm install` and `pnpm test`, so this is where
// the agents get installed there.
//
// It never throws: a failed install is handed to the test (inject('acodeAgents')), whose
// beforeAll fails every agents test with the reason, while the rest of the suite runs and reports
// as usual. (A throwing global set-up would abort the whole run instead.)
import { ensureAgents } from './agents.mjs';

/** @param {import('vitest/node').TestProject} project */
export default async function setup(project) {
  try {
    const agents = await ensureAgents({ log: (line) => console.log(line) });
    project.provide('acodeAgents', { ok: true, ...agents });
  } catch (error) {
    project.provide('acodeAgents', { ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}
