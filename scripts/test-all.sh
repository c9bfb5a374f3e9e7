#!/usr/bin/env bash
# `npm test`: every check and test layer, cheapest first, stopping at the first failure.
set -euo pipefail
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Under CI each runner also writes a JSON report that .ci/run totals into one closing line.
vitest_report() { [ -n "${CI:-}" ] && echo "--reporter=default --reporter=json --outputFile=test-results/vitest-$1.json" || true; }
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "lint and format (biome)";           npx biome ci .
step "types (tsc)";                       npm run --silent typecheck
step "layers (dependency-cruiser)";       npm run --silent layers
step "no unused files, exports or dependencies (knip)"; npm run --silent knip
step "flow diagrams up to date";          npm run --silent flows:check
step "one clock (no database time)";     npm run --silent clock:check
step "translations complete (lingui)";    npm run --silent i18n:check
step "OpenAPI document valid";            npm run --silent openapi:check
step "unit, machine paths and views";     npx vitest run --project ui $(vitest_report ui)
# The server suite's clock runs a year behind the database's here, and a year ahead in CI's
# PostgreSQL run (.ci/run): a rule that reads the database's now() fails one of them.
step "server integration (PGlite, clock a year behind)"
TEST_CLOCK_SHIFT_YEARS=-1 npx vitest run --project server $(vitest_report server-pglite)
step "build";                             npm run --silent build && npm run --silent flows:build
step "bundle budget";                     npm run --silent size
step "browser end to end (Chromium)";     bash scripts/ensure-chromium.sh && npx playwright test
