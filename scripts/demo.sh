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
"$bin" render test --format png,mp4,gif,sheet --out "$out/test" --fps 30 --scale 2 --device iphone-15
for scene in card-flip card-flip-swipe drop-out nav-tab-modal feed-zoom feed-zoom-ios18; do
  echo
  echo "==> Rendering the $scene seed app (iPhone 15, 2x, 30 fps)"
  "$bin" render "$scene" --format mp4,gif,sheet --out "$out/$scene" --fps 30 --scale 2 --device iphone-15
done
echo
echo "Demo output is in: $(cd "$out" && pwd)"
(cd "$out" && find . -type f | sort | sed 's|^\./|  |')
echo
echo "==> Live preview in the browser: play, scrub and touch a scene (Ctrl-C stops it)"
echo "  $bin preview card-flip            # then open the URL it prints (http://127.0.0.1:8040/?scene=card-flip)"
echo "  $bin preview drop-out --port 0    # any free port; --device, --scale and --host as documented in docs/Preview.md"
