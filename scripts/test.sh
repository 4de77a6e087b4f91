#!/usr/bin/env bash
# npm test: everything CI checks, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
# Route types first (type check and lint both read them); then type check, lint and build, which do not
# depend on each other, side by side (CI must stay under 20 minutes).
echo "== typecheck, lint and build"
npx react-router typegen >/dev/null
pids=()
npx tsc --noEmit & pids+=($!)
npm run --silent lint & pids+=($!)
npx react-router build >/dev/null & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
echo "== unit and integration tests${TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"; npx vitest run
echo "== end-to-end tests"; SKIP_BUILD=1 bash scripts/test-e2e.sh
