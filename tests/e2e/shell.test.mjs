// The member page's first paint: index.html carries a snapshot of the app's own first render of a
// fresh visit (`make build` runs shell.mjs), shown while the wasm downloads. It must be what the app
// then draws, shown only to a visit it tells the truth about, inert, and gone once the app runs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The member page with its wasm held back (a link that never delivers it): the snapshot alone. */
async function withoutWasm(url, { saved = false, width = 1400 } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 1000 } });
  await context.route('**/*_bg.wasm', (route) => route.abort());
  if (saved) await context.addInitScript(() => localStorage.setItem('kip848:recent', 'abc'));
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('#shell').waitFor({ state: 'attached' });
  return { page, close: () => context.close() };
}

const shown = (page) => page.locator('#shell').evaluate((s) => getComputedStyle(s).display !== 'none');

test("the snapshot is the app's own first render, inert, and the app takes its place", async () => {
  for (const width of [1400, 375]) {
    const held = await withoutWasm(server.url, { width });
    // A fresh visit sees it once the code is late (assets/shell.js waits 200 ms first).
    await held.page.waitForFunction(() => getComputedStyle(document.getElementById('shell')).display !== 'none');
    const snapshot = await held.page.locator('#shell').evaluate((s) => s.innerText);
    assert.equal(await held.page.locator('#shell').getAttribute('inert'), '');
    assert.equal(await held.page.locator('#shell [data-testid]').count(), 0, 'tests wait for the app, not for the copy');
    assert.equal(await held.page.locator('#shell [elementtiming="member-state"]').textContent(), 'NEW');
    // Nothing in it takes the focus or a click.
    await held.page.keyboard.press('Tab');
    assert.equal(await held.page.evaluate(() => document.getElementById('shell').contains(document.activeElement)), false);
    await held.close();
    // The app, on the same fresh visit: the same words, in the same places.
    const { page, done } = await open(browser, server.url, { viewport: { width, height: 1000 } });
    assert.equal(await page.locator('#shell').count(), 0);
    assert.equal(await page.getByTestId('state').count(), 1);
    assert.equal(await page.evaluate(() => document.body.innerText), snapshot, `at ${width} px`);
    await done();
  }
});

test('an address with options or a saved session hides the snapshot before the first paint', async () => {
  for (const url of [`${server.url}?scenario=05-fenced-mid-revocation&step=9`, `${server.url}#s=x`, `${server.url}index.html?embed=1`]) {
    const held = await withoutWasm(url);
    // Decided before the first paint, for good: the class that hides it wins over the late reveal.
    assert.equal(await held.page.evaluate(() => document.documentElement.classList.contains('no-shell')), true, url);
    assert.equal(await shown(held.page), false, url);
    await held.close();
  }
  const saved = await withoutWasm(server.url, { saved: true });
  assert.equal(await saved.page.evaluate(() => document.documentElement.classList.contains('no-shell')), true);
  assert.equal(await shown(saved.page), false, 'a save to restore');
  await saved.close();
});
