// A throttled waterfall of one book chapter (slow 4G, a phone, a cold cache: bench-lib.mjs's
// slowPhone, as `make bench` loads it): every request with the frame that asked, when it was asked
// for, when its first and last bytes came and how many bytes crossed the link; and each live step's
// marks (first paint, the module's way, main started, interactive). To see where a chapter's time
// goes, not a figure for the notebook.
//
//   node book-waterfall.mjs [chapters/joining.html] [--scroll]   (against target/site, make site)
import { join } from 'node:path';
import { launch, ROOT } from './harness.mjs';
import { slowPhone } from './bench-lib.mjs';
import { startServer } from '../../build/serve.mjs';

const args = process.argv.slice(2);
const chapterPath = args.find((a) => !a.startsWith('--')) ?? 'chapters/joining.html';
// With --scroll, the first live step is brought into view as slowChapter does.
const scroll = args.includes('--scroll');
// slowPhone disables the HTTP cache, as `make bench` does; with --cache it works (still empty).
const cache = args.includes('--cache');
// With --profile, the renderer's main thread (the chapter's and its same-origin frames') is
// sampled too: where its time went, by script.
const profile = args.includes('--profile');
const server = await startServer({ root: join(ROOT, 'target/site'), prefix: '/book/', port: 0, encodings: ['gzip'] });
const browser = await launch();
try {
  const { context, tab, cdp } = await slowPhone(browser);
  if (cache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const rows = new Map();
  let zero = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    zero ??= e.timestamp;
    rows.set(e.requestId, { url: e.request.url.replace(/^.*\/book\//, ''), frame: e.frameId?.slice(-4), asked: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => { const r = rows.get(e.requestId); if (r) { r.first = e.timestamp; r.cached = e.response.fromDiskCache || e.response.fromPrefetchCache; } });
  cdp.on('Network.requestServedFromCache', (e) => { const r = rows.get(e.requestId); if (r) r.memory = true; });
  cdp.on('Network.loadingFinished', (e) => { const r = rows.get(e.requestId); if (r) { r.done = e.timestamp; r.bytes = e.encodedDataLength; } });
  cdp.on('Network.loadingFailed', (e) => { const r = rows.get(e.requestId); if (r) { r.done = e.timestamp; r.failed = e.errorText; } });
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // When the chapter first scrolled (the reader, or --scroll), from its navigation.
  await context.addInitScript(() => {
    if (window === top) addEventListener('scroll', () => { window.kip848Scrolled ??= Math.round(performance.now()); }, { passive: true });
  });
  const url = `http://127.0.0.1:${server.address().port}/book/${chapterPath}`;
  await tab.goto(url, { waitUntil: 'commit', timeout: 60000 });
  if (scroll) {
    await tab.locator('iframe').first().waitFor({ state: 'attached', timeout: 60000 });
    await tab.locator('iframe').first().scrollIntoViewIfNeeded();
  }
  // Until every frame that has started its app is interactive, and the link is quiet.
  await tab.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => {
    const p = f.contentWindow?.performance;
    return !p || !p.getEntriesByName('kip848-start').length || p.getEntriesByName('kip848-interactive').length;
  }), null, { timeout: 120000, polling: 100 });
  await tab.waitForLoadState('networkidle', { timeout: 120000 });
  const frames = await tab.evaluate(() => [...document.querySelectorAll('iframe')].map((f, i) => {
    const w = f.contentWindow;
    const offset = w ? w.performance.timeOrigin - performance.timeOrigin : 0;
    const at = (name) => { const e = w?.performance.getEntriesByName(name)[0]; return e ? Math.round(offset + e.startTime) : null; };
    return { step: i + 1, top: Math.round(f.getBoundingClientRect().top + scrollY), page: w?.location.pathname.split('/').pop(), fcp: at('first-contentful-paint'), module: w?.performance.getEntriesByName('kip848-module')[0]?.detail ?? null, start: at('kip848-start'), interactive: at('kip848-interactive') };
  }));
  console.log(`first scroll at ${await tab.evaluate(() => window.kip848Scrolled ?? 'never')} ms`);
  const cpu = profile ? (await cdp.send('Profiler.stop')).profile : null;
  await context.close();
  const ms = (t) => (t === undefined || zero === null ? '     -' : String(Math.round((t - zero) * 1000)).padStart(6));
  let total = 0;
  console.log(`${chapterPath}${scroll ? ' (first live step scrolled into view)' : ''}${cache ? ' (HTTP cache on)' : ''}: asked, first byte, done (ms from the first request), bytes over the link, frame`);
  for (const r of [...rows.values()].sort((a, b) => a.asked - b.asked)) {
    total += r.bytes ?? 0;
    console.log(`${ms(r.asked)} ${ms(r.first)} ${ms(r.done)} ${String(r.bytes ?? '-').padStart(8)} ${r.frame ?? '    '} ${r.url.slice(0, 70)}${r.memory ? ' (memory cache)' : ''}${r.cached ? ' (disk cache)' : ''}${r.failed ? ` FAILED ${r.failed}` : ''}`);
  }
  console.log(`${rows.size} requests, ${(total / 1024).toFixed(1)} KB over the link`);
  console.log('live steps (ms from the chapter\'s navigation):');
  for (const f of frames) console.log(JSON.stringify(f));
  if (cpu) {
    // Self time by script (a wasm function's url is its module's), from the samples.
    const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
    const self = new Map();
    cpu.samples.forEach((id, i) => {
      const f = byId.get(id).callFrame;
      const key = f.url ? f.url.replace(/^.*\/book\//, '').replace(/\?.*$/, '') : f.functionName || '(anonymous)';
      self.set(key, (self.get(key) ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000);
    });
    console.log('main thread, self time by script (ms, CPU throttled 4x):');
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`${String(Math.round(v)).padStart(7)} ${k}`);
  }
} finally {
  await browser.close();
  server.close();
}
