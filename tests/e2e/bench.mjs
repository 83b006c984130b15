// `make bench`, browser half, and the report: transfer sizes of the release build, each page's first load
// and first render under slow 4G, first render,
// input → DOM and seek latency with a 10,000-step session, playback smoothness, idle cost, the
// machine natively (criterion's results) and in wasm. Prints one table; writes target/bench/report.json.
// Figures are medians over repeats (with the spread); nothing here is asserted by `make test`.
// The loading figures (bytes, slow 4G, the book) are measured in bench-lib.mjs.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import os from 'node:os';
import { serve, launch, ROOT, expectText, setRange, loadScenario } from './harness.mjs';
import { spread, kb, sizes, floors, slowFirstRender, chapter, chapterSteps, slowChapter } from './bench-lib.mjs';
import { guard, guardLines } from './bench-guard.mjs';
import { checkNative, checkToTheEnd, checkThreeMembers, checkInPage, CHECK_DEPTH_NATIVE, THREE_MEMBERS_SECONDS } from './bench-check.mjs';

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
  await expectText(page, 'play', '▶ Play', 60000);
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

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const server = await serve();
// The bench's own build of the member page, with its hooks (make bench: the `bench` feature).
const hooks = await serve(join(ROOT, 'target/bench/hooks'));
const browser = await launch();
let report;
try {
  const size = await sizes();
  const floor = await floors();
  const first = await firstRender(browser, server.url);
  const long = await withLongSession(browser, hooks.url, 10000);
  const input = await inputToDom(long.page);
  const seek = await seeks(long.page);
  await long.context.close();
  const play = await playback(browser, server.url);
  const quiet = await idle(browser, server.url);
  const wasm = await wasmReplay(browser, hooks.url);
  const native = await criterion();
  const book = await chapter(browser);
  const reader = await slowChapter(browser);
  const readDown = await chapterSteps(browser);
  const checkN = checkNative();
  const checkE = checkToTheEnd();
  const check3 = checkThreeMembers();
  const checkP = await checkInPage(browser, server.url);
  // To the end in the page, each model alone (the Java client's: minutes, and gigabytes).
  const checkPE = {};
  for (const m of ['seed', 'kafka', 'librdkafka']) checkPE[m] = await checkInPage(browser, server.url, { toEnd: true, models: [m] });
  const slow = await slowFirstRender(browser, join(ROOT, 'dist'));
  // The member page from a host that serves the .br copies `make site` writes (the targets are gzip's).
  const slowBrotli = await slowFirstRender(browser, join(ROOT, 'dist'), 5, { brotli: true, only: ['member'] });
  // BENCH_BEFORE=DIR: the same figures for another build (an older dist/), for a before/after table.
  const before = process.env.BENCH_BEFORE ? await slowFirstRender(browser, process.env.BENCH_BEFORE) : null;
  const perInput = (id, n) => (native[id] ? native[id].median_ns / n : NaN);
  const nativeRate = (id, n) => n / (native[id]?.median_ns / 1e9);
  report = {
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version, chromium: browser.version(), date: new Date().toISOString() },
    sizes_bytes: size, size_floor_bytes: floor, first_render_ms: first,
    input_to_dom_ms: { dom: spread(input.dom), next_frame: spread(input.frame), updates_after_next_frame: input.late, steps_loaded: 10000 },
    seek_ms: spread(seek), playback: play, idle: quiet, wasm_replay: wasm, native, book_chapter: book, book_chapter_slow_4g: reader, book_chapter_read_down: readDown,
    first_load_slow_4g: slow, first_load_slow_4g_brotli: slowBrotli, first_load_slow_4g_before: before,
    check_native: checkN, check_to_the_end: checkE, check_three_members: check3, check_in_page: checkP, check_in_page_to_the_end: checkPE,
  };
  const rows = [];
  const row = (figure, value, target, met) => rows.push({ figure, value, target, met: typeof met === 'string' ? met : met ? 'yes' : 'NO' });
  const three = (x) => `${fmt(kb(x.raw))} / ${fmt(kb(x.gzip))} / ${fmt(kb(x.brotli))} KB`;
  const BUDGET = 120 * 1024;
  row('dist/, all four pages, gzip (brotli)', `${fmt(kb(size.total.gzip))} KB (${fmt(kb(size.total.brotli))} KB)`, 'report', '–');
  for (const k of ['wasm', 'wasm.xz', 'js', 'css', 'html']) if (size[k]) row(`  ${k} raw / gzip / brotli`, three(size[k]), '', true);
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
    row(`${name} page: first load, interactive on slow 4G`, `${fmt(kb(p.bytes.gzip))} KB gzip (${fmt(kb(p.bytes.brotli))} br; the module ${p.module}), median ${fmt(p.median / 1000, 2)} s (${fmt(p.min / 1000, 2)}–${fmt(p.max / 1000, 2)})${was}`, target, name === 'member' ? p.bytes.gzip <= BUDGET && p.median <= 1500 : '–');
    row(`  every panel built, below the first screen too`, `median ${fmt(p.complete.median / 1000, 2)} s (${fmt(p.complete.min / 1000, 2)}–${fmt(p.complete.max / 1000, 2)})${before?.[name] ? ` (before: ${fmt(before[name].complete.median / 1000, 2)} s)` : ''}`, 'report', '–');
    // The lighter-pages target of issue 26 (the house), beside the original budget above.
    if (name === 'member') row('  against issue 26 (the house)', `${fmt(kb(p.bytes.gzip))} KB gzip, median ${fmt(p.median / 1000, 2)} s`, '≤ 390 KB gzip, ≤ 2.4 s', p.bytes.gzip <= 390 * 1024 && p.median <= 2400);
  }
  for (const [name, p] of Object.entries(slowBrotli)) {
    row(`${name} page: the same, served brotli`, `${fmt(kb(p.bytes.brotli))} KB brotli (the module ${p.module}, sent as ${p.wasm_encoding}), median ${fmt(p.median / 1000, 2)} s (${fmt(p.min / 1000, 2)}–${fmt(p.max / 1000, 2)})`, 'report', '–');
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
  row(`book: one chapter, ${book.live_steps} live steps`, `${fmt(kb(book.brotli_bytes))} KB brotli, ${fmt(kb(book.gzip_bytes))} KB gzip (${book.files} files; ${book.page})`, '≤ 600 KB gzip', book.gzip_bytes <= 600 * 1024);
  row('  the wasm over the network, for that page', `${book.wasm_requests} request${book.wasm_requests === 1 ? '' : 's'} for ${book.wasm_modules} module${book.wasm_modules === 1 ? '' : 's'}, ${book.live_steps} iframes`, 'each module once per page', book.wasm_requests === book.wasm_modules);
  const rs = (x) => `${fmt(x.median / 1000, 2)} s (${fmt(x.min / 1000, 2)}–${fmt(x.max / 1000, 2)})`;
  row(`book on slow 4G: ${reader.chapter}, its first live step on screen`, `median ${rs(reader.with_snapshots.painted)}; without the step's snapshot ${rs(reader.without_snapshots.painted)}`, '≤ 1.5 s', reader.with_snapshots.painted.median <= 1500);
  row('  that live step interactive', `median ${rs(reader.with_snapshots.interactive)}; without the snapshot ${rs(reader.without_snapshots.interactive)}`, '≤ 2.6 s', reader.with_snapshots.interactive.median <= 2600);
  row(`  ${readDown.page}, read down: a later step, asked to interactive`, `median ${rs(readDown.later)} (${readDown.steps.length} steps)`, 'report', true);
  row(`bounded check, native, anchor bounds, ${CHECK_DEPTH_NATIVE} moves`, ['seed', 'kafka', 'librdkafka'].map((m) => `${m} ${checkN[m].states} states ${fmt(checkN[m].seconds, 1)} s (${fmt(checkN[m].states_per_second / 1000, 0)} k/s)`).join('; '), 'report (≤ 10 s each)', ['seed', 'kafka', 'librdkafka'].every((m) => checkN[m].seconds <= 10));
  row('  the same bounds to the end (every schedule)', ['seed', 'kafka', 'librdkafka'].map((m) => `${m} ${checkE[m].states} states ${checkE[m].depth} levels ${fmt(checkE[m].seconds, 1)} s ${checkE[m].peak_memory_mb} MB${checkE[m].exhausted ? '' : ' (not to the end)'}`).join('; '), '≤ 10 s each', ['seed', 'kafka', 'librdkafka'].every((m) => checkE[m].exhausted && checkE[m].seconds <= 10));
  row('  3 Java members, t:3, 2 perturbations', `${check3.states} states, ${check3.depth} levels in full, ${fmt(check3.seconds, 1)} s, ${check3.peak_memory_mb} MB peak${check3.exhausted ? ', to the end' : `, stopped (${check3.stopped ?? 'depth bound'})`}`, `to the end ≤ ${THREE_MEMBERS_SECONDS} s`, check3.exhausted && check3.seconds <= THREE_MEMBERS_SECONDS);
  row(`  in the review page, ${checkP.depth} moves, all three models`, `${fmt(checkP.seconds, 1)} s, longest task ${fmt(checkP.longest_task_ms, 0)} ms`, '≤ 60 s, no task > 50 ms', checkP.seconds <= 60 && checkP.longest_task_ms <= 50);
  row('  in the review page, to the end', Object.entries(checkPE).map(([m, r]) => `${m} ${fmt(r.seconds, 1)} s, longest task ${fmt(r.longest_task_ms, 0)} ms${r.states.every((t) => t.includes(`within ${checkE[m].states} states`)) ? '' : ' (states differ from the native check)'}`).join('; '), '≤ 60 s each, no task > 50 ms', Object.values(checkPE).every((r) => r.seconds <= 60 && r.longest_task_ms <= 50));
  report.table = rows;
  report.wasm_vs_native_ratio = ratio;
  console.log(`\nkip848-viz benchmark — ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.chromium}\n`);
  const w = [44, 52, 28];
  console.log(`${'figure'.padEnd(w[0])} ${'measured'.padEnd(w[1])} ${'target'.padEnd(w[2])} met`);
  console.log('-'.repeat(w[0] + w[1] + w[2] + 6));
  for (const r of rows) console.log(`${r.figure.padEnd(w[0])} ${r.value.padEnd(w[1])} ${r.target.padEnd(w[2])} ${r.met}`);
  // Against what the project last committed (docs/performance.md, "The latest run").
  report.guard = guard(report, await readFile(join(ROOT, 'docs/performance.md'), 'utf8'));
  console.log('\nagainst the committed figures (docs/performance.md, "The latest run"); more than 25 % worse is a regression:\n');
  for (const line of guardLines(report.guard)) console.log(line);
  await mkdir(join(ROOT, 'target/bench'), { recursive: true });
  await writeFile(join(ROOT, 'target/bench/report.json'), JSON.stringify(report, null, 2));
  console.log('\nwritten target/bench/report.json');
} finally {
  await browser.close();
  await server.close();
  await hooks.close();
}
