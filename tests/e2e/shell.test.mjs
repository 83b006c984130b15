// The pages' first paint: the member, group and review pages carry a snapshot of the app's own first
// render of a fresh visit (`make build` runs shell.mjs), shown while the wasm downloads. It must be
// what the app then draws, shown only to a visit it tells the truth about, inert, and gone once the
// app runs. (The book's live steps have one each: site.spec.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, snapshotShown, instant, screen } from './harness.mjs';
import { READY } from './shell.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** A page with its wasm held back (a link that never delivers it): the snapshot alone. */
async function withoutWasm(url, { saved = false, width = 1400 } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 1000 } });
  await context.route('**/*_bg.wasm*', (route) => route.abort());
  if (saved) await context.addInitScript((key) => localStorage.setItem(key, 'abc'), saved);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('#shell').waitFor({ state: 'attached' });
  return { page, close: () => context.close() };
}

const shown = (page) => page.locator('#shell').evaluate((s) => getComputedStyle(s).display !== 'none');

test("each page's snapshot is the app's own first render, inert, and the app takes its place", async () => {
  for (const [file, ready] of Object.entries(READY)) {
    for (const width of [1400, 375]) {
      const held = await withoutWasm(server.url + file, { width });
      // A fresh visit sees it once the code is late (assets/shell.js waits 200 ms first).
      await snapshotShown(held.page);
      const snapshot = await held.page.locator('#shell').evaluate((s) => s.innerText);
      assert.equal(await held.page.locator('#shell').getAttribute('inert'), '');
      assert.equal(await held.page.locator('#shell [data-testid]').count(), 0, 'tests wait for the app, not for the copy');
      assert.equal(await held.page.locator('#shell [elementtiming]').count(), 1, `${file}: one element timed by make bench`);
      // Nothing in it takes the focus or a click; a tap is answered by the loading badge.
      await held.page.keyboard.press('Tab');
      assert.equal(await held.page.evaluate(() => document.getElementById('shell').contains(document.activeElement)), false);
      assert.equal(await held.page.evaluate(() => document.documentElement.classList.contains('shell-nudge')), true, 'a key nudges the badge');
      await held.page.evaluate(() => document.documentElement.classList.remove('shell-nudge'));
      const button = await held.page.locator('#shell button').first().boundingBox();
      await held.page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
      assert.equal(await held.page.evaluate(() => document.documentElement.classList.contains('shell-nudge')), true, 'a tap nudges the badge');
      assert.match(await held.page.evaluate(() => getComputedStyle(document.getElementById('shell'), '::after').animationName), /shell-nudge/);
      await held.close();
      // The app, on the same fresh visit: the same words, in the same places.
      const { page, done } = await open(browser, server.url + file, { viewport: { width, height: 1000 }, ready });
      assert.equal(await page.locator('#shell').count(), 0);
      if (file === 'index.html') {
        assert.equal(await page.getByTestId('state').textContent(), 'NEW');
        assert.ok(snapshot.includes('At the start: the member is NEW'));
      }
      assert.equal(await page.evaluate(() => document.body.innerText), snapshot, `${file} at ${width} px`);
      await done();
    }
  }
});

test('on a slow link the snapshot is in the first paint, with no wait', async () => {
  // The page arrives late, as on a phone: shell.js (inside it) shows the copy as it runs, before
  // the document is parsed, instead of 200 ms later.
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await context.route('**/*_bg.wasm*', (route) => route.abort());
  await context.route((url) => url.href === server.url, async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 400)); // the slow link, not a wait for the page
    await route.fulfill({ response });
  });
  await context.addInitScript(() => document.addEventListener('DOMContentLoaded', () => {
    window.dueWhenParsed = document.documentElement.classList.contains('shell-due');
  }));
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => window.dueWhenParsed !== undefined);
  assert.equal(await page.evaluate(() => window.dueWhenParsed), true);
  assert.equal(await shown(page), true);
  await context.close();
});

test('an address with options or a saved session hides the snapshot before the first paint', async () => {
  for (const url of [`${server.url}?scenario=05-fenced-mid-revocation&step=9`, `${server.url}#s=x`, `${server.url}index.html?embed=1`, `${server.url}group.html?embed=1`, `${server.url}review.html?scenario=05-fenced-mid-revocation`]) {
    const held = await withoutWasm(url);
    // Decided before the first paint, for good: the class that hides it wins over the late reveal.
    assert.equal(await held.page.evaluate(() => document.documentElement.classList.contains('no-shell')), true, url);
    assert.equal(await shown(held.page), false, url);
    await held.close();
  }
  for (const [file, key] of [['', 'kip848:recent'], ['?theme=dark', 'kip848:recent'], ['review.html', 'kip848:recent'], ['group.html', 'kip848:group-recent']]) {
    const saved = await withoutWasm(server.url + file, { saved: key });
    assert.equal(await saved.page.evaluate(() => document.documentElement.classList.contains('no-shell')), true, `${file}: a save to restore`);
    assert.equal(await shown(saved.page), false, `${file}: a save to restore`);
    await saved.close();
  }
  // A theme alone only colours a fresh visit: the snapshot shows, in that theme.
  const themed = await withoutWasm(`${server.url}?theme=dark`);
  await snapshotShown(themed.page);
  assert.equal(await themed.page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark');
  await themed.close();
  // The member's save is not the group page's: a fresh group visit still sees its snapshot.
  const other = await withoutWasm(`${server.url}group.html`, { saved: 'kip848:recent' });
  await snapshotShown(other.page);
  await other.close();
});

/** A page whose wasm comes only when `release()` is called: the copy now, the app later. */
async function gated(url, width = 375, init = null) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  if (init) await context.addInitScript(init);
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  await context.route('**/*_bg.wasm*', async (route) => { await gate; await route.continue(); });
  const page = await context.newPage();
  await page.goto(url);
  await snapshotShown(page);
  return { page, release, close: () => context.close() };
}

/** Taps the copy's control with these words, as a finger does: at its place on the screen. */
async function tapCopy(page, name) {
  const box = await page.locator('#shell').getByRole('button', { name, includeHidden: true }).first().boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test("the first tap or key given to a page's snapshot is done once the app is there, and only that one", async () => {
  for (const [file, ready] of Object.entries(READY)) {
    // Its first tap opens the keyboard shortcuts; the second, on another control, is not kept.
    const held = await gated(server.url + file);
    await tapCopy(held.page, 'Keyboard shortcuts (?)');
    assert.equal(await held.page.locator('#shell').getAttribute('data-then'), 'Keyboard shortcuts (?)', `${file}: the badge names it`);
    const [second, position] = {
      'index.html': ['Subscribe to orders', 'position'],
      'group.html': ['One step forward', 'group-position'],
      'review.html': ['One step forward', 'review-position'],
    }[file];
    await tapCopy(held.page, second);
    assert.equal(await held.page.locator('#shell').getAttribute('data-then'), 'Keyboard shortcuts (?)');
    held.release();
    await held.page.getByTestId(ready).waitFor();
    await held.page.getByTestId('help').waitFor();
    assert.match(await held.page.getByTestId(position).textContent(), /^Step 0 of/, `${file}: the second tap was dropped`);
    await held.close();
  }
  // A checkbox, tapped on its label's words: ticked once the app is there.
  const ticked = await gated(server.url);
  const label = await ticked.page.locator('#shell label', { hasText: 'Guided (pause on notes)' }).boundingBox();
  await ticked.page.mouse.click(label.x + label.width - 10, label.y + label.height / 2);
  assert.equal(await ticked.page.locator('#shell').getAttribute('data-then'), 'Guided (pause on notes)');
  ticked.release();
  await ticked.page.getByTestId('state').waitFor();
  await ticked.page.waitForFunction(() => document.querySelector('[data-testid="guided"]')?.checked === true);
  await ticked.close();
  // A key: the member page's `s` subscribes, as it does once the page is live.
  const held = await gated(server.url);
  await held.page.keyboard.press('s');
  assert.equal(await held.page.locator('#shell').getAttribute('data-then'), 'the key s');
  held.release();
  await held.page.getByTestId('state').waitFor();
  const live = await open(browser, server.url, { viewport: { width: 375, height: 800 } });
  await live.page.keyboard.press('s');
  const settled = [];
  for (const page of [held.page, live.page]) {
    await instant(page);
    await page.waitForFunction(() => /^Step 1 of 1 · effect (\d+) of \1 · /.test(document.querySelector('[data-testid="position"]')?.textContent ?? ''));
    settled.push(await screen(page));
  }
  assert.notEqual(settled[1].state, 'NEW');
  assert.deepEqual(settled[0], settled[1]);
  await held.close();
  await live.done();
});

/** In the page: `kip848Sight(root)`, the words in sight under `root` (each element with no element
 * inside it, on screen above the bar fixed at the bottom), and `kip848AtInteractive`, those of the
 * app and whether the member's state was there, read as the app marks itself interactive. */
function watchFirstScreen() {
  window.kip848Sight = (root) => {
    const bar = root.querySelector('.transport-bar');
    const fold = Math.min(innerHeight, bar ? bar.getBoundingClientRect().top : innerHeight);
    return [...root.querySelectorAll('*')]
      .filter((e) => e.childElementCount === 0 && e.checkVisibility())
      .filter((e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.bottom > 0 && r.top < fold; })
      .map((e) => e.textContent.replace(/\s+/g, ' ').trim()).filter(Boolean);
  };
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === 'kip848-interactive') {
      window.kip848AtInteractive = { sight: window.kip848Sight(document.body), state: !!document.querySelector('[data-testid="state"]') };
    }
    return mark(name, ...rest);
  };
}

test('a page that opened on its snapshot builds what is in sight first, the rest after it', async () => {
  for (const width of [375, 1400]) {
    const held = await gated(server.url, width, watchFirstScreen);
    const sight = await held.page.evaluate(() => window.kip848Sight(document.getElementById('shell')));
    const whole = await held.page.locator('#shell').evaluate((s) => s.innerText);
    assert.ok(sight.includes('Start the first walkthrough'), `${width} px: the first steps are in sight`);
    held.release();
    await held.page.waitForFunction(() => performance.getEntriesByName('kip848-complete').length > 0);
    const first = await held.page.evaluate(() => window.kip848AtInteractive);
    // What the reader saw on the snapshot is all there when the page is interactive, no more.
    assert.deepEqual(first.sight, sight, `${width} px: the first screen`);
    // On a phone the member's panel is below the first screen, so it came after; on a desktop it
    // is in sight, so it came with it.
    assert.equal(first.state, width > 900, `${width} px: the member's state at the interactive mark`);
    // And once complete, the whole page is the snapshot's.
    assert.equal(await held.page.evaluate(() => document.body.innerText), whole, `${width} px: the whole page`);
    await held.close();
  }
});

test("a link on a page's snapshot opens at once, without waiting for the code", async () => {
  const held = await gated(server.url);
  const box = await held.page.locator('#shell').getByRole('link', { name: 'Group', includeHidden: true }).boundingBox();
  await Promise.all([held.page.waitForURL(/group\.html$/), held.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)]);
  await held.close();
});

test("when the code cannot load, the snapshot says so instead of promising it", async () => {
  const held = await withoutWasm(server.url);
  await snapshotShown(held.page);
  await held.page.waitForFunction(() => document.documentElement.classList.contains('shell-failed'));
  const badge = await held.page.locator('#shell').evaluate((s) => getComputedStyle(s, '::after').content);
  assert.match(badge, /could not load/);
  await held.close();
});
