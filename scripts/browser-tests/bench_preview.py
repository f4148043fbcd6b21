#!/usr/bin/env python3
"""Benchmark of `flipbook preview` in headless chromium (not a test): input latency (pointer
event in the page → first drawn frame that includes it) and frames per second while playing
card-flip at 1×, at 750×1334 px (iPhone SE, scale 2). Writes a Markdown report.
Usage: bench_preview.py <flipbook-binary> <report.md>
"""
import datetime
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_harness as H  # noqa: E402


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main():
    binary, report = sys.argv[1], sys.argv[2]
    chromium = H.find_chromium()
    from playwright.sync_api import sync_playwright
    server = H.PreviewServer(binary, "card-flip", "iphone-se", 2)
    lines = []
    with sync_playwright() as p:
        browser = H.launch(p, chromium)
        page = browser.new_page(viewport={"width": 1280, "height": 820})
        page.goto(server.url + "?scene=card-flip&autoplay=0")
        H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")

        # Frames per second at 1×: a cold pass (nothing cached) and a warm one.
        fps_rows = []
        for label in ("first play (rendered live)", "second play (replayed from the start)"):
            page.evaluate("() => { window.flipbookPreview.send({type:'restart'}); }")
            H.wait_for(page, "() => window.flipbookPreview.header.frame === 0")
            start_log = page.evaluate("() => window.flipbookPreview.log.length")
            page.evaluate("() => window.flipbookPreview.send({type:'play'})")
            t0 = time.time()
            H.wait_for(page, "() => window.flipbookPreview.header.frame === window.flipbookPreview.timeline.lastFrame", timeout=60000)
            wall = time.time() - t0
            log = page.evaluate("(n) => window.flipbookPreview.log.slice(n)", start_log)
            played = [e for e in log if e["reason"] == "play"]
            if len(played) < 2:
                fps_rows.append((label, len(played), 0, 0, 0, 0))
                continue
            span = (played[-1]["drawn"] - played[0]["drawn"]) / 1000 if len(played) > 1 else wall
            fps = (len(played) - 1) / span if span > 0 else 0
            render = statistics.median(e["renderMs"] for e in played)
            encode = statistics.median(e["encodeMs"] for e in played)
            size = statistics.median(e["bytes"] for e in played) / 1024
            fps_rows.append((label, len(played), fps, render, encode, size))

        # Latency: drag the reveal (paused at 1.5 s), one pointer move at a time.
        page.evaluate("() => window.flipbookPreview.send({type:'seek', time: 1.5})")
        H.wait_for(page, "() => window.flipbookPreview.header.frame === 90")
        box = page.locator("#screen").bounding_box()
        y = box["y"] + box["height"] / 2
        page.evaluate("() => { window.flipbookPreview.latencies.length = 0; }")
        count = 0
        for drag in range(3):
            page.mouse.move(box["x"] + 2, y)
            page.mouse.down()
            count += 1
            H.wait_for(page, "(n) => window.flipbookPreview.latencies.length >= n", arg=count)
            for i in range(1, 31):
                x = box["x"] + 2 + box["width"] * 0.45 * (i if drag % 2 == 0 else 31 - i) / 30
                page.mouse.move(x, y)
                count += 1
                H.wait_for(page, "(n) => window.flipbookPreview.latencies.length >= n", arg=count)
            page.mouse.up()
            count += 1
            H.wait_for(page, "(n) => window.flipbookPreview.latencies.length >= n", arg=count)
        lat = page.evaluate("() => window.flipbookPreview.latencies")
        browser.close()
    server.stop()

    load = os.getloadavg()
    lines += [
        "# Live preview benchmark",
        "",
        f"Measured by `make bench-preview` (scripts/browser-tests/bench_preview.py) on "
        f"{datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}, "
        f"{os.cpu_count()} cores, load average {load[0]:.1f} (other work shares this machine), "
        f"{'release' if '/release/' in binary else 'DEBUG (not release)'} build, headless chromium on the same machine, card-flip on iphone-se at scale 2 (750×1334 px), "
        "frames sent as raw RGBA while playing or touched (PNG when scrubbed, stepped or cached).",
        "",
        "## Input latency (pointer event in the page → first drawn frame that includes it)",
        "",
        f"{len(lat)} pointer events (3 drags across the reveal, paused at 1.5 s):",
        "",
        "| median | 95th percentile | min | max |",
        "|---|---|---|---|",
        f"| {statistics.median(lat):.1f} ms | {pct(lat, 95):.1f} ms | {min(lat):.1f} ms | {max(lat):.1f} ms |",
        "",
        "Target: under 33 ms median (two 60 Hz frames).",
        "",
        "## Frames per second playing card-flip at 1×",
        "",
        "| pass | frames drawn | fps | server step+render (median) | encode (median) | frame size (median) |",
        "|---|---|---|---|---|---|",
    ]
    for label, n, fps, render, encode, size in fps_rows:
        lines.append(f"| {label} | {n} | {fps:.1f} | {render:.1f} ms | {encode:.1f} ms | {size:.0f} KiB |")
    lines += ["", "Target: 60 fps. Frames the page has not acknowledged (2 in flight) are skipped, never queued, "
              "so a slower page sees fewer frames at the right times rather than a growing delay.", ""]
    with open(report, "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
