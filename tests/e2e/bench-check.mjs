// `make bench`: the bounded check (issue 48), natively at the anchor's bounds for each model, and
// in the review page, where it runs in a Web Worker: how long, and the longest task the page's
// main thread ran meanwhile.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';

export const CHECK_DEPTH_NATIVE = 18;
export const CHECK_DEPTH_PAGE = 14;
const CHECK_BIN = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'native', 'kip848-check');

/// kip848-check (the native profile, `make bench` builds it) per model: states, seconds, states per second.
export function checkNative() {
  const out = {};
  for (const model of ['seed', 'kafka', 'librdkafka']) {
    const r = JSON.parse(execFileSync(CHECK_BIN, ['--model', model, '--depth', String(CHECK_DEPTH_NATIVE)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    out[model] = { states: r.states, seconds: r.seconds, states_per_second: r.states_per_second, exhausted: r.exhausted };
  }
  return out;
}

/// The same bounds explored to the end (no depth bound reached: `exhausted`), every schedule of
/// each model's group: states, transitions, levels, seconds and peak memory. Slow for the Java
/// client (minutes): the figure issue 48's "fully explored" asks for.
export function checkToTheEnd() {
  const out = {};
  for (const model of ['seed', 'kafka', 'librdkafka']) {
    const r = JSON.parse(execFileSync(CHECK_BIN, ['--model', model, '--depth', '1000'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 24 }));
    out[model] = { states: r.states, transitions: r.transitions, depth: r.depth, exhausted: r.exhausted, seconds: r.seconds, peak_memory_mb: r.peak_memory_mb };
  }
  return out;
}

/// Issue 48's larger bounds (three Java members, a topic of three partitions, two
/// perturbations) for five minutes at most, the target asked: how far it got (levels explored in
/// full, states), why it stopped if it did, and the memory it held.
export const THREE_MEMBERS_SECONDS = 300;
export function checkThreeMembers() {
  const args = ['--model', 'kafka', '--members', '3', '--topics', 't:3', '--perturbations', '2', '--depth', '1000', '--seconds', String(THREE_MEMBERS_SECONDS)];
  const r = JSON.parse(execFileSync(CHECK_BIN, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 24 }));
  return { states: r.states, transitions: r.transitions, depth: r.depth, exhausted: r.exhausted, stopped: r.stopped, seconds: r.seconds, states_per_second: r.states_per_second, peak_memory_mb: r.peak_memory_mb };
}

/// The review page's "Check every schedule": wall time to "Done" and the longest task the page's
/// main thread ran meanwhile (a long task is over 50 ms). By default all three models to
/// CHECK_DEPTH_PAGE moves; with `toEnd`, to the end, on `models` (the states the page counted
/// beside them, for comparing with the native check's).
export async function checkInPage(browser, url, { toEnd = false, models = null } = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addInitScript(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${url}review.html`);
  await page.getByTestId('check').waitFor();
  if (toEnd) {
    await page.getByTestId('check-to-end').check();
  } else {
    await page.getByTestId('check-depth').fill(String(CHECK_DEPTH_PAGE));
    await page.getByTestId('check-depth').dispatchEvent('change');
  }
  if (models) {
    for (const box of await page.getByTestId('check-model').all()) {
      await box.setChecked(models.includes(await box.getAttribute('value')));
    }
  }
  await page.evaluate(() => { window.__longest = 0; });
  const started = Date.now();
  await page.getByTestId('check-start').click();
  await page.getByTestId('check-status').filter({ hasText: /^Done/ }).waitFor({ timeout: 1800000 });
  const seconds = (Date.now() - started) / 1000;
  const longest = await page.evaluate(() => window.__longest);
  // `worker`, or `page` where no worker could start and the check ran between frames.
  const ranIn = await page.getByTestId('check-status').getAttribute('data-ran-in');
  const states = await page.locator('[data-testid=check-row][data-property=converges] [data-testid=check-verdict]').allTextContents();
  await context.close();
  return { depth: toEnd ? 'to the end' : CHECK_DEPTH_PAGE, models, seconds, longest_task_ms: longest, ran_in: ranIn, states };
}
