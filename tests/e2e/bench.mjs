// `make bench`, browser half, and the report: transfer sizes of the release build, each page's first load
// and first render under slow 4G, first render,
// input → DOM and seek latency with a 10,000-step session, playback smoothness, idle cost, the
// machine natively (criterion's results) and in wasm. Prints one table; writes target/bench/report.json.
// Figures are medians over repeats (with the spread); nothing here is asserted by `make test`.
import { readdir, readFile, mkdir, writeFile, rm, cp } from 'node:fs/promises';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { join, extname } from 'node:path';
import os from 'node:os';
import { serve, launch, ROOT, expectText, setRange, loadScenario } from './harness.mjs';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]; };
const spread = (xs) => ({ median: median(xs), p95: pct(xs, 0.95), min: Math.min(...xs), max: Math.max(...xs), n: xs.length });
const kb = (b) => b / 1024;

const compressed = (body) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const add = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const NONE = { raw: 0, gzip: 0, brotli: 0 };

async function sizes() {
  const dist = join(ROOT, 'dist');
  const groups = {};
  for (const name of await readdir(dist)) {
    const kind = { '.wasm': 'wasm', '.js': 'js', '.css': 'css', '.html': 'html' }[extname(name)] ?? 'other';
    groups[kind] = add(groups[kind] ?? NONE, compressed(await readFile(join(dist, name))));
  }
  return { ...groups, total: Object.values(groups).reduce(add, NONE) };
}

/** The floors `make size-floor` built (tests/size-floor): the emptiest Leptos page, that page holding the core, and holding the seed model only. */
async function floors() {
  const dir = join(ROOT, 'target/bench/floor');
  const page = async (name) => add(compressed(await readFile(join(dir, `${name}_bg.wasm`))), compressed(await readFile(join(dir, `${name}.js`))));
  return { empty_page: await page('empty-page'), core_page: await page('core-page'), seed_page: await page('seed-page') };
}

/**
 * The pages a reader can open and what each loads before its first render: its HTML, boot.js, its
 * own wasm and JS glue, the two stylesheets and the icon. A build from before the split (one page
 * for every view, no group.html) is read as that one page opened with ?mode=group and ?mode=review.
 */
async function pagesOf(dir) {
  const split = await readFile(join(dir, 'group.html')).then(() => true).catch(() => false);
  const module = async (html) => (await readFile(join(dir, html), 'utf8')).match(/<meta name="kip848-module" content="([^"]+)"/)?.[1] ?? 'kip848-viz';
  const views = [['member', 'index.html', '', 'state'], ['group', 'group.html', '?mode=group', 'group-view'], ['review', 'review.html', '?mode=review', 'review-view'], ['import', 'import.html', null, 'state']];
  const pages = [];
  for (const [name, html, query, ready] of views) {
    if (!split && query === null) continue; // no import page before the split
    const file = split ? html : 'index.html';
    // A page with a first-paint snapshot (index.html since the snapshot) paints it with its HTML,
    // shell.js and the stylesheets, before any of its code has arrived.
    const shell = (await readFile(join(dir, file), 'utf8')).includes('<div id="shell"');
    const beforePaint = shell ? [file, 'shell.js', 'main.css', 'group.css'] : null;
    const extra = shell ? ['shell.js'] : [];
    pages.push({ name, path: split ? html : `index.html${query}`, ready, beforePaint, files: [file, ...extra, 'boot.js', `${await module(file)}.js`, `${await module(file)}_bg.wasm`, 'main.css', 'group.css', 'favicon.svg'] });
  }
  return pages;
}

async function firstLoadBytes(dir, files) {
  let total = NONE;
  for (const f of files) total = add(total, compressed(await readFile(join(dir, f))));
  return total;
}

/**
 * When the page's first view was painted: its snapshot's member state, else its caption (Element
 * Timing, marked by tests/e2e/shell.mjs), if the page has a snapshot.
 */
const STATE_PAINT = () => new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntries().find((e) => e.identifier === 'member-state' || e.identifier === 'first-view');
    if (entry) { observer.disconnect(); resolve(entry.renderTime || entry.loadTime); }
  }).observe({ type: 'element', buffered: true });
  setTimeout(() => resolve(null), 500);
});

// Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4× slower.
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** A phone on slow 4G with a cold cache, asking for gzip; `prepare` sees the context first (routes). */
async function slowPhone(browser, prepare = async () => {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  await prepare(context);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, tab };
}

/**
 * The first render of each page under slow 4G, cold cache, served gzip-compressed as a static host
 * serves it (tests/site/serve.mjs with the .gz copies): navigation start to the app's interactive
 * mark, with the page's ready element on screen; median of `loads`, on a phone-sized window.
 */
async function slowFirstRender(browser, dir, loads = 5) {
  const { startServer } = await import('../site/serve.mjs');
  const { execFileSync } = await import('node:child_process');
  const served = join(ROOT, 'target/bench/served', dir.split('/').filter(Boolean).pop());
  await rm(served, { recursive: true, force: true });
  await cp(dir, served, { recursive: true });
  execFileSync(process.execPath, [join(ROOT, 'tests/site/compress.mjs'), served], { stdio: 'ignore' });
  const server = await startServer({ root: served, prefix: '/app/', port: 0, encodings: ['gzip'] });
  const base = `http://127.0.0.1:${server.address().port}/app/`;
  const out = {};
  try {
    for (const page of await pagesOf(dir)) {
      const times = [];
      const painted = [];
      for (let i = 0; i < loads; i += 1) {
        const { context, tab } = await slowPhone(browser);
        await tab.goto(base + page.path, { timeout: 60000 });
        await tab.getByTestId(page.ready).first().waitFor({ timeout: 60000 });
        const interactive = await tab.evaluate(() => performance.getEntriesByName('kip848-interactive')[0]?.startTime ?? NaN);
        times.push(interactive);
        // Without a snapshot the state appears with the app.
        painted.push((page.beforePaint ? await tab.evaluate(STATE_PAINT) : null) ?? interactive);
        await context.close();
      }
      out[page.name] = {
        ...spread(times),
        painted: spread(painted),
        bytes: await firstLoadBytes(dir, page.files),
        bytes_before_paint: page.beforePaint ? await firstLoadBytes(dir, page.beforePaint) : null,
      };
    }
  } finally {
    await new Promise((r) => server.close(r));
  }
  return out;
}

/** Counts every timer and animation-frame callback the page runs (installed before the app loads). */
const COUNTERS = () => {
  window.__calls = { timeout: 0, interval: 0, raf: 0 };
  const wrap = (name, key) => {
    const original = window[name].bind(window);
    window[name] = (cb, ...rest) => original((...a) => { window.__calls[key] += 1; return typeof cb === 'function' ? cb(...a) : undefined; }, ...rest);
  };
  wrap('setTimeout', 'timeout'); wrap('setInterval', 'interval'); wrap('requestAnimationFrame', 'raf');
  let hidden = false;
  Object.defineProperty(document, 'hidden', { get: () => hidden });
  Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  window.__setHidden = (h) => { hidden = h; document.dispatchEvent(new Event('visibilitychange', { bubbles: true })); };
};

async function newPage(browser, url, { counters = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  if (counters) await context.addInitScript(COUNTERS);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('state').waitFor();
  return { page, context };
}

/** Navigation to the interactive mark, and where the time goes: the wasm downloaded, the app's main started. */
async function firstRender(browser, url, loads = 10) {
  const times = []; const wasm = []; const start = [];
  for (let i = 0; i < loads; i += 1) {
    const { page, context } = await newPage(browser, url);
    const t = await page.evaluate(() => {
      const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
      const module = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      return { interactive: mark('kip848-interactive'), start: mark('kip848-start'), wasm: module?.responseEnd ?? NaN };
    });
    times.push(t.interactive); wasm.push(t.wasm); start.push(t.start);
    await context.close();
  }
  return { ...spread(times), wasm_downloaded: spread(wasm), main_started: spread(start) };
}

async function withLongSession(browser, url, steps) {
  const { page, context } = await newPage(browser, url);
  await setRange(page, 'speed', 4);
  const json = await page.evaluate((n) => window.wasmBindings.bench_session_json(n), steps);
  await page.getByTestId('import-file').setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  await expectText(page, 'notice', new RegExp(`^Imported ${steps} steps`), 30000);
  return { page, context };
}

/** From a click to the mutation that shows its effect, and to the next frame. */
async function inputToDom(page, rounds = 60) {
  return page.evaluate(async (rounds) => {
    const position = document.querySelector('[data-testid=position]');
    const dom = []; const frame = []; let late = 0;
    for (let i = 0; i < rounds; i += 1) {
      const idle = document.querySelector('[data-testid=in-flight]').textContent === 'nothing';
      const button = document.querySelector(`[data-testid=${idle ? 'advance-deadline' : 'answer'}]`);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const done = new Promise((resolve) => {
        const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
        observer.observe(position, { childList: true, characterData: true, subtree: true });
      });
      const t0 = performance.now();
      button.click();
      const t1 = await done;
      const t2 = await new Promise((resolve) => requestAnimationFrame(resolve));
      dom.push(t1 - t0); frame.push(performance.now() - t0);
      if (t1 > t2) late += 1;
    }
    return { dom, frame, late };
  }, rounds);
}

async function seeks(page, rounds = 100) {
  return page.evaluate(async (rounds) => {
    const scrubber = document.querySelector('[data-testid=scrubber]');
    const position = document.querySelector('[data-testid=position]');
    const max = Number(scrubber.max);
    let seed = 12345; const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const out = [];
    for (let i = 0; i < rounds; i += 1) {
      let target = Math.floor(random() * (max + 1));
      if (String(target) === scrubber.value) target = (target + 1) % (max + 1);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const done = new Promise((resolve) => {
        const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
        observer.observe(position, { childList: true, characterData: true, subtree: true });
      });
      const t0 = performance.now();
      scrubber.value = String(target);
      scrubber.dispatchEvent(new Event('input', { bubbles: true }));
      out.push((await done) - t0);
    }
    return out;
  }, rounds);
}

async function playback(browser, url) {
  const { page, context } = await newPage(browser, url);
  await loadScenario(page, '06-new-assignment-during-reconciliation');
  await setRange(page, 'speed', 3);
  await page.evaluate(() => {
    window.__frames = []; window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const loop = (t) => { window.__frames.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
  });
  await page.getByTestId('play').click();
  await expectText(page, 'play', '▶', 60000);
  const { frames, long } = await page.evaluate(() => { window.__stop = true; return { frames: window.__frames.slice(1), long: window.__long }; });
  await context.close();
  const intervals = spread(frames);
  return { fps_median: 1000 / intervals.median, frame_ms: intervals, longest_task_ms: long.length ? Math.max(...long) : 0, long_tasks: long.length };
}

async function idle(browser, url) {
  const { page, context } = await newPage(browser, url, { counters: true });
  await loadScenario(page, '06-new-assignment-during-reconciliation');
  await page.waitForTimeout(1500);
  const measure = async () => {
    await page.evaluate(() => { window.__calls = { timeout: 0, interval: 0, raf: 0 }; });
    await page.waitForTimeout(2000);
    const c = await page.evaluate(() => window.__calls);
    return { timers_per_s: (c.timeout + c.interval) / 2, frames_per_s: c.raf / 2 };
  };
  const paused = await measure();
  await page.getByTestId('play').click();
  await page.waitForTimeout(300);
  await page.evaluate(() => window.__setHidden(true));
  await page.waitForTimeout(1500);
  const hidden = await measure();
  await context.close();
  return { paused, hidden };
}

async function wasmReplay(browser, url, len = 100000) {
  const { page, context } = await newPage(browser, url);
  const rounds = await page.evaluate((n) => Array.from(window.wasmBindings.bench_replay(n, 7)), len);
  await context.close();
  const ms = spread(rounds);
  return { inputs: len, ms, inputs_per_s: len / (ms.median / 1000) };
}

async function criterion() {
  const read = async (path) => JSON.parse(await readFile(join(ROOT, 'target/criterion', path, 'new/estimates.json'), 'utf8'));
  const out = {};
  for (const [group, ids] of [['replay', [1000, 100000, 1000000]], ['reconcile', [10, 1000, 10000]], ['timeline', ['from_trace/100000', 'seek/10000']]]) {
    for (const id of ids) {
      try {
        const e = await read(`${group}/${id}`);
        out[`${group}/${id}`] = { median_ns: e.median.point_estimate, low_ns: e.median.confidence_interval.lower_bound, high_ns: e.median.confidence_interval.upper_bound };
      } catch { out[`${group}/${id}`] = null; }
    }
  }
  return out;
}

/**
 * What a reader downloads for one chapter of the book with all its live steps loaded (the one with
 * the most), served as a static host serves the site (tests/site/serve.mjs: precompressed copies,
 * max-age 600), in a fresh browser: every distinct file's brotli and gzip size, and how many times
 * the app's wasm crossed the network for the page.
 */
async function chapter(browser) {
  const { startServer } = await import('../site/serve.mjs');
  const site = join(ROOT, 'target/site');
  const embeds = JSON.parse(await readFile(join(ROOT, 'assets/book/embeds.json'), 'utf8'));
  const counts = {};
  for (const e of embeds) counts[e.chapter] = (counts[e.chapter] ?? 0) + 1;
  const [page] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  const server = await startServer({ root: site, prefix: '/book/', port: 0 });
  const fetched = [];
  server.on('request', (req) => fetched.push(decodeURIComponent(new URL(req.url, 'http://x').pathname)));
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(`http://127.0.0.1:${server.address().port}/book/${page.replace(/\.md$/, '.html')}`);
  for (const frame of await tab.locator('iframe').all()) {
    await frame.scrollIntoViewIfNeeded();
    await tab.frameLocator(`iframe[title="${await frame.getAttribute('title')}"]`).locator('main').first().waitFor();
  }
  await context.close();
  await new Promise((r) => server.close(r));
  const files = [...new Set(fetched)].filter((p) => p.startsWith('/book/')).map((p) => p.slice('/book/'.length));
  let brotli = 0; let gzip = 0;
  for (const f of files) {
    const path = join(site, f.endsWith('/') || f === '' ? `${f}index.html` : f);
    brotli += await readFile(`${path}.br`).then((b) => b.length).catch(() => readFile(path).then((b) => b.length).catch(() => 0));
    gzip += await readFile(`${path}.gz`).then((b) => b.length).catch(() => readFile(path).then((b) => b.length).catch(() => 0));
  }
  const wasm = fetched.filter((p) => p.endsWith('_bg.wasm'));
  return { page, live_steps: counts[page], files: files.length, brotli_bytes: brotli, gzip_bytes: gzip, wasm_requests: wasm.length, wasm_modules: new Set(wasm).size };
}

/**
 * A reader opening a chapter on a phone under slow 4G (cold cache, gzip served) and going to its first
 * live step: when that step's first view is painted and when it is interactive, from the chapter's
 * navigation; median of `loads`. With `plain`, the chapter's iframes are pointed back at the app
 * pages without the step's snapshot (the site before tests/site/live.mjs), for the comparison.
 */
async function slowChapter(browser, loads = 5) {
  const { startServer } = await import('../site/serve.mjs');
  const site = join(ROOT, 'target/site');
  const server = await startServer({ root: site, prefix: '/book/', port: 0, encodings: ['gzip'] });
  const chapterPath = 'chapters/joining.html';
  const out = {};
  try {
    for (const plain of [false, true]) {
      const painted = []; const interactive = [];
      for (let i = 0; i < loads; i += 1) {
        const { context, tab } = await slowPhone(browser, async (c) => {
          if (!plain) return;
          await c.route(`**/${chapterPath}`, async (route) => {
            const response = await route.fetch();
            route.fulfill({ response, body: (await response.text()).replace(/(\w+)\.live-[0-9a-f]{10}\.html/g, '$1.html') });
          });
        });
        await tab.goto(`http://127.0.0.1:${server.address().port}/book/${chapterPath}`, { waitUntil: 'commit', timeout: 60000 });
        await tab.locator('iframe').first().waitFor({ state: 'attached', timeout: 60000 });
        await tab.locator('iframe').first().scrollIntoViewIfNeeded();
        const t = await tab.evaluate(async () => {
          const frame = document.querySelector('iframe');
          const ready = () => frame.contentWindow?.performance.getEntriesByName('kip848-interactive').length > 0;
          while (!ready()) await new Promise((r) => setTimeout(r, 50));
          const w = frame.contentWindow;
          const offset = w.performance.timeOrigin - performance.timeOrigin;
          // The frame's first contentful paint: its snapshot, else the app (its body holds nothing else).
          // (Chromium reports no Element Timing inside an iframe.)
          const paint = w.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
          const interactive = offset + w.performance.getEntriesByName('kip848-interactive')[0].startTime;
          return { interactive, painted: paint === null ? interactive : offset + paint };
        });
        painted.push(t.painted); interactive.push(t.interactive);
        await context.close();
      }
      out[plain ? 'without_snapshots' : 'with_snapshots'] = { painted: spread(painted), interactive: spread(interactive) };
    }
  } finally {
    await new Promise((r) => server.close(r));
  }
  return { chapter: chapterPath, ...out };
}

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const server = await serve();
const browser = await launch();
let report;
try {
  const size = await sizes();
  const floor = await floors();
  const first = await firstRender(browser, server.url);
  const long = await withLongSession(browser, server.url, 10000);
  const input = await inputToDom(long.page);
  const seek = await seeks(long.page);
  await long.context.close();
  const play = await playback(browser, server.url);
  const quiet = await idle(browser, server.url);
  const wasm = await wasmReplay(browser, server.url);
  const native = await criterion();
  const book = await chapter(browser);
  const reader = await slowChapter(browser);
  const slow = await slowFirstRender(browser, join(ROOT, 'dist'));
  // BENCH_BEFORE=DIR: the same figures for another build (an older dist/), for a before/after table.
  const before = process.env.BENCH_BEFORE ? await slowFirstRender(browser, process.env.BENCH_BEFORE) : null;
  const perInput = (id, n) => (native[id] ? native[id].median_ns / n : NaN);
  const nativeRate = (id, n) => n / (native[id]?.median_ns / 1e9);
  report = {
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version, chromium: browser.version(), date: new Date().toISOString() },
    sizes_bytes: size, size_floor_bytes: floor, first_render_ms: first,
    input_to_dom_ms: { dom: spread(input.dom), next_frame: spread(input.frame), updates_after_next_frame: input.late, steps_loaded: 10000 },
    seek_ms: spread(seek), playback: play, idle: quiet, wasm_replay: wasm, native, book_chapter: book, book_chapter_slow_4g: reader,
    first_load_slow_4g: slow, first_load_slow_4g_before: before,
  };
  const rows = [];
  const row = (figure, value, target, met) => rows.push({ figure, value, target, met: typeof met === 'string' ? met : met ? 'yes' : 'NO' });
  const three = (x) => `${fmt(kb(x.raw))} / ${fmt(kb(x.gzip))} / ${fmt(kb(x.brotli))} KB`;
  const BUDGET = 120 * 1024;
  row('dist/, all four pages, gzip (brotli)', `${fmt(kb(size.total.gzip))} KB (${fmt(kb(size.total.brotli))} KB)`, 'report', '–');
  for (const k of ['wasm', 'js', 'css', 'html']) if (size[k]) row(`  ${k} raw / gzip / brotli`, three(size[k]), '', true);
  // What no UI work can go below: the framework's own floor, and that floor holding the core.
  row('  floor: emptiest Leptos page (wasm+JS)', three(floor.empty_page), 'report', '–');
  row('  floor: that page + the core (wasm+JS)', three(floor.core_page), '≤ 120 KB gzip', floor.core_page.gzip <= BUDGET);
  row('    the floor against the budget', `× ${fmt(floor.core_page.gzip / BUDGET, 2)}`, 'report', '–');
  // A first load of the seed model alone, the rest fetched later: what lazy loading could reach at best.
  row('  floor: that page + the seed model only', `${three(floor.seed_page)}; leaves ${fmt(kb(BUDGET - floor.seed_page.gzip))} KB for its UI`, 'report', '–');
  for (const [name, p] of Object.entries(slow)) {
    const target = name === 'member' ? '≤ 120 KB gzip, ≤ 1.5 s' : 'report';
    const was = before?.[name] ? ` (before: ${fmt(kb(before[name].bytes.gzip))} KB, ${fmt(before[name].median / 1000, 2)} s)` : '';
    // The state on screen before the code has arrived: the page's snapshot of its own first render.
    if (p.bytes_before_paint) {
      row(`${name} page: the state on screen (its first-paint snapshot), slow 4G`, `${fmt(kb(p.bytes_before_paint.gzip))} KB gzip before it (HTML, shell.js, CSS), median ${fmt(p.painted.median / 1000, 2)} s (${fmt(p.painted.min / 1000, 2)}–${fmt(p.painted.max / 1000, 2)})`, target, name === 'member' ? p.bytes_before_paint.gzip <= BUDGET && p.painted.median <= 1500 : '–');
    }
    row(`${name} page: first load, interactive on slow 4G`, `${fmt(kb(p.bytes.gzip))} KB gzip (${fmt(kb(p.bytes.brotli))} br), median ${fmt(p.median / 1000, 2)} s (${fmt(p.min / 1000, 2)}–${fmt(p.max / 1000, 2)})${was}`, target, name === 'member' ? p.bytes.gzip <= BUDGET && p.median <= 1500 : '–');
  }
  row('first interactive render (10 loads)', `median ${fmt(first.median)} ms (${fmt(first.min)}–${fmt(first.max)})`, '≤ 150 ms median', first.median <= 150);
  row('  wasm downloaded / main started', `median ${fmt(first.wasm_downloaded.median)} ms / ${fmt(first.main_started.median)} ms`, 'report', '–');
  const dom = spread(input.dom);
  row('input → DOM, 10,000 steps loaded', `median ${fmt(dom.median, 2)} ms, p95 ${fmt(dom.p95, 2)} ms`, '≤ 4 ms median, ≤ 16 ms p95', dom.median <= 4 && dom.p95 <= 16 && input.late === 0);
  const sk = spread(seek);
  row('seek in 10,000 steps (100 random)', `median ${fmt(sk.median, 2)} ms, p95 ${fmt(sk.p95, 2)} ms`, '≤ 16 ms p95', sk.p95 <= 16);
  row('playback smoothness', `${fmt(play.fps_median)} fps median, longest task ${fmt(play.longest_task_ms)} ms`, '≥ 55 fps, no task > 50 ms', play.fps_median >= 55 && play.longest_task_ms <= 50);
  row('idle, paused', `${quiet.paused.timers_per_s} timers/s, ${quiet.paused.frames_per_s} frames/s`, '0', quiet.paused.timers_per_s === 0 && quiet.paused.frames_per_s === 0);
  row('idle, tab hidden while playing', `${quiet.hidden.timers_per_s} timers/s, ${quiet.hidden.frames_per_s} frames/s`, '0', quiet.hidden.timers_per_s === 0 && quiet.hidden.frames_per_s === 0);
  const rates = [[1000, 'replay/1000'], [100000, 'replay/100000'], [1000000, 'replay/1000000']].map(([n, id]) => [n, nativeRate(id, n)]);
  const linear = perInput('replay/1000000', 1e6) / perInput('replay/1000', 1e3);
  row('core replay, native (1k / 100k / 1M)', rates.map(([, r]) => `${fmt(r / 1e6, 2)}M/s`).join(' / '), '≥ 5 M inputs/s, linear', rates.every(([, r]) => r >= 5e6) && linear < 2);
  row('  cost per input, 1M vs 1k', `× ${fmt(linear, 2)}`, '≈ 1 (linear)', linear < 2);
  const rc = [10, 1000, 10000].map((n) => native[`reconcile/${n}`]?.median_ns / 1e3);
  row('reconciliation (10 / 1,000 / 10,000 moving)', `${rc.map((x) => `${fmt(x, 2)} µs`).join(' / ')}`, '10,000 ≤ 1 ms, linear', rc[2] <= 1000);
  const ratio = nativeRate('replay/100000', 1e5) / wasm.inputs_per_s;
  row('wasm vs native replay (100k inputs)', `wasm ${fmt(wasm.inputs_per_s / 1e6, 2)}M/s, native/wasm × ${fmt(ratio, 2)}`, 'report', true);
  row(`book: one chapter, ${book.live_steps} live steps`, `${fmt(kb(book.brotli_bytes))} KB brotli, ${fmt(kb(book.gzip_bytes))} KB gzip (${book.files} files; ${book.page})`, 'report', '–');
  row('  the wasm over the network, for that page', `${book.wasm_requests} request${book.wasm_requests === 1 ? '' : 's'} for ${book.wasm_modules} module${book.wasm_modules === 1 ? '' : 's'}, ${book.live_steps} iframes`, 'each module once per page', book.wasm_requests === book.wasm_modules);
  const rs = (x) => `${fmt(x.median / 1000, 2)} s (${fmt(x.min / 1000, 2)}–${fmt(x.max / 1000, 2)})`;
  row(`book on slow 4G: ${reader.chapter}, its first live step on screen`, `median ${rs(reader.with_snapshots.painted)}; without the step's snapshot ${rs(reader.without_snapshots.painted)}`, '≤ 1.5 s', reader.with_snapshots.painted.median <= 1500);
  row('  that live step interactive', `median ${rs(reader.with_snapshots.interactive)}; without the snapshot ${rs(reader.without_snapshots.interactive)}`, 'report', '–');
  report.table = rows;
  report.wasm_vs_native_ratio = ratio;
  console.log(`\nkip848-viz benchmark — ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.chromium}\n`);
  const w = [44, 52, 28];
  console.log(`${'figure'.padEnd(w[0])} ${'measured'.padEnd(w[1])} ${'target'.padEnd(w[2])} met`);
  console.log('-'.repeat(w[0] + w[1] + w[2] + 6));
  for (const r of rows) console.log(`${r.figure.padEnd(w[0])} ${r.value.padEnd(w[1])} ${r.target.padEnd(w[2])} ${r.met}`);
  await mkdir(join(ROOT, 'target/bench'), { recursive: true });
  await writeFile(join(ROOT, 'target/bench/report.json'), JSON.stringify(report, null, 2));
  console.log('\nwritten target/bench/report.json');
} finally {
  await browser.close();
  await server.close();
}
