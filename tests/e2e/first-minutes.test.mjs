// The first ten minutes of a developer, a teacher and a reviewer: what they tripped over, each
// checked the way they meet it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, contrast } from './harness.mjs';

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
