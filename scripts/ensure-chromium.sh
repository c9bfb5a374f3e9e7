#!/usr/bin/env bash
# The browser tests use Debian's Chromium, never a downloaded one. Install it when we can.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium and the Noto fonts…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-noto-cjk >/dev/null
  exit 0
fi
echo "The browser tests need Debian's Chromium at $chromium_path. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-core fonts-noto-cjk" >&2
echo "or point CHROMIUM_PATH at a Chromium binary." >&2
exit 1
