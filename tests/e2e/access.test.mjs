// Keyboard-only operation, the live region, focus, themes, narrow screens and reduced motion; and
// axe-core's rules over both views.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serve, launch, open, expectText, instant, loadScenario, setRange, text, ROOT, contrast, openPanel, clickUnderHistory } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the main path works from the keyboard alone', async () => {
  const { page, done } = await open(browser, server.url);
  await page.keyboard.press('+'); await page.keyboard.press('+'); await page.keyboard.press('+'); await page.keyboard.press('+');
  await expectText(page, 'speed-label', 'instant');
  await page.keyboard.press('s');
  await expectText(page, 'state', 'JOINING');
  await page.keyboard.press('a');
  await expectText(page, 'state', 'JOINED');
  await page.keyboard.press('t');
  await expectText(page, 'in-flight', 'Interval heartbeat');
  // Tab into the composer, type an epoch, send with Shift+Enter from the field.
  await page.getByTestId('draft-epoch').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await page.keyboard.press('Shift+Enter');
  await expectText(page, 'member-epoch', '5');
  await page.keyboard.press('Escape');
  await page.keyboard.press('t');
  await page.keyboard.press('n');
  await expectText(page, 'deadline', /^retry at/);
  await page.keyboard.press('Shift+ArrowLeft');
  await expectText(page, 'position', /^Step 5 of 6/);
  await page.keyboard.press('ArrowRight');
  await expectText(page, 'position', /^Step 6 of 6/);
  await page.keyboard.press('Home');
  await expectText(page, 'position', /^Step 0 of 6/);
  await page.keyboard.press('End');
  await expectText(page, 'position', /^Step 6 of 6/);
  await page.keyboard.press('?');
  await page.getByTestId('help').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'help-close');
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('help').count(), 0);
  await page.keyboard.press('c');
  await expectText(page, 'state', 'TERMINATING');
  await expectText(page, 'hb-kind', 'Leave heartbeat, delta');
  await page.keyboard.press('a');
  await expectText(page, 'state', 'TERMINATED');
  await done();
});

test('every control can be reached with Tab and shows a visible focus ring', async () => {
  const { page, done } = await open(browser, server.url);
  // With a heartbeat in flight the answer buttons are live (before, nothing can be answered).
  await page.keyboard.press('s');
  await expectText(page, 'state', 'JOINING');
  const seen = new Set();
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return { id: el.dataset.testid ?? el.id ?? el.tagName, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    if (!info) continue;
    seen.add(info.id);
    assert.ok(info.outline !== 'none' && info.width >= 2, `focus ring on ${info.id}: ${JSON.stringify(info)}`);
  }
  for (const id of ['close', 'send', 'answer', 'play', 'step-effect', 'scrubber', 'speed', 'load-scenario', 'help-button']) {
    assert.ok(seen.has(id), `${id} is reachable by Tab (reached: ${[...seen].join(', ')})`);
  }
  await done();
});

test('every control has an accessible name', async () => {
  const { page, done } = await open(browser, server.url);
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('button, input, select, a')]
    .filter((el) => {
      const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.textContent.trim()
        || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el.closest('label');
      return !labelled;
    })
    .map((el) => el.outerHTML.slice(0, 80)));
  assert.deepEqual(unnamed, []);
  await done();
});

/** axe-core's violations on the page as it is now: rule, impact and where. */
async function axeViolations(page) {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Chips fading in are not a contrast problem: check the screen once nothing moves.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

test('axe-core finds no accessibility violation in either view, with their dialogs and editors open', async () => {
  // The page's CSP forbids inline scripts, axe's included: this context lets the test inject it.
  const member = await open(browser, server.url, { bypassCSP: true });
  await loadScenario(member.page, '05-fenced-mid-revocation');
  await member.page.getByTestId('to-end').click();
  await openPanel(member.page, 'config');
  await clickUnderHistory(member.page, 'embed');
  assert.deepEqual(await axeViolations(member.page), [], 'the member view');
  await member.done();
  const group = await open(browser, `${server.url}group.html?scenario=slow-revoker`, { ready: 'group-view', bypassCSP: true });
  await group.page.getByTestId('group-to-end').click();
  await group.page.getByTestId('group-assignor').selectOption('manual');
  await group.page.getByTestId('target-editor').waitFor();
  await group.page.getByTestId('group-settings').locator('summary').click();
  await group.page.getByTestId('group-embed').click();
  assert.deepEqual(await axeViolations(group.page), [], 'the group view');
  await group.done();
});

test('axe-core finds no violation on the review page, nor on the import page with a log imported and with the group view of a log', async () => {
  const review = await open(browser, `${server.url}review.html?scenario=05-fenced-mid-revocation&step=9`, { ready: 'review-view', bypassCSP: true });
  assert.deepEqual(await axeViolations(review.page), [], 'the review page');
  await review.done();
  const imported = await open(browser, `${server.url}import.html`, { bypassCSP: true });
  const log = await readFile(join(ROOT, 'core/tests/logs/v4.0-divergences.log'), 'utf8');
  await imported.page.getByTestId('log-paste').fill(log);
  await imported.page.getByTestId('log-import-button').click();
  await imported.page.getByTestId('imported-log').waitFor();
  assert.deepEqual(await axeViolations(imported.page), [], 'the import page');
  // Two consumers and their coordinator: the group view of the log, with its details open.
  const both = await readFile(join(ROOT, 'core/tests/logs/v4.1-group-zombie.log'), 'utf8');
  await imported.page.getByTestId('log-paste').fill(both);
  await imported.page.getByTestId('log-import-button').click();
  await imported.page.getByTestId('log-group').waitFor();
  await imported.page.locator('.broker-table summary').click();
  assert.deepEqual(await axeViolations(imported.page), [], 'the group view of a log');
  await imported.done();
});

test('the live region narrates each transition in words', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  assert.equal(await page.getByTestId('live').getAttribute('aria-live'), 'polite');
  await loadScenario(page, '05-fenced-mid-revocation');
  await setRange(page, 'scrubber', 9);
  // The effect on screen is the live line; the whole step's story sits beside it.
  await expectText(page, 'live', 'Step 9, 3 of 3 things the member does: Join heartbeat sent (full, epoch 0, owned {})');
  await expectText(page, 'live-summary', 'Step 9: Fenced (UNKNOWN_MEMBER_ID): assigned set cleared without callbacks, rejoining with epoch 0');
  await page.getByTestId('step-effect-back').click();
  await expectText(page, 'live', 'Step 9, 2 of 3 things the member does: Fenced (UNKNOWN_MEMBER_ID): assigned set cleared without callbacks, rejoining with epoch 0');
  // One effect earlier, the step's story has not happened yet on screen: it is said as where the step goes.
  await page.getByTestId('step-effect-back').click();
  await expectText(page, 'live-summary', 'Where step 9 ends: Fenced (UNKNOWN_MEMBER_ID): assigned set cleared without callbacks, rejoining with epoch 0');
  await page.getByTestId('step-effect').click();
  await page.getByTestId('step-input').click();
  await page.getByTestId('step-input').click();
  await expectText(page, 'live', 'Step 10: A completion owed to an abandoned reconciliation arrives: discarded');
  await done();
});

test('at 375 px wide nothing overflows sideways', async () => {
  const { page, done } = await open(browser, server.url, { viewport: { width: 375, height: 800 } });
  await instant(page);
  await loadScenario(page, '06-new-assignment-during-reconciliation');
  await page.getByTestId('to-end').click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `overflows by ${overflow}px`);
  await done();
});

test('reduced motion shows the same steps without movement', async () => {
  const { page, done } = await open(browser, server.url, { reducedMotion: 'reduce' });
  await instant(page);
  await loadScenario(page, '04-fenced-while-joined');
  await setRange(page, 'scrubber', 5);
  await expectText(page, 'state', 'JOINING');
  const animation = await page.getByTestId('pulse').evaluate((el) => getComputedStyle(el).animationName);
  assert.equal(animation, 'none');
  assert.equal(await page.getByTestId('node-JOINING').getAttribute('data-current'), 'true');
  await done();
});

/** WCAG relative luminance contrast of two CSS colours. */

for (const colorScheme of ['light', 'dark']) {
  test(`text passes WCAG AA contrast in the ${colorScheme} theme`, async () => {
    const { page, done } = await open(browser, server.url, { colorScheme });
    await instant(page);
    await loadScenario(page, '03-incremental-reassignment');
    await setRange(page, 'scrubber', 6);
    await expectText(page, 'state', 'ASSIGNING');
    const samples = await page.evaluate(() => {
      const bg = (el) => {
        for (let e = el; e; e = e.parentElement) {
          const c = getComputedStyle(e).backgroundColor;
          if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
        }
        return getComputedStyle(document.body).backgroundColor;
      };
      const selectors = ['h1', 'h2', '.tagline', '.muted', 'dt', 'dd', '.lint', 'button', 'label', '.caption', '.chip', '.log-seek', '.span-status', '.notice'];
      return selectors.flatMap((s) => [...document.querySelectorAll(s)].slice(0, 6)
        .filter((el) => el.textContent.trim() && !el.disabled)
        .map((el) => ({ s, fg: getComputedStyle(el).color, bg: bg(el), text: el.textContent.trim().slice(0, 30) })));
    });
    assert.ok(samples.length > 20);
    const failing = samples.map((x) => ({ ...x, ratio: contrast(x.fg, x.bg) })).filter((x) => x.ratio < 4.5);
    assert.deepEqual(failing, []);
    await done();
  });
}

test('axe-core finds no violation in lesson and quiz modes, with the glossary open', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&lesson=1&quiz=1&speed=4`, { bypassCSP: true });
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('quiz-prompt').waitFor();
  assert.deepEqual(await axeViolations(page), [], 'a question');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await page.getByTestId('quiz-feedback').waitFor();
  assert.deepEqual(await axeViolations(page), [], 'its feedback');
  await page.getByTestId('glossary-button').click();
  await page.getByTestId('glossary').waitFor();
  assert.deepEqual(await axeViolations(page), [], 'the glossary');
  await done();
});
