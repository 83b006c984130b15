// The shipped Kafka client as a second model: the switch, its diagram and table, its own inputs,
// and the compare view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, expectText, instant, loadScenario, setRange, text, replayLines, SCENARIOS, seeLog, openPanel, catchUp } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// Subscribe, then answer the join with one partition (the composer's quick add): STABLE.
async function joinWithOnePartition(page) {
  await page.getByTestId('subscribe').click();
  await expectText(page, 'state', 'JOINING');
  await page.getByTestId('assignment-explicit').check();
  await page.getByTestId('quick-add').click();
  await page.getByTestId('send').click();
  await expectText(page, 'state', 'STABLE');
}

test('switching to the shipped client replays the same inputs and draws its ten states', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '04-fenced-while-joined');
  await setRange(page, 'scrubber', 5);
  await expectText(page, 'state', 'JOINING');
  await openPanel(page, 'config');
  await page.getByTestId('cfg-model').selectOption('kafka');
  await expectText(page, 'notice', 'The same inputs now run on the shipped Kafka client.');
  await expectText(page, 'position', /^Step 5 of 6/);
  assert.equal(await page.locator('.diagram .node').count(), 10);
  assert.equal(await page.getByTestId('node-JOINING').getAttribute('data-current'), 'true');
  assert.match(await text(page, 'live'), /^Step 5, 5 of 5 things the member does: /);
  await seeLog(page);
  await page.getByTestId('log-step-5').click();
  assert.ok((await page.locator('.log-row.current').textContent()).includes('onPartitionsLost(orders-0, orders-1, orders-2)'));
  await page.getByTestId('transition-table').locator('summary').click();
  assert.equal(await page.getByTestId('transition-table').locator('tbody tr').count(), 10);
  await page.getByTestId('to-end').click();
  await expectText(page, 'state', 'STABLE');
  assert.equal(await text(page, 'member-id'), '5b1e2c4d-0000-4000-8000-00000000c11e', 'the client makes its own id (K4x)');
  await page.getByTestId('cfg-model').selectOption('seed');
  await expectText(page, 'state', 'JOINED');
  await done();
});

test('the shipped client takes poll, stale, metadata and unsubscribe inputs', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await openPanel(page, 'config');
  await page.getByTestId('cfg-model').selectOption('kafka');
  await joinWithOnePartition(page);
  await expectText(page, 'current-assignment', 'orders-0 (local epoch 0)');
  await page.getByTestId('poll-expired').click();
  await expectText(page, 'state', 'STALE');
  assert.equal(await text(page, 'assigned'), '{}');
  await page.getByTestId('poll').click();
  await expectText(page, 'state', 'JOINING');
  await page.getByTestId('known-topics').fill('orders');
  await page.getByTestId('metadata').click();
  await page.getByTestId('kind-success').check();
  await page.getByTestId('draft-epoch').fill('2');
  await page.getByTestId('assignment-explicit').check();
  await page.getByTestId('extra-topic').fill('audit');
  await page.getByTestId('add-topic').click();
  await page.getByTestId('chip-audit-0').click();
  await page.getByTestId('send').click();
  await expectText(page, 'unresolved', 'audit');
  await page.getByTestId('unsubscribe').click();
  await expectText(page, 'state', 'UNSUBSCRIBED');
  await done();
});

test('the review view groups the differences by cause and goes to where each first shows', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '04-fenced-while-joined');
  // Under the history: once it has caught up, or the click can land on what moved under it.
  await catchUp(page);
  await page.getByTestId('open-review').click();
  await page.getByTestId('review-view').waitFor();
  const first = page.getByTestId('review-cause').first();
  assert.equal(await first.getAttribute('data-cause'), 'on_partitions_lost');
  assert.match(await first.textContent(), /The shipped client runs onPartitionsLost when it is fenced or fails/);
  await first.getByTestId('review-cause-go').click();
  // It lands where the core says the sides first part in that step, and shows the core's frames.
  const [head, ...positions] = replayLines(['--review', 'seed-kafka', 'assets/scenarios/04-fenced-while-joined.json']);
  const go = head.groups[0].go;
  const at = positions.find((p) => p.cursor.step === go.step && p.cursor.shown === go.shown);
  await expectText(page, 'review-position', `Step ${go.step} of ${head.rows} · effect ${go.shown} of ${at.effects}`);
  assert.ok(go.shown < at.effects, 'the sides part before the step ends');
  assert.equal(await page.getByTestId('review-seed').getByTestId('state').textContent(), at.left.state);
  assert.equal(await page.getByTestId('review-kafka').getByTestId('state').textContent(), at.right.state);
  await done();
});

// Issue 43, item 1: the model a reader chose is kept. A scenario or the first walkthrough runs on
// the model in view; one that does not play there (the core's `--fit`) says why before it loads
// and offers both models, loading nothing until the reader chooses.
test('a scenario or lesson runs on the model in view, or says first that it needs another', async () => {
  const fit = (id) => Object.fromEntries(replayLines(['--fit', `assets/scenarios/${id}.json`]).map((l) => [l.model, l]));
  const { page, done } = await open(browser, server.url);
  await instant(page);
  const model = () => page.getByTestId('diagram').getAttribute('data-model');
  await page.getByTestId('model-kafka').check();
  assert.equal(await model(), 'kafka');
  // The first walkthrough plays on every model, so it opens on the Java client.
  assert.equal(fit('01-first-join').kafka.why_not, null);
  await page.getByTestId('start-walkthrough').click();
  await expectText(page, 'scenario-title', 'First join with an assignment');
  assert.equal(await model(), 'kafka', 'the walkthrough switched the model back');
  await page.getByTestId('to-end').click();
  await expectText(page, 'state', 'STABLE');
  await page.getByTestId('lesson-exit').click();
  // Every scenario that plays here loads here; the others are marked in the picker, with why.
  for (const id of SCENARIOS) {
    const f = fit(id).kafka;
    const label = await page.locator(`[data-testid=scenario] option[value="${id}"]`).textContent();
    assert.equal(label.endsWith('(not on the Java client)'), f.why_not !== null, `${id}: ${label}`);
  }
  await page.getByTestId('scenario').selectOption('02-steady-heartbeats');
  await page.getByTestId('load-scenario').click();
  await expectText(page, 'position', /^Step 0 of \d+/);
  assert.equal(await model(), 'kafka', 'a seed scenario that plays on the Java client switched the model');
  // 10 does not play on the Java client: nothing loads until the reader chooses.
  const why = fit('10-close-while-assigning').kafka.why_not;
  assert.ok(why, 'scenario 10 plays on the Java client: pick another for this test');
  await page.getByTestId('scenario').selectOption('10-close-while-assigning');
  assert.ok((await text(page, 'scenario-fit')).includes(why));
  await page.getByTestId('load-scenario').click();
  assert.ok((await text(page, 'model-choice')).includes(why));
  await expectText(page, 'scenario-title', 'Steady heartbeats');
  assert.equal(await model(), 'kafka');
  await page.getByTestId('load-written-for').click();
  await expectText(page, 'scenario-title', 'Close while assigning');
  assert.equal(await model(), 'seed');
  assert.equal(await page.getByTestId('model-choice').count(), 0);
  // Or on the model in view anyway.
  await page.getByTestId('model-kafka').check();
  await page.getByTestId('load-scenario').click();
  await page.getByTestId('load-here').click();
  await expectText(page, 'position', /^Step 0 of \d+/);
  assert.equal(await model(), 'kafka');
  await done();
});

test('the Java client follows the Kafka release chosen beside the switch, and says what differs', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  assert.equal(await page.getByTestId('kafka-release').count(), 0, 'no release choice for the seed design');
  await page.getByTestId('model-kafka').check();
  await expectText(page, 'notice', 'The same inputs now run on the shipped Kafka client.');
  const choice = page.getByTestId('kafka-release-choice');
  assert.equal(await choice.inputValue(), '4.3', 'the newest release by default');
  await joinWithOnePartition(page);
  await page.getByTestId('kind-error').check();
  await page.getByTestId('error-code').selectOption('TOPIC_AUTHORIZATION_FAILED');
  await page.getByTestId('send').click();
  // 4.3: reported, the member stays; 3.9: the same inputs end FATAL.
  await expectText(page, 'state', 'STABLE');
  const position = await text(page, 'position');
  await choice.selectOption('3.9');
  await expectText(page, 'notice', 'The same inputs now run on the Java client of Kafka 3.9.');
  await expectText(page, 'state', 'FATAL');
  const step = (p) => p.split(' · ')[0];
  assert.equal(step(await text(page, 'position')), step(position), 'the same step');
  // What differs: each row marked when the chosen release has it.
  await page.getByTestId('kafka-release').locator('summary').click();
  const rows = page.getByTestId('release-differences').locator('li');
  const marked = async () => rows.evaluateAll((lis, chosen) => lis.map((li) => {
    const from = li.querySelector('strong').textContent.match(/From (\d+)\.(\d+)/);
    const [a, b] = chosen.split('.').map(Number);
    return li.classList.contains('applies') === (a > +from[1] || (a === +from[1] && b >= +from[2]));
  }), await choice.inputValue());
  assert.ok((await rows.count()) >= 2);
  assert.ok((await marked()).every(Boolean), 'at 3.9');
  await choice.selectOption('4.0');
  await expectText(page, 'state', 'STABLE');
  assert.ok((await marked()).every(Boolean), 'at 4.0');
  await done();
});
