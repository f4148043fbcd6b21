#!/usr/bin/env bash
# `make test-init`: `flipbook init` writes a package; it builds and its tests work as written:
# the first `swift test` records the snapshot references (and fails, as swift-snapshot-testing
# does when it records), the second passes, and after a change to a preview it fails.
# Then its `flip preview` is opened in headless chromium (scripts/browser-tests).
# Heavy (the new package builds Flipbook again from scratch: about 10-15 minutes on 2 cores),
# so not part of `make test`. Prints the clean build time of the new package.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
swift build --product flipbook
FLIPBOOK="$(swift build --show-bin-path)/flipbook"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/flipbook-init-XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
"$FLIPBOOK" init CardTricks --path "$ROOT" | tee init.txt
# `init` says what the first two `swift test` runs do (it cannot record the references itself:
# they are images of the new package's code, which it has not compiled).
grep -q "1st run: records 3 reference images" init.txt && grep -q "2nd run: compares with them and passes" init.txt \
  || { echo "FAIL: init does not say what the first two test runs do"; exit 1; }
cd CardTricks
start=$(date +%s)
swift build --build-tests 2>&1 | tail -3
echo "clean build of the new package (with tests): $(( $(date +%s) - start )) s"
swift run flip list | tee list.txt
grep -q '^home ' list.txt && grep -q '^detail ' list.txt || { echo "FAIL: the scene or the #Preview \"Home\" is not listed"; exit 1; }
swift run flip render detail --format mp4 --scale 1 --out out
test -s out/detail.mp4 || { echo "FAIL: no MP4"; exit 1; }
# The new package's own `flip preview`, in headless chromium: its previews and scene are in the
# picker, the scene plays, and a click on the home preview presents the detail screen.
python3 "$ROOT/scripts/browser-tests/test_user_previews.py" --init-package "$(swift build --show-bin-path)/flip"
if swift test --skip-build > first.log 2>&1; then
  echo "FAIL: the first run should record the references (and fail)"; exit 1
fi
grep -q "Automatically recorded" first.log || { cat first.log; echo "FAIL: the first run failed for another reason"; exit 1; }
ls Tests/CardTricksTests/__Snapshots__/*
recorded=$(find Tests/CardTricksTests/__Snapshots__ -name '*.png' | wc -l)
[ "$recorded" -eq 3 ] || { echo "FAIL: $recorded references recorded, init said 3"; exit 1; }
swift test --skip-build 2>&1 | tail -3 || { echo "FAIL: the second run should pass"; exit 1; }
sed -i 's/\.systemIndigo/.systemOrange/' Sources/CardTricks/Screens.swift
swift build --build-tests 2>&1 | tail -1
if swift test --skip-build > changed.log 2>&1; then
  echo "FAIL: a changed preview should fail its snapshot"; exit 1
fi
grep -q "previews" changed.log || { cat changed.log; echo "FAIL: not the previews' snapshot"; exit 1; }
echo "PASS flipbook init: builds, records, passes, fails when a preview changes"
