import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './scripts/plain-summary-reporter.mjs'],
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'test/**/*.test.ts', 'bench/test/**/*.test.mjs'],
          exclude: ['**/node_modules/**', 'apps/*/test/attacks/**'],
        },
      },
      {
        // The attack tests measure the host's latency under load, so they run after the rest
        // of the suite, alone: on a machine also running other tests they would measure those.
        extends: true,
        test: {
          name: 'attacks',
          include: ['apps/*/test/attacks/**/*.attack.test.ts'],
          testTimeout: 180_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The real agents, Claude Code and Codex CLI, through the host's Anthropic Messages and
        // Responses routes (e2e/agents/FINDINGS.md). Their own npm project, e2e/agents/ (not in the
        // workspace), installed by the global set-up when missing or when its lock changed. Last,
        // after the attack tests: each run starts a large native binary.
        extends: true,
        test: {
          name: 'agents',
          include: ['e2e/agents/**/*.e2e.test.ts'],
          globalSetup: ['e2e/agents/global-setup.mjs'],
          testTimeout: 150_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
