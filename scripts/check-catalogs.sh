#!/usr/bin/env bash
# Fails when the catalogs are out of date with the source (drift) or a locale lacks a translation.
set -euo pipefail
snapshot=$(mktemp -d)
trap 'rm -rf "$snapshot"' EXIT
cp -r locales "$snapshot/"
npx lingui extract --clean >/dev/null
if ! diff -r "$snapshot/locales" locales >/dev/null; then
  diff -r "$snapshot/locales" locales | head -40 || true
  echo "The catalogs were out of date with the source: they are now re-extracted; translate the new messages and commit." >&2
  exit 1
fi
npx lingui compile --strict
