#!/usr/bin/env bash
# What the #Preview macro costs a package's clean build (docs/Preview.md, "Build time"): two
# small packages depending on this Flipbook checkout by path, one on the `Flipbook` product
# only, one on `FlipbookPreviews` with one #Preview; each built clean (debug), timed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/flipbook-macro-cost-XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
ID="$(basename "$ROOT" | tr 'A-Z' 'a-z')"
make_pkg() {  # name product source
  mkdir -p "$WORK/$1/Sources/$1"
  cat > "$WORK/$1/Package.swift" <<PKG
// swift-tools-version: 6.2
import PackageDescription
let package = Package(name: "$1", platforms: [.macOS(.v14)],
    dependencies: [.package(path: "$ROOT")],
    targets: [.target(name: "$1", dependencies: [.product(name: "$2", package: "$ID")])])
PKG
  printf '%s\n' "$3" > "$WORK/$1/Sources/$1/App.swift"
}
make_pkg Plain Flipbook 'import Flipbook
@MainActor func make() -> UIViewController { UIViewController() }'
make_pkg WithPreview FlipbookPreviews 'import Flipbook
#Preview("Plain") { UIViewController() }'
for p in Plain WithPreview; do
  (cd "$WORK/$p" && swift package resolve >/dev/null 2>&1)
  start=$(date +%s.%N)
  (cd "$WORK/$p" && swift build > build.log 2>&1) || { tail -20 "$WORK/$p/build.log"; exit 1; }
  end=$(date +%s.%N)
  syntax=$(grep -c "Compiling SwiftSyntax\b\|Compiling SwiftSyntax " "$WORK/$p/build.log" || true)
  printf '%s: %.0f s (SwiftSyntax compiled: %s)\n' "$p" "$(echo "$end - $start" | bc)" "$([ "$syntax" -gt 0 ] && echo yes || echo no)"
done
