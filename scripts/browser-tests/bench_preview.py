#!/usr/bin/env python3
"""Benchmark of `flipbook preview` in headless chromium (not a test): input latency (pointer
event in the page → first drawn frame that includes it) and frames per second while playing
card-flip at 1×, at 750×1334 px (iPhone SE, scale 2), for each frame encoding; and the
server-side encode time and size of every encoding (`flipbook preview --measure-encodings`).
Writes a Markdown report.

Frames per second, two ways: *drawn* counts every played frame the page drew on its canvas
(including the many card-flip frames that change nothing), over the time from the first to
the last; *on screen* counts the frames that were on the canvas at an animation frame (the
page notes the frame shown at each requestAnimationFrame after a draw; a frame drawn and
replaced before the next animation frame was never seen). Most of card-flip's frames change
nothing, so a frame missing there looks the same; *moving frames on screen* counts only the
frames inside the flips (from the first frame that changed pixels to the last, in each run of
changes), against how many the timeline has there. Frames lost are split by cause with
the server's counters: *page busy* (the page had too much unacknowledged, `skipped`) and
*server late* (stepping and drawing took longer than a frame, `late`) and *encoder behind* (a
played frame was due while the one before it still waited for the encoder, `behind`).
*Drawn late* counts frames the server drew behind the wall clock after one of its own slow
frames instead of passing them over (`caughtUp`, docs/Preview.md "Catching up").
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

            # Frames per second at 1×: a cold pass (nothing cached) and warm ones.
            fps_rows = []
            changed = set()  # frames that changed pixels, in any pass
            for label in ("first play", "second play", "third play"):
                page.evaluate("() => { window.flipbookPreview.send({type:'restart'}); }")
                H.wait_for(page, "() => window.flipbookPreview.header.frame === 0 && window.flipbookPreview.header.reason === 'restart'")
                start_log = page.evaluate("() => window.flipbookPreview.log.length")
                start_presented = page.evaluate("() => window.flipbookPreview.presented.length")
                page.evaluate("() => window.flipbookPreview.send({type:'play'})")
                H.wait_for(page, "() => window.flipbookPreview.header.frame === window.flipbookPreview.timeline.lastFrame", timeout=120000)
                page.wait_for_timeout(100)  # the last animation frame
                log = page.evaluate("(n) => window.flipbookPreview.log.slice(n)", start_log)
                presented = page.evaluate("(n) => window.flipbookPreview.presented.slice(n)", start_presented)
                played = [e for e in log if e["reason"] == "play"]
                seen = [e for e in presented if e["reason"] == "play"]
                if len(played) < 2:
                    fps_rows.append(dict(label=label, drawn=len(played), fps=0, seen=0, seen_fps=0, seen_frames=[], skipped=0, late=0, behind=0, caught=0,
                                         rtt=0, render=0, encode=0, size=0))
                    continue
                span = (played[-1]["drawn"] - played[0]["drawn"]) / 1000
                seen_span = (seen[-1]["at"] - seen[0]["at"]) / 1000 if len(seen) > 1 else 0
                moving = played[:-1]  # the last one, where playing stops, is the exact PNG
                rtt = [e["rttMs"] for e in played if e.get("rttMs") is not None and e["rttMs"] >= 0]
                changed.update(e["frame"] for e in moving if e["bytes"] > 0)
                fps_rows.append(dict(
                    label=label, drawn=len(played), fps=(len(played) - 1) / span if span > 0 else 0,
                    seen=len(seen), seen_fps=(len(seen) - 1) / seen_span if seen_span > 0 else 0,
                    seen_frames=sorted({e["frame"] for e in seen}),
                    skipped=(played[-1].get("skipped") or 0) - (played[0].get("skipped") or 0),
                    late=(played[-1].get("late") or 0) - (played[0].get("late") or 0),
                    behind=(played[-1].get("behind") or 0) - (played[0].get("behind") or 0),
                    caught=(played[-1].get("caughtUp") or 0) - (played[0].get("caughtUp") or 0),
                    rtt=med(rtt), rtt95=pct(rtt, 95) if rtt else 0,
                    render=med(e["renderMs"] for e in moving), encode=med(e["encodeMs"] for e in moving),
                    size=med(e["bytes"] for e in moving) / 1024))
            limits = page.evaluate("() => window.flipbookPreview.hello.limits")
            # The moving stretches: runs of frames that changed pixels (gaps under 10 frames), and
            # how many of their frames each pass showed.
            stretches = []
            for f in sorted(changed):
                if stretches and f - stretches[-1][1] < 10:
                    stretches[-1][1] = f
                else:
                    stretches.append([f, f])
            for r in fps_rows:
                r["moving_total"] = sum(b - a + 1 for a, b in stretches)
                r["moving_seen"] = sum(1 for f in r.pop("seen_frames", []) if any(a <= f <= b for a, b in stretches))

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
    return fps_rows, lat, limits


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
        fps_rows, lat, limits = runs[first]
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
            "| pass | frames drawn | fps drawn | frames on screen | fps on screen | moving frames on screen | lost: page busy | lost: server late | lost: encoder behind | drawn late (caught up) | round trip (median / p95) | server step+render (median) | encode (median) | frame size (median) |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for r in fps_rows:
            lines.append(f"| {r['label']} | {r['drawn']} | {r['fps']:.1f} | {r['seen']} | {r['seen_fps']:.1f} | {r['moving_seen']} of {r['moving_total']} ({60 * r['moving_seen'] / max(1, r['moving_total']):.1f} fps) | {r['skipped']} | {r['late']} | {r.get('behind', 0)} | {r.get('caught', 0)} | "
                         f"{r['rtt']:.1f} / {r.get('rtt95', 0):.1f} ms | {r['render']:.1f} ms | {r['encode']:.1f} ms | {r['size']:.0f} KiB |")
        lines += ["", f"Target: 60 fps (all of card-flip's 192 frames in its 3.2 s). A frame is sent while the page has fewer than "
                  f"{limits.get('framesInFlight')} frames and {limits.get('bytesInFlight', 0) // 1024} KiB unacknowledged; beyond that "
                  "played frames are skipped, never queued, so a slower page sees fewer frames at the right times rather than a growing delay. "
                  "Round trip: a frame handed to the server's outbox until the page's acknowledgement (drawn).", ""]
    if len(runs) > 1:
        lines += [
            "## Every encoding in the browser",
            "",
            "| encoding | latency median | latency p95 | fps (first play) | fps (second play) | encode (median, playing) | size (median, playing) |",
            "|---|---|---|---|---|---|---|",
        ]
        for enc, (fps_rows, lat, _) in runs.items():
            f1, f2 = fps_rows[0], fps_rows[1]
            lines.append(f"| {enc} | {med(lat):.1f} ms | {pct(lat, 95):.1f} ms | {f1['fps']:.1f} | {f2['fps']:.1f} | {f1['encode']:.1f} ms | {f1['size']:.0f} KiB |")
        lines.append("")
    with open(report, "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
