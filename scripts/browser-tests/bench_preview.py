#!/usr/bin/env python3
"""Benchmark of `flipbook preview` in headless chromium (not a test): input latency (pointer
event in the page → first drawn frame that includes it) and frames per second while playing
card-flip at 1×, at 750×1334 px (iPhone SE, scale 2), for each frame encoding; and the
server-side encode time and size of every encoding (`flipbook preview --measure-encodings`).
Writes a Markdown report.
Usage: bench_preview.py <flipbook-binary> <report.md> [encoding ...]
"""
import datetime
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_harness as H  # noqa: E402

# `auto` first (the headline numbers), then the alternatives it was chosen from.
ENCODINGS = ["auto", "raw", "png", "jpeg", "rects-raw", "rects-png", "rects-jpeg"]


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def med(values):
    values = list(values)
    return statistics.median(values) if values else 0


def run_page(binary, chromium, encoding):
    """fps rows and latencies (ms) for one server started with --frame-encoding `encoding`."""
    from playwright.sync_api import sync_playwright
    server = H.PreviewServer(binary, "card-flip", "iphone-se", 2, extra=["--frame-encoding", encoding])
    try:
        with sync_playwright() as p:
            browser = H.launch(p, chromium)
            page = browser.new_page(viewport={"width": 1280, "height": 820})
            page.goto(server.url + "?scene=card-flip&autoplay=0")
            H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")

            # Frames per second at 1×: a cold pass (nothing cached) and a warm one.
            fps_rows = []
            for label in ("first play", "second play"):
                page.evaluate("() => { window.flipbookPreview.send({type:'restart'}); }")
                H.wait_for(page, "() => window.flipbookPreview.header.frame === 0 && window.flipbookPreview.header.reason === 'restart'")
                start_log = page.evaluate("() => window.flipbookPreview.log.length")
                page.evaluate("() => window.flipbookPreview.send({type:'play'})")
                H.wait_for(page, "() => window.flipbookPreview.header.frame === window.flipbookPreview.timeline.lastFrame", timeout=120000)
                log = page.evaluate("(n) => window.flipbookPreview.log.slice(n)", start_log)
                played = [e for e in log if e["reason"] == "play"]
                if len(played) < 2:
                    fps_rows.append((label, len(played), 0, 0, 0, 0))
                    continue
                span = (played[-1]["drawn"] - played[0]["drawn"]) / 1000
                fps = (len(played) - 1) / span if span > 0 else 0
                moving = played[:-1]  # the last one, where playing stops, is the exact PNG
                fps_rows.append((label, len(played), fps, med(e["renderMs"] for e in moving),
                                 med(e["encodeMs"] for e in moving), med(e["bytes"] for e in moving) / 1024))

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
    finally:
        server.stop()
    return fps_rows, lat


def main():
    binary, report = sys.argv[1], sys.argv[2]
    encodings = sys.argv[3:] or ENCODINGS
    chromium = H.find_chromium()
    load_before = os.getloadavg()
    started = datetime.datetime.now(datetime.timezone.utc)

    table = subprocess.run([binary, "preview", "card-flip", "--device", "iphone-se", "--scale", "2", "--measure-encodings"],
                           capture_output=True, text=True, check=True).stdout.strip()
    runs = {}
    for enc in encodings:
        H.log(f"==> {enc}")
        runs[enc] = run_page(binary, chromium, enc)
    load_after = os.getloadavg()

    release = "/release/" in binary
    lines = [
        "# Live preview benchmark",
        "",
        f"Measured by `make bench-preview` (scripts/browser-tests/bench_preview.py) on "
        f"{started.strftime('%Y-%m-%d %H:%M UTC')}, {os.cpu_count()} cores, "
        f"load average {load_before[0]:.1f} at the start and {load_after[0]:.1f} at the end "
        "(other builds and tests share this machine's cores), "
        f"{'release' if release else 'DEBUG (not release)'} build, headless chromium (software rendering) on the same machine, "
        "card-flip on iphone-se at scale 2 (750×1334 px).",
        "",
        "## Server side: encoding a frame",
        "",
        "`flipbook preview card-flip --measure-encodings`: every frame of card-flip played at 1×, and a",
        "drag across the reveal (32 touched frames), each encoded as the page would be sent it.",
        "",
        table,
        "",
    ]
    first = encodings[0]
    if first in runs:
        fps_rows, lat = runs[first]
        lines += [
            f"## In the browser with `--frame-encoding {first}`",
            "",
            f"Input latency (pointer event in the page → first drawn frame that includes it), {len(lat)} pointer events "
            "(3 drags across the reveal, paused at 1.5 s, one event at a time):",
            "",
            "| median | 95th percentile | min | max |",
            "|---|---|---|---|",
            f"| {med(lat):.1f} ms | {pct(lat, 95):.1f} ms | {min(lat):.1f} ms | {max(lat):.1f} ms |",
            "",
            "Target: under 33 ms median (two 60 Hz frames).",
            "",
            "Frames per second playing card-flip at 1×:",
            "",
            "| pass | frames drawn | fps | server step+render (median) | encode (median) | frame size (median) |",
            "|---|---|---|---|---|---|",
        ]
        for label, n, fps, render, encode, size in fps_rows:
            lines.append(f"| {label} | {n} | {fps:.1f} | {render:.1f} ms | {encode:.1f} ms | {size:.0f} KiB |")
        lines += ["", "Target: 60 fps. Frames the page has not acknowledged (2 in flight) are skipped, never queued, "
                  "so a slower page sees fewer frames at the right times rather than a growing delay.", ""]
    if len(runs) > 1:
        lines += [
            "## Every encoding in the browser",
            "",
            "| encoding | latency median | latency p95 | fps (first play) | fps (second play) | encode (median, playing) | size (median, playing) |",
            "|---|---|---|---|---|---|---|",
        ]
        for enc, (fps_rows, lat) in runs.items():
            f1, f2 = fps_rows[0], fps_rows[1]
            lines.append(f"| {enc} | {med(lat):.1f} ms | {pct(lat, 95):.1f} ms | {f1[2]:.1f} | {f2[2]:.1f} | {f1[4]:.1f} ms | {f1[5]:.0f} KiB |")
        lines.append("")
    with open(report, "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
