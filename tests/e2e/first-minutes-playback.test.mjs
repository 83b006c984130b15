// The first ten minutes, continued: playing a session through (a lesson on a phone, the quiz, the
// slider and caption holding still, motion on every effect), and an imported log kept over a
// reload. Its own file only to keep each under 400 lines; first-minutes.test.mjs has the rest.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, open, instant, text, setRange, loadScenario, ROOT, SCENARIOS } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** This tab's save on the shelf `prefix` (see src/session/shelf.rs), as the page stored it. */
function saved(page, prefix) {
  return page.evaluate((p) => localStorage.getItem(p + sessionStorage.getItem('kip848:tab')), prefix);
}

/** Waits for the autosave to store something other than `was` under `prefix`. */
async function savedAfter(page, prefix, was) {
  await page.waitForFunction(([p, w]) => {
    const v = localStorage.getItem(p + sessionStorage.getItem('kip848:tab'));
    return v !== null && v !== w;
  }, [prefix, was]);
}

/** Whether the element at the centre of `locator` is the element itself (nothing fixed over it). */
async function uncovered(locator) {
  return locator.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return !!top && (top === el || el.contains(top));
  });
}

test('a lesson on a phone: each note with its diagram on one screen, and Continue never covered', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=03-incremental-reassignment&lesson=1`, { viewport: { width: 375, height: 800 } });
  await instant(page);
  const cont = page.getByTestId('lesson-continue');
  // The reader brings the lesson to the top once, then only taps Continue.
  await page.getByTestId('lesson').evaluate((l) => l.scrollIntoView({ block: 'start' }));
  for (let i = 0; i < 12 && !(await cont.isDisabled()); i += 1) {
    assert.ok(await uncovered(cont), `Continue is covered at note ${i}`);
    const before = await text(page, 'position');
    await cont.click();
    await page.waitForFunction((was) => document.querySelector('[data-testid="position"]')?.textContent !== was, before);
    await page.waitForFunction(() => document.querySelector('[data-testid="play"]')?.getAttribute('aria-pressed') !== 'true');
    // The note (in the lesson's bar at the bottom, a phone's transport in a lesson) and the
    // diagram's current state above that bar, together on one screen.
    const together = () => {
      const dock = document.querySelector('[data-testid="lesson"]').getBoundingClientRect();
      const note = document.querySelector('[data-testid="lesson-note"]').getBoundingClientRect();
      const node = document.querySelector('.diagram .node[data-current="true"]').getBoundingClientRect();
      return note.top >= 0 && note.bottom <= innerHeight && node.top >= 0 && node.bottom <= dock.top;
    };
    const ok = await page.waitForFunction(together, null, { timeout: 3000 }).then(() => true, () => false);
    assert.ok(ok, `note ${i + 1}: the note and the state are not on one screen, the state above the lesson's bar`);
  }
  await done();
});

test('the quiz is offered on screen, can be switched off, scores once, and its reveal plays', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation`);
  await page.getByTestId('quiz-toggle').check();
  await page.getByTestId('quiz').waitFor();
  // Turned on with nothing else done, the quiz is saved: a reload keeps it.
  await page.reload();
  await page.getByTestId('quiz').waitFor({ timeout: 5000 });
  assert.equal(await page.getByTestId('quiz-score').count(), 1);
  assert.doesNotMatch(await page.getByTestId('quiz').textContent(), /Score.*Score/s, 'one score line');
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('quiz-prompt').waitFor();
  const state = await text(page, 'state');
  for (let i = 0; i < 5 && await page.getByTestId('quiz-prompt').count(); i += 1) {
    await page.getByTestId('quiz-choice-0').check();
    await page.getByTestId('quiz-check').click();
    await page.getByTestId('quiz-next').click();
  }
  await page.waitForFunction((was) => document.querySelector('[data-testid="state"]')?.textContent !== was, state);
  // Off, and it stays off after a reload.
  const before = await saved(page, 'kip848:session:');
  await page.getByTestId('quiz-stop').click();
  assert.equal(await page.getByTestId('quiz').count(), 0);
  assert.equal(await page.getByTestId('quiz-toggle').isChecked(), false);
  await savedAfter(page, 'kip848:session:', before);
  await page.reload();
  await page.getByTestId('state').waitFor();
  assert.equal(await page.getByTestId('quiz').count(), 0, 'the quiz came back after a reload');
  await done();
});

test("the slider keeps its width and the caption its height while the words change", async () => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 800 }]) {
    const { page, done } = await open(browser, `${server.url}?scenario=03-incremental-reassignment`, { viewport });
    await instant(page);
    const widths = new Set(); const heights = new Set();
    const last = (await text(page, 'position')).match(/of (\d+)/)[1];
    for (let i = 0; i < 60 && !new RegExp(`^Step ${last} of ${last}( · effect (\\d+) of \\2)? `).test(await text(page, 'position')); i += 1) {
      widths.add(Math.round(await page.getByTestId('scrubber').evaluate((e) => e.getBoundingClientRect().width)));
      heights.add(Math.round(await page.getByTestId('live').evaluate((e) => e.getBoundingClientRect().height)));
      const before = await text(page, 'position');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((was) => document.querySelector('[data-testid="position"]')?.textContent !== was, before);
    }
    assert.equal(widths.size, 1, `at ${viewport.width} px the slider is ${[...widths].join(', ')} px wide`);
    if (viewport.width > 1000) assert.equal(heights.size, 1, `at ${viewport.width} px the caption is ${[...heights].join(', ')} px high`);
    await done();
  }
});

test('an imported log keeps its summary over a reload, its own save, and its words inside their boxes', async () => {
  // The member page's session, which an import must not replace.
  const member = await open(browser, `${server.url}?scenario=02-steady-heartbeats`);
  const memberTitle = await text(member.page, 'scenario-title');
  const context = member.page.context();
  const page = await context.newPage();
  await page.goto(`${server.url}import.html`);
  await page.getByTestId('log-paste').waitFor();
  const log = await readFile(join(ROOT, 'core/tests/logs/real/07-kafka-pr17342-systest-38x-log4j-reconcile.log'), 'utf8');
  await page.getByTestId('log-paste').fill(log);
  const unsaved = await saved(page, 'kip848:import:');
  await page.getByTestId('log-import-button').click();
  await page.getByTestId('imported-log').waitFor();
  const report = await text(page, 'import-report');
  assert.doesNotMatch(report, /\(\)/, 'no empty breakdown');
  assert.equal(await page.getByTestId('scenario').inputValue(), '', 'the picker does not name a built-in scenario');
  // Every note, caption and report line stays inside its box.
  for (let step = 1; step <= 6; step += 1) {
    await setRange(page, 'scrubber', step);
    const spill = await page.locator('.note, .narration, .divergence, .notice, .report li, .caption').evaluateAll((all) =>
      all.filter((e) => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent.slice(0, 60)));
    assert.deepEqual(spill, [], `step ${step}: words run out of their box`);
  }
  await savedAfter(page, 'kip848:import:', unsaved);
  await page.reload();
  await page.getByTestId('imported-log').waitFor();
  assert.equal(await text(page, 'import-report'), report, 'the summary is back after a reload');
  // The member page, reloaded, still has its own session.
  await member.page.reload();
  await member.page.getByTestId('state').waitFor();
  assert.equal(await text(member.page, 'scenario-title'), memberTitle);
  await page.close();
  await member.done();
});

/** The animations running in the member view now (not the legends'), as `class:name`. */
function running(page) {
  return page.evaluate(() => document.getAnimations()
    .filter((a) => a.playState === 'running' && a.effect?.target && !a.effect.target.closest('.legend'))
    .map((a) => `${a.effect.target.getAttribute('class')}:${a.animationName ?? a.transitionProperty}`));
}

test('every effect of every built-in scenario moves on screen at 1×, and nothing moves with reduced motion', async () => {
  const { page, done } = await open(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const still = [];
  let effects = 0;
  for (const id of SCENARIOS) {
    await loadScenario(page, id);
    const last = Number((await text(page, 'position')).match(/of (\d+)/)[1]);
    for (let i = 0; i < 400; i += 1) {
      const before = await text(page, 'position');
      const end = new RegExp(`^Step ${last} of ${last}( · effect (\\d+) of \\2)? `);
      if (end.test(before)) break;
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((was) => document.querySelector('[data-testid="position"]')?.textContent !== was, before);
      const now = await running(page);
      effects += 1;
      if (now.length === 0) still.push(`${id} ${await text(page, 'position')}: ${await text(page, 'live')}`);
    }
  }
  assert.ok(effects > 150, `walked ${effects} effects`);
  assert.deepEqual(still, [], 'effects shown without any motion');
  await done();

  const calm = await open(browser, `${server.url}?scenario=03-incremental-reassignment`, { reducedMotion: 'reduce' });
  for (let i = 0; i < 12; i += 1) {
    const before = await text(calm.page, 'position');
    await calm.page.keyboard.press('ArrowRight');
    await calm.page.waitForFunction((was) => document.querySelector('[data-testid="position"]')?.textContent !== was, before);
    assert.deepEqual(await running(calm.page), [], `with reduced motion something moves at ${before}`);
  }
  await calm.done();
});

test('a transition travels from state to state each time; a chip keeps its element as its mark changes', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=03-incremental-reassignment`, { viewport: { width: 1440, height: 900 } });
  // Step 2: JOINING → JOINED, then JOINED → ASSIGNING, each with its own token on its way.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  for (const edge of ['JOINING-JOINED', 'JOINED-ASSIGNING']) {
    await page.keyboard.press('ArrowRight');
    await page.locator(`[data-testid="edge-${edge}"].fired`).waitFor();
    const travel = await page.getByTestId('token').evaluate((t) => t.getAnimations().map((a) => [a.animationName, a.playState, a.currentTime]));
    assert.ok(travel.some(([name, state, time]) => name === 'travel' && state === 'running' && time < 500), `${edge}: ${JSON.stringify(travel)}`);
  }
  // orders-0, owned, is marked for revocation, then removed: one element all along, moving each time.
  await setRange(page, 'scrubber', 5);
  await page.getByTestId('owned-orders-0').evaluate((c) => { c.dataset.seen = 'yes'; });
  const marks = [];
  for (let i = 0; i < 2; i += 1) {
    const before = await text(page, 'position');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((was) => document.querySelector('[data-testid="position"]')?.textContent !== was, before);
    marks.push(await page.getByTestId('owned-orders-0').evaluate((c) => [c.dataset.seen, c.dataset.status, c.getAnimations().length]));
  }
  assert.deepEqual(marks.map((m) => m.slice(0, 2)), [['yes', 'to-revoke'], ['yes', 'leaving']]);
  assert.ok(marks.every((m) => m[2] > 0), `the chip moved at each mark: ${JSON.stringify(marks)}`);
  await done();
});
