#!/usr/bin/env python3
"""Browser tests of the preview gallery and "Copy as test", in headless chromium
(docs/Preview.md, "The gallery" and "Copy as test"). Run by scripts/test-browser.sh.

Usage: test_gallery.py [--only NAME-PART] [--bench [RUNS]]
  --bench: only the 50-preview timing (time to a full grid, light and dark), RUNS times (3).
  --e2e:   also the end-to-end test of "Copy as test": the copied test written into a new
           package that depends on this checkout, `swift test` twice (record, pass), then the
           animator's duration changed and `swift test` again (fails). Heavy: builds Flipbook
           again in the new package (10-20 min on 2 cores).
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
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
    """`<binary> preview [args] --port N`; the printed URL, the process's memory."""

    def __init__(self, binary, args, env=None, cwd=None, port=0):
        full_env = dict(os.environ)
        full_env.pop("FLIPBOOK_GALLERY_FIXTURE", None)
        full_env.update(env or {})
        self.proc = subprocess.Popen([binary, "preview", *args, "--port", str(port)], cwd=cwd, env=full_env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.printed = []
        self.url = None
        deadline = time.time() + 60
        while time.time() < deadline and not self.url:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("preview exited: " + self.proc.stderr.read())
            self.printed.append(line)
            m = re.search(r"http://\S+", line)
            if m:
                self.url = m.group(0)
        self.port = int(self.url.split("?")[0].rsplit(":", 1)[1].strip("/"))
        self.local = f"http://127.0.0.1:{self.port}/"

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def workers(self):
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout.split()
        return len(out)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


def open_gallery(browser, url, viewport=None):
    page = browser.new_page(viewport=viewport or {"width": 1280, "height": 900})
    page.goto(url)
    H.wait_for(page, "() => window.flipbookGallery && window.flipbookGallery.index && window.flipbookGallery.fullAt !== null",
               timeout=180000)
    return page


def gallery(page):
    return page.evaluate("() => { const g = window.flipbookGallery; return {page: g.page, pages: g.pages, loaded: g.loaded,"
                         " failed: g.failed, wanted: g.wanted, fullAt: g.fullAt, startedAt: g.startedAt, urls: g.urls,"
                         " builds: g.builds, longestTask: g.longestTask, entries: g.index.entries.length,"
                         " previews: g.index.previews, help: g.index.help, build: g.index.build}; }")


def http(url):
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


@test
def the_gallery_of_a_package_without_previews_says_how_to_add_one(ctx):
    # Flipbook's own tool: the catalog's scenes, no #Preview.
    server = Server(ctx["flipbook"], ["--device", "iphone-se"])
    try:
        assert server.url.rstrip("/") == server.local.rstrip("/"), server.url  # no scene: the gallery's address
        assert "gallery" in "".join(server.printed), server.printed
        page = open_gallery(ctx["browser"], server.local)
        g = gallery(page)
        assert g["previews"] == 0 and g["help"] and "#Preview" in g["help"], g
        assert page.is_visible("#help") and "#Preview" in page.inner_text("#help")
        assert g["failed"] == 0 and g["loaded"] == g["wanted"] == 2 * g["entries"], g
        names = page.eval_on_selector_all(".cell", "cs => cs.map(c => c.dataset.name)")
        assert "card-flip" in names and "drop-out" in names, names
        cell = page.locator('.cell[data-name="card-flip"]')
        assert cell.locator(".thumb.light img").count() == 1 and cell.locator(".thumb.dark img").count() == 1
        # A thumbnail is drawn at the size the grid shows it, in device pixels.
        w = page.evaluate("""() => { const i = document.querySelector('.cell[data-name="card-flip"] .thumb.light img');
            return [i.naturalWidth, i.clientWidth]; }""")
        assert abs(w[0] - w[1]) <= 12, w
        light = http(server.local + "thumbnail?scene=card-flip&device=iphone-se&appearance=light&width=200")
        dark = http(server.local + "thumbnail?scene=card-flip&device=iphone-se&appearance=dark&width=200")
        assert light[0] == 200 and dark[0] == 200
        lw, lh, lpx = H.decode_png(light[1])
        assert lw == 200 and abs(lh - round(200 * 667 / 375)) <= 1, (lw, lh)
        # A click opens the player on that scene.
        cell.locator(".thumb.light").click()
        H.wait_for(page, "() => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0")
        assert page.evaluate("() => window.flipbookPreview.timeline.scene") == "card-flip"
        assert "scene=card-flip" in page.url
        # Bad requests get clear answers.
        assert http(server.local + "thumbnail?scene=nope&device=iphone-se&appearance=light&width=100")[0] == 404
        assert http(server.local + "thumbnail?scene=card-flip&device=iphone-se&appearance=sepia&width=100")[0] == 400
        assert http(server.local + "snapshot/7/reference.png")[0] == 404
        page.close()
    finally:
        assert server.stop() == 0


@test
def previews_are_listed_with_variants_and_failed_snapshots_side_by_side(ctx):
    root = tempfile.mkdtemp(prefix="gallery-package-")
    artifacts = tempfile.mkdtemp(prefix="gallery-artifacts-")
    server = Server(ctx["sample"], ["--device", "iphone-15"], env={"SNAPSHOT_ARTIFACTS": artifacts}, cwd=root)
    try:
        page = open_gallery(ctx["browser"], server.local)
        g = gallery(page)
        assert g["previews"] >= 3 and not g["help"] and g["failed"] == 0, g
        kinds = page.evaluate("() => Object.fromEntries(window.flipbookGallery.index.entries.map(e => [e.name, [e.kind, e.location]]))")
        assert kinds["inbox"] == ["preview", "Previews.swift:7"], kinds
        assert kinds["compose"][0] == "scene", kinds
        # A failed `assertPreviewSnapshots`: the reference in the package's Tests, the new image in
        # the artifacts folder, as swift-snapshot-testing writes them (here: two real renderings).
        _, light = http(server.local + "thumbnail?scene=inbox&device=iphone-15&appearance=light&width=120")
        _, dark = http(server.local + "thumbnail?scene=inbox&device=iphone-15&appearance=dark&width=120")
        ref_dir = os.path.join(root, "Tests", "SampleTests", "__Snapshots__", "PreviewSnapshotTests")
        os.makedirs(ref_dir)
        os.makedirs(os.path.join(artifacts, "PreviewSnapshotTests"))
        name = "previews.inbox-iphone-15-dark.png"
        with open(os.path.join(ref_dir, name), "wb") as f:
            f.write(light)
        time.sleep(0.05)
        with open(os.path.join(artifacts, "PreviewSnapshotTests", name), "wb") as f:
            f.write(dark)
        # The gallery polls its index: the cell is marked within a second or two.
        H.wait_for(page, "() => window.flipbookGallery.index.entries.some(e => e.failures.length)", timeout=10000)
        H.wait_for(page, "() => document.querySelector('.cell.failed .trio img[data-kind=difference]') !== null")
        failed = page.eval_on_selector_all(".cell.failed", "cs => cs.map(c => c.dataset.name)")
        assert failed == ["inbox"], failed
        assert page.inner_text("#failed-count").startswith("1 ")
        variant = page.get_attribute(".cell.failed .diff-row", "data-variant")
        assert variant == "iphone-15-dark", variant
        H.wait_for(page, """() => [...document.querySelectorAll('.cell.failed .trio img')].every(i => i.complete && i.naturalWidth > 0)""")
        kinds = page.eval_on_selector_all(".cell.failed .trio img", "is => is.map(i => i.dataset.kind)")
        assert kinds == ["reference", "new", "difference"], kinds
        f = page.evaluate("() => window.flipbookGallery.index.entries.find(e => e.name === 'inbox').failures[0]")
        status, diff = http(server.local + f["difference"].lstrip("/"))
        assert status == 200
        dw, dh, dpx = H.decode_png(diff)
        red = sum(1 for i in range(0, len(dpx), 4) if dpx[i] == 255 and dpx[i + 1] == 0 and dpx[i + 2] == 0)
        assert red > dw * dh // 4, (red, dw * dh)  # light against dark: most pixels differ
        assert http(server.local + f["reference"].lstrip("/"))[1] == light
        assert http(server.local + f["new"].lstrip("/"))[1] == dark
        # Re-recorded (the reference newer than the failure): no longer marked.
        time.sleep(0.05)
        with open(os.path.join(ref_dir, name), "wb") as fh:
            fh.write(dark)
        H.wait_for(page, "() => !window.flipbookGallery.index.entries.some(e => e.failures.length)", timeout=10000)
        page.close()
    finally:
        assert server.stop() == 0
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(artifacts, ignore_errors=True)


@test
def a_preview_that_traps_shows_its_error_and_the_others_render(ctx):
    server = Server(ctx["flipbook"], ["--device", "iphone-se"], env={"FLIPBOOK_GALLERY_FIXTURE": "trap:5"})
    try:
        page = open_gallery(ctx["browser"], server.local)
        g = gallery(page)
        assert g["entries"] == 6 and g["loaded"] == 10 and g["failed"] == 2, g
        assert page.is_hidden("#pager")  # one page: no pager
        errors = page.eval_on_selector_all('.cell[data-name="fixture-traps"] .thumb-error', "es => es.map(e => e.textContent)")
        assert len(errors) == 2 and all("Fatal error" in e or "trapped" in e for e in errors), errors
        assert "Unexpectedly found nil" in errors[0] or "trapped" in errors[0], errors[0]
        for n in range(5):
            imgs = page.locator(f'.cell[data-name="fixture-00{n}"] .thumb img').count()
            assert imgs == 2, (n, imgs)
        assert server.proc.poll() is None  # the server lives on
        # The generated screens are on the system background: light and dark differ.
        light = http(server.local + "thumbnail?scene=fixture-001&device=iphone-se&appearance=light&width=100")
        dark = http(server.local + "thumbnail?scene=fixture-001&device=iphone-se&appearance=dark&width=100")
        assert light[0] == dark[0] == 200 and light[1] != dark[1]
        assert H.decode_png(light[1])[2][:4] == b"\xff\xff\xff\xff" and H.decode_png(dark[1])[2][:4] == b"\x00\x00\x00\xff"
        page.close()
    finally:
        assert server.stop() == 0


@test
def five_hundred_previews_are_paged_and_memory_stays_bounded(ctx):
    server = Server(ctx["flipbook"], ["--device", "iphone-se"], env={"FLIPBOOK_GALLERY_FIXTURE": "many:500"})
    try:
        page = open_gallery(ctx["browser"], server.local)
        g = gallery(page)
        assert g["entries"] == 500 and g["pages"] == 9 and g["wanted"] == 120 and g["loaded"] == 120, g
        assert page.locator(".cell").count() == 60 and page.is_visible("#pager")
        first_rss = server.rss_kib()
        images = []
        for p in range(1, 4):
            page.click("#next")
            H.wait_for(page, "(p) => window.flipbookGallery.page === p && window.flipbookGallery.fullAt !== null", arg=p, timeout=180000)
            g = gallery(page)
            assert g["loaded"] == 120 and g["urls"] <= 120, g
            images.append(page.locator("img").count())
            assert server.workers() <= 2, server.workers()
        names = page.eval_on_selector_all(".cell", "cs => cs.map(c => c.dataset.name)")
        assert names[0] == "fixture-180" and names[-1] == "fixture-239", (names[0], names[-1])
        assert max(images) <= 120, images
        rss = server.rss_kib()
        H.log(f"  500 previews: server RSS {first_rss // 1024} MiB after page 1, {rss // 1024} MiB after page 4")
        assert rss < first_rss + 64 * 1024, (first_rss, rss)
        page.close()
    finally:
        assert server.stop() == 0


def time_full_grid(ctx, count=50):
    """Seconds from navigation to every thumbnail of `count` previews (light and dark) on screen."""
    server = Server(ctx["flipbook"], ["--device", "iphone-15"], env={"FLIPBOOK_GALLERY_FIXTURE": f"many:{count}"})
    try:
        page = ctx["browser"].new_page(viewport={"width": 1600, "height": 1000})
        page.goto(server.local)
        # While the grid fills, the page answers at once (a round trip through its event loop).
        H.wait_for(page, "() => window.flipbookGallery && window.flipbookGallery.index")
        replies = []
        while not page.evaluate("() => window.flipbookGallery.fullAt !== null"):
            t0 = time.time()
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(1)))")
            replies.append(time.time() - t0)
            time.sleep(0.1)
            if len(replies) > 2000:
                raise AssertionError("the grid never filled")
        g = gallery(page)
        assert g["loaded"] == 2 * count, g
        page.close()
        return g["fullAt"] / 1000, max(replies) if replies else 0, g["longestTask"]
    finally:
        assert server.stop() == 0


@test
def fifty_previews_fill_the_grid_and_the_page_stays_responsive(ctx):
    full, reply, task = time_full_grid(ctx)
    H.log(f"  50 previews × light and dark: full grid {full:.2f} s after navigation; slowest animation frame "
          f"while filling {reply * 1000:.0f} ms; longest task {task:.0f} ms")
    assert reply < 0.5 and task < 500, (reply, task)


@test
def a_new_server_redraws_the_grid(ctx):
    # `--watch` replaces the server with the new build on the same port: the page notices the
    # new build and draws the grid again (here: the server restarted by hand on its port).
    server = Server(ctx["flipbook"], ["--device", "iphone-se"], env={"FLIPBOOK_GALLERY_FIXTURE": "many:3"})
    page = None
    try:
        page = open_gallery(ctx["browser"], server.local)
        build = gallery(page)["build"]
        port = server.port
        assert server.stop() == 0
        H.wait_for(page, "() => document.getElementById('connection').textContent.includes('reconnecting')", timeout=10000)
        server = Server(ctx["flipbook"], ["--device", "iphone-se"], env={"FLIPBOOK_GALLERY_FIXTURE": "many:4"}, port=port)
        H.wait_for(page, "(b) => window.flipbookGallery.index.build !== b && window.flipbookGallery.fullAt !== null",
                   arg=build, timeout=60000)
        g = gallery(page)
        assert g["entries"] == 4 and g["builds"] == 1 and g["loaded"] == 8, g
        page.close()
    finally:
        assert server.stop() == 0


def player(ctx, server, scene):
    page = ctx["browser"].new_page(viewport={"width": 1280, "height": 820})
    page.goto(server.local + f"?scene={scene}&autoplay=0")
    H.wait_for(page, "(s) => window.flipbookPreview && window.flipbookPreview.framesDrawn > 0 && "
                     "window.flipbookPreview.timeline && window.flipbookPreview.timeline.scene === s", arg=scene)
    return page


def copy_test(page):
    page.click("#copy-test")
    H.wait_for(page, "() => !!window.flipbookPreview.testSource", timeout=60000)
    return page.evaluate("() => window.flipbookPreview.testSource")


def drag_reveal_half_way(page):
    """Paused at the reveal (frame 90), the reveal dragged from its left edge half way and released."""
    page.evaluate("""() => { const s = document.getElementById('scrubber'); s.value = '90'; s.dispatchEvent(new Event('input')); }""")
    H.wait_for(page, "() => window.flipbookPreview.header.frame === 90 && window.flipbookPreview.header.reason === 'seek'")
    box = page.locator("#screen").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 2, y)
    page.mouse.down()
    for i in range(1, 16):
        page.mouse.move(box["x"] + 2 + box["width"] * 0.5 * i / 15, y)
        page.wait_for_timeout(20)
    page.mouse.up()
    H.wait_for(page, "() => window.flipbookPreview.timeline.marks.some((m) => m.user)")


@test
def copy_as_test_writes_the_drag_as_a_swift_test(ctx):
    server = Server(ctx["flipbook"], ["card-flip", "--device", "iphone-se", "--scale", "1"])
    try:
        page = player(ctx, server, "card-flip")
        ctx["browser_context_permissions"] = None
        # No touches: the filmstrip only.
        m = copy_test(page)
        src = m["source"]
        assert "SceneReplay(CardFlipScene.self, device: .iPhoneSE, scale: 1)" in src, src
        assert "touches:" not in src and "TransitionRecorder" not in src, src
        assert 'named: "filmstrip"' in src and "@testable import FlipbookCatalog" in src, src
        # The drag.
        drag_reveal_half_way(page)
        sent = page.evaluate("() => window.flipbookPreview.inputsSent")
        m = copy_test(page)
        src = m["source"]
        ctx["copied_test"] = src
        H.log("  copied test:\n" + "\n".join("    " + line for line in src.splitlines()))
        assert m["touches"] == sent, (m["touches"], sent)
        assert "SceneReplay(CardFlipScene.self, device: .iPhoneSE, scale: 1, touches: [" in src, src
        downs = re.findall(r"^\s+\.down\(0, x: ([0-9.]+), y: ([0-9.]+), frame: 90, time: ([0-9.]+)\),$", src, re.M)
        moves = re.findall(r"^\s+\.move\(0, x: [0-9.]+, y: [0-9.]+, frame: 90, time: [0-9.]+\),$", src, re.M)
        ups = re.findall(r"^\s+\.up\(0, x: ([0-9.]+), y: [0-9.]+, frame: 90, time: [0-9.]+\),$", src, re.M)
        assert len(downs) == 1 and len(ups) == 1 and len(moves) == sent - 2, (downs, len(moves), ups)
        assert float(downs[0][0]) < 10 and 150 < float(ups[0]) < 200, (downs, ups)  # half of 375 points
        assert "let recorder = TransitionRecorder(app: replay.driver)" in src
        frames = [int(f) for f in re.search(r"filmstrip\(atFrames: \[([0-9, ]+)\]\)", src).group(1).split(", ")]
        assert 90 in frames, frames  # where the user paused (and the dismissal began)
        assert "presentation began" in src and "dismissal began" in src, src
        assert 'assertSnapshot(of: recorder.history.description, as: .lines, named: "transitions")' in src
        assert page.input_value("#test-source") == src
        # A scene that is not an AppScene: the button explains why it is unavailable.
        page.select_option("#scene", "test")
        H.wait_for(page, "() => window.flipbookPreview.timeline.scene === 'test'")
        assert page.is_disabled("#copy-test")
        note = page.inner_text("#copy-test-note")
        assert "not an AppScene" in note, note
        assert "not an AppScene" in page.get_attribute("#copy-test", "title")
        # Asked anyway (a stale page): the server answers why, never a test.
        page.evaluate("() => { window.flipbookPreview.testSource = null; window.flipbookPreview.send({type: 'copyTest'}); }")
        H.wait_for(page, "() => !!window.flipbookPreview.testSource")
        m = page.evaluate("() => window.flipbookPreview.testSource")
        assert "source" not in m and "not an AppScene" in m["unavailable"], m
        page.close()
    finally:
        assert server.stop() == 0


def e2e_copied_test_records_passes_then_fails(ctx):
    """The copied test, as is, in a new package that depends on a copy of this checkout (so its
    dismissal animator's duration can be changed): record, pass, change the duration, fail."""
    src = ctx.get("copied_test")
    assert src, "run copy_as_test_writes_the_drag_as_a_swift_test first"
    work = tempfile.mkdtemp(prefix="copied-test-")
    flipbook = os.path.join(work, "flipbook")
    shutil.copytree(H.ROOT, flipbook, ignore=shutil.ignore_patterns(".build*", ".git", "output"))
    pkg = os.path.join(work, "app")
    os.makedirs(os.path.join(pkg, "Tests", "CopiedTests", "__Snapshots__"))
    with open(os.path.join(pkg, "Package.swift"), "w") as f:
        f.write("""// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "CopiedTest",
    dependencies: [.package(path: "../flipbook")],
    targets: [
        .testTarget(
            name: "CopiedTests",
            dependencies: [.product(name: "FlipbookCatalog", package: "flipbook"), .product(name: "FlipbookTesting", package: "flipbook")],
            exclude: ["__Snapshots__"]),
    ])
""")
    with open(os.path.join(pkg, "Tests", "CopiedTests", "CopiedTest.swift"), "w") as f:
        f.write(src)
    pkg_root = pkg

    def swift_test():
        t0 = time.time()
        r = subprocess.run(["swift", "test"], cwd=pkg_root, capture_output=True, text=True)
        H.log(f"  swift test: exit {r.returncode} in {time.time() - t0:.0f} s")
        return r.returncode, r.stdout + r.stderr

    code, out = swift_test()
    assert code != 0 and "record" in out.lower(), out[-3000:]
    code, out = swift_test()
    assert code == 0, out[-3000:]
    animator = os.path.join(flipbook, "Sources", "FlipbookCatalog", "CardFlip", "DismissAnimationController.swift")
    text = open(animator).read()
    assert "private let duration: TimeInterval = 0.6" in text
    open(animator, "w").write(text.replace("private let duration: TimeInterval = 0.6", "private let duration: TimeInterval = 0.3"))
    code, out = swift_test()
    assert code != 0 and "does not match" in out, out[-3000:]
    # The history's difference names the new duration; the filmstrip's names its difference image.
    assert "DismissAnimationController transitionDuration(using:) -> 0.3" in out, out[-3000:]
    assert "Diff image:" in out, out[-3000:]
    H.log("  the failure, as swift test printed it:\n" + "\n".join(
        "    " + line for line in out.splitlines() if "does not match" in line or "Diff image" in line or "-> 0.3" in line or "-> 0.6" in line))
    shutil.rmtree(work, ignore_errors=True)


def main():
    chromium = H.find_chromium()
    if not chromium:
        print("SKIP gallery browser tests: no chromium installed")
        return 0
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("SKIP gallery browser tests: Playwright for Python is not installed")
        return 0
    flipbook = H.find_flipbook()
    sample = os.path.join(os.path.dirname(flipbook), "flipbook-sample") if flipbook else None
    if not sample or not os.path.exists(sample):
        print("FAIL gallery browser tests: no flipbook or flipbook-sample binary (swift build first)")
        return 1
    with sync_playwright() as p:
        browser = H.launch(p, chromium)
        ctx = {"browser": browser, "flipbook": flipbook, "sample": sample}
        if "--bench" in sys.argv:
            i = sys.argv.index("--bench")
            runs = int(sys.argv[i + 1]) if len(sys.argv) > i + 1 and sys.argv[i + 1].isdigit() else 3
            for n in range(runs):
                full, reply, task = time_full_grid(ctx)
                print(f"run {n + 1}: 50 previews (100 thumbnails) full grid {full:.2f} s; slowest frame while filling "
                      f"{reply * 1000:.0f} ms; longest task {task:.0f} ms", flush=True)
            browser.close()
            return 0
        tests = list(results) + ([e2e_copied_test_records_passes_then_fails] if "--e2e" in sys.argv else [])
        ran, failed = H.run_tests(tests, ctx, keep=(e2e_copied_test_records_passes_then_fails,))
        browser.close()
    print(f"{ran - failed}/{ran} gallery browser tests passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
