#!/usr/bin/env bash
# Runs the live preview's browser tests (headless chromium through Playwright for Python).
# Usage: scripts/test-browser.sh [--screenshot docs/preview.png]
# Skips with a message, and succeeds, only when no chromium or Playwright could be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null; then
  echo "SKIP browser tests: python3 is not installed"; exit 0
fi
export FLIPBOOK_BINARY="${FLIPBOOK_BINARY:-$(swift build --show-bin-path)/flipbook}"
echo "==> Browser tests of flipbook preview (headless chromium)"
status=0
python3 scripts/browser-tests/test_preview.py "$@" || status=1
echo "==> Browser tests of a user's previews, --share and touch (Examples/SampleTransitions)"
python3 scripts/browser-tests/test_user_previews.py || status=1
echo "==> Browser tests of the gallery and Copy as test"
python3 scripts/browser-tests/test_gallery.py || status=1
exit $status
