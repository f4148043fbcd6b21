#!/usr/bin/env python3
"""Benchmark of `flipbook preview` with two pages at once (not a test): frames per second drawn
by a page playing a scene alone, then by two pages playing two scenes at the same time (each
page has its own session, live run and runtime, docs/Preview.md), and the replays each page's
server counted meanwhile (none are expected). Prints a Markdown table, or appends it to a file.

With --every-scene it instead plays every scene `flipbook list` names, one page at a time,
and prints each one's fps drawn against the 60 fps aim (issue 28).

Usage: bench_preview_pages.py <flipbook-binary> [report.md] [--scenes A B] [--passes N] [--every-scene]
"""
import datetime
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_harness as H  # noqa: E402


def open_page(browser, server, scene):
    page = browser.new_page(viewport={"width": 1280, "height": 820})
    page.goto(f"{server.url}?scene={scene}&autoplay=0")
    H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")
    return page


def play(pages, played_before):
    """Restarts every page, starts them playing together and waits for each to reach its last
    frame. Returns ([(frames drawn, fps drawn)] per page, replays beyond the restarts'): the
    server counts its rebuilds over all pages, and a page restarted after it has played once
    needs one (its run goes back to its start); any more would be one page's doing to another."""
    for page in pages:
        page.evaluate("() => window.flipbookPreview.send({type:'restart'})")
        H.wait_for(page, "() => window.flipbookPreview.header.frame === 0 && window.flipbookPreview.header.reason === 'restart'")
    starts = [page.evaluate("() => window.flipbookPreview.log.length") for page in pages]
    before = pages[0].evaluate("() => window.flipbookPreview.header.replays || 0")
    for page in pages:
        page.evaluate("() => window.flipbookPreview.send({type:'play'})")
    rows = []
    for page, start in zip(pages, starts):
        H.wait_for(page, "() => window.flipbookPreview.header.frame === window.flipbookPreview.timeline.lastFrame", timeout=180000)
        log = page.evaluate("(n) => window.flipbookPreview.log.slice(n)", start)
        played = [e for e in log if e["reason"] == "play"]
        span = (played[-1]["drawn"] - played[0]["drawn"]) / 1000 if len(played) > 1 else 0
        rows.append((len(played), (len(played) - 1) / span if span > 0 else 0))
    after = max(page.evaluate("() => window.flipbookPreview.header.replays || 0") for page in pages)
    expected = sum(1 for page in pages if id(page) in played_before)
    played_before.update(id(page) for page in pages)
    return rows, after - before - expected


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    binary = args.pop(0)
    report = args.pop(0) if args and not args[0].startswith("--") else None
    scenes, passes, every = ["card-flip", "drop-out"], 3, False
    while args:
        flag = args.pop(0)
        if flag == "--scenes" and len(args) >= 2:
            scenes = [args.pop(0), args.pop(0)]
        elif flag == "--passes" and args:
            passes = max(1, int(args.pop(0)))
        elif flag == "--every-scene":
            every = True
        else:
            sys.exit(f"unknown argument {flag}\n{__doc__}")
    if every:
        return every_scene(binary, report, passes)
    from playwright.sync_api import sync_playwright
    chromium = H.find_chromium()
    load_before = os.getloadavg()
    started = datetime.datetime.now(datetime.timezone.utc)
    server = H.PreviewServer(binary, scenes[0], "iphone-se", 2)
    alone = {s: [] for s in scenes}
    together = {s: [] for s in scenes}
    replays = 0
    try:
        with sync_playwright() as p:
            browser = H.launch(p, chromium)
            pages = [open_page(browser, server, s) for s in scenes]
            played_before = set()
            for _ in range(passes):
                for scene, page in zip(scenes, pages):
                    ((_, fps),), extra = play([page], played_before)
                    alone[scene].append(fps)
                    replays += extra
                rows, extra = play(pages, played_before)
                for scene, (_, fps) in zip(scenes, rows):
                    together[scene].append(fps)
                replays += extra
            browser.close()
    finally:
        server.stop()
    load_after = os.getloadavg()
    release = "/release/" in binary
    lines = [
        "## Two pages at once",
        "",
        f"`scripts/browser-tests/bench_preview_pages.py` on {started.strftime('%Y-%m-%d %H:%M UTC')}, "
        f"{os.cpu_count()} cores, load average {load_before[0]:.1f} at the start and {load_after[0]:.1f} at the end, "
        f"{'release' if release else 'DEBUG (not release)'} build, headless chromium, iphone-se at scale 2: "
        f"each scene played alone, then both pages playing at the same time; {passes} passes, fps drawn (median).",
        "",
        "| scene | alone | with the other page playing | ratio |",
        "|---|---|---|---|",
    ]
    for s in scenes:
        a, t = statistics.median(alone[s]), statistics.median(together[s])
        lines.append(f"| {s} | {a:.1f} | {t:.1f} | {t / a if a else 0:.2f} |")
    lines += ["", f"Replays while they played, beyond the one a page's restart needs once it has played: {replays}.", ""]
    text = "\n".join(lines)
    print(text)
    if report:
        with open(report, "a") as f:
            f.write("\n" + text)


def every_scene(binary, report, passes):
    """Each registered scene played alone in one page, `passes` times: its fps drawn."""
    from playwright.sync_api import sync_playwright
    listed = subprocess.run([binary, "list"], capture_output=True, text=True, check=True).stdout
    scenes = [line.split()[0] for line in listed.splitlines() if line.strip()]
    chromium = H.find_chromium()
    load_before = os.getloadavg()
    started = datetime.datetime.now(datetime.timezone.utc)
    server = H.PreviewServer(binary, scenes[0], "iphone-se", 2)
    results = {}
    try:
        with sync_playwright() as p:
            browser = H.launch(p, chromium)
            for scene in scenes:
                page = open_page(browser, server, scene)
                played_before = set()
                results[scene] = [play([page], played_before)[0][0] for _ in range(passes)]
                page.close()
            browser.close()
    finally:
        server.stop()
    load_after = os.getloadavg()
    lines = [
        "## Every scene in one page",
        "",
        f"`scripts/browser-tests/bench_preview_pages.py --every-scene` on {started.strftime('%Y-%m-%d %H:%M UTC')}, "
        f"{os.cpu_count()} cores, load average {load_before[0]:.1f} at the start and {load_after[0]:.1f} at the end, "
        f"{'release' if '/release/' in binary else 'DEBUG (not release)'} build, headless chromium, iphone-se at scale 2; "
        f"each scene played from its start to its end {passes} times, fps drawn (median; aim 60).",
        "",
        "| scene | frames drawn | fps drawn | aim met |",
        "|---|---|---|---|",
    ]
    for scene, runs in results.items():
        fps = statistics.median(r[1] for r in runs)
        drawn = statistics.median(r[0] for r in runs)
        lines.append(f"| {scene} | {drawn:.0f} | {fps:.1f} | {'yes' if fps >= 59 else 'no'} |")
    text = "\n".join(lines + [""])
    print(text)
    if report:
        with open(report, "a") as f:
            f.write("\n" + text)


if __name__ == "__main__":
    main()
