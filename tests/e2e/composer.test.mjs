// Composing and sending each kind of answer, the application's actions, time, and the lint line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, expectText, instant, text, openPanel } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function fresh() {
  const session = await open(browser, server.url);
  await instant(session.page);
  return session;
}

test('a success with an explicit target, built with chips and quick actions, is reconciled', async () => {
  const { page, done } = await fresh();
  await page.getByTestId('subscribe').click();
  await expectText(page, 'state', 'JOINING');
  await page.getByTestId('assignment-explicit').check();
  await page.getByTestId('quick-add').click();
  await page.getByTestId('quick-add').click();
  await page.getByTestId('chip-orders-5').click();
  await expectText(page, 'draft-target', 'Target: orders-0, orders-1, orders-5');
  await page.getByTestId('quick-revoke').click();
  await expectText(page, 'draft-target', 'Target: orders-0, orders-1');
  await page.getByTestId('draft-member-id').fill('m-42');
  await page.getByTestId('draft-epoch').fill('3');
  await page.getByTestId('draft-interval').fill('2000');
  await expectText(page, 'lint', 'Normal: JOINING → JOINED, JOINED → ASSIGNING, ASSIGNING → JOINED; 1 commit/callback step; 1 heartbeat sent');
  await page.getByTestId('send').click();
  await expectText(page, 'state', 'JOINED');
  assert.equal(await text(page, 'member-id'), 'm-42');
  assert.equal(await text(page, 'member-epoch'), '3');
  assert.equal(await text(page, 'interval'), '2000 ms');
  assert.equal(await text(page, 'assigned'), 'orders-0, orders-1');
  assert.equal(await text(page, 'hb-kind'), 'Acknowledging heartbeat, delta');
  assert.equal(await text(page, 'hb-owned'), 'orders-0, orders-1');
  await done();
});

test('each error class and no answer do what the seed model says', async () => {
  const { page, done } = await fresh();
  await page.getByTestId('subscribe').click();
  await page.getByTestId('answer').click();
  await expectText(page, 'state', 'JOINED');
  await page.getByTestId('advance-deadline').click();
  await expectText(page, 'in-flight', 'Interval heartbeat');
  // Retriable: nothing changes, a full retry is owed.
  await page.getByTestId('kind-error').check();
  await page.getByTestId('error-code').selectOption('COORDINATOR_NOT_AVAILABLE');
  await page.getByTestId('send').click();
  await expectText(page, 'deadline', /^retry at \d+ ms$/);
  assert.equal(await text(page, 'state'), 'JOINED');
  await page.getByTestId('advance-deadline').click();
  await expectText(page, 'hb-kind', 'Retry heartbeat, full');
  // No answer: retriable too.
  await page.getByTestId('kind-none').check();
  await page.getByTestId('send').click();
  await expectText(page, 'deadline', /^retry at/);
  await page.getByTestId('advance-deadline').click();
  // Fencing: back to JOINING with epoch 0.
  await page.getByTestId('kind-error').check();
  await page.getByTestId('error-code').selectOption('UNKNOWN_MEMBER_ID');
  await page.getByTestId('send').click();
  await expectText(page, 'state', 'JOINING');
  assert.equal(await text(page, 'member-epoch'), '0');
  // Fatal: terminated, the code kept.
  await page.getByTestId('kind-error').check();
  await page.getByTestId('error-code').selectOption('GROUP_MAX_SIZE_REACHED');
  await page.getByTestId('send').click();
  await expectText(page, 'state', 'TERMINATED');
  assert.equal(await text(page, 'failure'), 'GROUP_MAX_SIZE_REACHED');
  await done();
});

test('manual completions, advancing by a duration, and close', async () => {
  const { page, done } = await fresh();
  await openPanel(page, 'config');
  await page.getByTestId('cfg-auto-complete').uncheck();
  await page.getByTestId('cfg-apply').click();
  await expectText(page, 'notice', 'Configuration changed: the session restarted');
  await page.getByTestId('topics').fill('orders, payments');
  await page.getByTestId('subscribe').click();
  await page.getByTestId('assignment-explicit').check();
  await page.getByTestId('chip-payments-1').click();
  await page.getByTestId('send').click();
  await expectText(page, 'awaiting', 'onPartitionsAssigned(payments-1)');
  await page.getByTestId('complete-failed').click();
  await expectText(page, 'awaiting', 'nothing');
  assert.match(await text(page, 'live-summary'), /Reported CALLBACK_FAILED/);
  await page.getByTestId('answer').click();
  await page.getByTestId('advance-by').fill('250');
  await page.getByTestId('advance').click();
  await expectText(page, 'now', /^\d+ ms$/);
  await page.getByTestId('close').click();
  await expectText(page, 'state', 'TERMINATING');
  await expectText(page, 'awaiting', 'commit of payments-1');
  await page.getByTestId('complete-ok').click();
  await page.getByTestId('complete-ok').click();
  await expectText(page, 'hb-kind', 'Leave heartbeat, delta');
  assert.equal(await text(page, 'hb-member_epoch'), '-1');
  await done();
});

test('the lint line says normal, unusual or rejected, and why, before anything is sent', async () => {
  const { page, done } = await fresh();
  // Nothing in flight is not an error yet: it says what would make an answer possible.
  await expectText(page, 'lint', /^Nothing to answer yet\. The member is not in a group yet/);
  assert.equal(await page.getByTestId('lint').getAttribute('data-verdict'), 'waiting');
  await page.getByTestId('subscribe').click();
  await page.getByTestId('answer').click();
  await page.getByTestId('advance-deadline').click();
  await page.getByTestId('draft-epoch').fill('0');
  await expectText(page, 'lint', 'Rejected: a successful response must carry member_epoch >= 1 (librdkafka: >= 0), got 0');
  await page.getByTestId('draft-epoch').fill('2');
  await page.getByTestId('assignment-explicit').check();
  await page.getByTestId('extra-topic').fill('audit');
  await page.getByTestId('add-topic').click();
  await page.getByTestId('chip-audit-0').click();
  await expectText(page, 'lint', 'Unusual: the assignment names audit, a topic the member did not subscribe to');
  assert.equal(await page.getByTestId('lint').getAttribute('data-verdict'), 'unusual');
  await page.getByTestId('chip-audit-0').click();
  await expectText(page, 'lint', 'Unusual: the same assignment with a new epoch; epochs move with new targets');
  await page.getByTestId('assignment-unchanged').check();
  await expectText(page, 'lint', 'Normal: accepted, no visible effect');
  // A rejected send keeps the session and says why.
  await page.getByTestId('draft-epoch').fill('0');
  await page.getByTestId('send').click();
  await expectText(page, 'notice', 'Rejected: a successful response must carry member_epoch >= 1 (librdkafka: >= 0), got 0');
  assert.equal(await text(page, 'state'), 'JOINED');
  await done();
});

test('HTML in a topic name or a member id is shown as text', async () => {
  const { page, done } = await fresh();
  await page.getByTestId('topics').fill('<img src=x onerror=alert(1)>');
  await page.getByTestId('subscribe').click();
  await page.getByTestId('draft-member-id').fill('<b>m</b>');
  await page.getByTestId('send').click();
  await expectText(page, 'member-id', '<b>m</b>');
  assert.equal(await page.locator('img[src=x]').count(), 0);
  await done();
});

// Issue 43, item 13: with no deadline ahead, advancing to it records no step where nothing happens.
test('advancing to the next deadline with none ahead records nothing and says why', async () => {
  const { page, done } = await fresh();
  assert.equal(await text(page, 'deadline'), 'none');
  assert.ok(await page.getByTestId('advance-deadline').isDisabled(), 'the button offers a step that does nothing');
  const before = await text(page, 'position');
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('t');
  await expectText(page, 'notice', /^No deadline is ahead/);
  assert.equal(await text(page, 'position'), before);
  await done();
});
