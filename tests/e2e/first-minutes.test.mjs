// The first ten minutes of a developer, a teacher and a reviewer: what they tripped over, each
// checked the way they meet it. Here: contrast in every state, the model choice, a step in words,
// answers, embeds, presenter mode, Undo, the group and review pages. Playing a session through,
// the quiz, an import and motion are in first-minutes-playback.test.mjs, so that neither file
// runs past 400 lines.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, contrast, expectText, instant, text, setRange } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Every visible button-like control's words against what is behind them, in each state, forced
 *  through the DevTools protocol so that no click happens. */
async function buttonStates(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const selector = 'button, a.button, .mode-tabs a';
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const failing = [];
  let checked = 0;
  for (const [index, nodeId] of nodeIds.entries()) {
    for (const state of [[], ['hover'], ['focus', 'focus-visible'], ['active'], ['hover', 'active']]) {
      await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: state });
      const sample = await page.evaluate(([sel, i]) => {
        const el = document.querySelectorAll(sel)[i];
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || !el.textContent.trim() || getComputedStyle(el).visibility === 'hidden') return null;
        const bg = (e) => {
          for (; e; e = e.parentElement) {
            const c = getComputedStyle(e).backgroundColor;
            if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
          }
          return getComputedStyle(document.body).backgroundColor;
        };
        return { fg: getComputedStyle(el).color, bg: bg(el), text: el.textContent.trim().slice(0, 40), disabled: !!el.disabled };
      }, [selector, index]);
      await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: [] });
      if (!sample) continue;
      checked += 1;
      const ratio = contrast(sample.fg, sample.bg);
      if (ratio < 4.5) failing.push({ ...sample, state: state.join('+') || 'normal', ratio: ratio.toFixed(2) });
    }
  }
  await cdp.detach();
  return { failing, checked };
}

for (const colorScheme of ['light', 'dark']) {
  for (const [page_, url, ready] of [
    ['member', '', 'state'],
    ['member, lesson', '?scenario=01-first-join&lesson=1', 'state'],
    ['group', 'group.html', 'group-view'],
    ['review', 'review.html?scenario=05-fenced-mid-revocation', 'review-view'],
  ]) {
    test(`every button of the ${page_} page keeps 4.5:1 in every state (${colorScheme})`, async () => {
      const { page, done } = await open(browser, `${server.url}${url}`, { colorScheme, ready });
      const { failing, checked } = await buttonStates(page);
      assert.ok(checked > 20, `only ${checked} button states`);
      assert.deepEqual(failing, []);
      await done();
    });
  }
}

/** The element's box against the viewport: whether any of it is on screen. */
async function onScreen(locator) {
  return locator.evaluate((el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && b.bottom > 0 && b.top < innerHeight && b.right > 0 && b.left < innerWidth;
  });
}

test('the member model is chosen beside the title, said in a line, and kept in the embed', async () => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 800 }]) {
    const { page, done } = await open(browser, server.url, { viewport });
    const seed = page.getByTestId('model-seed');
    const kafka = page.getByTestId('model-kafka');
    assert.ok(await onScreen(page.getByTestId('model-switch')), `at ${viewport.width} px the model choice is in the first screen`);
    assert.ok(await seed.isChecked());
    assert.match(await text(page, 'model-summary'), /JOINING → JOINED/);
    await kafka.check();
    await page.waitForFunction(() => document.querySelectorAll('.diagram .node').length === 10);
    assert.match(await text(page, 'model-summary'), /RECONCILING → ACKNOWLEDGING → STABLE/);
    await done();
  }
  // A link names the model, and opens on it.
  const { page, done } = await open(browser, `${server.url}?model=kafka&scenario=01-first-join`);
  assert.ok(await page.getByTestId('model-kafka').isChecked(), 'model=kafka opens the Java client');
  assert.equal(await page.locator('.diagram .node').count(), 10);
  await done();
});

test('a step is said in words, its effects counted, and its note waits for the last of them', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=03-incremental-reassignment`);
  await instant(page);
  const ends = await page.evaluate(() => document.querySelector('[data-testid="position"]').textContent);
  const steps = Number(ends.match(/of (\d+)/)[1]);
  let walked = 0;
  for (let i = 0; i < 200; i += 1) {
    const position = await text(page, 'position');
    const caption = await text(page, 'live');
    const m = position.match(/^Step (\d+) of \d+(?: · effect (\d+) of (\d+))?/);
    assert.ok(m, `position in words: ${position}`);
    if (m[2]) {
      assert.match(caption, new RegExp(`^Step ${m[1]}, ${m[2]} of ${m[3]} things? the member does: `));
      assert.doesNotMatch(caption, /invoke_on_|send_heartbeat\(/, 'the caption speaks words, not identifiers');
      // A note is the step's story: on screen only once the step's effects have all been shown.
      const narration = page.getByTestId('narration');
      if (m[2] !== m[3]) assert.equal(await narration.count(), 0, `the note runs ahead at ${position}`);
      walked += 1;
    }
    if (Number(m[1]) === steps && (!m[2] || m[2] === m[3])) break;
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((was) => document.querySelector('[data-testid="position"]').textContent !== was, position);
  }
  assert.ok(walked > 10, `walked ${walked} effects`);
  // The words are in the glossary.
  await page.getByTestId('glossary-button').click();
  const terms = await page.getByTestId('glossary').locator('dt').allTextContents();
  assert.ok(terms.includes('step') && terms.includes('effect'), `the glossary's terms: ${terms.slice(0, 8)}`);
  await done();
});

test('the routine answer keeps the epoch; a new assignment raises it', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await page.keyboard.press('s');
  await page.getByTestId('answer').click();
  await expectText(page, 'member-epoch', '1');
  // Three heartbeats later, each answered the everyday way.
  for (let i = 0; i < 3; i += 1) {
    await page.getByTestId('advance-deadline').click();
    await page.getByTestId('answer').click({ timeout: 5000 });
  }
  assert.equal(await text(page, 'member-epoch'), '1', 'three routine answers left the epoch alone');
  assert.match(await page.getByTestId('answer').textContent(), /same epoch/);
  await page.getByTestId('advance-deadline').click();
  await page.getByTestId('answer-new').click({ timeout: 5000 });
  await expectText(page, 'member-epoch', '2');
  await done();
});

test("an embed opens on the scenario's whole range, and a one-step embed shows no transport", async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=03-incremental-reassignment&step=5`);
  await page.getByRole('button', { name: 'Embed…' }).click();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  assert.doesNotMatch(snippet, /[?&](from|to)=/, 'no range unless asked for');
  await done();
  const one = await open(browser, `${server.url}?embed=1&scenario=03-incremental-reassignment&from=5&to=5&step=5`);
  assert.equal(await one.page.getByTestId('to-start').count(), 0, 'a one-step embed has nothing to move through');
  await one.done();
  const some = await open(browser, `${server.url}?embed=1&scenario=03-incremental-reassignment&from=5&to=8&step=5`);
  assert.equal(await some.page.getByTestId('to-start').count(), 1);
  await some.done();
});

test('the group scenario plays guided, with Continue on every pause', async () => {
  const { page, done } = await open(browser, `${server.url}group.html`, { ready: 'group-view' });
  await page.getByTestId('group-scenario').selectOption('third-member-joins');
  assert.match(await page.getByTestId('group-play-scenario').textContent(), /Play guided/);
  await page.getByTestId('group-play-scenario').click();
  await page.getByTestId('group-continue').waitFor({ timeout: 20000 });
  const paused = await text(page, 'group-position');
  await page.getByTestId('group-continue').click();
  await page.waitForFunction((was) => document.querySelector('[data-testid="group-position"]')?.textContent !== was, paused, { timeout: 20000 });
  await done();
});

test('presenter mode is one button away on both pages; on the group page it is the note, the chart with its legend and the cards', async () => {
  for (const [file, ready] of [['', 'state'], ['group.html', 'group-view']]) {
    const { page, done } = await open(browser, `${server.url}${file || '?scenario=03-incremental-reassignment'}`, { ready, viewport: { width: 1440, height: 900 } });
    await page.getByTestId('presenter-enter').click();
    await page.waitForURL(/present=1/);
    await page.getByTestId(ready).waitFor();
    await page.getByTestId('presenter-exit').waitFor();
    // The way out covers nothing: not the caption under it.
    const caption = file ? 'group-caption' : 'live';
    await page.getByTestId(caption).waitFor();
    const [exit, under] = await Promise.all(['presenter-exit', caption].map((id) => page.getByTestId(id).first().boundingBox()));
    const apart = exit.y + exit.height <= under.y || under.y + under.height <= exit.y || exit.x + exit.width <= under.x || under.x + under.width <= exit.x;
    assert.ok(apart, `Leave presenter mode ${JSON.stringify(exit)} covers the caption ${JSON.stringify(under)}`);
    if (!file) {
      // Mid-step, nothing drawn over anything: the notes, the diagram, the facts, the assigned set, the lane.
      for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
      await page.getByTestId('position').filter({ hasText: /effect/ }).waitFor();
      const boxes = await page.evaluate(() => ['.presenter-notes', '.diagram-frame', '[data-testid="member-facts"]', '.panel.assigned', '.panel.lane']
        .map((sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return { sel, x: r.x, y: r.y, r: r.right, b: r.bottom }; }));
      for (const a of boxes) {
        for (const b of boxes) {
          if (a.sel >= b.sel) continue;
          const overlap = Math.min(a.r, b.r) - Math.max(a.x, b.x) > 1 && Math.min(a.b, b.b) - Math.max(a.y, b.y) > 1;
          assert.ok(!overlap, `presenter mode draws ${a.sel} over ${b.sel}: ${JSON.stringify([a, b])}`);
        }
      }
    }
    if (file) {
      await page.getByTestId('group-caption').waitFor();
      // The chart's colours explained, and each member's card.
      assert.ok(await page.locator('.chart-legend').isVisible(), 'the group presenter hides the legend');
      assert.ok(await page.locator('.group-members').isVisible(), "the group presenter hides the members' cards");
      for (const hidden of ['group-export', 'group-next-event', 'group-scenario', 'coordinator']) {
        assert.equal(await page.getByTestId(hidden).isVisible(), false, `presenter mode shows ${hidden}`);
      }
      const rows = await page.getByTestId('chart-row').evaluateAll((all) => all.filter((r) => r.getBoundingClientRect().bottom <= innerHeight).length);
      const all = await page.getByTestId('chart-row').count();
      assert.equal(rows, all, `only ${rows} of ${all} chart rows above the fold`);
    }
    await page.getByTestId('presenter-exit').click();
    await page.waitForURL((u) => !/present=1/.test(u.search));
    await page.getByTestId('presenter-enter').waitFor();
    await done();
  }
});

test('acting in the past says what it dropped, and Undo brings it back (both views)', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=03-incremental-reassignment`);
  await instant(page);
  await setRange(page, 'scrubber', 1);
  const whole = (await text(page, 'position')).match(/of (\d+)/)[1];
  await page.keyboard.press('n');
  await page.getByTestId('fork-undo').waitFor();
  assert.match(await text(page, 'fork-undo'), new RegExp(`the ${Number(whole) - 1} later steps`));
  await page.getByTestId('undo-fork').click();
  await expectText(page, 'position', new RegExp(`^Step 1 of ${whole}\\b`));
  assert.equal(await page.getByTestId('fork-undo').count(), 0);
  await done();

  const group = await open(browser, `${server.url}group.html`, { ready: 'group-view' });
  await group.page.getByTestId('group-scenario').selectOption('third-member-joins');
  await group.page.getByTestId('group-load').click();
  const all = (await text(group.page, 'group-position')).match(/of (\d+)/)[1];
  await setRange(group.page, 'group-scrubber', 1);
  await group.page.getByTestId('group-next-event').click();
  await group.page.getByTestId('group-fork-undo').waitFor();
  await group.page.getByTestId('group-undo-fork').click();
  await expectText(group.page, 'group-position', new RegExp(`^Step 1 of ${all}\\b`));
  await group.done();
});

test("each side's vocabulary is named where it shows: the member's card and the coordinator's table", async () => {
  const { page, done } = await open(browser, `${server.url}group.html`, { ready: 'group-view' });
  await page.getByTestId('group-scenario').selectOption('third-member-joins');
  await page.getByTestId('group-load').click();
  await page.getByTestId('group-to-end').click();
  assert.ok(await page.getByTestId('vocabulary').isVisible());
  assert.match(await page.getByTestId('member-state').first().getAttribute('title'), /member's own state/i);
  assert.match(await page.getByTestId('coordinator').locator('th', { hasText: "Coordinator's state" }).getAttribute('title'), /coordinator records/);
  await done();
});

test('a cold review page opens on a scenario where the models differ, with a picker', async () => {
  const { page, done } = await open(browser, `${server.url}review.html`, { ready: 'review-view', viewport: { width: 1440, height: 900 } });
  await expectText(page, 'review-position', /^Step \d+ of [1-9]\d*/);
  assert.ok(await page.getByTestId('review-cause').count() > 0, 'the causes are listed');
  const options = await page.getByTestId('review-scenario').locator('option').allTextContents();
  assert.ok(options.length > 5 && options.every((o) => !/^\d\d-/.test(o)), `titles, not ids: ${options.slice(0, 3)}`);
  await page.getByTestId('review-scenario').selectOption('04-fenced-while-joined');
  await page.getByTestId('review-open-scenario').click();
  await expectText(page, 'review-position', /^Step 0 of 6/);
  // On a laptop, a cause's "Go to step" leaves the causes and both diagrams in one view.
  await page.getByTestId('review-cause-go').first().click();
  for (const id of ['review-causes', 'review-seed', 'review-kafka']) {
    assert.ok(await onScreen(page.getByTestId(id)), `${id} is on screen`);
  }
  for (const side of ['review-seed', 'review-kafka']) {
    assert.ok(await onScreen(page.getByTestId(side).locator('svg').first()), `${side}'s diagram is on screen`);
  }
  await done();
});

test('the group chart keeps its partition names when it scrolls sideways', async () => {
  const { page, done } = await open(browser, `${server.url}group.html`, { ready: 'group-view', viewport: { width: 600, height: 800 } });
  await page.getByTestId('group-scenario').selectOption('third-member-joins');
  await page.getByTestId('group-load').click();
  await page.getByTestId('group-to-end').click();
  const scroller = page.locator('.chart-scroll').first();
  const wide = await scroller.evaluate((s) => s.scrollWidth > s.clientWidth);
  assert.ok(wide, 'the chart scrolls sideways at 600 px');
  await scroller.evaluate((s) => { s.scrollLeft = s.scrollWidth; });
  const seen = await page.getByTestId('row-label').evaluateAll((labels) => labels.map((l) => {
    const b = l.getBoundingClientRect();
    const s = l.closest('.chart-scroll').getBoundingClientRect();
    return b.width > 0 && b.left >= s.left - 1 && b.right <= s.right + 1;
  }));
  assert.ok(seen.length > 0 && seen.every(Boolean), `names in view after scrolling: ${seen}`);
  await done();
});
