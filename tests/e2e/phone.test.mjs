// The stage on a phone (issue 43): the screen holds one part of the stage at a time, so the page
// follows the effect that plays — the part it changes is in view above the bar, effect by effect,
// as the core's frame names it (`kip848-replay --frames`: each effect's `stage`) — and a lesson's
// Continue stays under the thumb from note to note, with the note's effect in view above it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, open, expectText, ROOT, replayLines } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PHONE = { viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' };
const scratch = mkdtempSync(join(tmpdir(), 'kip848-phone-'));

/** The core's frames of a built-in scenario on `model`. */
function frames(id, model) {
  const trace = JSON.parse(readFileSync(join(ROOT, 'assets/scenarios', `${id}.json`), 'utf8'));
  trace.model = model;
  const file = join(scratch, `${id}-${model}.json`);
  writeFileSync(file, JSON.stringify(trace));
  return replayLines(['--frames', file]);
}

/** Defines `window.stageInView(stage)` on the page: `true` when the part of the stage named
 * `stage` is in view above whatever is fixed at the bottom, or where it is instead. */
function defineInView(page) {
  return page.evaluate(() => {
    window.stageInView = (stage) => {
      const selector = {
        diagram: '.member .diagram .node[data-current="true"]', facts: '[data-testid="member-facts"]',
        assigned: '.panel.assigned', lane: '.panel.lane', inspector: '.panel.inspector',
      }[stage];
      const el = document.querySelector(selector);
      if (!el) return `no ${selector}`;
      const docked = [...document.querySelectorAll('.transport-bar, .panel.lesson')]
        .filter((d) => getComputedStyle(d).position === 'fixed').map((d) => d.getBoundingClientRect().top);
      let [top, bottom] = [0, Math.min(innerHeight, ...docked)];
      // Inside a box that scrolls (a live step's panels), the room is that box's.
      for (let at = el.parentElement; at; at = at.parentElement) {
        const o = getComputedStyle(at).overflowY;
        if ((o === 'auto' || o === 'scroll') && at.scrollHeight > at.clientHeight && !at.classList.contains('diagram-frame')) {
          const box = at.getBoundingClientRect();
          [top, bottom] = [Math.max(top, box.top), Math.min(bottom, box.bottom)];
          break;
        }
      }
      const r = el.getBoundingClientRect();
      // Taller than the room: its top in view is enough.
      const fits = r.height <= bottom - top ? r.bottom <= bottom + 1 : r.top < bottom - 40;
      return r.top >= top - 1 && fits ? true : `${stage} at ${Math.round(r.top)}–${Math.round(r.bottom)}, room ${Math.round(top)}–${Math.round(bottom)}`;
    };
  });
}

/** Waits (on the page) until `stage` is in view; fails with where it is after a while. */
async function expectInView(page, stage, label) {
  const ok = await page.waitForFunction((s) => window.stageInView(s) === true, stage, { timeout: 3000 }).then(() => true, () => false);
  if (!ok) assert.equal(await page.evaluate((s) => window.stageInView(s), stage), true, label);
}

// A phone, and a live step at the embed's default size (600×400: the lane was cut off below).
const WALKS = [
  ['seed', '03-incremental-reassignment', 'a phone', '', PHONE],
  ['kafka', '03-incremental-reassignment', 'a phone', '', PHONE],
  ['librdkafka', '18-librdkafka-revoke-then-empty-assign', 'a phone', '', PHONE],
  ['kafka', '03-incremental-reassignment', 'a 600×400 live step', '&embed=1', { viewport: { width: 600, height: 400 }, reducedMotion: 'reduce' }],
];
for (const [model, id, where, extra, options] of WALKS) {
  test(`on ${where} the part each effect changes is in view as it plays: ${id} on the ${model} model`, async () => {
    const expected = frames(id, model);
    const { page, done } = await open(browser, `${server.url}?model=${model}&scenario=${id}${extra}`, options);
    await expectText(page, 'position', expected[0].position);
    await defineInView(page);
    let followed = 0;
    for (let i = 1; i < expected.length; i += 1) {
      const f = expected[i];
      await page.keyboard.press('ArrowRight');
      await expectText(page, 'position', f.position);
      if (!f.effect) continue;
      await expectInView(page, f.effect.stage, `step ${f.cursor.step}, effect ${f.cursor.shown} (${f.effect.name})`);
      followed += 1;
    }
    assert.ok(followed > 5, `${followed} effects walked`);
    await done();
  });
}

test('a lesson on a phone: Continue stays where the thumb is, and each note ends with its effect in view', async () => {
  for (const model of ['seed', 'kafka']) {
    const { page, done } = await open(browser, `${server.url}?model=${model}`, PHONE);
    await page.getByTestId('start-walkthrough').click();
    await page.getByTestId('lesson').waitFor();
    const box = async () => (await page.getByTestId('lesson-continue').boundingBox());
    let first = null;
    for (let note = 1; note <= 4; note += 1) {
      await expectText(page, 'lesson-position', new RegExp(`^note ${note} of`), 20000);
      await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-continue"]')?.disabled
        || document.querySelector('[data-testid="lesson-continue"]')?.textContent === 'Finished');
      const at = await box();
      first ??= at;
      // Its right edge and height ("Finished" is shorter than "Continue ▶").
      assert.ok(Math.abs(at.y - first.y) <= 1 && Math.abs(at.x + at.width - first.x - first.width) <= 1, `${model}, note ${note}: Continue moved from ${JSON.stringify(first)} to ${JSON.stringify(at)}`);
      assert.ok(at.y + at.height <= 812, `${model}, note ${note}: Continue below the screen`);
      // The current state is read above the dock, not under it.
      const state = await page.getByTestId('state').boundingBox();
      const dock = await page.getByTestId('lesson').boundingBox();
      const node = await page.locator('.member .diagram .node[data-current="true"]').boundingBox();
      assert.ok((state.y >= 0 && state.y + state.height <= dock.y) || (node.y >= 0 && node.y + node.height <= dock.y),
        `${model}, note ${note}: neither the state (${Math.round(state.y)}) nor its node (${Math.round(node.y)}) above the lesson (${Math.round(dock.y)})`);
      if (await page.getByTestId('lesson-continue').isDisabled()) break;
      await page.getByTestId('lesson-continue').click();
    }
    assert.equal(await page.getByTestId('lesson-continue').textContent(), 'Finished', `${model}: the walkthrough has more than 4 notes`);
    await done();
  }
});
