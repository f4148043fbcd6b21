"""Shared helpers for the preview's browser tests and benchmark: start `flipbook preview`,
find the system chromium, drive it headless with Playwright, decode PNGs (docs/Preview.md)."""
import base64
import os
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    mac = "/Applications/Chromium.app/Contents/MacOS/Chromium"
    return mac if os.path.exists(mac) else None


def find_flipbook():
    env = os.environ.get("FLIPBOOK_BINARY")
    if env:
        return env
    try:
        bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                 text=True, check=True).stdout.strip()
        path = os.path.join(bin_dir, "flipbook")
        if os.path.exists(path):
            return path
    except (OSError, subprocess.CalledProcessError):
        pass
    path = os.path.join(ROOT, ".build", "debug", "flipbook")
    return path if os.path.exists(path) else None


class PreviewServer:
    """`flipbook preview` on a free loopback port; the URL is read from its output."""

    def __init__(self, binary, scene="card-flip", device="iphone-se", scale=2, extra=()):
        self.proc = subprocess.Popen(
            [binary, "preview", scene, "--device", device, "--scale", str(scale), "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = None
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("flipbook preview exited: " + self.proc.stderr.read())
            if "http://" in line:
                self.url = line[line.index("http://"):].split()[0].split("?")[0]
                break
        if not self.url:
            raise RuntimeError("flipbook preview printed no URL")
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def stop(self, timeout=15):
        """SIGINT (Ctrl-C); returns the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise


def decode_png(data):
    """8-bit RGB/RGBA, non-interlaced PNG → (width, height, RGBA bytes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unsupported PNG"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    out = bytearray(width * height * 4)
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        prev = line
        if channels == 4:
            out[y * width * 4:(y + 1) * width * 4] = line
        else:
            row = out[y * width * 4:(y + 1) * width * 4]
            row[0::4], row[1::4], row[2::4] = line[0::3], line[1::3], line[2::3]
            row[3::4] = b"\xff" * width
            out[y * width * 4:(y + 1) * width * 4] = row
    return width, height, bytes(out)


# Page helpers (run inside the page).
JS_CANVAS_RGBA = """() => {
  const c = document.getElementById('screen');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let s = '';
  for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));
  return [c.width, c.height, btoa(s)];
}"""
JS_PNG = """() => {
  const d = window.flipbookPreview.png;
  let s = '';
  for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));
  return btoa(s);
}"""


def canvas_rgba(page):
    w, h, b64 = page.evaluate(JS_CANVAS_RGBA)
    return w, h, base64.b64decode(b64)


def shown_png(page):
    return base64.b64decode(page.evaluate(JS_PNG))


def wait_for(page, expression, timeout=30000, arg=None):
    page.wait_for_function(expression, arg=arg, timeout=timeout)


def launch(playwright, chromium):
    return playwright.chromium.launch(
        executable_path=chromium, headless=True,
        args=["--no-sandbox", "--disable-gpu", "--force-color-profile=srgb", "--disable-dev-shm-usage"])


def log(msg):
    print(msg, flush=True)
    sys.stdout.flush()


def run_tests(tests, ctx, keep=()):
    """Runs each test function on `ctx`, printing PASS or FAIL with the traceback; `--only NAME`
    on the command line runs the tests whose names contain NAME (and those in `keep`).
    Returns (ran, failed)."""
    import traceback
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    failed = ran = 0
    for fn in tests:
        if only and only not in fn.__name__ and fn not in keep:
            continue
        start = time.time()
        ran += 1
        try:
            fn(ctx)
            print(f"PASS {fn.__name__} ({time.time() - start:.1f} s)", flush=True)
        except Exception:
            failed += 1
            print(f"FAIL {fn.__name__}\n{traceback.format_exc()}", flush=True)
    return ran, failed
