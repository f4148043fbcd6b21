#!/usr/bin/env python3
"""Browser tests of `flipbook preview` in headless chromium (Playwright, system browser).

Run by `make test` (scripts/test-browser.sh). Each test prints PASS/FAIL; the exit code is 1 if
any failed. Skips (exit 0, with the reason) only when no chromium or no Playwright is installed.
Usage: test_preview.py [--screenshot docs/preview.png] [--only NAME-PART]
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_harness as H  # noqa: E402

SCENE, DEVICE, SCALE = "card-flip", "iphone-se", 2
results = []


def test(fn):
    results.append(fn)
    return fn


def open_page(browser, server, query="scene=card-flip&autoplay=0"):
    page = browser.new_page(viewport={"width": 1280, "height": 820})
    page.goto(f"{server.url}?{query}")
    H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")
    return page


def seek(page, frame):
    """Drag the scrubber to `frame` (as a user would: an input event on the range)."""
    page.evaluate("""(f) => { const s = document.getElementById('scrubber'); s.value = String(f);
        s.dispatchEvent(new Event('input')); }""", frame)
    H.wait_for(page, "(f) => window.flipbookPreview.header.frame === f && window.flipbookPreview.header.reason === 'seek'",
               arg=frame)


def reference_png(binary, frame):
    """`flipbook render`'s PNG of frame `frame` at 60 fps."""
    out = tempfile.mkdtemp(prefix="flipbook-ref-")
    subprocess.run([binary, "render", SCENE, "--format", "frames", "--fps", "60", "--scale", str(SCALE),
                    "--device", DEVICE, "--duration", str((frame + 1) / 60), "--out", out],
                   check=True, capture_output=True)
    with open(os.path.join(out, f"{SCENE}-frames", f"frame-{frame:05d}.png"), "rb") as f:
        return f.read()


@test
def page_loads_and_shows_a_frame(ctx):
    page = open_page(ctx["browser"], ctx["server"])
    w, h, rgba = H.canvas_rgba(page)
    assert (w, h) == (750, 1334), (w, h)
    assert len(set(rgba[i:i + 4] for i in range(0, len(rgba), 4 * 997))) > 3, "the canvas is blank"
    options = page.eval_on_selector_all("#scene option", "os => os.map(o => o.value)")
    assert {"card-flip", "card-flip-swipe", "drop-out"} <= set(options), options
    devices = page.eval_on_selector_all("#device option", "os => os.map(o => o.value)")
    assert "iphone-se" in devices and "ipad" in devices, devices
    marks = page.eval_on_selector_all("#marks .mark", "ms => ms.length")
    assert marks == 2, f"card-flip has two scripted taps, the scrubber shows {marks} marks"
    page.close()


@test
def scrubbed_frame_equals_flipbook_render_byte_for_byte(ctx):
    page = open_page(ctx["browser"], ctx["server"])
    frame = 40  # mid flip
    seek(page, frame)
    ref = reference_png(ctx["binary"], frame)
    got = H.shown_png(page)
    assert got == ref, f"PNG bytes differ ({len(got)} vs {len(ref)})"
    w, h, rgba = H.canvas_rgba(page)
    rw, rh, ref_rgba = H.decode_png(ref)
    assert (w, h) == (rw, rh), ((w, h), (rw, rh))
    diff = sum(1 for i in range(0, len(rgba), 4) if rgba[i:i + 4] != ref_rgba[i:i + 4])
    assert diff == 0, f"{diff} canvas pixels differ from flipbook render's PNG"
    ctx["reference"] = (frame, ref)
    page.close()


@test
def play_advances_at_the_chosen_speed(ctx):
    page = open_page(ctx["browser"], ctx["server"])
    for speed in ("0.5", "0.25"):
        page.select_option("#speed", speed)
        H.wait_for(page, "(s) => window.flipbookPreview.replies.some(r => r.type === 'status' && r.speed === s)",
                   arg=float(speed))
        page.click("#restart")
        H.wait_for(page, "() => window.flipbookPreview.header.frame === 0")
        start = page.evaluate("() => window.flipbookPreview.log.length")
        page.keyboard.press("Space")  # play
        time.sleep(4.5)  # card-flip is 3.2 s long: still playing at ½× and ¼×
        page.keyboard.press("Space")  # pause
        log = page.evaluate("(n) => window.flipbookPreview.log.slice(n)", start)
        # Scene time against the server's clock when each frame was made (the transport's delay
        # on a loaded machine is the benchmark's business, not the play clock's).
        played = [(e["wallMs"] / 1000, e["frame"] / 60) for e in log if e["reason"] == "play"]
        assert len(played) >= 3, f"only {len(played)} frames while playing"
        # Least-squares slope of scene time over wall time of the frames shown.
        n = len(played)
        mx = sum(x for x, _ in played) / n
        my = sum(y for _, y in played) / n
        rate = sum((x - mx) * (y - my) for x, y in played) / sum((x - mx) ** 2 for x, _ in played)
        assert abs(rate - float(speed)) < 0.1 * float(speed) + 0.03, f"at {speed}× scene time ran at {rate:.3f}× wall time"
    page.select_option("#speed", "1")
    page.close()


@test
def keyboard_steps_and_restarts(ctx):
    page = open_page(ctx["browser"], ctx["server"])
    seek(page, 10)
    page.keyboard.press("ArrowRight")
    H.wait_for(page, "() => window.flipbookPreview.header.frame === 11")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    H.wait_for(page, "() => window.flipbookPreview.header.frame === 9")
    page.keyboard.press("r")
    H.wait_for(page, "() => window.flipbookPreview.header.frame === 0")
    page.close()


@test
def mouse_drag_on_the_reveal_dismisses_it(ctx):
    page = open_page(ctx["browser"], ctx["server"])
    seek(page, 90)  # 1.5 s: the reveal is up
    state = page.evaluate("() => window.flipbookPreview.state")
    assert state["screens"] == ["DeckViewController", "RevealViewController"], state["screens"]
    box = page.locator("#screen").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 2, y)
    page.mouse.down()
    for i in range(1, 16):
        page.mouse.move(box["x"] + 2 + box["width"] * 0.75 * i / 15, y)
        page.wait_for_timeout(15)
    H.wait_for(page, "() => { const t = window.flipbookPreview.state.transition; return t && t.interactive && t.percentComplete > 0.6; }")
    ctx["screenshot_page"] = page.screenshot() if ctx.get("screenshot") else None
    page.mouse.up()
    page.keyboard.press("Space")  # play on: the dismissal finishes
    H.wait_for(page, """() => { const s = window.flipbookPreview.state;
        return s.screens.length === 1 && s.lastTransition && s.lastTransition.result === 'completed'; }""")
    s = page.evaluate("() => window.flipbookPreview.state")
    assert s["screens"] == ["DeckViewController"], s
    assert s["lastTransition"]["kind"] == "dismissal" and s["lastTransition"]["interactive"], s
    assert s["lastTransition"]["animator"] == "DismissAnimationController", s
    # The panel follows once per animation frame.
    H.wait_for(page, """() => { const t = document.getElementById('last-transition').innerText;
        return t.includes('completed') && t.includes('DismissAnimationController'); }""")
    shown = page.inner_text("#last-transition")
    assert "completed" in shown and "DismissAnimationController" in shown, shown
    user_marks = page.eval_on_selector_all("#marks .mark.user", "ms => ms.length")
    assert user_marks == 1, user_marks
    # The drag is the user's, never also the scene's own swipe (marked twice before).
    marks = page.evaluate("() => window.flipbookPreview.timeline.marks")
    assert [m for m in marks if m["user"]] and all(m["kind"] == "tap" for m in marks if not m["user"]), marks
    # The swipe scene exists and plays its own scripted swipes.
    page.select_option("#scene", "card-flip-swipe")
    H.wait_for(page, "() => window.flipbookPreview.timeline.scene === 'card-flip-swipe' && window.flipbookPreview.header.reason === 'load'")
    swipes = page.eval_on_selector_all("#marks .mark.swipe", "ms => ms.length")
    assert swipes == 2, swipes
    page.close()


@test
def paused_drag_with_a_flick_finishes_the_dismissal(ctx):
    # Paused, a drag to a quarter of the width over 300 ms, flicked to a third in 15 ms: the
    # pointer events carry their times, so the pan has the finger's velocity although the scene
    # stands still, and the swipe finishes the dismissal (under half way, a finger that stopped
    # would cancel it). The events go through CDP with their own timestamps, so the finger's
    # speed is the script's, not the machine's: with Playwright's mouse, a loaded machine took
    # over 100 ms to lift after the flick, the finger had stopped, and the dismissal cancelled.
    page = open_page(ctx["browser"], ctx["server"])
    seek(page, 90)
    assert not page.evaluate("() => window.flipbookPreview.playing")
    box = page.locator("#screen").bounding_box()
    x0, w, y = box["x"] + 2, box["width"], box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    start = time.time()  # seconds since the epoch

    def mouse(kind, x, at):
        cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                               "buttons": 0 if kind == "mouseReleased" else 1,
                                               "clickCount": 1, "timestamp": start + at})

    mouse("mouseMoved", x0, 0)
    mouse("mousePressed", x0, 0)
    for i in range(1, 16):
        mouse("mouseMoved", x0 + w * 0.25 * i / 15, 0.02 * i)
    for i in range(1, 4):
        mouse("mouseMoved", x0 + w * (0.25 + 0.1 * i / 3), 0.3 + 0.005 * i)
    H.wait_for(page, "() => { const t = window.flipbookPreview.state.transition; return t && t.interactive && t.percentComplete > 0.3; }")
    percent = page.evaluate("() => window.flipbookPreview.state.transition.percentComplete")
    assert percent < 0.5, percent
    mouse("mouseReleased", x0 + w * 0.35, 0.32)
    H.wait_for(page, "() => window.flipbookPreview.timeline.marks.some((m) => m.user && m.kind === 'swipe')")
    times = page.evaluate("() => window.flipbookPreview.sentTimes")
    # The drag's own times (scene seconds): 0.32 s from down to up, whatever the machine's speed.
    assert len(times) >= 20 and abs((times[-1] - times[0]) - 0.32) < 0.002, times  # the drag's own times (scene seconds)
    assert not page.evaluate("() => window.flipbookPreview.playing")
    page.keyboard.press("Space")  # play on: the dismissal animates to its end
    H.wait_for(page, """() => { const s = window.flipbookPreview.state;
        return s.lastTransition && s.lastTransition.kind === 'dismissal' && !!s.lastTransition.result; }""")
    s = page.evaluate("() => window.flipbookPreview.state")
    assert s["lastTransition"]["result"] == "completed", s
    assert s["screens"] == ["DeckViewController"], s
    page.close()


@test
def bad_messages_get_errors_and_the_session_keeps_working(ctx):
    page = open_page(ctx["browser"], ctx["server"])
    bad = [
        "garbage", "[]", '{"type":"seek","time":1e999}', '{"type":"seek","time":"soon"}',
        '{"type":"explode"}', '{"type":"speed","value":7}', '{"type":"step","frames":1e12}',
        '{"type":"pointer","phase":"move","id":5,"x":1,"y":1}',
        '{"type":"play","pad":"' + "x" * 10000 + '"}',
    ]
    before = page.evaluate("() => window.flipbookPreview.errors.length")
    for m in bad:
        page.evaluate("(m) => window.flipbookPreview.sendRaw(m)", m)
    H.wait_for(page, "(n) => window.flipbookPreview.errors.length >= n", arg=before + len(bad))
    errors = page.evaluate("() => window.flipbookPreview.errors.map(e => e.message)")[before:]
    assert len(errors) == len(bad), errors
    assert any("too large" in e for e in errors) and any("unknown message type" in e for e in errors), errors
    seek(page, 30)
    assert page.evaluate("() => window.flipbookPreview.connected")
    page.close()


@test
def two_pages_get_their_own_sessions(ctx):
    browser = ctx["browser"]
    a = open_page(browser, ctx["server"], "scene=card-flip&autoplay=0")
    b = open_page(browser, ctx["server"], "scene=drop-out&autoplay=0")
    sa = a.evaluate("() => window.flipbookPreview.header.session")
    sb = b.evaluate("() => window.flipbookPreview.header.session")
    assert sa != sb
    frame, ref = ctx.get("reference", (None, None))
    seek(a, frame or 40)
    seek(b, 120)
    assert b.evaluate("() => window.flipbookPreview.timeline.scene") == "drop-out"
    # Both play at once, each in a runtime of its own: no replays while they do.
    replays = b.evaluate("() => window.flipbookPreview.header.replays")
    a.keyboard.press("Space")
    b.keyboard.press("Space")
    H.wait_for(a, "(f) => window.flipbookPreview.header.frame > f + 10", arg=frame or 40, timeout=90000)
    H.wait_for(b, "() => window.flipbookPreview.header.frame > 130", timeout=90000)
    a.keyboard.press("Space")
    b.keyboard.press("Space")
    for p in (a, b):
        H.wait_for(p, "() => !window.flipbookPreview.playing")
    after = max(p.evaluate("() => window.flipbookPreview.header.replays") for p in (a, b))
    assert after == replays, f"{after - replays} replays while two pages played"
    assert a.evaluate("() => window.flipbookPreview.timeline.scene") == "card-flip"
    assert b.evaluate("() => window.flipbookPreview.timeline.scene") == "drop-out"
    # A's frame is still exact after B ran.
    if ref:
        seek(a, frame)
        assert H.shown_png(a) == ref, "page A's frame changed after page B ran"
    a.close()
    b.close()


@test
def record_after_a_touch_makes_the_mp4(ctx):
    page = open_page(ctx["browser"], ctx["server"])
    seek(page, 90)  # the reveal is up: a short drag (not a dismissal) is the user's touch
    box = page.locator("#screen").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 2, y)
    page.mouse.down()
    for i in range(1, 6):
        page.mouse.move(box["x"] + 2 + box["width"] * 0.05 * i, y)
    page.mouse.up()
    H.wait_for(page, "() => { const P = window.flipbookPreview; return P.inputsSent >= 2 && P.header.inputs === P.inputsSent; }")
    last = page.evaluate("() => window.flipbookPreview.header.lastFrame")
    assert last >= 150, f"the timeline should reach one second past the touch (frame 150), ends at {last}"
    page.click("#record")
    H.wait_for(page, "() => window.flipbookPreview.recorded || window.flipbookPreview.errors.some(e => e.for === 'record')",
               timeout=300000)
    errors = page.evaluate("() => window.flipbookPreview.errors.filter(e => e.for === 'record').map(e => e.message)")
    assert not errors, errors
    rec = page.evaluate("() => window.flipbookPreview.recorded")
    assert rec["frames"] == last + 1, (rec, last)
    # The page says where the file is: a download link and the path on the server's machine.
    link = page.locator("#download")
    assert link.is_visible() and f"{last + 1} frames" in link.inner_text(), link.inner_text()
    href = link.get_attribute("href")
    assert href == rec["url"] and href.startswith("/recordings/") and href.endswith(".mp4"), href
    where = page.inner_text("#recorded-path")
    assert rec["path"] in where and os.path.isfile(rec["path"]), (where, rec["path"])
    assert not page.is_disabled("#record")
    # The link serves the same non-empty MP4.
    body = page.request.get(ctx["server"].url.rstrip("/") + href).body()
    assert len(body) > 1000 and body[4:8] == b"ftyp", f"not an MP4 ({len(body)} bytes)"
    with open(rec["path"], "rb") as f:
        assert f.read() == body, "the download differs from the file on disk"
    if H.shutil.which("ffprobe"):
        out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                              "stream=nb_read_frames,width,height,r_frame_rate:format=duration", "-of", "json", rec["path"]],
                             capture_output=True, text=True, check=True).stdout
        probe = json.loads(out)
        stream = probe["streams"][0]
        # A frame repeating the one before is not encoded (it extends that frame), so the video
        # holds at most one frame per frame time and lasts exactly every frame's time at 60 fps.
        assert 1 <= int(stream["nb_read_frames"]) <= last + 1, (stream, last + 1)
        assert stream["r_frame_rate"] == "60/1", stream
        assert abs(float(probe["format"]["duration"]) - (last + 1) / 60) < 0.002, (probe, last + 1)
        assert (stream["width"], stream["height"]) == (750, 1334), stream
    else:
        H.log("  (no ffprobe: frame count not checked)")
    # The session keeps working after the recording replayed the scene.
    seek(page, 30)
    page.close()


@test
def ctrl_c_shuts_down_cleanly(ctx):
    server = H.PreviewServer(ctx["binary"])
    page = ctx["browser"].new_page()
    page.goto(server.url + "?scene=card-flip&autoplay=1")  # (no scene: the gallery)
    H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")
    code = server.stop()
    assert code == 0, f"exit code {code}: {server.proc.stderr.read()}"
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", server.port))  # the port is free again
    page.close()


def main():
    screenshot = None
    if "--screenshot" in sys.argv:
        screenshot = sys.argv[sys.argv.index("--screenshot") + 1]
    chromium = H.find_chromium()
    if not chromium:
        print("SKIP browser tests: no chromium installed (scripts/install-deps.sh installs Debian's chromium;"
              " on macOS: brew install --cask chromium)")
        return 0
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("SKIP browser tests: Playwright for Python is not installed (pip install playwright)")
        return 0
    binary = H.find_flipbook()
    if not binary:
        print("FAIL browser tests: no flipbook binary (swift build first)")
        return 1
    server = H.PreviewServer(binary, SCENE, DEVICE, SCALE)
    with sync_playwright() as p:
        browser = H.launch(p, chromium)
        ctx = {"browser": browser, "server": server, "binary": binary, "screenshot": screenshot}
        ran, failed = H.run_tests(results, ctx)
        if screenshot and ctx.get("screenshot_page"):
            with open(screenshot, "wb") as f:
                f.write(ctx["screenshot_page"])
            print(f"screenshot: {screenshot}")
        browser.close()
    code = server.stop()
    if code != 0:
        failed += 1
        print(f"FAIL server exit code {code}")
    print(f"{ran - failed}/{ran} browser tests passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
