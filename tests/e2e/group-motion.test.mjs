// The group view moves like the member view (issue 43, item 5), sampled mid-play: a card whose
// state changes shows a new badge with its arrival running, and the chart's time axis keeps its
// ticks for the whole scenario (it used to rescale at every step, moving everything sideways).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, expectText, text } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test("a card's new state arrives with motion, and the chart's axis keeps its scale while a scenario plays", async () => {
  const { page, done } = await open(browser, `${server.url}group.html`, { ready: 'group-view' });
  await page.getByTestId('group-scenario').selectOption('third-member-joins');
  await page.getByTestId('group-load').click();
  await expectText(page, 'group-position', /^Step 0 of \d+/);
  const ticks = () => page.locator('.ownership-chart .tick text').allTextContents();
  const last = Number((await text(page, 'group-position')).match(/of (\d+)/)[1]);
  let axis = null; let arrivals = 0;
  for (let step = 1; step <= last; step += 1) {
    const states = await page.getByTestId('member-state').allTextContents();
    await page.getByRole('button', { name: 'One step forward' }).click();
    await expectText(page, 'group-position', new RegExp(`^Step ${step} of`));
    const now = await ticks();
    if (axis === null) axis = now;
    assert.deepEqual(now, axis, `the axis changed at step ${step}`);
    const moving = await page.getByTestId('member-state').evaluateAll((badges) => badges.map((b) => ({
      text: b.textContent, running: b.getAnimations().some((a) => a.animationName === 'badge-arrive' && a.playState === 'running'),
    })));
    moving.forEach((b, i) => {
      if (states[i] !== undefined && states[i] !== b.text) {
        assert.ok(b.running, `step ${step}: ${states[i]} → ${b.text} without motion`);
        arrivals += 1;
      }
    });
  }
  assert.ok(axis.length >= 3, `ticks ${axis}`);
  assert.ok(arrivals >= 3, `${arrivals} state changes seen`);
  await done();
});
