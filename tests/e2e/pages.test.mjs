// The three views are three pages, each with its own wasm (index.html, group.html, review.html).
// A user walks across them with the view tabs: each page fetches only its own module, and each
// session is where the user left it. Old addresses (?mode=group) and share links open the right page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, expectText, text, setRange, modulesFetched, clickUnderHistory } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The wasm modules the page has requested so far (file names; a module's xz copy, which a page takes
 * when its head was slow to arrive, by the module's name: build/xz.mjs).
 */
function wasmRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop();
    if (/\.wasm(\.xz)?$/.test(name)) seen.push(name.replace(/\.xz$/, ''));
  });
  return seen;
}

test('member view → group view → back: each page loads its own wasm only, and both sessions are kept', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation`);
  const wasm = wasmRequests(page);
  await setRange(page, 'scrubber', 6);
  const member = { position: await text(page, 'position'), state: await text(page, 'state'), title: await text(page, 'scenario-title') };
  assert.match(member.position, /^Step 6 of/);

  await page.getByTestId('mode-group').click();
  await page.getByTestId('group-view').waitFor();
  assert.match(page.url(), /\/group\.html$/);
  assert.equal(await page.getByTestId('mode-group').getAttribute('aria-current'), 'page');
  await setRange(page, 'group-scrubber', 4);
  const group = await text(page, 'group-position');
  assert.match(group, /^Step 4 of/);

  // Straight back, before the quiet-time save would have run: leaving the page saves.
  await page.getByTestId('mode-member').click();
  await page.getByTestId('state').waitFor();
  await expectText(page, 'position', member.position);
  assert.equal(await text(page, 'state'), member.state);
  assert.equal(await text(page, 'scenario-title'), member.title);

  await page.getByTestId('mode-group').click();
  await page.getByTestId('group-view').waitFor();
  await expectText(page, 'group-position', group);

  // The review page runs the member session's inputs.
  await page.getByTestId('mode-review').click();
  await page.getByTestId('review-view').waitFor();
  assert.match(page.url(), /\/review\.html$/);
  assert.ok((await page.locator('#review-title').textContent()).includes(member.title), 'the review shows the member session');
  assert.equal(await page.locator('#member-title').count(), 0, 'no member view on the review page');

  // Each page fetched its own module, and no page fetched another's.
  assert.deepEqual(wasm, ['kip848-group_bg.wasm', 'kip848-viz_bg.wasm', 'kip848-group_bg.wasm', 'kip848-review_bg.wasm']);
  await done();
});

test('old addresses and share links open the page that shows them, at their step', async () => {
  // ?mode=group on the member page goes to the group page before the member's wasm is started
  // (its preload may have begun; the navigation cancels it).
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}?mode=group&scenario=slow-revoker&step=3`);
  await page.getByTestId('group-view').waitFor();
  assert.match(page.url(), /\/group\.html\?mode=group&scenario=slow-revoker&step=3$/);
  await expectText(page, 'group-position', /^Step 3 of/);
  assert.equal(await modulesFetched(page), 'kip848-group_bg.wasm');

  // A member share link pasted on the group page opens the member page at its step.
  const member = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&step=9`);
  await clickUnderHistory(member.page, 'share');
  const link = await member.page.getByTestId('share-link').inputValue();
  assert.match(link, /\/index\.html#v1\.|\/#v1\./);
  const position = await text(member.page, 'position');
  await member.done();
  await page.evaluate((hash) => { window.location.hash = hash; }, new URL(link).hash);
  await page.getByTestId('state').waitFor();
  assert.match(page.url(), /\/index\.html#v1\./);
  await expectText(page, 'position', position);

  // The same link opened fresh on the group page goes the same way.
  const fresh = await context.newPage();
  await fresh.goto(`${server.url}group.html${new URL(link).hash}`);
  await fresh.getByTestId('state').waitFor();
  await expectText(fresh, 'position', position);
  await context.close();
});

test('each page applies every stylesheet it carries, minified, and runs its minified scripts', async () => {
  // The build minifies the CSS and JS (build/minify.mjs), then puts the stylesheets and
  // shell.js inside each page, allowed by their hashes (build/inline.mjs): a hash left stale
  // makes the browser drop the stylesheet or the script, and say so on the console.
  const pages = [['', 'state'], ['group.html', 'group-view'], ['review.html', 'review-view'], ['import.html', 'log-import-button']];
  for (const [path, ready] of pages) {
    const { page, done } = await open(browser, `${server.url}${path}`, { ready });
    const sheets = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"], style')].map((s) => ({
      name: s.getAttribute('href') ?? 'a <style>', text: s.localName === 'style' ? s.textContent : null, rules: s.sheet?.cssRules.length ?? 0,
    })));
    assert.ok(sheets.length >= 3, `${path || 'index.html'} carries its stylesheets`);
    for (const s of sheets) assert.ok(s.rules > 0, `${path || 'index.html'}: ${s.name} was applied`);
    // shell.js ran: it marks the page's root when the snapshot is not for this visit, or shows it.
    // The pages with a snapshot run shell.js, inside them: it shows the snapshot or marks it not
    // for this visit. (The import page has none.)
    const snapshot = path !== 'import.html';
    if (snapshot) await page.waitForFunction(() => ['no-shell', 'shell-due'].some((c) => document.documentElement.classList.contains(c)));
    const inline = await page.evaluate(() => [...document.body.querySelectorAll('script:not([src])')].map((s) => s.textContent));
    assert.equal(inline.length, snapshot ? 1 : 0, `${path || 'index.html'}: shell.js, inside the page`);
    const module = await page.evaluate(() => document.querySelector('meta[name="kip848-module"]').content);
    const fetched = [];
    for (const name of [...sheets.filter((s) => s.text === null).map((s) => s.name), './boot.js', `./${module}.js`]) {
      fetched.push(await (await page.request.get(new URL(name, page.url()).href)).text());
    }
    for (const [i, body] of [...sheets.filter((s) => s.text !== null).map((s) => s.text), ...inline, ...fetched].entries()) {
      assert.ok(!/\n\s+/.test(body) && !body.includes('/*'), `${path || 'index.html'}: part ${i} is minified`);
    }
    await done();
  }
});
