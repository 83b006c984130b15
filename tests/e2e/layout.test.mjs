// What a reader sees fits: at a phone's width and a desktop's, no scenario pushes the page sideways
// or runs out of its panel, the end of the page is never under the transport bar, a modal dialog
// opens at its top and holds the page's keys, the Embed… preview and the quiz stay in their boxes,
// and presenter mode shows the member only. (Found by a visual pass at 375 and 1400 px.)
// Over 300 lines: one browser session per width for every layout check.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, SCENARIOS, seeLog } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const WIDTHS = [[375, 800], [1400, 900]];

/** How far the page, or an element, is wider than its box. */
const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('every scenario fits at 375 and 1400 px: no sideways page, its description inside its panel', async () => {
  for (const [width, height] of WIDTHS) {
    const { page, done } = await open(browser, server.url, { viewport: { width, height } });
    for (const id of SCENARIOS) {
      await page.getByTestId('scenario').selectOption(id);
      await page.getByTestId('load-scenario').click();
      await page.keyboard.press('Shift+ArrowRight');
      assert.ok(await sideways(page) <= 0, `${id} at ${width} px: the page is ${await sideways(page)} px too wide`);
      const out = await page.getByTestId('scenario-description').evaluate((p) => {
        const panel = p.closest('.panel').getBoundingClientRect();
        return Math.max(p.scrollWidth - p.clientWidth, p.getBoundingClientRect().right - panel.right);
      });
      assert.ok(out <= 0, `${id} at ${width} px: the description runs ${out} px out of its panel`);
    }
    await done();
  }
});

test('the end of the page is not under the transport bar, at any width', async () => {
  for (const [width, height] of [...WIDTHS, [320, 800], [520, 800], [700, 800], [800, 800]]) {
    const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&step=2`, { viewport: { width, height } });
    // The bar is at its tallest mid-step, where the position line wraps.
    await page.keyboard.press('ArrowRight');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const { lastBottom, barTop } = await page.evaluate(() => {
      const panels = [...document.querySelectorAll('main.layout .panel')].filter((p) => p.offsetParent !== null);
      return {
        lastBottom: Math.max(...panels.map((p) => p.getBoundingClientRect().bottom)),
        barTop: document.querySelector('.transport-bar').getBoundingClientRect().top,
      };
    });
    assert.ok(lastBottom <= barTop + 0.5, `at ${width} px the last panel ends at ${lastBottom}, the bar starts at ${barTop}`);
    await done();
  }
});

test('a modal dialog opens at its top and holds the keys of the page behind it', async () => {
  const pages = [
    ['index.html?scenario=05-fenced-mid-revocation&step=7', 'state', 'position', ['?', 'l']],
    ['group.html?scenario=slow-revoker', 'group-view', 'group-position', ['?']],
    ['review.html?scenario=05-fenced-mid-revocation', 'review-view', 'review-position', ['?']],
  ];
  for (const [width, height] of WIDTHS) {
    for (const [path, ready, position, keys] of pages) {
      const { page, done } = await open(browser, server.url + path, { viewport: { width, height }, ready });
      for (const key of keys) {
        const before = await page.getByTestId(position).textContent();
        await page.keyboard.press(key);
        const dialog = page.locator('[role="dialog"][aria-modal="true"]');
        await dialog.waitFor();
        // Its title is in view (focusing Close used to scroll the list to its end).
        const titleShown = await dialog.evaluate((d) => {
          const title = d.querySelector('h2').getBoundingClientRect();
          const box = d.getBoundingClientRect();
          return title.top >= box.top - 1 && title.bottom <= box.bottom + 1 && d.scrollTop === 0;
        });
        assert.ok(titleShown, `${path} at ${width} px: the dialog of ${key} opens scrolled`);
        for (const k of ['ArrowRight', 'ArrowRight', 'End', ' ']) await page.keyboard.press(k);
        assert.equal(await page.getByTestId(position).textContent(), before, `${path}: ${key}'s dialog let the page move`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      // Closed, the keys are the page's again.
      const before = await page.getByTestId(position).textContent();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(([id, was]) => document.querySelector(`[data-testid="${id}"]`)?.textContent !== was, [position, before]);
      await done();
    }
  }
});

test('the Embed… preview and the quiz stay inside their boxes; presenter mode shows only the member', async () => {
  for (const [width, height] of WIDTHS) {
    const embed = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&step=7`, { viewport: { width, height } });
    await embed.page.getByRole('button', { name: 'Embed…' }).click();
    await embed.page.getByTestId('embed-preview').waitFor();
    const [spill, shown, frameWidth] = await embed.page.getByTestId('embed-preview').evaluate((f) => {
      const panel = f.closest('.dialog').getBoundingClientRect();
      const box = f.closest('.embed-preview').getBoundingClientRect();
      return [box.right - panel.right, box.width, f.getBoundingClientRect().width];
    });
    assert.ok(spill <= 0, `at ${width} px the preview runs ${spill} px out of its dialog`);
    // Where the screen has room the preview shows at its real size, not cut to a side column.
    if (width >= 1000) assert.ok(shown >= frameWidth, `at ${width} px the ${frameWidth} px preview is cut to ${shown} px`);
    assert.ok(await sideways(embed.page) <= 0, `at ${width} px the Embed… dialog makes the page too wide`);
    await embed.done();

    const quiz = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&quiz=1&step=8`, { viewport: { width, height } });
    await quiz.page.keyboard.press('ArrowRight');
    const legend = quiz.page.locator('.quiz .choices legend').first();
    await legend.waitFor();
    const crossing = await legend.evaluate((l) => {
      const box = l.closest('fieldset').getBoundingClientRect();
      return box.top + parseFloat(getComputedStyle(l.closest('fieldset')).borderTopWidth) - l.getBoundingClientRect().top;
    });
    assert.ok(crossing <= 0, `at ${width} px the question crosses its box's border by ${crossing} px`);
    await quiz.done();

    const present = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&present=1`, { viewport: { width, height } });
    for (const hidden of ['log-import', 'scenario-description']) {
      assert.equal(await present.page.getByTestId(hidden).isVisible(), false, `presenter mode at ${width} px shows ${hidden}`);
    }
    assert.ok(await sideways(present.page) <= 0, `presenter mode at ${width} px is too wide`);
    await present.done();
  }
});

test("an embed's page is the frame: never taller or wider than it, for every scenario at a phone's and a chapter's size", async () => {
  const show = 'caption,member,assigned,lane,inspector,transport';
  for (const [width, height] of [[375, 460], [600, 400]]) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    for (const id of SCENARIOS) {
      await page.goto(`${server.url}?embed=1&readonly=1&scenario=${id}&step=9&show=${show}`);
      await page.getByTestId('position').waitFor();
      const [tall, wide] = await page.evaluate(() => [
        document.documentElement.scrollHeight - window.innerHeight,
        document.documentElement.scrollWidth - window.innerWidth,
      ]);
      assert.ok(tall <= 0 && wide <= 0, `${id} embedded at ${width}×${height}: the page is ${tall} px taller and ${wide} px wider than the frame`);
    }
    await context.close();
  }
});

test('on a phone the group chart keeps "now" in view as the group moves on', async () => {
  const { page, done } = await open(browser, `${server.url}group.html?scenario=slow-revoker`, { viewport: { width: 375, height: 800 }, ready: 'group-view' });
  const inView = () => page.getByTestId('now-line').first().evaluate((line) => {
    const scroller = line.closest('.chart-scroll').getBoundingClientRect();
    const x = line.getBoundingClientRect().left;
    return x >= scroller.left && x <= scroller.right;
  });
  let seen = 0;
  for (let i = 0; i < 24; i += 1) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => document.querySelector('[data-testid="group-position"]')?.textContent.startsWith(`Step ${n} `), i + 1);
    // The chart is redrawn with the step; give its effect the frame it runs in.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    assert.ok(await inView(), `step ${i + 1}: "now" is out of the chart's view`);
    seen = Number(await page.getByTestId('now-line').first().getAttribute('data-at'));
  }
  assert.ok(seen > 10_000, `the walk reached ${seen} ms, far enough to need scrolling`);
  await done();
});

test("on a phone the group chart's words are readable (11 px and up), its partitions' column stays as it scrolls sideways, in play and in presenter mode", async () => {
  for (const extra of ['', '&present=1']) {
    const { page, done } = await open(browser, `${server.url}group.html?scenario=third-member-joins${extra}`, { viewport: { width: 375, height: 812 }, ready: 'group-view' });
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="group-position"]')?.textContent.startsWith('Step 30 '));
    const seen = await page.evaluate(async () => {
      const svg = document.querySelector('[data-testid="ownership-chart"]');
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const px = (sel) => Math.min(...[...document.querySelectorAll(sel)].filter((t) => t.textContent.trim())
        .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
      const scroller = svg.closest('.chart-scroll');
      scroller.scrollLeft = scroller.scrollWidth;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const box = scroller.getBoundingClientRect();
      const label = document.querySelector('.chart-names [data-testid="row-label"]').getBoundingClientRect();
      return { bar: px('.ownership .bar-label'), tick: px('.ownership .tick text'), names: px('.ownership .row-label'),
        scrolled: scroller.scrollLeft > 0, nameInView: label.left >= box.left && label.right <= box.right,
        page: document.documentElement.scrollWidth <= innerWidth };
    });
    assert.ok(seen.bar >= 11 && seen.tick >= 11 && seen.names >= 11, `${extra || 'play'}: ${JSON.stringify(seen)}`);
    assert.ok(seen.scrolled && seen.nameInView && seen.page, `${extra || 'play'}: ${JSON.stringify(seen)}`);
    await done();
  }
});

test("on a phone the log shows the current effect with its step's heading, and the sequence diagram's words stay readable", async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation`, { viewport: { width: 375, height: 800 } });
  // The log follows the cursor where a reader sees it (src/components/near_view.rs).
  await seeLog(page);
  let effects = 0;
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('ArrowRight');
    // The log scrolls to the current effect a frame or more after the step (later on a busy
    // machine): wait until it is in view, or a while, then judge.
    await page.waitForFunction(() => {
      const effect = document.querySelector('[data-testid="log-effect-current"]');
      if (!effect) return true;
      const list = effect.closest('ol').getBoundingClientRect();
      const e = effect.getBoundingClientRect();
      return e.top >= list.top - 1 && e.bottom <= list.bottom + 1;
    }, null, { timeout: 3000 }).catch(() => {});
    const seen = await page.evaluate(() => {
      const effect = document.querySelector('[data-testid="log-effect-current"]');
      if (!effect) return null;
      const list = effect.closest('ol').getBoundingClientRect();
      const row = effect.closest('.log-row').getBoundingClientRect();
      const e = effect.getBoundingClientRect();
      const fits = e.bottom - row.top <= list.height;
      return { fits, heading: row.top >= list.top - 1, effect: e.top >= list.top - 1 && e.bottom <= list.bottom + 1 };
    });
    if (!seen) continue;
    effects += 1;
    assert.ok(seen.effect, `effect ${i + 1}: the current effect is out of the log's view`);
    if (seen.fits) assert.ok(seen.heading, `effect ${i + 1}: the current effect's step heading is scrolled away`);
  }
  assert.ok(effects > 20, `${effects} effects walked`);
  // The sequence diagram's smallest words, as drawn: 11 px or more.
  const smallest = await page.getByTestId('sequence').evaluate((svg) => {
    const scale = svg.getBoundingClientRect().width / 600;
    return Math.min(...[...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
  });
  assert.ok(smallest >= 11, `the sequence diagram's words are ${smallest.toFixed(1)} px at 375 px`);
  await done();
});

test('Tab through the transport bar leaves the page where it is', async () => {
  for (const [width, height] of WIDTHS) {
    const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&step=2`, { viewport: { width, height } });
    await page.getByTestId('skip-transport').focus();
    await page.keyboard.press('Enter');
    const start = await page.evaluate(() => window.scrollY);
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      const inBar = await page.evaluate(() => document.activeElement?.closest('.transport-bar') !== null);
      if (!inBar) break;
      assert.equal(await page.evaluate(() => window.scrollY), start, `at ${width} px Tab ${i + 1} in the bar scrolled the page`);
    }
    await done();
  }
});

test("an embed that leaves the member out uses the frame's width, and an in-page link is not read as a share link", async () => {
  const context = await browser.newContext({ viewport: { width: 750, height: 480 } });
  const page = await context.newPage();
  await page.goto(`${server.url}?embed=1&readonly=1&scenario=11-open-question-no&from=4&to=6&step=5&show=caption,assigned,sequence,inspector,transport`);
  await page.getByTestId('position').waitFor();
  const widths = await page.locator('main.layout .panel').evaluateAll((panels) => panels.filter((p) => p.offsetParent).map((p) => Math.round(p.getBoundingClientRect().width)));
  assert.ok(widths.length >= 3 && Math.min(...widths) > 600, `panels ${widths.join(', ')} px wide in a 750 px frame`);
  await context.close();

  const { page: app, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&step=3`);
  const before = await app.getByTestId('position').textContent();
  await app.evaluate(() => { window.location.hash = '#member-title'; });
  await app.waitForFunction(() => window.location.hash === '#member-title');
  await app.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  assert.equal(await app.getByTestId('notice').count(), 0, 'an in-page link gave a notice');
  assert.equal(await app.getByTestId('position').textContent(), before);
  await done();
});

test("the group lesson's arrows still work once Continue has been clicked", async () => {
  const { page, done } = await open(browser, `${server.url}group.html?scenario=slow-revoker&lesson=1`, { ready: 'group-view' });
  const at = () => page.getByTestId('group-lesson-position').textContent();
  await page.getByTestId('group-lesson-continue').click();
  await page.waitForFunction(() => !/^note 0 /.test(document.querySelector('[data-testid="group-lesson-position"]')?.textContent ?? ''));
  const after = await at();
  // The focus is still on Continue: → goes on, ← comes back.
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((was) => document.querySelector('[data-testid="group-lesson-position"]')?.textContent !== was, after);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((was) => document.querySelector('[data-testid="group-lesson-position"]')?.textContent === was, after);
  await done();
});

// Issue 43, item 2: on a laptop the state diagram, the assigned set and the application lane are in
// view together without scrolling, on each model, in play and in a lesson: each box inside the
// viewport above the transport bar, the current state inside the diagram's visible part (a diagram
// taller than the stage scrolls in its frame and follows the state), its text never under 11 px.
test('the stage: the diagram, the assigned set and the lane in one view at 1440×900 and 1280×720, on every model, in play and in a lesson', async () => {
  const cases = [['seed', '03-incremental-reassignment', 7], ['kafka', '06-new-assignment-during-reconciliation', 7],
    ['librdkafka', '18-librdkafka-revoke-then-empty-assign', 8]];
  for (const [width, height] of [[1440, 900], [1280, 720]]) {
    for (const [model, id, step] of cases) {
      for (const lesson of [false, true]) {
        const at = `${model} ${id} at ${width}×${height}${lesson ? ' in a lesson' : ''}`;
        const { page, done } = await open(browser, `${server.url}?model=${model}&scenario=${id}&step=${step}${lesson ? '&lesson=1' : ''}`, { viewport: { width, height } });
        assert.equal(await page.getByTestId('diagram').getAttribute('data-model'), model, at);
        if (lesson) await page.getByTestId('lesson').waitFor();
        // Mid-step: the step's first effect, then its next.
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(() => {
          const frame = document.querySelector('.panel.member .diagram-frame').getBoundingClientRect();
          const node = document.querySelector('.panel.member [data-current="true"]').getBoundingClientRect();
          return node.top >= frame.top - 0.5 && node.bottom <= frame.bottom + 0.5;
        }, null, { timeout: 3000 }).catch(() => assert.fail(`${at}: the current state is outside the diagram's visible part`));
        const m = await page.evaluate(() => {
          const box = (s) => { const r = document.querySelector(s)?.getBoundingClientRect(); return r && { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
          const svg = document.querySelector('.panel.member svg.diagram');
          return {
            scrolled: window.scrollY, bar: box('.transport-bar').top, width: innerWidth,
            boxes: { diagram: box('.panel.member .diagram-frame'), assigned: box('.panel.assigned'), lane: box('.panel.lane') },
            text: (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width) * 13,
          };
        });
        assert.equal(m.scrolled, 0, `${at}: the page scrolled`);
        for (const [name, b] of Object.entries(m.boxes)) {
          assert.ok(b, `${at}: no ${name}`);
          assert.ok(b.top >= 0 && b.bottom <= m.bar + 0.5 && b.left >= 0 && b.right <= m.width,
            `${at}: the ${name} is at ${JSON.stringify(b)}, the bar at ${m.bar}`);
        }
        assert.ok(m.text >= 11 - 0.05, `${at}: the diagram's text is ${m.text.toFixed(1)} px`);
        await done();
      }
    }
  }
});
