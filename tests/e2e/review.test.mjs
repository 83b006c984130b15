// Design review: the two models side by side without sideways overflow or words broken in the
// middle; a scenario's note that holds only for the seed is replaced when it runs on the shipped
// client; both diagrams read (every node and label inside the drawing, no two labels overlapping,
// no label on a node) in both themes and at both widths; the HTML export opens offline.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve, launch, open, expectText, loadScenario, text, replayLines, openPanel } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

for (const [width, pair] of [[1400, 'seed-kafka'], [375, 'seed-kafka'], [1400, 'kafka-librdkafka'], [375, 'seed-librdkafka']]) {
  test(`the review view (${pair}) at ${width} px: no sideways overflow, no word broken in the middle`, async () => {
    const { page, done } = await open(browser, `${server.url}review.html?scenario=05-fenced-mid-revocation&pair=${pair}`, { ready: 'review-view', viewport: { width, height: 900 } });
    await page.keyboard.press('End');
    await expectText(page, 'review-position', /^Step 12 of 12/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `overflows by ${overflow}px`);
    // Every word of the timelines' model columns on one line: no span wider than its line box.
    const broken = await page.evaluate(() => [...document.querySelectorAll('[data-testid="review-rows"] .nowrap')]
      .filter((s) => s.getClientRects().length > 1).map((s) => s.textContent));
    assert.deepEqual(broken, []);
    // The state names in the facts never wrap either.
    const states = await page.evaluate(() => [...document.querySelectorAll('[data-testid="review-view"] [data-testid="state"]')]
      .map((e) => e.getClientRects().length));
    assert.deepEqual(states, [1, 1]);
    await done();
  });
}

test('switching the model replaces a seed-only note with the shipped client\'s', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&step=9`);
  const seed = await text(page, 'narration');
  assert.match(seed, /cleared without a callback/);
  await openPanel(page, 'config');
  await page.getByTestId('cfg-model').selectOption('kafka');
  await page.getByTestId('node-FENCED').waitFor();
  const shipped = await text(page, 'narration');
  assert.notEqual(shipped, seed);
  assert.doesNotMatch(shipped, /cleared without a callback/);
  assert.match(shipped, /onPartitionsLost/);
  await done();
});

const PAIRS = { 'seed-kafka': ['review-seed', 'review-kafka'], 'kafka-librdkafka': ['review-kafka', 'review-librdkafka'] };
for (const [scheme, pair] of [['light', 'seed-kafka'], ['dark', 'seed-kafka'], ['light', 'kafka-librdkafka'], ['dark', 'kafka-librdkafka']]) {
  for (const width of [1400, 375]) {
    test(`both diagrams (${pair}) read at ${width} px in ${scheme}: nodes and labels inside, labels apart and off the nodes`, async () => {
      const { page, done } = await open(browser, `${server.url}review.html?scenario=05-fenced-mid-revocation&pair=${pair}`, { ready: 'review-view', colorScheme: scheme, viewport: { width, height: 900 } });
      for (const side of PAIRS[pair]) {
        const problems = await page.getByTestId(side).locator('svg[data-testid="diagram"]').evaluate((svg) => {
          const vb = svg.viewBox.baseVal;
          const inside = (b) => b.x >= vb.x - 0.5 && b.y >= vb.y - 0.5 && b.x + b.width <= vb.x + vb.width + 0.5 && b.y + b.height <= vb.y + vb.height + 0.5;
          const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          const nodes = [...svg.querySelectorAll('.node rect')].map((r) => ({ box: r.getBBox(), what: r.parentElement.dataset.state }));
          const labels = [...svg.querySelectorAll('.edge text, .edge-group text, .group text')].map((t) => ({ box: t.getBBox(), what: t.textContent }));
          const out = [];
          for (const n of [...nodes, ...labels]) if (!inside(n.box)) out.push(`${n.what} outside the drawing`);
          for (let i = 0; i < labels.length; i += 1) {
            for (let j = i + 1; j < labels.length; j += 1) if (overlap(labels[i].box, labels[j].box)) out.push(`${labels[i].what} overlaps ${labels[j].what}`);
            for (const n of nodes) if (overlap(labels[i].box, n.box)) out.push(`${labels[i].what} on ${n.what}`);
          }
          // Drawn big enough to read: no node label under 11 px on screen.
          const scale = svg.getBoundingClientRect().width / vb.width;
          for (const t of svg.querySelectorAll('.node text')) {
            const px = parseFloat(getComputedStyle(t).fontSize) * scale;
            if (px < 10.5) out.push(`${t.textContent} drawn at ${px.toFixed(1)} px`);
          }
          return out;
        });
        assert.deepEqual(problems, [], side);
      }
      await done();
    });
  }
}

test('the review exports as one HTML file that opens offline and shows both timelines', async () => {
  const { page, done } = await open(browser, `${server.url}review.html?scenario=05-fenced-mid-revocation`, { ready: 'review-view' });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('review-export-html').click()]);
  const html = await readFile(await download.path(), 'utf8');
  const offline = await browser.newContext({ offline: true });
  const view = await offline.newPage();
  const requests = [];
  view.on('request', (r) => { if (!r.url().startsWith('data:') && !r.url().startsWith('about:')) requests.push(r.url()); });
  await view.setContent(html);
  assert.equal(await view.locator('#timelines tbody tr').count(), 12, 'a row per step');
  assert.equal(await view.locator('svg').count(), 2, 'both diagrams');
  assert.match(await view.locator('#causes li').first().textContent(), /onPartitionsLost when fenced/);
  assert.deepEqual(requests, [], 'nothing fetched');
  await offline.close();
  const [rust] = await Promise.all([page.waitForEvent('download'), page.getByTestId('review-export-test').click()]);
  assert.match(await readFile(await rust.path(), 'utf8'), /#\[test\]/);
  await done();
});

test('a newer target waiting behind a running reconciliation is shown beside it (scenario 06)', async () => {
  const { join } = await import('node:path');
  const { ROOT } = await import('./harness.mjs');
  const frames = replayLines(['--frames', join(ROOT, 'assets/scenarios/06-new-assignment-during-reconciliation.json')]);
  const f = frames.find((x) => x.facts.target && x.facts.newest_target && JSON.stringify(x.facts.target) !== JSON.stringify(x.facts.newest_target));
  assert.ok(f, 'scenario 06 has a position where a newer target waits');
  const { page, done } = await open(browser, `${server.url}?scenario=06-new-assignment-during-reconciliation&step=${f.cursor.step - 1}`);
  // From the end of the step before: its first position, then one effect per press.
  for (let i = 0; i < Math.max(f.cursor.shown, 1); i += 1) await page.keyboard.press('ArrowRight');
  await expectText(page, 'position', f.position);
  const { setText } = await import('./harness.mjs');
  assert.equal(await text(page, 'target-running'), setText(f.facts.target));
  assert.equal(await text(page, 'target-newest'), setText(f.facts.newest_target));
  await done();
});

test('the scenario picker names the scenario under review, opened by address or by the picker', async () => {
  const { page, done } = await open(browser, `${server.url}review.html?scenario=18-librdkafka-revoke-then-empty-assign&pair=kafka-librdkafka`, { ready: 'review-view' });
  const picker = page.getByTestId('review-scenario');
  await page.waitForFunction(() => document.querySelector('[data-testid="review-scenario"]').value === '18-librdkafka-revoke-then-empty-assign');
  const title = await picker.locator('option:checked').textContent();
  assert.equal(await text(page, 'review-title'), `Design review: ${title}`);
  await picker.selectOption('07-retriable-backoff');
  await page.getByTestId('review-open-scenario').click();
  await expectText(page, 'review-title', `Design review: ${await picker.locator('option:checked').textContent()}`);
  assert.equal(await picker.inputValue(), '07-retriable-backoff');
  await done();
});
