#!/usr/bin/env bash
# End-to-end tests: build the production site, then drive it in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ -n "${CI:-}" ]; then
    echo "ERROR: Chromium not found at $CHROMIUM; CI must install Debian's chromium package." >&2
    exit 1
  fi
  echo "#####################################################################" >&2
  echo "# SKIPPING END-TO-END TESTS: no Chromium at $CHROMIUM"                  >&2
  echo "# Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)" >&2
  echo "#####################################################################" >&2
  exit 0
fi
# E2E_DIR (default var/e2e) holds the database and results, so two runs on other ports can coexist.
export E2E_DIR="${E2E_DIR:-var/e2e}"
# The server (playwright.config.ts) reads this database; it is seeded before it starts. `--seed-only` seeds
# and stops (scripts/test.sh seeds while it builds); SKIP_SEED=1 uses the database seeded that way.
if [ -z "${SKIP_SEED:-}" ]; then
  rm -rf "$E2E_DIR"
  DATABASE_URL="file:$E2E_DIR/scoreline-e2e.db" NODE_ENV=test LOG_LEVEL=warn npx tsx scripts/e2e-seed.ts
fi
[ "${1:-}" != "--seed-only" ] || exit 0
[ -n "${SKIP_BUILD:-}" ] || npx react-router build
npx playwright test "$@"
