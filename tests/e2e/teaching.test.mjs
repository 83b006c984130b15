// Teaching: a newcomer's first path by hints alone, lessons forward and back, glossary terms by
// keyboard, a whole quiz answered from the keyboard, and group notes that stay. Expected texts
// come from the core (`kip848-replay --quiz`, `--glossary`), not from copies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve, launch, open, expectText, text, screen, ROOT, replayLines, clickUnderHistory } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const core = replayLines;

/// The rule as the feedback shows it: its text, then each source's label and versions, from the
/// core's registry (`kip848-replay --sources`).
let registry;
function ruleText(rule) {
  registry ??= new Map(core(['--sources']).map((s) => [s.id, s]));
  const cited = rule.sources.map((id) => {
    const s = registry.get(id);
    assert.ok(s, `the rule cites an unknown source ${id}`);
    return s.versions ? `${s.label} (${s.versions})` : s.label;
  });
  return `Rule: ${rule.text}. ${cited.join(', ')}`;
}

test('a newcomer reaches JOINED with partitions in at most three actions, by the hints alone', async () => {
  const { page, done } = await open(browser, server.url);
  // The first thing in view is a way in, not a rejection.
  await page.getByTestId('start-walkthrough').waitFor();
  assert.notEqual(await page.getByTestId('lint').getAttribute('data-verdict'), 'rejected');
  assert.equal(await page.getByTestId('notice').count(), 0);
  let actions = 0;
  while (actions < 3) {
    const state = await text(page, 'state');
    const owned = await text(page, 'assigned');
    if (state === 'JOINED' && owned !== '{}') break;
    const hint = page.getByTestId('next-action');
    assert.match(await hint.textContent(), /\S+ [a-z]$/, 'the hint names its key');
    await hint.click();
    actions += 1;
    // The member's answer plays out effect by effect at 1×: wait for the transport to stop.
    await expectText(page, 'play', '▶ Play', 15000);
  }
  assert.equal(await text(page, 'state'), 'JOINED');
  assert.notEqual(await text(page, 'assigned'), '{}');
  assert.ok(actions <= 3, `${actions} actions`);
  // The KIP in three sentences, one click away, each with its sources (the core's own text).
  await page.getByTestId('about-button').click();
  assert.match(await text(page, 'about'), /group-wide barrier/);
  assert.ok(await page.getByTestId('about').locator('a.source').count() >= 5);
  await done();
});

test('a lesson goes forward note by note, and Back lands on the same screens', async () => {
  const { page, done } = await open(browser, `${server.url}?scenario=05-fenced-mid-revocation&lesson=1&speed=4`);
  await expectText(page, 'lesson-position', /^8 notes/);
  const seen = [];
  for (let note = 1; note <= 8; note += 1) {
    await page.keyboard.press('ArrowRight');
    await expectText(page, 'lesson-position', `note ${note} of 8`);
    await expectText(page, 'play', '▶ Play');
    seen.push({ note: await text(page, 'lesson-note'), screen: await screen(page) });
  }
  for (let note = 7; note >= 1; note -= 1) {
    await page.keyboard.press('ArrowLeft');
    await expectText(page, 'lesson-position', `note ${note} of 8`);
    assert.deepEqual({ note: await text(page, 'lesson-note'), screen: await screen(page) }, seen[note - 1], `back at note ${note}`);
  }
  // The lesson's position travels in the share link.
  await clickUnderHistory(page, 'share');
  const link = await page.getByTestId('share-link').inputValue();
  const again = await open(browser, link);
  await expectText(again.page, 'lesson-position', 'note 1 of 8');
  assert.equal(await text(again.page, 'position'), await text(page, 'position'));
  await again.done();
  await done();
});

test('glossary terms open on keyboard focus, are announced, and say what the core defines', async () => {
  const terms = new Map(core(['--glossary']).map((t) => [t.id, t]));
  const { page, done } = await open(browser, server.url);
  let focused = null;
  for (let i = 0; i < 60 && !focused; i += 1) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.classList.contains('term') ? document.activeElement.dataset.term : null);
  }
  assert.ok(focused, 'a term is reached by Tab');
  const shown = await page.evaluate(() => {
    const el = document.activeElement;
    const described = document.getElementById(el.getAttribute('aria-describedby'));
    return { tip: getComputedStyle(el, '::after').content, described: described?.textContent };
  });
  const t = terms.get(focused);
  const definition = t.shipped ? `${t.definition} ${t.shipped}` : t.definition;
  assert.equal(shown.described, definition, 'announced through aria-describedby');
  assert.equal(shown.tip, JSON.stringify(definition), 'drawn on focus');
  // The glossary panel lists every term.
  await page.keyboard.press('l');
  await page.getByTestId('glossary').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'glossary-close');
  assert.deepEqual(await page.locator('.glossary dt').allTextContents(), [...terms.values()].map((t) => t.term));
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('glossary').count(), 0);
  await done();
});

test('a whole quiz, answered with the keyboard alone: right and wrong answers each explained', async () => {
  const questions = core(['--quiz', join(ROOT, 'assets/scenarios/01-first-join.json')]);
  assert.ok(questions.length >= 3);
  const { page, done } = await open(browser, `${server.url}?scenario=01-first-join&quiz=1&speed=4`);
  let right = 0;
  for (const [i, q] of questions.entries()) {
    if (i === 0 || questions[i - 1].step !== q.step) {
      // Moving forward stops before the step and asks.
      await page.keyboard.press('ArrowRight');
    }
    await expectText(page, 'quiz-prompt', q.prompt);
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'quiz-choice-0');
    const wanted = i % 2 === 0 ? q.answer : (q.answer + 1) % q.choices.length;
    if (wanted === 0) await page.keyboard.press('Space');
    for (let k = 0; k < wanted; k += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const feedback = await text(page, 'quiz-feedback');
    if (wanted === q.answer) {
      right += 1;
      assert.match(feedback, /^Right\./);
    } else {
      assert.ok(feedback.startsWith(`Not quite. The answer: ${q.choices[q.answer]}.`), feedback);
    }
    assert.equal(await text(page, 'quiz-rule'), ruleText(q.rule));
    assert.ok(feedback.includes(q.explanation));
    // The feedback's button has the focus: Enter goes on (the next question, or the step revealed).
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'quiz-next');
    await page.keyboard.press('Enter');
    if (i + 1 === questions.length || questions[i + 1].step !== q.step) {
      await expectText(page, 'position', new RegExp(`^Step ${q.step} of \\d+ `));
      await expectText(page, 'play', '▶ Play');
    }
  }
  await expectText(page, 'quiz-score', `Score: ${right} right of ${questions.length} answered`);
  await page.keyboard.press('End');
  await expectText(page, 'quiz', /Quiz finished/);
  await done();
});

test('the group view keeps a note on screen until the user goes on', async () => {
  const { page, done } = await open(browser, `${server.url}group.html?scenario=slow-revoker`, { ready: 'group-view' });
  await page.getByTestId('group-speed').evaluate((el) => { el.value = '3'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.getByTestId('group-play-scenario').click();
  await expectText(page, 'group-play', '▶ Play', 20000);
  const note = await text(page, 'group-narration');
  const position = await text(page, 'group-position');
  assert.ok(note.length > 0);
  await page.waitForTimeout(2000);
  assert.equal(await text(page, 'group-narration'), note);
  assert.equal(await text(page, 'group-position'), position, 'paused on the note');
  // Lesson mode: note k of N, Continue and Back.
  await page.getByTestId('group-lesson').check();
  const at = await text(page, 'group-lesson-position');
  await page.getByTestId('group-lesson-continue').click();
  await expectText(page, 'group-play', '▶ Play', 20000);
  assert.notEqual(await text(page, 'group-lesson-position'), at);
  await page.getByTestId('group-lesson-back').click();
  await expectText(page, 'group-lesson-position', at);
  await expectText(page, 'group-position', position);
  await done();
});

test('the group view asks when a partition changes hands, and the answer is what the group then does', async () => {
  const questions = core(['--quiz', join(ROOT, 'assets/group/slow-revoker.json')]);
  assert.ok(questions.length >= 1);
  const q = questions[0];
  const { page, done } = await open(browser, `${server.url}group.html?scenario=slow-revoker&quiz=1`, { ready: 'group-view' });
  // Step forward until the group stops to ask.
  for (let i = 0; i <= q.step && (await page.getByTestId('quiz-prompt').count()) === 0; i += 1) {
    await page.keyboard.press('ArrowRight');
  }
  await expectText(page, 'quiz-prompt', q.prompt);
  await expectText(page, 'group-position', new RegExp(`^Step ${q.step} of`));
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'quiz-choice-0');
  if (q.answer === 0) await page.keyboard.press('Space');
  for (let k = 0; k < q.answer; k += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expectText(page, 'quiz-feedback', /^Right\./);
  assert.equal(await text(page, 'quiz-rule'), ruleText(q.rule));
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'quiz-next');
  await page.keyboard.press('Enter');
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('ArrowRight');
  await expectText(page, 'group-position', new RegExp(`^Step ${q.step + 1} of`));
  await done();
});

// Issue 43, item 13: the walkthrough starts playing to its first note at once, and says so.
test('starting the walkthrough never says "press Continue" while it already plays', async () => {
  const { page, done } = await open(browser, server.url);
  await page.getByTestId('start-walkthrough').click();
  assert.match(await text(page, 'lesson-position'), /playing to the first$|^note 1 of \d+$/);
  await expectText(page, 'lesson-position', /^note 1 of \d+$/, 15000);
  await done();
});
