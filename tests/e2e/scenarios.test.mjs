// Every built-in scenario, played to its end in the browser, ends where the replay command says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, expectText, instant, loadScenario, expectedEnd, setText, text, SCENARIOS, openPanel } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

for (const id of SCENARIOS) {
  test(`playing "${id}" to its end shows the replay's final state, epoch and assigned set`, async () => {
    const { page, done } = await open(browser, server.url);
    await instant(page);
    await loadScenario(page, id);
    const { last, steps } = await expectedEnd(id);
    await page.getByTestId('play').click();
    await expectText(page, 'position', new RegExp(`^Step ${steps} of ${steps} `), 15000);
    await expectText(page, 'play', '▶ Play');
    assert.equal(await text(page, 'state'), last.state);
    assert.equal(await text(page, 'member-epoch'), String(last.member_epoch));
    assert.equal(await text(page, 'assigned'), setText(last.assigned));
    assert.equal(await text(page, 'member-id'), last.member_id || '(none yet)');
    await done();
  });
}

test('guided mode pauses on each narrated step and shows its note', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await page.getByTestId('scenario').selectOption('05-fenced-mid-revocation');
  await page.getByTestId('guided-play').click();
  await expectText(page, 'position', /^Step 1 of 12/);
  await expectText(page, 'play', '▶ Play');
  assert.match(await text(page, 'narration'), /^Callbacks wait for the application in this walkthrough/);
  await page.getByTestId('play').click();
  await expectText(page, 'position', /^Step 4 of 12/);
  await expectText(page, 'narration', 'JOINED with orders-0 and orders-1.');
  await page.getByTestId('play').click();
  await expectText(page, 'position', /^Step 6 of 12/);
  assert.match(await text(page, 'narration'), /^The coordinator takes orders-0 away/);
  await done();
});

test('"fenced in the middle of a revocation" reproduced by hand with the composer ends where the scenario does', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await openPanel(page, 'config');
  await page.getByTestId('cfg-auto-complete').uncheck();
  await page.getByTestId('cfg-apply').click();
  await page.getByTestId('subscribe').click();
  const answer = async (epoch, chips) => {
    await page.getByTestId('kind-success').check();
    await page.getByTestId('draft-epoch').fill(String(epoch));
    await page.getByTestId('draft-interval').fill('2000');
    if (chips) {
      await page.getByTestId('assignment-explicit').check();
      await page.getByTestId('quick-empty').click();
      for (const p of chips) await page.getByTestId(`chip-orders-${p}`).click();
    } else {
      await page.getByTestId('assignment-unchanged').check();
    }
    await page.getByTestId('send').click();
  };
  await answer(1, [0, 1]);
  await page.getByTestId('complete-ok').click();
  await answer(1);
  await page.getByTestId('advance-deadline').click();
  await answer(2, [1]);
  await expectText(page, 'awaiting', 'commit of orders-0');
  await page.getByTestId('complete-ok').click();
  await expectText(page, 'awaiting', 'onPartitionsRevoked(orders-0)');
  await page.getByTestId('advance-deadline').click();
  await page.getByTestId('kind-error').check();
  await page.getByTestId('error-code').selectOption('UNKNOWN_MEMBER_ID');
  await page.getByTestId('send').click();
  await expectText(page, 'live-summary', /^Step \d+: Fenced \(UNKNOWN_MEMBER_ID\): assigned set cleared without callbacks, rejoining with epoch 0$/);
  await page.getByTestId('complete-failed').click();
  await expectText(page, 'live', /^Step \d+: A completion owed to an abandoned reconciliation arrives: discarded$/);
  await answer(3, [1]);
  await page.getByTestId('complete-ok').click();
  const { last } = await expectedEnd('05-fenced-mid-revocation');
  await expectText(page, 'state', last.state);
  assert.equal(await text(page, 'member-epoch'), String(last.member_epoch));
  assert.equal(await text(page, 'assigned'), setText(last.assigned));
  assert.equal(await text(page, 'in-flight') !== 'nothing', last.in_flight);
  await done();
});
