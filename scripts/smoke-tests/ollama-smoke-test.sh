#!/usr/bin/env bash
# Tool-calling smoke test against an Ollama server (002 FR-082..087).
#
# Usage: scripts/smoke-tests/ollama-smoke-test.sh [--base-url URL] [--model M] [--timeout-ms N]
#
# Runs `acode providers smoke-test ollama` from the built CLI: the server answers, the model is
# present, and a file_read request comes back as a valid tool call after parse, repair and
# validation. Arguments are passed through; the exit status is the command's
# (0 passed, 1 no valid tool call, 2 usage or configuration, 3 server unavailable,
# 4 model missing or without tool support). Build first: pnpm build.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${repo_root}/apps/cli/dist/bin.js"

if [[ ! -f "${bin}" ]]; then
  echo "acode is not built (${bin} is missing); run 'pnpm build' first." >&2
  exit 2
fi

exec node "${bin}" providers smoke-test ollama "$@"
