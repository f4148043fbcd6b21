#!/usr/bin/env python3
"""Browser tests of a user's own previews and scenes, `--share` and touch input, in headless
chromium (docs/Preview.md, "Your own previews and scenes"). Run by scripts/test-browser.sh after
test_preview.py. The user's package is Examples/SampleTransitions, whose `flipbook-sample`
executable is Flipbook's tool over its `#Preview`s (found with no list) and its `compose` scene.

Usage: test_user_previews.py [--only NAME-PART] [--watch]   (--watch also runs the live-reload
test, which rebuilds flipbook-sample twice and prints the time from save to new frame).
       test_user_previews.py --init-package FLIP   (only the test of a package `flipbook init`
wrote, whose built `flip` executable is FLIP; run by scripts/test-init.sh).
"""
import os
import re
import socket
import subprocess
import sys
import time
import traceback
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_harness as H  # noqa: E402

results = []


def test(fn):
    results.append(fn)
    return fn


class Server:
    """`<binary> preview ...` on a free port; keeps the whole printed URL (token included)."""

    def __init__(self, binary, args, cwd=None):
        self.proc = subprocess.Popen([binary, "preview", *args, "--port", "0"], cwd=cwd,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.printed = []
        self.full_url = None
        deadline = time.time() + 60
        while time.time() < deadline and not self.full_url:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("preview exited: " + self.proc.stderr.read())
            self.printed.append(line)
            m = re.search(r"http://\S+", line)
            if m:
                self.full_url = m.group(0)
        self.base = self.full_url.split("?")[0]
        self.port = int(self.base.rsplit(":", 1)[1].strip("/"))
        self.local = f"http://127.0.0.1:{self.port}/"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(2)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


def open_page(browser, url, **kw):
    page = browser.new_page(**({"viewport": {"width": 1280, "height": 820}} if not kw else kw))
    page.goto(url)
    H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")
    return page


def pick(page, scene):
    """Choose `scene` in the picker and wait for its first frame (not the last one shown)."""
    drawn = page.evaluate("() => window.flipbookPreview.framesDrawn")
    page.select_option("#scene", scene)
    H.wait_for(page, "([s, n]) => window.flipbookPreview.timeline && window.flipbookPreview.timeline.scene === s"
               " && window.flipbookPreview.framesDrawn > n && window.flipbookPreview.header.reason === 'load'",
               arg=[scene, drawn])


@test
def user_previews_are_listed_picked_played_and_touched(ctx):
    server = Server(ctx["sample"], ["--device", "iphone-se", "--scale", "1"])
    try:
        # `/` with no scene is the gallery (test_gallery.py); an empty scene opens the default one.
        page = open_page(ctx["browser"], server.local + "?scene=&autoplay=0")
        options = page.eval_on_selector_all("#scene option", "os => os.map(o => o.value)")
        assert {"inbox", "compose-sheet", "unread-badge", "compose"} <= set(options), options
        titles = page.eval_on_selector_all("#scene option", "os => os.map(o => o.title)")
        assert any("#Preview \"Inbox\" at Previews.swift:7" == t for t in titles), titles
        # With no scene named, the page opens the first preview (in file and line order).
        assert page.evaluate("() => window.flipbookPreview.timeline.scene") == "inbox"
        pick(page, "compose-sheet")
        w, h, _ = H.canvas_rgba(page)
        assert (w, h) == (667, 375), f"landscape trait: {(w, h)}"
        pick(page, "unread-badge")
        w, h, _ = H.canvas_rgba(page)
        # The label's own fitting size (its text's), not its frame's 120 × 32 nor the screen.
        assert 40 < w < 120 and 10 < h < 32, f"sizeThatFits trait: {(w, h)}"
        pick(page, "inbox")
        w, h, _ = H.canvas_rgba(page)
        assert (w, h) == (375, 667), (w, h)
        # Play: frames arrive.
        page.keyboard.press("Space")
        H.wait_for(page, "() => window.flipbookPreview.header.frame > 20")
        page.keyboard.press("Space")
        H.wait_for(page, "() => !window.flipbookPreview.playing")
        # Touch the preview: a tap on Compose presents the sheet with the user's animator.
        box = page.locator("#screen").bounding_box()
        kx, ky = box["width"] / 375, box["height"] / 667
        page.mouse.click(box["x"] + 100 * kx, box["y"] + 142 * ky)
        page.keyboard.press("Space")
        H.wait_for(page, """() => { const s = window.flipbookPreview.state;
            return s.lastTransition && s.lastTransition.result === 'completed' && s.screens.length === 2; }""")
        s = page.evaluate("() => window.flipbookPreview.state")
        assert s["screens"] == ["InboxViewController", "ComposeViewController"], s["screens"]
        assert s["lastTransition"]["animator"] == "SlideAnimator", s["lastTransition"]
        page.close()
    finally:
        assert server.stop() == 0


@test
def user_scene_renders_to_mp4(ctx):
    import tempfile
    out = tempfile.mkdtemp(prefix="flipbook-sample-")
    r = subprocess.run([ctx["sample"], "render", "compose", "--format", "mp4", "--scale", "1", "--out", out],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    path = os.path.join(out, "compose.mp4")
    assert os.path.getsize(path) > 1000, path
    r = subprocess.run([ctx["sample"], "render", "no-such-scene"], capture_output=True, text=True)
    assert r.returncode != 0 and "Unknown scene 'no-such-scene'" in r.stderr and "inbox" in r.stderr, r.stderr


def raw_status(port, path, headers=()):
    """The status code of a GET sent by hand (for the WebSocket upgrade)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", *headers, "", ""]
    s.sendall("\r\n".join(lines).encode())
    data = s.recv(4096).decode(errors="replace")
    s.close()
    return int(data.split()[1])


WS_HEADERS = ("Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
              "Sec-WebSocket-Version: 13")


@test
def share_needs_the_token_for_the_page_and_the_socket(ctx):
    server = Server(ctx["sample"], ["inbox", "--share", "--device", "iphone-se", "--scale", "1"])
    try:
        printed = "".join(server.printed)
        token = re.search(r"token=([0-9a-f]{32})", server.full_url).group(1)
        assert "▀" in server.proc.stdout.readline() + server.proc.stdout.readline(), "no QR code printed"
        for path in ("/", "/app.js", "/style.css", "/recordings/1/x.mp4"):
            try:
                urllib.request.urlopen(server.local.rstrip("/") + path, timeout=10)
                raise AssertionError(f"{path} served without the token")
            except urllib.error.HTTPError as e:
                assert e.code == 403, (path, e.code)
        try:
            urllib.request.urlopen(server.local + "?token=" + "0" * 32, timeout=10)
            raise AssertionError("a wrong token was accepted")
        except urllib.error.HTTPError as e:
            assert e.code == 403, e.code
        assert raw_status(server.port, "/ws", WS_HEADERS) == 403
        assert raw_status(server.port, "/ws?token=" + "f" * 32, WS_HEADERS) == 403
        assert raw_status(server.port, "/ws?token=" + token, WS_HEADERS) == 101
        # With the token the page works (the socket takes it from the page's URL, the styles
        # from the cookie the page's response set).
        page = open_page(ctx["browser"], server.local + "?scene=inbox&autoplay=0&token=" + token)
        assert page.evaluate("() => getComputedStyle(document.body).display") == "grid"
        page.close()
    finally:
        assert server.stop() == 0


@test
def phone_touch_swipe_dismisses_the_reveal(ctx):
    """Chromium's mobile emulation with touch events: a real finger's swipe (CDP touch events)
    on card-flip's reveal dismisses it interactively."""
    server = Server(ctx["flipbook"], ["card-flip", "--device", "iphone-se", "--scale", "1"])
    try:
        pw = ctx["playwright"]
        phone = dict(pw.devices["Pixel 5"])
        phone.pop("default_browser_type", None)
        context = ctx["browser"].new_context(**phone)
        page = context.new_page()
        page.goto(server.local + "?scene=card-flip&autoplay=0")
        H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")
        assert page.evaluate("() => navigator.maxTouchPoints") > 0
        assert page.evaluate("() => getComputedStyle(document.getElementById('panel')).display") == "none"
        page.evaluate("""() => { const s = document.getElementById('scrubber'); s.value = '90';
            s.dispatchEvent(new Event('input')); }""")
        H.wait_for(page, "() => window.flipbookPreview.header.frame === 90")
        box = page.locator("#screen").bounding_box()
        cdp = context.new_cdp_session(page)
        y = box["y"] + box["height"] / 2
        x0 = box["x"] + 2

        def touch(kind, x):
            pts = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})

        touch("touchStart", x0)
        for i in range(1, 16):
            touch("touchMove", x0 + box["width"] * 0.75 * i / 15)
            page.wait_for_timeout(15)
        H.wait_for(page, "() => { const t = window.flipbookPreview.state.transition; return t && t.interactive && t.percentComplete > 0.5; }")
        touch("touchEnd", 0)
        page.evaluate("() => window.flipbookPreview.send({type: 'play'})")
        H.wait_for(page, """() => { const s = window.flipbookPreview.state;
            return s.screens.length === 1 && s.lastTransition && s.lastTransition.result === 'completed'; }""")
        s = page.evaluate("() => window.flipbookPreview.state")
        assert s["lastTransition"]["kind"] == "dismissal" and s["lastTransition"]["interactive"], s
        context.close()
    finally:
        assert server.stop() == 0


def watch_test(ctx):
    """--watch: a saved change rebuilds; the page shows the new build at the same frame; a
    build error shows on the page and the old build keeps serving. Prints save → new frame."""
    src = os.path.join(H.ROOT, "Examples/SampleTransitions/Sources/SampleTransitions/SlideTransition.swift")
    original = open(src).read()
    # Start from a build of the sources as they are (an earlier run leaves its changed build).
    subprocess.run(["swift", "build", "--product", "flipbook-sample"], cwd=H.ROOT, check=True, capture_output=True)
    server = Server(ctx["sample"], ["inbox", "--watch", "--device", "iphone-se", "--scale", "1"], cwd=H.ROOT)
    try:
        page = open_page(ctx["browser"], server.local + "?scene=inbox&autoplay=0", viewport={"width": 1280, "height": 820})
        page.evaluate("""() => { const s = document.getElementById('scrubber'); s.value = '30';
            s.dispatchEvent(new Event('input')); }""")
        H.wait_for(page, "() => window.flipbookPreview.header.frame === 30")
        _, _, before = H.canvas_rgba(page)
        connections = page.evaluate("() => window.flipbookPreview.connections")
        # The gallery beside it (docs/Preview.md, "The gallery"): notices, then the new build's grid.
        gallery = ctx["browser"].new_page(viewport={"width": 1280, "height": 820})
        gallery.goto(server.local)
        H.wait_for(gallery, "() => window.flipbookGallery && window.flipbookGallery.fullAt !== null", timeout=120000)
        build = gallery.evaluate("() => window.flipbookGallery.index.build")
        thumb = server.local + "thumbnail?scene=inbox&device=iphone-se&appearance=light&width=120"
        thumb_before = urllib.request.urlopen(thumb, timeout=60).read()
        # A build error: shown on the page, the old build still serves.
        with open(src, "w") as f:
            f.write(original.replace("view.backgroundColor = .systemTeal", "view.backgroundColor = .systemTeal +"))
        H.wait_for(page, "() => window.flipbookPreview.notice && window.flipbookPreview.notice.kind === 'build-error'", timeout=600000)
        text = page.inner_text("#notice")
        assert "error" in text and "SlideTransition.swift" in text, text
        H.wait_for(gallery, "() => !document.getElementById('notice').hidden && document.getElementById('notice').textContent.includes('SlideTransition.swift')")
        page.evaluate("() => window.flipbookPreview.send({type: 'step', frames: 1})")
        H.wait_for(page, "() => window.flipbookPreview.header.frame === 31")
        page.evaluate("() => window.flipbookPreview.send({type: 'step', frames: -1})")
        H.wait_for(page, "() => window.flipbookPreview.header.frame === 30")
        # A good change: new build, same frame, new pixels.
        saved = time.time()
        with open(src, "w") as f:
            f.write(original.replace("view.backgroundColor = .systemTeal", "view.backgroundColor = .systemPink"))
        H.wait_for(page, "(n) => window.flipbookPreview.connections > n && window.flipbookPreview.header && "
                   "window.flipbookPreview.header.frame === 30 && window.flipbookPreview.header.reason === 'seek'",
                   arg=connections, timeout=600000)
        elapsed = time.time() - saved
        _, _, after = H.canvas_rgba(page)
        assert after != before, "the new build's frame looks like the old one"
        assert page.evaluate("() => window.flipbookPreview.timeline.scene") == "inbox"
        print(f"  save → new frame on the page: {elapsed:.1f} s", flush=True)
        # The gallery drew its grid again, from the new build.
        H.wait_for(gallery, "(b) => window.flipbookGallery.index.build !== b && window.flipbookGallery.fullAt !== null",
                   arg=build, timeout=120000)
        assert gallery.evaluate("() => window.flipbookGallery.builds") >= 1
        assert urllib.request.urlopen(thumb, timeout=60).read() != thumb_before, "the gallery's thumbnail is the old build's"
        gallery.close()
        page.close()
    finally:
        with open(src, "w") as f:
            f.write(original)
        server.stop()


def init_package_test(ctx):
    """The package `flipbook init` writes, in its own `flip preview`: both previews and the scene
    are in the picker, the scene plays its fade through, and a click on the home preview's button
    presents the detail screen with the package's own animator."""
    server = Server(ctx["flip"], ["--device", "iphone-se", "--scale", "1"])
    try:
        page = open_page(ctx["browser"], server.local + "?scene=&autoplay=0")
        options = page.eval_on_selector_all("#scene option", "os => os.map(o => o.value)")
        assert {"home", "detail-screen", "detail"} <= set(options), options
        pick(page, "detail-screen")
        w, h, _ = H.canvas_rgba(page)
        assert (w, h) == (667, 375), f"landscape trait: {(w, h)}"
        # The scene plays through: presented at 0.5 s, dismissed at 1.5 s.
        pick(page, "detail")
        page.keyboard.press("Space")
        H.wait_for(page, """() => { const s = window.flipbookPreview.state;
            return s.lastTransition && s.lastTransition.result === 'completed' && s.screens.length === 2; }""")
        assert page.evaluate("() => window.flipbookPreview.state.lastTransition.animator") == "FadeAnimator"
        H.wait_for(page, """() => window.flipbookPreview.state.screens.length === 1""")
        # Touch: the home preview's button presents the detail screen.
        pick(page, "home")
        box = page.locator("#screen").bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.press("Space")
        H.wait_for(page, """() => { const s = window.flipbookPreview.state;
            return s.lastTransition && s.lastTransition.result === 'completed' && s.screens.length === 2; }""")
        s = page.evaluate("() => window.flipbookPreview.state")
        assert s["screens"] == ["HomeViewController", "DetailViewController"], s["screens"]
        page.close()
    finally:
        assert server.stop() == 0


def run_init_package(H, flip):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = H.launch(p, H.find_chromium())
        try:
            init_package_test({"browser": browser, "flip": flip})
            print("PASS init_package_test", flush=True)
            return 0
        except Exception:
            print(f"FAIL init_package_test\n{traceback.format_exc()}", flush=True)
            return 1
        finally:
            browser.close()


def main():
    chromium = H.find_chromium()
    if not chromium:
        print("SKIP user-preview browser tests: no chromium installed")
        return 0
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("SKIP user-preview browser tests: Playwright for Python is not installed")
        return 0
    if "--init-package" in sys.argv:
        return run_init_package(H, sys.argv[sys.argv.index("--init-package") + 1])
    flipbook = H.find_flipbook()
    sample = os.path.join(os.path.dirname(flipbook), "flipbook-sample") if flipbook else None
    if not sample or not os.path.exists(sample):
        print("FAIL user-preview browser tests: no flipbook-sample binary (swift build first)")
        return 1
    if "--watch" in sys.argv:
        results.append(watch_test)
    with sync_playwright() as p:
        browser = H.launch(p, chromium)
        ctx = {"browser": browser, "flipbook": flipbook, "sample": sample, "playwright": p}
        ran, failed = H.run_tests(results, ctx)
        browser.close()
    print(f"{ran - failed}/{ran} user-preview browser tests passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
