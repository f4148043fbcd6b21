#!/usr/bin/env bash
# Installs the system packages Flipbook needs, only those missing, and says what it does.
# Usage: scripts/install-deps.sh [--bench]   (--bench adds what Benchmarks/ needs)
set -euo pipefail

bench=0
[ "${1:-}" = "--bench" ] && bench=1

missing=()
# Playwright for Python drives the system chromium in the preview's browser tests (no browser download).
install_playwright() {
  command -v python3 >/dev/null || return 0
  python3 -c "import playwright" 2>/dev/null && return 0
  echo "==> Installing Playwright for Python (pip) for the browser tests"
  python3 -m pip install -q playwright 2>/dev/null || python3 -m pip install -q --user playwright 2>/dev/null \
    || echo "Note: could not install Playwright for Python; the preview's browser tests will be skipped."
}
have_pc() { pkg-config --exists "$1" 2>/dev/null; }

if [ "$(uname)" = "Darwin" ]; then
  command -v brew >/dev/null || { echo "Flipbook needs Homebrew (https://brew.sh) to install cairo, pango and ffmpeg." >&2; exit 1; }
  have_pc pangocairo || missing+=(cairo pango pkg-config)
  have_pc libjpeg || missing+=(jpeg-turbo)
  command -v ffmpeg >/dev/null || missing+=(ffmpeg)
  [ $bench = 1 ] && { have_pc pixman-1 || missing+=(pixman); brew list box2d >/dev/null 2>&1 || missing+=(box2d); }
  if [ ${#missing[@]} -gt 0 ]; then
    echo "==> Installing with brew: ${missing[*]}"
    brew install "${missing[@]}"
  fi
  [ -d /Applications/Chromium.app ] || echo "Note: the preview's browser tests need Chromium (brew install --cask chromium); they are skipped without it."
  install_playwright
  exit 0
fi

command -v pkg-config >/dev/null || missing+=(pkg-config)
have_pc cairo || missing+=(libcairo2-dev)
have_pc pangocairo || missing+=(libpango1.0-dev)
have_pc libjpeg || missing+=(libjpeg-dev)
have_pc zlib || missing+=(zlib1g-dev)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v ffprobe >/dev/null || missing+=(ffmpeg)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
command -v chromium >/dev/null || missing+=(chromium)  # the preview's browser tests
if [ $bench = 1 ]; then
  have_pc pixman-1 || missing+=(libpixman-1-dev)
  [ -f /usr/include/box2d/box2d.h ] || missing+=(libbox2d-dev)
fi

if [ ${#missing[@]} -eq 0 ]; then
  install_playwright
  exit 0
fi
# Remove duplicates while keeping order.
readarray -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')

if ! command -v apt-get >/dev/null; then
  echo "Flipbook needs these system packages and cannot install them here (no apt-get or brew): ${missing[*]}" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "Installing ${missing[*]} needs root: run this as root or install sudo." >&2; exit 1; }
  sudo="sudo"
fi
echo "==> Installing system packages with apt-get: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "==> Installed: ${missing[*]}"
install_playwright
