// `make screenshots`: the main views in light and dark, into assets/screenshots/ for the README.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, open, instant, loadScenario, setRange, expectText, ROOT } from './harness.mjs';

const out = join(ROOT, 'assets', 'screenshots');
await mkdir(out, { recursive: true });
const server = await serve();
const browser = await launch();
try {
  for (const colorScheme of ['light', 'dark']) {
    const { page, done } = await open(browser, server.url, { colorScheme, viewport: { width: 1440, height: 1300 } });
    await instant(page);
    await loadScenario(page, '05-fenced-mid-revocation');
    await setRange(page, 'scrubber', 8);
    await expectText(page, 'state', 'ASSIGNING');
    await page.screenshot({ path: join(out, `playground-${colorScheme}.png`) });
    await setRange(page, 'scrubber', 9);
    await expectText(page, 'state', 'JOINING');
    await page.locator('.member').screenshot({ path: join(out, `fenced-${colorScheme}.png`) });
    await done();
  }
  // Group mode: the whole view, the ownership chart of a slow revoker, and the alarm (dark).
  for (const [colorScheme, scenario, step, file, panel] of [
    ['light', 'third-member-joins', 34, 'group-light.png', null],
    ['light', 'slow-revoker', 34, 'group-chart-light.png', '.ownership'],
    ['dark', 'safety-off', 11, 'group-alarm-dark.png', '.ownership'],
  ]) {
    const opened = await open(browser, `${server.url}group.html?scenario=${scenario}`,
      { colorScheme, viewport: { width: 1440, height: 1300 }, ready: 'group-view' });
    await setRange(opened.page, 'group-scrubber', step);
    await expectText(opened.page, 'group-position', new RegExp(`^Step ${step} of`));
    // Let the chips that just arrived finish their animation.
    await opened.page.waitForTimeout(800);
    const target = panel ? opened.page.locator(panel) : opened.page;
    await target.screenshot({ path: join(out, file) });
    await opened.done();
  }
  // Three moments in the middle of a step, in which every panel shows the same effect.
  for (const [file, scenario, step, presses, expected] of [
    ['midstep-revocation-pending.png', '05-fenced-mid-revocation', 6, 1, /^Step 7 of 12 · effect 1 of 1 /],
    ['midstep-fenced.png', '05-fenced-mid-revocation', 8, 2, /^Step 9 of 12 · effect 2 of 3 /],
    ['midstep-new-target.png', '06-new-assignment-during-reconciliation', 9, 1, /^Step 10 of 16 · effect 1 of 2 /],
  ]) {
    const opened = await open(browser, `${server.url}?scenario=${scenario}&step=${step}`, { viewport: { width: 1440, height: 1000 } });
    for (let i = 0; i < presses; i += 1) await opened.page.keyboard.press('ArrowRight');
    await expectText(opened.page, 'position', expected);
    await opened.page.waitForTimeout(800);
    await opened.page.screenshot({ path: join(out, file), clip: { x: 0, y: 100, width: 1440, height: 760 } });
    await opened.done();
  }
  // Teaching: a lesson at its third note, a term's definition on focus, a quiz question answered.
  {
    const lesson = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&lesson=1&speed=4`, { viewport: { width: 1440, height: 1000 } });
    for (let note = 1; note <= 5; note += 1) {
      await lesson.page.keyboard.press('ArrowRight');
      await expectText(lesson.page, 'lesson-position', `note ${note} of 8`);
      await expectText(lesson.page, 'play', '▶ Play');
    }
    await lesson.page.waitForTimeout(800);
    await lesson.page.screenshot({ path: join(out, 'lesson-light.png'), clip: { x: 0, y: 100, width: 1440, height: 720 } });
    await lesson.page.locator('.facts .term[data-term="member-epoch"]').focus();
    await lesson.page.screenshot({ path: join(out, 'glossary-term-light.png'), clip: { x: 440, y: 470, width: 560, height: 380 } });
    await lesson.done();
    const quiz = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&quiz=1&step=8&speed=4`, { colorScheme: 'dark', viewport: { width: 1440, height: 1000 } });
    await quiz.page.keyboard.press('ArrowRight');
    await quiz.page.getByTestId('quiz-prompt').waitFor();
    await quiz.page.waitForFunction(() => document.activeElement?.dataset.testid === 'quiz-choice-0');
    await quiz.page.keyboard.press('Space');
    await quiz.page.keyboard.press('Enter');
    await quiz.page.getByTestId('quiz-feedback').waitFor();
    await quiz.page.locator('.quiz').screenshot({ path: join(out, 'quiz-dark.png') });
    await quiz.done();
  }
  // Debug your own rebalance: a consumer log dropped on the page, at its first divergence.
  {
    const { readFile } = await import('node:fs/promises');
    const log = await readFile(join(ROOT, 'core/tests/logs/v4.0-divergences.log'), 'utf8');
    const opened = await open(browser, server.url, { viewport: { width: 1440, height: 1100 } });
    await opened.page.getByTestId('log-paste').fill(log);
    await opened.page.getByTestId('log-import-button').click();
    await opened.page.getByTestId('divergence').first().locator('button').click();
    await opened.page.waitForTimeout(600);
    await opened.page.locator('.log-import').screenshot({ path: join(out, 'import-panel-light.png') });
    await opened.page.locator('.log').screenshot({ path: join(out, 'import-log-light.png') });
    await opened.done();
  }
  // The group view of a log: two consumers and their coordinator, at the moment reports-1 is fenced
  // out but still holds its partitions (light), and the same at 375 px in the dark.
  {
    const { readFile } = await import('node:fs/promises');
    const log = await readFile(join(ROOT, 'core/tests/logs/v4.1-group-zombie.log'), 'utf8');
    for (const [scheme, width] of [['light', 1440], ['dark', 375]]) {
      const opened = await open(browser, `${server.url}import.html`, { colorScheme: scheme, viewport: { width, height: 1300 } });
      await opened.page.getByTestId('log-paste').fill(log);
      await opened.page.getByTestId('log-import-button').click();
      await opened.page.getByTestId('log-group').waitFor();
      await setRange(opened.page, 'log-moment', 130000);
      await expectText(opened.page, 'log-moment-value', '2:10.000');
      await opened.page.locator('.log-group').screenshot({ path: join(out, `import-group-${scheme}.png`) });
      await opened.done();
    }
  }
  // The review view: scenario 05 at the fence, both models side by side; its causes.
  {
    const review = await open(browser, `${server.url}review.html?scenario=05-fenced-mid-revocation&step=9`, { ready: 'review-view', viewport: { width: 1440, height: 1100 } });
    await review.page.waitForTimeout(600);
    await review.page.screenshot({ path: join(out, 'review-light.png') });
    await review.page.locator('.review-causes').screenshot({ path: join(out, 'review-causes-light.png') });
    await review.done();
  }
  const { page, done } = await open(browser, server.url, { viewport: { width: 375, height: 900 } });
  await instant(page);
  await loadScenario(page, '03-incremental-reassignment');
  await setRange(page, 'scrubber', 6);
  await expectText(page, 'state', 'ASSIGNING');
  await page.screenshot({ path: join(out, 'narrow-light.png') });
  await done();
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots written to ${out}`);
