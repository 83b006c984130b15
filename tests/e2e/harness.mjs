// Shared by the end-to-end tests: serve the release build (dist/) under a sub-path on 127.0.0.1,
// drive Debian's Chromium with playwright-core, and fail on any console error or page error.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..', '..'));
// KIP848_DIST serves another build (an older one, to see a new test fail on it first).
export const DIST = normalize(process.env.KIP848_DIST ?? join(ROOT, 'dist'));
/** The app is served from a sub-path, as on a docs site. */
export const BASE = '/docs/kip848-viz/';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png',
};

const built = new Set();

/**
 * The path of one of the core's command-line programs (`kip848-replay`, `kip848-import`, …), built
 * once per test file: `cargo run` took about a second a call here, even with nothing to build.
 */
export function coreBin(name) {
  if (!built.has(name)) {
    execFileSync('cargo', ['build', '--quiet', '--locked', '--bin', name], { cwd: ROOT, stdio: 'inherit' });
    built.add(name);
  }
  return join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'debug', name);
}

/** `kip848-replay ARGS`: its output, one JSON value a line (frames, a review, the glossary…). */
export function replayLines(args) {
  return execFileSync(coreBin('kip848-replay'), args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 << 20 })
    .trim().split('\n').map((line) => JSON.parse(line));
}

/** Starts the static server; resolves to its base URL. */
export async function serve(dist = DIST) {
  const root = normalize(dist);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!path.startsWith(BASE)) { res.writeHead(404).end(); return; }
    const rel = path.slice(BASE.length) || 'index.html';
    const file = normalize(join(root, rel));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}${BASE}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Launches headless Chromium (the system one: nothing is downloaded). A browser that dies while
 * starting (it happened once in CI, on a clean clone, before any page was opened) is started again,
 * up to three times, and said on stderr: that is the machine, not a result of the app.
 */
export async function launch() {
  const options = {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await chromium.launch(options);
    } catch (e) {
      if (attempt === 3) throw e;
      process.stderr.write(`Chromium did not start (attempt ${attempt} of 3): ${String(e.message).split('\n')[0]}\n`);
    }
  }
}

/**
 * Opens the app in a fresh context and records every console error and page error.
 * Call `done()` at the end of the test: it asserts there were none.
 */
export async function open(browser, url, options = {}) {
  // `ready`: the test id that says the page is up (the member's state unless told otherwise).
  const { ready = 'state', ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(url);
  await page.getByTestId(ready).waitFor();
  // An app page builds what lay below its first screen after it (src/shell/first_screen.rs): whole once
  // it marks itself complete.
  await page.waitForFunction(() => !document.querySelector('meta[name="kip848-module"]')
    || performance.getEntriesByName('kip848-complete').length > 0);
  return {
    page,
    errors,
    async done() {
      await context.close();
      assert.deepEqual(errors, [], 'no console errors');
    },
  };
}

/** Waits until the element's text equals `expected` (or matches it, for a RegExp). */
export async function expectText(page, testId, expected, timeout = 5000) {
  const locator = page.getByTestId(testId).first();
  const start = Date.now();
  let last = '';
  while (Date.now() - start < timeout) {
    last = (await locator.textContent({ timeout }))?.trim() ?? '';
    if (expected instanceof RegExp ? expected.test(last) : last === expected) return last;
    await page.waitForTimeout(25);
  }
  assert.fail(`${testId}: expected ${expected}, got ${JSON.stringify(last)}`);
}

export async function text(page, testId) {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}

/** Sets a range input's value as a user dragging it would (an `input` event). */
export async function setRange(page, testId, value) {
  await page.getByTestId(testId).evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** Shows every effect at once (the fastest speed): tests then wait on states, not animations. */
export async function instant(page) {
  await setRange(page, 'speed', 4);
  await expectText(page, 'speed-label', 'instant');
}

/** The model a built-in scenario was written for (its file's `model`, the seed by default). */
export function writtenFor(id) {
  return JSON.parse(readFileSync(join(ROOT, 'assets/scenarios', `${id}.json`), 'utf8')).model ?? 'seed';
}

/**
 * Loads a built-in scenario at its start, on the model it was written for (what the core's frames
 * of its file are): the page loads a scenario on the model in view, so the model is chosen first.
 */
export async function loadScenario(page, id) {
  const model = page.getByTestId(`model-${writtenFor(id)}`);
  if (await model.count() && !(await model.isChecked())) await model.check();
  await page.getByTestId('scenario').selectOption(id);
  await page.getByTestId('load-scenario').click();
  await expectText(page, 'position', /^Step 0 of \d+/);
}

/** What the screen says about the member: for comparing two ways of reaching one step. */
/**
 * Brings the log near the screen and waits until it follows the cursor there: out of view it keeps
 * the rows it had (src/components/near_view.rs), as a reader cannot see them.
 */
export async function seeLog(page) {
  await page.locator('section.log').scrollIntoViewIfNeeded();
  await page.locator('section.log[data-near="true"]').waitFor();
}

/**
 * Brings the log and the sequence near the screen and waits until both follow the cursor. Scrolled
 * to, they redraw and grow (the log by up to 448 px, two frames after the scroll): a click aimed at a
 * panel under them before that lands on whatever moved under the pointer.
 */
export async function catchUp(page) {
  for (const panel of ['log', 'sequence']) {
    const section = page.locator(`section.${panel}`);
    if (!(await section.count())) continue;
    await section.scrollIntoViewIfNeeded();
    await page.locator(`section.${panel}[data-near="true"]`).waitFor();
  }
}

/** Clicks a control under the history once the history has caught up (see `catchUp`). */
export async function clickUnderHistory(page, testId) {
  await catchUp(page);
  await page.getByTestId(testId).click();
}

/** Opens a `<details>` panel under the history the way a reader does (its summary), once the history has caught up; open stays open. */
export async function openPanel(page, testId) {
  await catchUp(page);
  const panel = page.getByTestId(testId);
  if (await panel.evaluate((d) => d.open)) return;
  await panel.locator('summary').click();
  assert.equal(await panel.evaluate((d) => d.open), true, `${testId} opens`);
}

export async function screen(page) {
  const ids = ['state', 'member-id', 'member-epoch', 'interval', 'deadline', 'in-flight', 'awaiting', 'now',
    'assigned', 'position', 'last-answer'];
  const out = {};
  for (const id of ids) out[id] = await text(page, id);
  out.inspector = (await page.locator('.inspector').textContent())?.trim();
  out.lane = (await page.getByTestId('app-lane').textContent())?.trim();
  out.chips = await page.locator('.assigned .chip[data-status]').evaluateAll((els) => els.map((e) => `${e.dataset.testid}:${e.dataset.status}`));
  return out;
}

/** The last line of a scenario's expected replay (core/tests/traces/scenarios). */
export async function expectedEnd(id) {
  const text = await readFile(join(ROOT, 'core/tests/traces/scenarios', `${id}.replay.jsonl`), 'utf8');
  const lines = text.trim().split('\n').map((l) => JSON.parse(l));
  return { last: lines[lines.length - 1], steps: lines.length };
}

/** A partition set as the app prints it (`orders-0, orders-1`, or `{}`). */
export function setText(set) {
  const parts = Object.entries(set).flatMap(([t, ps]) => ps.map((p) => `${t}-${p}`));
  return parts.length ? parts.join(', ') : '{}';
}

/** The built-in scenarios, read where the app's build reads them (src/build.rs): the directory. */
export const SCENARIOS = readdirSync(join(ROOT, 'assets/scenarios'))
  .filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
/** The group scenarios, in the picker's order (assets/group/ORDER). */
export const GROUP_SCENARIOS = readFileSync(join(ROOT, 'assets/group/ORDER'), 'utf8')
  .split('\n').map((l) => l.trim()).filter(Boolean);

/** Waits until the page's first-paint snapshot is on screen (assets/shell.js may wait 200 ms first). */
export function snapshotShown(page) {
  return page.waitForFunction(() => {
    const shell = document.getElementById('shell');
    return shell !== null && getComputedStyle(shell).display !== 'none';
  });
}

/** The WCAG contrast ratio of two computed colours (`rgb(…)`/`rgba(…)`). */
export function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/**
 * The wasm modules the page has fetched so far, by file name, in order: a module that came as its xz
 * copy (build/xz.mjs) by the module's own name.
 */
export function modulesFetched(page) {
  return page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop())
    .filter((name) => /_bg\.wasm(\.xz)?$/.test(name)).map((name) => name.replace(/\.xz$/, '')).join());
}
