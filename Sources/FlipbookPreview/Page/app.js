// Flipbook live preview page: no build step, no dependencies (docs/Preview.md).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const canvas = $("screen");
  const ctx = canvas.getContext("2d", { alpha: false });
  const P = {
    // Exposed for the browser tests and the benchmark.
    connected: false, hello: null, timeline: null, header: null, png: null, state: null,
    playing: false, speed: 1, errors: [], replies: [], framesReceived: 0, framesDrawn: 0,
    inputsSent: 0, sentTimes: [], latencies: [], pendingInputs: [], frameTimes: [], log: [], presented: [],
    send: (obj) => send(obj), sendRaw: (text) => ws.send(text), notices: [],
  };
  window.flipbookPreview = P;

  // The socket; it reconnects after the server went away (`--watch` restarts the server with
  // the new build): the page then loads the same scene at the same frame, playing if it was.
  // With `--share` the access token rides in the URL once; the server then sets a cookie.
  let ws = null;
  P.connections = 0;
  function connect() {
    const token = params.get("token");
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws" +
      (token ? "?token=" + encodeURIComponent(token) : ""));
    ws.binaryType = "arraybuffer";
    P.helloOnThisSocket = false;
    let opened = false;
    ws.onopen = () => { opened = true; P.connected = true; P.connections++; setBadge("connected", "ok"); };
    ws.onclose = () => {
      // A server that took the socket but never said hello refused this page (too many pages):
      // no retry. A server that went away (stopped, or restarting with a new build) is retried.
      if (opened && !P.helloOnThisSocket) { P.connected = false; setBadge("disconnected", "bad"); return; }
      if (P.connected && P.timeline && P.header) {
        P.resume = { scene: P.timeline.scene, device: P.timeline.device, scale: P.timeline.scale,
          frame: P.header.frame, fps: P.timeline.fps, playing: P.playing };
      }
      P.connected = false; setBadge("reconnecting…", "bad");
      setTimeout(connect, 250);
    };
    ws.onmessage = (ev) => {
      if (typeof ev.data === "string") return onText(JSON.parse(ev.data));
      onFrame(new Uint8Array(ev.data));
    };
  }
  function send(obj) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj)); }
  connect();

  function setBadge(text, cls) { const b = $("connection"); b.textContent = text; b.className = "badge " + cls; }

  function onText(m) {
    P.replies.push(m);
    if (P.replies.length > 200) P.replies.shift();
    switch (m.type) {
      case "hello": return onHello(m);
      case "notice": return showNotice(m.kind === "none" ? null : m);
      case "timeline": return onTimeline(m);
      case "status":
        P.playing = m.playing; P.speed = m.speed;
        if (!m.playing && P.header) showState(P.header);  // paused: the panel is up to date
        return updateControls();
      case "error":
        P.errors.push(m);
        if (m.for === "record") $("record").disabled = false;
        return addItem($("errors"), m.message, 20);
      case "testSource": return onTestSource(m);
      case "recorded": {
        const a = $("download"); a.href = m.url; a.download = m.url.split("/").pop(); a.hidden = false;
        a.textContent = "download MP4 (" + m.frames + " frames)"; $("record").disabled = false;
        // Where the server wrote it (kept until the server stops).
        const where = $("recorded-path"); where.textContent = "saved on the server as " + m.path; where.hidden = false;
        P.recorded = m; return;
      }
    }
  }

  function onHello(m) {
    P.hello = m; P.helloOnThisSocket = true;
    fill($("scene"), m.scenes.map((s) => [s.name, s.name, s.summary]));
    fill($("device"), m.devices.map((d) => [d.name, `${d.name} (${d.width}×${d.height})`]));
    showNotice(m.notice || null);
    const r = P.resume;
    if (r && m.scenes.some((s) => s.name === r.scene)) {
      // A new server (a new build): the same scene at the same time, playing if it was.
      $("scene").value = r.scene; $("device").value = r.device; $("scale").value = String(r.scale);
      load();
      send({ type: "seek", time: r.frame / r.fps });
      if (r.playing) send({ type: "play" });
      P.resume = null;
      return;
    }
    $("scene").value = params.get("scene") || m.defaults.scene;
    $("device").value = params.get("device") || m.defaults.device;
    $("scale").value = String(params.get("scale") || m.defaults.scale);
    load();
    if (params.get("autoplay") !== "0") send({ type: "play" });
  }

  // The server's notices (`--watch`): building, a build error (the compiler's messages), or a
  // new build about to start. The page keeps showing the last good build meanwhile.
  function showNotice(n) {
    const box = $("notice");
    P.notice = n;
    if (n) P.notices.push(n);
    if (!n) { box.hidden = true; box.textContent = ""; return; }
    box.hidden = false; box.className = "notice " + n.kind; box.textContent = n.message;
  }

  function fill(select, items) {
    select.innerHTML = "";
    for (const [value, label, title] of items) {
      const o = document.createElement("option"); o.value = value; o.textContent = label; if (title) o.title = title;
      select.appendChild(o);
    }
  }

  function load() {
    send({ type: "load", scene: $("scene").value, device: $("device").value, scale: Number($("scale").value) });
  }

  function onTimeline(m) {
    // A new scene: its inputs count from zero again.
    if (!P.timeline || P.timeline.scene !== m.scene || P.timeline.device !== m.device || P.timeline.scale !== m.scale) {
      P.inputsSent = 0; P.pendingInputs.length = 0;
    }
    P.timeline = m;
    // "Copy as test" needs an AppScene (the server says why not otherwise).
    const copy = $("copy-test"), note = $("copy-test-note");
    copy.disabled = !!m.testUnavailable;
    copy.title = m.testUnavailable ? "Unavailable: " + m.testUnavailable
      : "The scene and your touches as a Swift Testing test (copied to the clipboard)";
    note.hidden = !m.testUnavailable;
    note.textContent = m.testUnavailable ? "Copy as test is unavailable: " + m.testUnavailable : "";
    $("scrubber").max = String(m.lastFrame);
    const marks = $("marks"); marks.innerHTML = "";
    for (const k of m.marks) {
      const d = document.createElement("div");
      d.className = "mark " + k.kind + (k.user ? " user" : "");
      d.style.left = (100 * k.start / Math.max(1, m.lastFrame)) + "%";
      d.style.width = (100 * (k.end - k.start) / Math.max(1, m.lastFrame)) + "%";
      d.title = `${k.user ? "your " : "scripted "}${k.kind} at ${(k.start / m.fps).toFixed(2)} s`;
      marks.appendChild(d);
    }
    fit();
  }

  // A frame: 4-byte header length, JSON header, then the bytes of its parts (header.parts:
  // [x, y, width, height, "png" | "jpeg" | "raw", length] each), drawn in order over what the
  // canvas shows. An exact whole frame is one PNG part: `flipbook render`'s bytes.
  function onFrame(bytes) {
    const n = (bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3];
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n)));
    const arrived = performance.now();
    P.framesReceived++;
    let offset = 4 + n;
    const parts = header.parts.map(([x, y, w, h, format, length]) => {
      const data = bytes.subarray(offset, offset + length); offset += length;
      return { x, y, w, h, format, data };
    });
    // Decoding starts now (in parallel with earlier frames); drawing keeps the order, so a later
    // frame is never drawn under an earlier one.
    const decoded = Promise.all(parts.map((p) => p.format === "raw"
      ? Promise.resolve(new ImageData(new Uint8ClampedArray(p.data.buffer, p.data.byteOffset, p.w * p.h * 4), p.w, p.h))
      : createImageBitmap(new Blob([p.data], { type: "image/" + p.format }), decodeOptions(p.format))))
      .then((images) => { header.decodedAt = performance.now(); return images; });
    drawing = drawing.then(() => decoded).then((images) => {
      if (canvas.width !== header.width || canvas.height !== header.height) {
        canvas.width = header.width; canvas.height = header.height; fit();
      }
      parts.forEach((p, i) => {
        const img = images[i];
        if (img instanceof ImageData) ctx.putImageData(img, p.x, p.y);
        else {
          // A half-resolution part is stretched over its rectangle.
          if (img.width === p.w && img.height === p.h) ctx.drawImage(img, p.x, p.y);
          else ctx.drawImage(img, p.x, p.y, p.w, p.h);
          img.close();
        }
      });
      if (header.encoding === "png") P.png = parts[0].data;
      shown(header, offset - 4 - n, arrived);
    }).catch((e) => { P.errors.push({ message: "bad frame: " + e }); send({ type: "ack", frame: header.frame }); });
  }
  let drawing = Promise.resolve();

  // PNG parts are exact frames: decoded as stored (no colour conversion, no premultiplying), so
  // the canvas holds `flipbook render`'s bytes. JPEG parts are inexact anyway and decode in
  // about two thirds of the time with the browser's defaults (an untagged JPEG is sRGB, as the
  // canvas is: nothing to convert), docs/Preview.md "Frame encoding".
  function decodeOptions(format) {
    return format === "png" ? { colorSpaceConversion: "none", premultiplyAlpha: "none" } : {};
  }

  // After a frame is on the canvas: bookkeeping and the acknowledgement at once (the server
  // sends more only while few frames are unacknowledged); the panel once per animation frame.
  function shown(header, size, arrived) {
    const drawn = performance.now();
    P.header = header; P.state = header.state; P.framesDrawn++;
    P.playing = header.playing; P.speed = header.speed;
    send({ type: "ack", frame: header.frame });
    // Event times while playing run from the frame on screen, at the playing speed.
    if (header.playing) clockAnchor = { page: drawn, scene: header.time, rate: header.speed };
    P.log.push({ frame: header.frame, wallMs: header.wallMs, reason: header.reason, encoding: header.encoding, exact: header.exact,
      parts: header.parts.length, renderMs: header.renderMs, encodeMs: header.encodeMs, bytes: size, skipped: header.skipped,
      late: header.late, behind: header.behind, caughtUp: header.caughtUp, encoderWaitMs: header.encoderWaitMs, inFlight: header.inFlight, rttMs: header.rttMs,
      arrived, decoded: header.decodedAt, drawn });
    if (P.log.length > 2000) P.log.shift();
    P.frameTimes.push(arrived); if (P.frameTimes.length > 240) P.frameTimes.shift();
    // Input latency: from the pointer event to the first frame that includes it.
    while (P.pendingInputs.length && P.pendingInputs[0].count <= header.inputs) {
      const p = P.pendingInputs.shift();
      P.latencies.push(drawn - p.at);
    }
    if (!panelPending) { panelPending = true; requestAnimationFrame(present); }
  }
  let panelPending = false, panelAt = -Infinity;

  // Once per animation frame after frames were drawn: what the screen shows now (the last frame
  // drawn; frames drawn in between were never on screen), the time and scrubber, and the panel
  // (while playing at most 10 times a second: it is text to read, and rebuilding it costs the
  // page time it needs for frames).
  function present(now) {
    panelPending = false;
    const header = P.header;
    P.presented.push({ frame: header.frame, reason: header.reason, at: performance.now(), drawn: P.framesDrawn });
    if (P.presented.length > 2000) P.presented.shift();
    if (P.timeline && header.lastFrame !== P.timeline.lastFrame) { P.timeline.lastFrame = header.lastFrame; $("scrubber").max = String(header.lastFrame); }
    $("scrubber").value = String(header.frame);
    $("time").textContent = header.time.toFixed(3) + " s";
    if (!header.playing || now - panelAt >= 100) { panelAt = now; showState(header); }
    updateControls();
  }

  function showState(h) {
    const s = h.state;
    describe($("transition"), s.transition);
    describe($("last-transition"), s.lastTransition);
    $("screens").textContent = s.screens.join(" → ") + (s.acceptsTouches ? "" : "  (this scene takes no touches)");
    $("diag-count").textContent = String(s.diagnosticCount);
    const list = $("diagnostics"); list.innerHTML = "";
    for (const d of s.diagnostics) addItem(list, d, 20);
    const fps = measuredFps();
    const lat = P.latencies.length ? P.latencies[P.latencies.length - 1].toFixed(1) + " ms" : "–";
    $("stats").textContent = `frame ${h.frame}/${h.lastFrame} · render ${h.renderMs} ms · ${h.encoding} ${h.encodeMs} ms · ` +
      `${fps.toFixed(1)} fps · skipped ${h.skipped} (page busy) + ${h.late} (server late) + ${h.behind ?? 0} (encoder behind) · round trip ${h.rttMs} ms · ` +
      `last input→frame ${lat} · session ${h.session}`;
  }

  function describe(dl, t) {
    dl.innerHTML = "";
    const rows = t ? [["kind", t.kind], ["animator", t.animator], ["interactive", String(t.interactive)],
      ["percent", (100 * t.percentComplete).toFixed(1) + " %"], ["cancelled", String(t.cancelled)],
      ["complete", String(t.complete)], ["result", t.result || "running"],
      ["frames", t.startFrame + (t.endFrame != null ? "–" + t.endFrame : "–")]] : [["state", "none"]];
    for (const [k, v] of rows) {
      const dt = document.createElement("dt"); dt.textContent = k;
      const dd = document.createElement("dd"); dd.textContent = v; dd.dataset.key = k;
      dl.append(dt, dd);
    }
  }

  function addItem(list, text, max) {
    const li = document.createElement("li"); li.textContent = text; list.appendChild(li);
    while (list.children.length > max) list.removeChild(list.firstChild);
  }

  function measuredFps() {
    const t = P.frameTimes; if (t.length < 2) return 0;
    const span = (t[t.length - 1] - t[0]) / 1000; return span > 0 ? (t.length - 1) / span : 0;
  }
  P.measuredFps = measuredFps;

  function updateControls() {
    $("play").textContent = P.playing ? "❚❚" : "▶︎";
    $("speed").value = String(P.speed);
  }

  // Fit the device frame to the window at the screen's real aspect ratio.
  function fit() {
    if (!P.timeline) return;
    const stage = $("stage"), pts = P.timeline.points;
    const availW = stage.clientWidth - 60, availH = stage.clientHeight - 60;
    const k = Math.max(0.1, Math.min(availW / pts.width, availH / pts.height));
    canvas.style.width = (pts.width * k) + "px";
    canvas.style.height = (pts.height * k) + "px";
    // How many device pixels show the frame: a page showing it small is sent its moving frames
    // at half resolution (docs/Preview.md, "Frame encoding").
    const dpr = window.devicePixelRatio || 1;
    const shown = [Math.round(pts.width * k * dpr), Math.round(pts.height * k * dpr)];
    if (!P.shown || P.shown[0] !== shown[0] || P.shown[1] !== shown[1]) {
      P.shown = shown;
      send({ type: "view", width: shown[0], height: shown[1] });
    }
  }
  window.addEventListener("resize", fit);

  // Pointers become fingers (several pointers: several fingers).
  const fingers = new Map();
  let nextFinger = 0;
  function toPoints(e) {
    const r = canvas.getBoundingClientRect(), pts = P.timeline.points;
    // To a thousandth of a point (what "Copy as test" writes stays readable).
    const k = (v) => Math.round(v * 1000) / 1000;
    return { x: k((e.clientX - r.left) / r.width * pts.width), y: k((e.clientY - r.top) / r.height * pts.height) };
  }
  // Each pointer event's time in the scene's seconds (docs/Preview.md, "Event times"), so a
  // flick has the finger's speed: event.timeStamp (the page's clock, ms) mapped through an
  // anchor. Playing, the anchor is the last frame drawn (its time, when it was drawn, the
  // speed); paused, the frame on screen when the first finger went down, at real speed (the
  // drag runs on the page's clock while the scene stands still). A finger's times never go back.
  let clockAnchor = null;
  const lastTime = new Map();
  function sceneTime(e, id, phase) {
    if (phase === "down" && fingers.size === 1 && (!P.playing || !clockAnchor) && P.header) {
      clockAnchor = { page: e.timeStamp, scene: P.header.time, rate: 1 };
    }
    if (!clockAnchor || !Number.isFinite(e.timeStamp)) return undefined;
    let t = clockAnchor.scene + (e.timeStamp - clockAnchor.page) / 1000 * clockAnchor.rate;
    const last = lastTime.get(id);
    if (phase !== "down" && last !== undefined) t = Math.max(t, last);
    if (phase === "up" || phase === "cancel") lastTime.delete(id); else lastTime.set(id, t);
    return Math.round(t * 1e6) / 1e6;
  }
  function pointer(phase, id, p, e) {
    P.inputsSent++;
    P.pendingInputs.push({ count: P.inputsSent, at: performance.now() });
    if (P.pendingInputs.length > 200) P.pendingInputs.shift();
    const message = { type: "pointer", phase, id, x: p.x, y: p.y };
    const time = sceneTime(e, id, phase);
    if (time !== undefined) {
      message.time = time;
      if (phase === "down" && fingers.size === 1) P.sentTimes = [];
      P.sentTimes.push(time);
    }
    send(message);
  }
  canvas.addEventListener("pointerdown", (e) => {
    if (!P.timeline || fingers.size >= 10) return;
    e.preventDefault();
    canvas.setPointerCapture(e.pointerId);
    const id = nextFinger++ % 64;
    fingers.set(e.pointerId, id);
    pointer("down", id, toPoints(e), e);
  });
  canvas.addEventListener("pointermove", (e) => {
    const id = fingers.get(e.pointerId); if (id === undefined) return;
    // Moves the browser merged into this event each keep their own time.
    const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    for (const c of events.length ? events : [e]) pointer("move", id, toPoints(c), c);
  });
  function lift(phase) {
    return (e) => {
      const id = fingers.get(e.pointerId); if (id === undefined) return;
      fingers.delete(e.pointerId);
      pointer(phase, id, toPoints(e), e);
    };
  }
  canvas.addEventListener("pointerup", lift("up"));
  canvas.addEventListener("pointercancel", lift("cancel"));

  // "Copy as test": the server writes the test (PreviewTestSource); the page copies it and
  // shows it, selected, for copying by hand where the clipboard is not allowed.
  function onTestSource(m) {
    P.testSource = m;
    const panel = $("test-panel"), text = $("test-source"), status = $("test-status");
    panel.hidden = false;
    if (!m.source) { text.value = ""; status.textContent = "unavailable: " + m.unavailable; return; }
    text.value = m.source;
    text.focus(); text.select();
    const done = (ok) => { P.testCopied = ok; status.textContent = (ok ? "copied to the clipboard" : "select all and copy") +
      ` · ${m.touches} touch events · filmstrip frames ${m.frames.join(", ")}`; };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(m.source).then(() => done(true), () => done(false));
    else done(false);
  }
  $("copy-test").onclick = () => { P.testSource = null; send({ type: "copyTest" }); };
  $("test-close").onclick = () => { $("test-panel").hidden = true; };

  // Controls and keyboard.
  const togglePlay = () => send({ type: P.playing ? "pause" : "play" });
  $("play").onclick = togglePlay;
  $("restart").onclick = () => send({ type: "restart" });
  $("back").onclick = () => send({ type: "step", frames: -1 });
  $("forward").onclick = () => send({ type: "step", frames: 1 });
  $("speed").onchange = () => send({ type: "speed", value: Number($("speed").value) });
  $("scrubber").oninput = () => send({ type: "seek", time: Number($("scrubber").value) / (P.timeline ? P.timeline.fps : 60) });
  $("scene").onchange = load;
  $("device").onchange = load;
  $("scale").onchange = load;
  $("record").onclick = () => {
    $("record").disabled = true; $("download").hidden = true; $("recorded-path").hidden = true; send({ type: "record" });
  };
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) return;
    if (e.key === " ") { e.preventDefault(); togglePlay(); }
    else if (e.key === "ArrowRight") { e.preventDefault(); send({ type: "step", frames: e.shiftKey ? 10 : 1 }); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); send({ type: "step", frames: e.shiftKey ? -10 : -1 }); }
    else if (e.key === "r" || e.key === "R") send({ type: "restart" });
  });
})();
