#!/usr/bin/env python3
"""The card flip to MP4: Flipbook against headless Chromium (issue 28; docs/Benchmarks.md,
"Against headless Chromium").

Chromium side: Benchmarks/chromium/card-flip.html (the `card-flip` scene in HTML and CSS) in
Debian's chromium through Playwright, 393 x 852 at deviceScaleFactor 2 (786 x 1704 px, as
`flipbook render`'s iPhone 15 at 2x). Every animation is paused and its currentTime set to frame
i / 60 s, then the frame is taken with CDP Page.captureScreenshot (lossless PNG,
optimizeForSpeed) and piped to ffmpeg, which encodes it as Flipbook's standard MP4 does
(libx264 -preset ultrafast -crf 23 -pix_fmt yuv420p, docs: Sources/FlipbookRender/VideoQuality.swift).
The browser's start-up and the page load count, as `flipbook render`'s process start does.

Flipbook side: `flipbook render card-flip --format mp4 --fps 60` (release build).

The two alternate --runs times, each in a child process. CPU time: flipbook's from wait4 (it and
its ffmpeg, which it waits for); Chromium's is summed from /proc over the browser's whole process
tree (the Playwright driver, browser, zygotes, renderer, GPU and utility processes) just before
the browser closes (its processes are not all reaped up the chain, so wait4 alone would miss most
of it; the shutdown after that is left out, in Chromium's favour), plus ffmpeg's (wait4) and the
Python driver's own. Prints both wall and CPU times, their medians, the ratios and the load average.

Usage: scripts/bench_chromium.py [--runs N] [--flipbook PATH] [--out DIR] [--save-frame I]
       [--capture png|png-slow|jpeg]   (jpeg only to see what a lossy capture would save)
"""
import argparse
import base64
import json
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "browser-tests"))
import preview_harness as H  # noqa: E402

PAGE = os.path.join(ROOT, "Benchmarks", "chromium", "card-flip.html")
FPS = 60
DURATION = 3.2  # CardFlipScene.duration
FRAMES = round(DURATION * FPS) + 1  # 0 ... 3.2 s inclusive, as the exporter (193)
X264 = ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p"]  # VideoQuality.standard


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def descendants_cpu(root, exclude=()):
    """CPU seconds (user + system, with their reaped children's) of every live descendant of root."""
    procs = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        procs[int(entry)] = (int(fields[1]), sum(int(x) for x in fields[11:15]) / CLOCK_TICKS)
    total, stack = 0.0, [root]
    while stack:
        parent = stack.pop()
        for pid, (ppid, cpu) in procs.items():
            if ppid == parent and pid not in exclude:
                total += cpu
                stack.append(pid)
    return total


def chromium_export(out, capture="png", save_frame=None):
    """One export, in this process: launch, load, step, capture, encode. Returns the CPU seconds
    of the whole export (browser tree, ffmpeg and this process)."""
    from playwright.sync_api import sync_playwright
    chromium = H.find_chromium()
    if not chromium:
        sys.exit("bench_chromium: no chromium (make bench-chromium installs it)")
    codec = "mjpeg" if capture == "jpeg" else "png"
    ffmpeg = subprocess.Popen(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "image2pipe", "-c:v", codec,
         "-framerate", str(FPS), "-i", "pipe:0", *X264, "-movflags", "+faststart", "-f", "mp4", out],
        stdin=subprocess.PIPE)
    params = {"format": "jpeg", "quality": 100} if capture == "jpeg" else {"format": "png"}
    if capture != "png-slow":
        params["optimizeForSpeed"] = True
    t0 = time.perf_counter()
    with sync_playwright() as p:
        browser = H.launch(p, chromium)
        context = browser.new_context(viewport={"width": 393, "height": 852}, device_scale_factor=2)
        page = context.new_page()
        page.goto("file://" + PAGE)
        page.evaluate("document.fonts.ready.then(() => document.getAnimations().forEach(a => a.pause()))")
        cdp = context.new_cdp_session(page)
        # Playwright's device scale factor is its own session's override: this session needs one too.
        cdp.send("Emulation.setDeviceMetricsOverride", {"width": 393, "height": 852, "deviceScaleFactor": 2, "mobile": False})
        t1 = time.perf_counter()
        for i in range(FRAMES):
            page.evaluate("t => document.getAnimations().forEach(a => { a.currentTime = t; })", i * 1000 / FPS)
            data = base64.b64decode(cdp.send("Page.captureScreenshot", params)["data"])
            if save_frame == i:
                with open(os.path.join(os.path.dirname(out), f"chromium-frame-{i}.png"), "wb") as f:
                    f.write(data)
            ffmpeg.stdin.write(data)
        t2 = time.perf_counter()
        browser_cpu = descendants_cpu(os.getpid(), exclude={ffmpeg.pid})
        browser.close()
    ffmpeg.stdin.close()
    _, status, usage = os.wait4(ffmpeg.pid, 0)
    ffmpeg.returncode = os.waitstatus_to_exitcode(status)
    if ffmpeg.returncode != 0:
        sys.exit("bench_chromium: ffmpeg failed")
    t3 = time.perf_counter()
    print(f"  chromium: launch and load {t1 - t0:.2f} s, {FRAMES} frames stepped and captured {t2 - t1:.2f} s "
          f"({1000 * (t2 - t1) / FRAMES:.1f} ms each), close and ffmpeg's end {t3 - t2:.2f} s; "
          f"CPU: browser tree {browser_cpu:.2f} s, ffmpeg {usage.ru_utime + usage.ru_stime:.2f} s", file=sys.stderr)
    me = resource.getrusage(resource.RUSAGE_SELF)
    return browser_cpu + usage.ru_utime + usage.ru_stime + me.ru_utime + me.ru_stime


def timed(argv, reports_cpu=False):
    """Runs argv as a child: (wall s, CPU s, exit code). The CPU time is wait4's (the child and
    the descendants it waited for), or, with reports_cpu, the child's own report on its last line."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE if reports_cpu else None, text=True)
    output = proc.stdout.read() if reports_cpu else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    if reports_cpu and proc.returncode == 0:
        cpu = float(output.strip().splitlines()[-1].split()[-1])
    return wall, cpu, proc.returncode


def probe(path):
    """(frames, seconds, width x height) of an MP4, from ffprobe."""
    r = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                        "stream=nb_read_frames,width,height:format=duration", "-of", "json", path],
                       capture_output=True, text=True, check=True)
    j = json.loads(r.stdout)
    s = j["streams"][0]
    return int(s["nb_read_frames"]), float(j["format"]["duration"]), f"{s['width']}x{s['height']}"


def release_flipbook():
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(bin_dir, "flipbook")


def loadavg():
    return "%.2f %.2f %.2f" % os.getloadavg()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--flipbook", default=None, help="the flipbook binary (default: the release build)")
    ap.add_argument("--out", default="/tmp/bench-chromium")
    ap.add_argument("--capture", default="png", choices=["png", "png-slow", "jpeg"])
    ap.add_argument("--save-frame", type=int, default=None, help="also save Chromium's frame I as a PNG in --out")
    ap.add_argument("--chromium-only", action="store_true")
    ap.add_argument("--one-chromium-export", metavar="MP4", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one_chromium_export:
        print(f"cpu {chromium_export(a.one_chromium_export, a.capture, a.save_frame):.3f}")
        return
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        sys.exit("bench_chromium: needs Playwright for Python (scripts/install-deps.sh installs it)")
    if not H.find_chromium():
        sys.exit("bench_chromium: no chromium (scripts/install-deps.sh installs it)")
    os.makedirs(a.out, exist_ok=True)
    flipbook = None
    if not a.chromium_only:
        flipbook = a.flipbook or release_flipbook()
        if not os.path.exists(flipbook):
            sys.exit(f"bench_chromium: no release flipbook at {flipbook} (swift build -c release --product flipbook)")
    chrome_mp4, flip_mp4 = os.path.join(a.out, "chromium.mp4"), os.path.join(a.out, "card-flip.mp4")
    print(f"card-flip, 786x1704 at 60 fps, {FRAMES} frames; capture: CDP Page.captureScreenshot {a.capture}; "
          f"{os.cpu_count()} cores; load average {loadavg()}")
    rows = {"chromium": [], "flipbook": []}
    for run in range(1, a.runs + 1):
        argv = [sys.executable, os.path.abspath(__file__), "--one-chromium-export", chrome_mp4, "--capture", a.capture]
        if a.save_frame is not None and run == 1:
            argv += ["--save-frame", str(a.save_frame)]
        jobs = [("chromium", argv)]
        if flipbook:
            jobs.append(("flipbook", [flipbook, "render", "card-flip", "--format", "mp4", "--fps", str(FPS),
                                      "--out", a.out]))
        if run % 2 == 0:
            jobs.reverse()  # alternate which goes first
        for name, cmd in jobs:
            before = loadavg()
            wall, cpu, code = timed(cmd, reports_cpu=name == "chromium")
            if code != 0:
                sys.exit(f"bench_chromium: {name} exited with {code}")
            rows[name].append((wall, cpu))
            print(f"run {run} {name:8}  wall {wall:7.2f} s  CPU {cpu:7.2f} s  (load {before} -> {loadavg()})",
                  flush=True)
    for name, path in (("chromium", chrome_mp4), ("flipbook", flip_mp4)):
        if rows[name]:
            frames, seconds, size = probe(path)
            print(f"{name:8} MP4: {size}, {frames} frames coded, {seconds:.3f} s  ({path})")
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in rows.items() if v}
    for k, (w, c) in med.items():
        print(f"median {k:8}  wall {w:7.2f} s  CPU {c:7.2f} s  ({1000 * w / FRAMES:.1f} ms a frame wall)")
    if "flipbook" in med:
        (cw, cc), (fw, fc) = med["chromium"], med["flipbook"]
        print(f"Flipbook is {cw / fw:.1f}x faster than Chromium by wall time, {cc / fc:.1f}x by CPU time "
              f"(medians of {a.runs} alternated runs; load average now {loadavg()})")


if __name__ == "__main__":
    main()
