#!/usr/bin/env bash
# npm test: everything CI checks, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
phase() { echo "== $1 (at $(( $(date +%s) - started )) s)"; }
started=$(date +%s)
# Route types first (type check and lint both read them); then type check, lint, build and the end-to-end
# tests' database, which do not depend on each other, side by side (CI must stay under 20 minutes).
phase "typecheck, lint, build and the end-to-end database"
npx react-router typegen >/dev/null
pids=()
npx tsc --noEmit & pids+=($!)
npm run --silent lint & pids+=($!)
npx react-router build >/dev/null & pids+=($!)
bash scripts/test-e2e.sh --seed-only & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
phase "unit and integration tests${TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"; npx vitest run
phase "end-to-end tests"; SKIP_BUILD=1 SKIP_SEED=1 bash scripts/test-e2e.sh
phase "done"
