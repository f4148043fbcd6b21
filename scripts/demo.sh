#!/usr/bin/env bash
# Renders every demo scene with the given flipbook binary into the output folder.
set -euo pipefail
bin="$1"; out="$2"
mkdir -p "$out"
"$bin" list
echo
echo "Demo output is in: $(cd "$out" && pwd)"
