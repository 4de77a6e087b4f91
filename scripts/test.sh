#!/usr/bin/env bash
# npm test: everything CI checks, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== build"; npx react-router build >/dev/null
echo "== unit and integration tests${TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"; npx vitest run
echo "== end-to-end tests"; SKIP_BUILD=1 bash scripts/test-e2e.sh
