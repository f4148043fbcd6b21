#!/usr/bin/env bash
# Renders the demo scenes with the given flipbook binary into the output folder.
# Usage: scripts/demo.sh <flipbook-binary> <output-folder>
set -euo pipefail
bin="$1"; out="$2"
mkdir -p "$out"
echo "==> Scenes"
"$bin" list
echo
echo "==> Rendering the renderer's test scene (iPhone 15, 2x, 30 fps)"
"$bin" render test --format png,mp4,gif,sheet --out "$out" --fps 30 --scale 2 --device iphone-15
echo
echo "Demo output is in: $(cd "$out" && pwd)"
ls -1 "$out" | sed 's/^/  /'
