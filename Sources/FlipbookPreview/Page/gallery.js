// Flipbook preview gallery: every #Preview and scene as thumbnails, light and dark, with the
// snapshots that failed. No build step, no dependencies (docs/Preview.md, "The gallery").
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  const PAGE = 60;            // previews a page shows (PreviewLimits.galleryPageSize)
  const PARALLEL = 2;         // thumbnails asked for at once (the server's workers)
  const G = {                 // exposed for the browser tests and the benchmark
    index: null, page: 0, pages: 1, loaded: 0, failed: 0, wanted: 0, startedAt: performance.now(), fullAt: null,
    builds: 0, urls: 0, longestTask: 0,
  };
  window.flipbookGallery = G;
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) G.longestTask = Math.max(G.longestTask, e.duration); })
      .observe({ entryTypes: ["longtask"] });
  } catch (e) { /* no long-task timing here */ }

  const withToken = (url) => token ? url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : url;
  let device = params.get("device");
  let generation = 0;         // bumped on every redraw: stale thumbnails are dropped
  let objectURLs = [];

  function setBadge(text, cls) { const b = $("connection"); b.textContent = text; b.className = "badge " + cls; }

  async function fetchIndex() {
    const r = await fetch(withToken("/gallery.json" + (device ? "?device=" + encodeURIComponent(device) : "")), { cache: "no-store" });
    if (!r.ok) throw new Error("gallery.json: " + r.status);
    return r.json();
  }

  function showNotice(n) {
    const box = $("notice");
    if (!n || n.kind === "none") { box.hidden = true; box.textContent = ""; return; }
    box.hidden = false; box.className = "notice " + n.kind; box.textContent = n.message;
  }

  function draw(index) {
    generation++;
    for (const u of objectURLs) URL.revokeObjectURL(u);
    objectURLs = []; G.urls = 0;
    G.index = index; device = index.device;
    const select = $("device");
    if (!select.options.length) {
      for (const d of index.devices) { const o = document.createElement("option"); o.value = d; o.textContent = d; select.appendChild(o); }
    }
    select.value = index.device;
    const entries = index.entries;
    G.pages = Math.max(1, Math.ceil(entries.length / PAGE));
    G.page = Math.min(G.page, G.pages - 1);
    const failed = entries.filter((e) => e.failures.length);
    $("count").textContent = `${index.previews} previews, ${entries.length - index.previews} scenes`;
    $("failed-count").hidden = !failed.length;
    $("failed-count").textContent = `${failed.length} with failed snapshots`;
    $("pager").hidden = G.pages < 2;
    $("page").textContent = `page ${G.page + 1} of ${G.pages}`;
    const help = $("help");
    help.hidden = !index.help; help.textContent = index.help || "";
    showNotice(index.notice);

    const grid = $("grid"); grid.innerHTML = "";
    const shown = entries.slice(G.page * PAGE, (G.page + 1) * PAGE);
    const jobs = [];
    for (const e of shown) {
      const cell = document.createElement("article");
      cell.className = "cell " + e.kind + (e.failures.length ? " failed" : "");
      cell.dataset.name = e.name;
      const title = document.createElement("a");
      title.className = "title"; title.textContent = e.name; title.title = e.summary + (e.location ? " · " + e.location : "");
      title.href = withToken("/?scene=" + encodeURIComponent(e.name) + "&device=" + encodeURIComponent(index.device));
      const kind = document.createElement("span"); kind.className = "kind"; kind.textContent = e.kind + (e.location ? " · " + e.location : "");
      const pair = document.createElement("div"); pair.className = "pair";
      for (const appearance of ["light", "dark"]) {
        const slot = document.createElement("a");
        slot.className = "thumb " + appearance; slot.href = title.href; slot.dataset.appearance = appearance;
        slot.style.aspectRatio = deviceAspect(index);
        const label = document.createElement("span"); label.className = "variant"; label.textContent = appearance;
        slot.appendChild(label);
        pair.appendChild(slot);
        jobs.push({ name: e.name, appearance, slot });
      }
      cell.append(title, kind, pair);
      if (e.failures.length) cell.appendChild(failures(e));
      grid.appendChild(cell);
    }
    G.loaded = 0; G.failed = 0; G.wanted = jobs.length; G.fullAt = jobs.length ? null : performance.now();
    load(jobs, generation);
  }

  function deviceAspect(index) {
    const sizes = { "iphone-se": "375 / 667", "iphone-15": "393 / 852", "ipad": "820 / 1180" };
    return sizes[index.device] || "9 / 19.5";
  }

  // A failed snapshot: reference, new image and difference, side by side, per variant.
  function failures(e) {
    const box = document.createElement("div"); box.className = "failures";
    const head = document.createElement("strong"); head.textContent = "Snapshot failed"; box.appendChild(head);
    for (const f of e.failures) {
      const row = document.createElement("div"); row.className = "diff-row"; row.dataset.variant = f.variant;
      const caption = document.createElement("div"); caption.className = "note"; caption.textContent = f.variant;
      caption.title = f.referencePath + "\n" + f.newPath;
      row.appendChild(caption);
      const trio = document.createElement("div"); trio.className = "trio";
      for (const [what, url] of [["reference", f.reference], ["new", f.new], ["difference", f.difference]]) {
        const fig = document.createElement("figure");
        const img = document.createElement("img"); img.src = withToken(url); img.alt = what; img.loading = "lazy"; img.dataset.kind = what;
        const cap = document.createElement("figcaption"); cap.textContent = what;
        fig.append(img, cap); trio.appendChild(fig);
      }
      row.appendChild(trio); box.appendChild(row);
    }
    return box;
  }

  // Thumbnails, in order, PARALLEL at a time, at the slot's size in device pixels.
  function load(jobs, gen) {
    let next = 0;
    const one = async () => {
      while (next < jobs.length && gen === generation) {
        const job = jobs[next++];
        const width = Math.max(40, Math.ceil(job.slot.clientWidth * (window.devicePixelRatio || 1) / 10) * 10);
        const url = withToken(`/thumbnail?scene=${encodeURIComponent(job.name)}&device=${encodeURIComponent(device)}` +
          `&appearance=${job.appearance}&width=${width}&build=${G.index.build}`);
        try {
          const r = await fetch(url, { cache: "no-store" });
          if (gen !== generation) return;
          if (r.ok) {
            const u = URL.createObjectURL(await r.blob());
            if (gen !== generation) { URL.revokeObjectURL(u); return; }
            objectURLs.push(u); G.urls = objectURLs.length;
            const img = document.createElement("img"); img.src = u; img.alt = job.name + " (" + job.appearance + ")";
            img.width = width;
            job.slot.appendChild(img); G.loaded++;
          } else {
            const pre = document.createElement("pre"); pre.className = "thumb-error"; pre.textContent = await r.text();
            job.slot.appendChild(pre); job.slot.classList.add("error"); G.failed++;
          }
        } catch (err) {
          if (gen !== generation) return;
          const pre = document.createElement("pre"); pre.className = "thumb-error"; pre.textContent = String(err);
          job.slot.appendChild(pre); G.failed++;
        }
        if (G.loaded + G.failed === G.wanted) G.fullAt = performance.now();
      }
    };
    for (let i = 0; i < PARALLEL; i++) one();
  }

  async function refresh(first) {
    try {
      const index = await fetchIndex();
      setBadge("connected", "ok");
      // A new build (`--watch` restarted the server) or new failures: the grid again.
      const changed = !G.index || index.build !== G.index.build || index.device !== G.index.device ||
        JSON.stringify(index.entries) !== JSON.stringify(G.index.entries);
      if (first || changed) { if (!first) G.builds++; draw(index); } else showNotice(index.notice);
    } catch (e) {
      setBadge("reconnecting…", "bad");
    }
  }

  $("device").onchange = () => { device = $("device").value; G.page = 0; refresh(true); };
  $("prev").onclick = () => { if (G.page > 0) { G.page--; draw(G.index); } };
  $("next").onclick = () => { if (G.page < G.pages - 1) { G.page++; draw(G.index); } };
  refresh(true);
  setInterval(() => refresh(false), 1000);
})();
