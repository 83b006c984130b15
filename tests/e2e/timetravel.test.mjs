// Step back and scrub land on the same screen as replaying forward to that step; acting in the
// past forks (and says so first); effects are revealed one at a time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, expectText, instant, loadScenario, screen, setRange, text, seeLog } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function forwardTo(page, id, k) {
  await loadScenario(page, id);
  for (let i = 0; i < k; i += 1) await page.getByTestId('step-input').click();
  await expectText(page, 'position', new RegExp(`^Step ${k} of `));
  return screen(page);
}

for (const [id, k] of [['05-fenced-mid-revocation', 8], ['06-new-assignment-during-reconciliation', 11], ['10-close-while-assigning', 9]]) {
  test(`${id}: stepping back and scrubbing to step ${k} show the same screen as replaying to it`, async () => {
    const { page, done } = await open(browser, server.url);
    await instant(page);
    const replayed = await forwardTo(page, id, k);
    await page.getByTestId('to-end').click();
    await expectText(page, 'position', /^Step (\d+) of \1 /);
    const total = Number((await text(page, 'position')).match(/of (\d+)/)[1]);
    for (let i = total; i > k; i -= 1) await page.getByTestId('step-input-back').click();
    await expectText(page, 'position', new RegExp(`^Step ${k} of `));
    assert.deepEqual(await screen(page), replayed, 'step back');
    await setRange(page, 'scrubber', 0);
    await expectText(page, 'position', /^Step 0 of /);
    await setRange(page, 'scrubber', k);
    await expectText(page, 'position', new RegExp(`^Step ${k} of `));
    assert.deepEqual(await screen(page), replayed, 'scrubber');
    await seeLog(page);
    await page.getByTestId(`log-step-${k}`).click();
    assert.deepEqual(await screen(page), replayed, 'log row');
    await done();
  });
}

test('effects are revealed one by one, forward and back', async () => {
  const { page, done } = await open(browser, server.url);
  await loadScenario(page, '03-incremental-reassignment');
  await setRange(page, 'scrubber', 5);
  await expectText(page, 'position', /^Step 5 of 10/);
  await page.getByTestId('step-effect').click();
  await expectText(page, 'position', /^Step 6 of 10 · effect 1 of 3 /);
  assert.equal(await text(page, 'state'), 'ASSIGNING');
  assert.equal(await text(page, 'assigned'), 'orders-0, orders-1');
  await page.getByTestId('step-effect').click();
  await expectText(page, 'position', /^Step 6 of 10 · effect 2 of 3 /);
  assert.equal(await text(page, 'assigned'), 'orders-1');
  assert.equal(await page.getByTestId('owned-orders-0').getAttribute('data-status'), 'leaving');
  await page.getByTestId('step-effect-back').click();
  await expectText(page, 'position', /^Step 6 of 10 · effect 1 of 3 /);
  assert.equal(await text(page, 'assigned'), 'orders-0, orders-1');
  await done();
});

test('a sent answer animates its effects at the chosen speed, then stops', async () => {
  const { page, done } = await open(browser, server.url);
  await setRange(page, 'speed', 3); // 8×: 100 ms an effect
  await page.getByTestId('subscribe').click();
  await expectText(page, 'position', /^Step 1 of 1 · effect 2 of 2 · 10 ms$/);
  await page.getByTestId('assignment-explicit').check();
  await page.getByTestId('quick-add').click();
  await page.getByTestId('send').click();
  await expectText(page, 'position', /^Step 2 of 2 · effect [1-5] of 6 /, 2000);
  await expectText(page, 'position', /^Step 2 of 2 · effect 6 of 6 · 20 ms$/, 3000);
  await expectText(page, 'play', '▶ Play');
  assert.equal(await text(page, 'state'), 'JOINED');
  await done();
});

test('acting in the past says it will drop the future, then forks', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '01-first-join');
  await setRange(page, 'scrubber', 1);
  await expectText(page, 'fork-warning', 'You are in the past: sending drops the 3 later steps.');
  await page.getByTestId('kind-error').check();
  await page.getByTestId('error-code').selectOption('FENCED_MEMBER_EPOCH');
  await page.getByTestId('send').click();
  await expectText(page, 'position', /^Step 2 of 2 /);
  assert.equal(await page.getByTestId('fork-warning').count(), 0);
  await done();
});

test('the log, out of view, keeps its rows and catches up with the cursor when scrolled to', async () => {
  const { page, done } = await open(browser, server.url);
  await loadScenario(page, '05-fenced-mid-revocation');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('section.log[data-near="false"]').waitFor();
  await setRange(page, 'scrubber', 7);
  await expectText(page, 'position', /^Step 7 of /);
  await seeLog(page);
  await expectText(page, 'log-effect-current', await text(page, 'live').then((caption) => caption.replace(/^Step \d+, \d+ of \d+ things? the member does: /, '')));
  assert.match(await page.locator('.log-row.current .step-no').textContent(), /^7$/);
  await done();
});
