// `make bench`: what a reader downloads and waits for before the app is on screen (the build's
// bytes, each page and a book chapter loaded on a phone over slow 4G), and the statistics every
// figure is given with. Kept apart from bench.mjs, which drives the app once it is open, so that
// neither file runs past 400 lines.
import { readdir, readFile, rm, cp } from 'node:fs/promises';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { join, extname } from 'node:path';
import { ROOT } from './harness.mjs';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]; };
export const spread = (xs) => ({ median: median(xs), p95: pct(xs, 0.95), min: Math.min(...xs), max: Math.max(...xs), n: xs.length });
export const kb = (b) => b / 1024;

const compressed = (body) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const add = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const NONE = { raw: 0, gzip: 0, brotli: 0 };

export async function sizes() {
  const dist = join(ROOT, 'dist');
  const groups = {};
  for (const name of await readdir(dist)) {
    const kind = { '.wasm': 'wasm', '.xz': 'wasm.xz', '.js': 'js', '.css': 'css', '.html': 'html' }[extname(name)] ?? 'other';
    groups[kind] = add(groups[kind] ?? NONE, compressed(await readFile(join(dist, name))));
  }
  return { ...groups, total: Object.values(groups).reduce(add, NONE) };
}

/** The floors `make size-floor` built (tests/size-floor): the emptiest Leptos page, that page holding the core, and holding the seed model only. */
export async function floors() {
  const dir = join(ROOT, 'target/bench/floor');
  const page = async (name) => add(compressed(await readFile(join(dir, `${name}_bg.wasm`))), compressed(await readFile(join(dir, `${name}.js`))));
  return { empty_page: await page('empty-page'), core_page: await page('core-page'), seed_page: await page('seed-page') };
}

/**
 * The pages a reader can open and what each loads before its first render: its HTML, boot.js, its
 * own wasm (plain or its xz copy) and JS glue, the stylesheets and the icon. A build from before
 * the split (one page for every view, no group.html) is read as that one page opened with
 * ?mode=group and ?mode=review.
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
    const text = await readFile(join(dir, file), 'utf8');
    const shell = text.includes('<div id="shell"');
    // The stylesheets the page links (their number changed over the builds compared; none once
    // they came inside the page, build/inline.mjs), and shell.js if it is linked.
    const css = [...text.matchAll(/<link rel="stylesheet" href="\.\/([^"]+\.css)"/g)].map((m) => m[1]);
    const extra = shell && text.includes('<script src="shell.js">') ? ['shell.js'] : [];
    const beforePaint = shell ? [file, ...extra, ...css] : null;
    const bin = await module(file);
    // The module itself comes plain, or as its xz copy with the decoder (build/xz.mjs), as the
    // page chose for the link: counted as it came.
    const modules = { plain: [`${bin}_bg.wasm`], xz: [`${bin}_bg.wasm.xz`, 'xz.js'] };
    pages.push({ name, path: split ? html : `index.html${query}`, ready, beforePaint, modules, files: [file, ...extra, 'boot.js', `${bin}.js`, ...css, 'favicon.svg'] });
  }
  return pages;
}

function oneWay(ways, page) {
  if (new Set(ways).size !== 1 || !['plain', 'xz'].includes(ways[0])) throw new Error(`${page}: the module came as ${ways}`);
  return ways[0];
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

/**
 * A phone on slow 4G with a cold cache, asking for gzip (or for brotli first, `accept`); `prepare`
 * sees the context first (routes).
 */
export async function slowPhone(browser, prepare = async () => {}, accept = 'gzip') {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, extraHTTPHeaders: { 'Accept-Encoding': accept } });
  await prepare(context);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, tab, cdp };
}

/**
 * The first render of each page under slow 4G, cold cache, served gzip-compressed as a static host
 * serves it (build/serve.mjs with the .gz copies): navigation start to the app's interactive
 * mark, with the page's ready element on screen; median of `loads`, on a phone-sized window.
 * `brotli`: served from the .br copies instead, as a host that serves them does; `only`: these pages.
 */
export async function slowFirstRender(browser, dir, loads = 5, { brotli = false, only = null } = {}) {
  const { startServer } = await import('../../build/serve.mjs');
  const { execFileSync } = await import('node:child_process');
  const served = join(ROOT, 'target/bench/served', dir.split('/').filter(Boolean).pop());
  await rm(served, { recursive: true, force: true });
  await cp(dir, served, { recursive: true });
  execFileSync(process.execPath, [join(ROOT, 'build/compress.mjs'), served], { stdio: 'ignore' });
  const server = await startServer({ root: served, prefix: '/app/', port: 0, encodings: brotli ? ['br', 'gzip'] : ['gzip'] });
  const base = `http://127.0.0.1:${server.address().port}/app/`;
  const out = {};
  try {
    for (const page of (await pagesOf(dir)).filter((p) => !only || only.includes(p.name))) {
      const times = [];
      const painted = [];
      const completes = [];
      const encodings = [];
      const ways = [];
      for (let i = 0; i < loads; i += 1) {
        const { context, tab } = await slowPhone(browser, undefined, brotli ? 'br, gzip' : 'gzip');
        const module = tab.waitForResponse((r) => /_bg\.wasm(\.xz)?$/.test(r.url()), { timeout: 60000 });
        await tab.goto(base + page.path, { timeout: 60000 });
        await tab.getByTestId(page.ready).first().waitFor({ timeout: 60000 });
        const interactive = await tab.evaluate(() => performance.getEntriesByName('kip848-interactive')[0]?.startTime ?? NaN);
        times.push(interactive);
        // Every region built, what lay below the first screen included (src/shell/first_screen.rs); a
        // build from before that has no such mark, and was whole at its interactive mark.
        completes.push(await tab.waitForFunction(() => performance.getEntriesByName('kip848-complete')[0]?.startTime, null, { timeout: 4000 })
          .then((h) => h.jsonValue(), () => interactive));
        // assets/boot.js marks which way the module came (a build from before the xz copies, none).
        ways.push(await tab.evaluate(() => performance.getEntriesByName('kip848-module').pop()?.detail ?? 'plain'));
        encodings.push((await (await module).allHeaders())['content-encoding'] ?? 'none');
        // Without a snapshot the state appears with the app.
        painted.push((page.beforePaint ? await tab.evaluate(STATE_PAINT) : null) ?? interactive);
        await context.close();
      }
      out[page.name] = {
        ...spread(times),
        painted: spread(painted),
        complete: spread(completes),
        // Every load came the same way, or the bytes would not be one figure.
        bytes: await firstLoadBytes(dir, [...page.files, ...page.modules[oneWay(ways, page.name)]]),
        module: ways[0],
        bytes_before_paint: page.beforePaint ? await firstLoadBytes(dir, page.beforePaint) : null,
        // What the wasm came as, so a figure never claims an encoding the browser did not get.
        wasm_encoding: [...new Set(encodings)].join(', '),
      };
    }
  } finally {
    await new Promise((r) => server.close(r));
  }
  return out;
}

/** The chapter of the book with the most live steps (assets/book/embeds.json), and each chapter's count. */
async function busiestChapter() {
  const embeds = JSON.parse(await readFile(join(ROOT, 'assets/book/embeds.json'), 'utf8'));
  const counts = {};
  for (const e of embeds) counts[e.chapter] = (counts[e.chapter] ?? 0) + 1;
  const [page] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return { page, counts };
}

/**
 * What a reader downloads for one chapter of the book with all its live steps loaded (the one with
 * the most), served as a static host serves the site (build/serve.mjs: precompressed copies,
 * max-age 600), in a fresh browser: every distinct file's brotli and gzip size, and how many times
 * the app's wasm crossed the network for the page. `site`: another built site.
 */
export async function chapter(browser, site = join(ROOT, 'target/site')) {
  const { startServer } = await import('../../build/serve.mjs');
  const { page, counts } = await busiestChapter();
  const server = await startServer({ root: site, prefix: '/book/', port: 0 });
  const fetched = [];
  server.on('request', (req) => fetched.push(decodeURIComponent(new URL(req.url, 'http://x').pathname)));
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(`http://127.0.0.1:${server.address().port}/book/${page.replace(/\.md$/, '.html')}`);
  // Each step brought into view and waited on until its app is interactive: its snapshot has a
  // <main> too, and a step starts its app only once near the screen (build/live.mjs).
  for (const frame of await tab.locator('iframe').all()) {
    await frame.scrollIntoViewIfNeeded();
    await (await frame.elementHandle()).contentFrame().then((f) => f.waitForFunction(() => performance.getEntriesByName('kip848-interactive').length > 0));
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
  const wasm = fetched.filter((p) => /_bg\.wasm(\.xz)?$/.test(p));
  return { page, live_steps: counts[page], files: files.length, brotli_bytes: brotli, gzip_bytes: gzip, wasm_requests: wasm.length, wasm_modules: new Set(wasm).size };
}

/**
 * A reader reading the chapter with the most live steps down on a phone (slow 4G, the CPU 4× slower,
 * an empty cache that works, as a new reader's does): each step brought into view in turn and waited
 * on until interactive. Per step, the time from asking for its app (its boot.js requested, once it
 * is near: assets/book/live-step.js) to its app interactive; `later` is the median of every step
 * but the first, which downloads the module. `site`: another built site.
 */
export async function chapterSteps(browser, site = join(ROOT, 'target/site')) {
  const { startServer } = await import('../../build/serve.mjs');
  const { page } = await busiestChapter();
  const server = await startServer({ root: site, prefix: '/book/', port: 0, encodings: ['gzip'] });
  const { context, tab, cdp } = await slowPhone(browser);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const steps = [];
  try {
    await tab.goto(`http://127.0.0.1:${server.address().port}/book/${page.replace(/\.md$/, '.html')}`, { timeout: 60000 });
    for (const frame of await tab.locator('iframe').all()) {
      await frame.scrollIntoViewIfNeeded();
      const inside = await (await frame.elementHandle()).contentFrame();
      await inside.waitForFunction(() => performance.getEntriesByName('kip848-interactive').length > 0, null, { timeout: 60000 });
      steps.push(await inside.evaluate(() => {
        const asked = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/boot.js'))?.startTime;
        return performance.getEntriesByName('kip848-interactive')[0].startTime - asked;
      }));
    }
  } finally {
    await context.close();
    await new Promise((r) => server.close(r));
  }
  return { page, steps, later: spread(steps.slice(1)) };
}

/**
 * A reader opening a chapter on a phone under slow 4G (cold cache, gzip served) and going to its first
 * live step: when that step's first view is painted and when it is interactive, from the chapter's
 * navigation; median of `loads`. Then (`plain`, by default) the same with the chapter's iframes
 * pointed back at the app pages without the step's snapshot (the site before build/live.mjs), for
 * the comparison. `site`: another built site (bench-book.mjs compares two).
 */
export async function slowChapter(browser, loads = 5, { site = join(ROOT, 'target/site'), plain: andPlain = true } = {}) {
  const { startServer } = await import('../../build/serve.mjs');
  const server = await startServer({ root: site, prefix: '/book/', port: 0, encodings: ['gzip'] });
  const chapterPath = 'chapters/joining.html';
  const out = {};
  try {
    for (const plain of andPlain ? [false, true] : [false]) {
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
