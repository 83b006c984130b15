// Every built-in scenario, played to its end in the browser, ends where the replay command says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, expectText, instant, loadScenario, expectedEnd, setText, text, SCENARIOS } from './harness.mjs';

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
    await expectText(page, 'play', '▶');
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
  await expectText(page, 'play', '▶');
  assert.match(await text(page, 'narration'), /^Callbacks wait for the application in this walkthrough/);
  await page.getByTestId('play').click();
  await expectText(page, 'position', /^Step 6 of 12/);
  assert.match(await text(page, 'narration'), /^The coordinator takes orders-0 away/);
  await done();
});
