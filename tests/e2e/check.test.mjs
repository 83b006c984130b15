// "Check every schedule" in the review view: the bounded check run in a Web Worker with its own
// instance of the page's module, compared property by property with the same check run natively
// (`kip848-check`), a counterexample opened in the group view at the step where it shows, and Stop.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { serve, launch, open, coreBin, ROOT } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const DEPTH = 10;

/// The review page with its check set to DEPTH moves on seed members only.
async function openSeedCheck() {
  const opened = await open(browser, `${server.url}review.html`, { ready: 'check' });
  const { page } = opened;
  await page.getByTestId('check-depth').fill(String(DEPTH));
  await page.getByTestId('check-depth').dispatchEvent('change');
  for (const box of await page.getByTestId('check-model').all()) {
    if ((await box.getAttribute('value')) !== 'seed' && (await box.isChecked())) await box.uncheck();
  }
  return opened;
}

test('the check in the page finds what the core finds, and its counterexample opens at its step', async () => {
  const native = JSON.parse(execFileSync(coreBin('kip848-check'), ['--model', 'seed', '--depth', String(DEPTH)], { cwd: ROOT, encoding: 'utf8' }));
  assert.ok(native.properties.some((p) => p.verdict === 'violated') && native.properties.some((p) => p.verdict === 'holds'));
  const { page, done } = await openSeedCheck();
  await page.getByTestId('check-start').click();
  await page.getByTestId('check-status').filter({ hasText: /^Done/ }).waitFor({ timeout: 120000 });
  assert.equal(await page.getByTestId('check-status').getAttribute('data-ran-in'), 'worker', 'the check ran off the main thread');
  for (const p of native.properties) {
    const cell = page.locator(`[data-testid=check-row][data-property=${p.property}] td[data-model=seed] [data-testid=check-verdict]`);
    assert.equal(await cell.getAttribute('data-verdict'), p.verdict, p.property);
    const words = await cell.textContent();
    if (p.verdict === 'violated') assert.match(words, new RegExp(`shortest ${p.moves} moves \\(${p.steps} steps\\)`), p.property);
    else assert.match(words, new RegExp(`holds within ${native.states} states \\(${native.depth} moves deep`), p.property);
  }
  // The first counterexample, in a tab of its own, at the step where it shows.
  const violated = native.properties.find((p) => p.verdict === 'violated' && !p.property.includes('epoch'));
  const [tab] = await Promise.all([page.context().waitForEvent('page'),
    page.locator(`[data-testid=check-row][data-property=${violated.property}] [data-testid=check-open]`).click()]);
  await tab.getByTestId('group-view').waitFor();
  const [, step, of] = (await tab.getByTestId('group-position').textContent()).match(/^Step (\d+) of (\d+)/).map(Number);
  assert.equal(step, of, 'opened at its last step, where it shows');
  assert.equal(of, violated.steps);
  const hazards = await tab.getByTestId('group-hazard').evaluateAll((els) => els.map((e) => e.dataset.hazard));
  assert.ok(hazards.includes(violated.property), `${violated.property} not among ${hazards}`);
  await tab.close();
  await done();
});

test('to the end: the page explores every schedule of seed members, whatever its length, as kip848-check does', async () => {
  // The native check to the end beside the page's (two cores: neither waits for the other).
  const nativeRun = promisify(execFile)(coreBin('kip848-check'), ['--model', 'seed', '--depth', '1000'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  const { page, done } = await openSeedCheck();
  await page.getByTestId('check-to-end').check();
  assert.ok(await page.getByTestId('check-depth').isDisabled(), 'no depth to type when there is none');
  assert.ok(await page.getByTestId('check-choices').isDisabled(), 'the combinations offered to the end');
  assert.match(await page.getByTestId('check-to-end-cost').textContent(), /every schedule is checked, whatever its length/);
  await page.getByTestId('check-start').click();
  await page.getByTestId('check-status').filter({ hasText: /^Checking Seed design members to the end/ }).waitFor({ timeout: 60000 });
  await page.getByTestId('check-status').filter({ hasText: /^Done: .* to the end/ }).waitFor({ timeout: 300000 });
  const native = JSON.parse((await nativeRun).stdout);
  assert.equal(native.exhausted, true);
  for (const p of native.properties) {
    const cell = page.locator(`[data-testid=check-row][data-property=${p.property}] td[data-model=seed] [data-testid=check-verdict]`);
    assert.equal(await cell.getAttribute('data-verdict'), p.verdict, p.property);
    const words = await cell.textContent();
    if (p.verdict === 'violated') assert.match(words, new RegExp(`shortest ${p.moves} moves`), p.property);
    else assert.match(words, new RegExp(`holds within ${native.states} states \\(${native.depth} moves deep, nothing left\\)`), p.property);
  }
  await done();
});

test('the seed under each combination of its design choices: each column is what kip848-check --choices finds', async () => {
  const native = JSON.parse(execFileSync(coreBin('kip848-check'), ['--choices', '--depth', String(DEPTH)], { cwd: ROOT, encoding: 'utf8' }));
  const verdicts = native.combinations.map((c) => c.properties.find((p) => p.property === 'released_before_revoked').verdict);
  assert.ok(verdicts.includes('violated') && verdicts.includes('holds'), `the choices decide nothing at depth ${DEPTH}: ${verdicts}`);
  const { page, done } = await openSeedCheck();
  await page.getByTestId('check-choices').check();
  // Four combinations never close: with them, the check goes to a depth, and the page says why.
  assert.ok(await page.getByTestId('check-to-end').isDisabled(), 'to the end offered with the combinations');
  assert.match(await page.getByTestId('check-choices-depth').textContent(), /checked to a depth, not to the end/);
  await page.getByTestId('check-start').click();
  await page.getByTestId('check-status').filter({ hasText: /^Done/ }).waitFor({ timeout: 120000 });
  assert.equal(await page.locator('[data-testid=check-table] thead th').count(), 1 + native.combinations.length);
  for (const [i, c] of native.combinations.entries()) {
    const column = i === 0 ? 'td[data-model=seed]:not([data-choices])' : `td[data-choices="${i}"]`;
    for (const p of c.properties) {
      const cell = page.locator(`[data-testid=check-row][data-property=${p.property}] ${column} [data-testid=check-verdict]`);
      assert.equal(await cell.getAttribute('data-verdict'), p.verdict, `${c.answers.join('; ')}: ${p.property}`);
      if (p.verdict === 'violated') assert.match(await cell.textContent(), new RegExp(`shortest ${p.moves} moves`), p.property);
      else assert.match(await cell.textContent(), new RegExp(`holds within ${c.states} states`), p.property);
    }
  }
  await done();
});

test('Stop ends the check in its worker: a check started after shows only its own columns', async () => {
  const depth = 4;
  const native = JSON.parse(execFileSync(coreBin('kip848-check'), ['--model', 'kafka', '--depth', String(depth)], { cwd: ROOT, encoding: 'utf8' }));
  const { page, done } = await open(browser, `${server.url}review.html`, { ready: 'check' });
  // Every model, as deep as the page goes: minutes of work, stopped as soon as it reports.
  await page.getByTestId('check-depth').fill('24');
  await page.getByTestId('check-depth').dispatchEvent('change');
  await page.getByTestId('check-start').click();
  await page.getByTestId('check-status').filter({ hasText: /^Checking .*states/ }).waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('check-status').getAttribute('data-ran-in'), 'worker');
  await page.getByTestId('check-stop').click();
  await page.getByTestId('check-status').filter({ hasText: /^Stopped\.$/ }).waitFor();
  assert.ok(await page.getByTestId('check-start').isEnabled());
  // Another check, of the Java client alone and shallow: the stopped one's reports never join it.
  await page.getByTestId('check-depth').fill(String(depth));
  await page.getByTestId('check-depth').dispatchEvent('change');
  for (const box of await page.getByTestId('check-model').all()) {
    if ((await box.getAttribute('value')) !== 'kafka' && (await box.isChecked())) await box.uncheck();
  }
  await page.getByTestId('check-start').click();
  await page.getByTestId('check-status').filter({ hasText: /^Done/ }).waitFor({ timeout: 60000 });
  assert.deepEqual(await page.locator('[data-testid=check-table] thead th').allTextContents(), ['property', 'Java client members']);
  const cells = page.locator('[data-testid=check-row] td');
  assert.equal(await cells.count(), native.properties.length);
  for (const p of native.properties) {
    const cell = page.locator(`[data-testid=check-row][data-property=${p.property}] td[data-model=kafka] [data-testid=check-verdict]`);
    assert.equal(await cell.getAttribute('data-verdict'), p.verdict, p.property);
    if (p.verdict === 'holds') assert.match(await cell.textContent(), new RegExp(`holds within ${native.states} states`), p.property);
  }
  await done();
});
