// The review compares any two of the three models. For each pair with librdkafka, on scenarios
// where the models part ways: the picker, both sides, the causes and every position of the
// shared cursor read exactly what the core's review says (kip848-replay --review); changing the
// pair keeps the input on screen and shows only the switches that apply to it; the export names
// the pair's models.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, open, expectText, text, setText, ROOT, replayLines } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The core's review of a built-in scenario on a pair: its causes, then every position. */
function coreReview(pair, id) {
  const lines = replayLines(['--review', pair, join(ROOT, `assets/scenarios/${id}.json`)]);
  return { head: lines[0], positions: lines.slice(1) };
}

const SIDE = { seed: 'review-seed', kafka: 'review-kafka', librdkafka: 'review-librdkafka' };

async function side(page, model) {
  const s = page.getByTestId(SIDE[model]);
  return {
    state: (await s.getByTestId('state').textContent()).trim(),
    epoch: (await s.getByTestId('member-epoch').textContent()).trim(),
    assigned: (await s.getByTestId('assigned').textContent()).trim(),
  };
}

function expected(facts) {
  return { state: facts.state, epoch: String(facts.member_epoch), assigned: setText(facts.assigned) };
}

for (const pair of ['seed-librdkafka', 'kafka-librdkafka']) {
  for (const id of ['05-fenced-mid-revocation', '13-slow-revocation-fenced', '18-librdkafka-revoke-then-empty-assign']) {
    test(`${pair} on ${id}: the causes and every position are the core's`, async () => {
      const core = coreReview(pair, id);
      const [left, right] = pair.split('-');
      const { page, done } = await open(browser, `${server.url}review.html?scenario=${id}&pair=${pair}`, { ready: 'review-view' });
      assert.equal(await page.getByTestId('review-pair').inputValue(), pair);
      await page.getByTestId(SIDE[left]).waitFor();
      await page.getByTestId(SIDE[right]).waitFor();
      const causes = await page.getByTestId('review-cause').evaluateAll((els) => els.map((e) => e.dataset.cause));
      assert.deepEqual(causes, core.head.groups.map((g) => g.cause));
      assert.ok(!causes.includes('unexplained'), 'every difference has a known cause');
      // Each cause names the core's steps for it ("Step 10." alone, "Steps 9, 10." for several).
      const named = await page.getByTestId('review-cause').evaluateAll((els) => els.map((e) => e.querySelector('.muted').textContent.match(/^\s*(Steps? [\d, ]+)\./)?.[1]));
      assert.deepEqual(named, core.head.groups.map((g) => `${g.steps.length === 1 ? 'Step' : 'Steps'} ${g.steps.map((s) => s + 1).join(', ')}`));
      await page.keyboard.press('Home');
      for (const [i, p] of core.positions.entries()) {
        if (i > 0) await page.keyboard.press('ArrowRight');
        const of = p.effects > 0 ? ` · effect ${p.cursor.shown} of ${p.effects}` : '';
        await expectText(page, 'review-position', `Step ${p.cursor.step} of ${core.head.rows}${of}`);
        assert.deepEqual(await side(page, left), expected(p.left), `${left} at ${JSON.stringify(p.cursor)}`);
        assert.deepEqual(await side(page, right), expected(p.right), `${right} at ${JSON.stringify(p.cursor)}`);
      }
      // "Go to step N" lands where the core says the two sides first part ways in that step.
      for (const [i, g] of core.head.groups.entries()) {
        await page.getByTestId('review-cause-go').nth(i).click();
        const effects = core.positions.find((p) => p.cursor.step === g.go.step)?.effects ?? 0;
        const of = effects > 0 ? ` · effect ${g.go.shown} of ${effects}` : '';
        await expectText(page, 'review-position', `Step ${g.go.step} of ${core.head.rows}${of}`);
      }
      await done();
    });
  }
}

test('changing the pair keeps the input, renames the sides and columns, and shows only the switches that apply', async () => {
  const { page, done } = await open(browser, `${server.url}review.html?scenario=05-fenced-mid-revocation`, { ready: 'review-view' });
  assert.equal(await page.getByTestId('review-pair').inputValue(), 'seed-kafka');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Shift+ArrowRight');
  await expectText(page, 'review-position', /^Step 6 of 12/);
  assert.equal(await page.getByTestId('review-view').locator('input[type=checkbox][data-testid^="review-align-"]').count(), 4);
  await page.getByTestId('review-pair').selectOption('kafka-librdkafka');
  await page.getByTestId('review-librdkafka').waitFor();
  await expectText(page, 'review-position', /^Step 6 of 12/);
  assert.equal(await page.getByTestId('review-seed').count(), 0);
  const heads = await page.getByTestId('review-rows').locator('thead th').allTextContents();
  assert.deepEqual(heads, ['step', 'Java client', 'librdkafka', 'why they differ']);
  // Beside librdkafka only the commits switch applies; it removes librdkafka's own commit cause.
  const boxes = page.getByTestId('review-view').locator('input[type=checkbox][data-testid^="review-align-"]');
  assert.equal(await boxes.count(), 1);
  assert.equal(await page.locator('[data-cause="librdkafka_commits_itself"]').count(), 1);
  await page.getByTestId('review-align-auto_commit').check();
  await page.locator('[data-cause="librdkafka_commits_itself"]').waitFor({ state: 'detached' });
  await done();
});

test('the export of a pair with librdkafka names both of its models and draws both diagrams', async () => {
  const { page, done } = await open(browser, `${server.url}review.html?scenario=05-fenced-mid-revocation&pair=seed-librdkafka`, { ready: 'review-view' });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('review-export-html').click()]);
  const html = await readFile(await download.path(), 'utf8');
  const view = await browser.newPage();
  await view.setContent(html);
  assert.deepEqual(await view.locator('figcaption').allTextContents(), ['Seed design', 'librdkafka']);
  assert.equal(await view.locator('svg').count(), 2);
  assert.equal(await view.locator('#timelines tbody tr').count(), 12);
  assert.match(await view.locator('#timelines thead').textContent(), /librdkafka: state/);
  await view.close();
  await done();
});
