// Group mode in a real browser: every built-in group scenario plays, and its ownership chart and
// alarm say what the scenario is about; the user's levers act on the group; refusals keep it.
// Over 300 lines: one browser session for every group-mode check (a page per file is the costly part of a browser test).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { serve, launch, open, expectText, setRange, text } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Opens group mode on a built-in scenario, at its start. */
async function openGroup(id) {
  const opened = await open(browser, `${server.url}group.html`, { ready: 'group-view' });
  await opened.page.getByTestId('group-scenario').selectOption(id);
  await opened.page.getByTestId('group-load').click();
  await expectText(opened.page, 'group-position', /^Step 0 of \d+/);
  return opened;
}

/** The chart's spans, per partition: [[segment, label], …]. */
async function chart(page) {
  return page.getByTestId('chart-row').evaluateAll((rows) => Object.fromEntries(rows.map((row) => [
    row.dataset.partition,
    [...row.querySelectorAll('[data-testid="chart-span"]')].map((s) => [s.dataset.segment, s.dataset.label]),
  ])));
}

async function alarm(page) {
  return page.getByTestId('ownership-alarm').getAttribute('data-kind');
}

/** Waits until this tab's group save holds the step on screen (the autosave waits for 400 ms of quiet). */
async function saved(page) {
  const [, step, of] = (await text(page, 'group-position')).match(/^Step (\d+) of (\d+)/).map(Number);
  await page.waitForFunction(([step, of]) => Object.keys(localStorage).some((key) => {
    if (!key.startsWith('kip848:group:')) return false;
    try {
      const save = JSON.parse(localStorage.getItem(key));
      return save.step === step && save.trace.steps.length === of;
    } catch { return false; }
  }), [step, of]);
}

async function toEnd(page) {
  await page.getByTestId('group-to-end').click();
  const position = await text(page, 'group-position');
  const [, n] = position.match(/of (\d+)/);
  await expectText(page, 'group-position', new RegExp(`^Step ${n} of ${n}`));
}

test('a third member joins: each of its partitions is awaited, revoked, released, then given', async () => {
  const { page, done } = await openGroup('third-member-joins');
  assert.deepEqual(await chart(page), {}, 'nothing is owned before the first step');
  await toEnd(page);
  const rows = await chart(page);
  assert.equal(Object.keys(rows).length, 9, 'foo has 6 partitions and bar 3');
  const toC = Object.entries(rows).filter(([, spans]) => spans.some(([s, l]) => s === 'owned' && l === 'C'));
  assert.equal(toC.length, 3, 'C gets three partitions');
  for (const [partition, spans] of toC) {
    const i = spans.findIndex(([s, l]) => s === 'owned' && l === 'C');
    const story = spans.slice(i - 3, i).map(([s]) => s);
    assert.deepEqual(story, ['owned_awaited', 'revoking', 'unreleased'], partition);
  }
  assert.equal(await alarm(page), 'none');
  assert.equal(await page.getByTestId('member-card').count(), 3);
  for (const card of await page.getByTestId('member-card').all()) {
    assert.equal(await card.getByTestId('member-assigned').locator('.chip').count(), 3);
    assert.equal(await card.getByTestId('member-state').textContent(), 'JOINED');
  }
  await done();
});

test('a killed member: its partitions are orphaned until the session timeout, then move', async () => {
  const { page, done } = await openGroup('member-killed');
  await toEnd(page);
  const rows = await chart(page);
  const orphaned = Object.values(rows).flat().filter(([s]) => s === 'orphaned');
  assert.deepEqual(orphaned, [['orphaned', 'B✗'], ['orphaned', 'B✗']]);
  for (const spans of Object.values(rows)) {
    const [segment, label] = spans.at(-1);
    assert.equal(segment, 'owned');
    assert.notEqual(label, 'B');
  }
  assert.equal(await alarm(page), 'none');
  const b = page.locator('[data-testid="member-card"][data-member="B"]');
  assert.match(await b.getByTestId('member-status').textContent(), /killed/);
  assert.equal(await b.getByTestId('member-kill').isDisabled(), true, 'a dead member has no levers');
  assert.equal(await page.getByTestId('server-members').locator('tbody tr').count(), 2, 'B has left the coordinator');
  await done();
});

test('a slow revoker holds the new member up, and the member shows the callback it runs', async () => {
  const { page, done } = await openGroup('slow-revoker');
  // Step 15: A's commit is done, onPartitionsRevoked runs; B waits in UNRELEASED_PARTITIONS.
  await setRange(page, 'group-scrubber', 15);
  await expectText(page, 'group-position', /^Step 15 of/);
  const a = page.locator('[data-testid="member-card"][data-member="A"]');
  assert.match(await a.getByTestId('member-running').textContent(), /onPartitionsRevoked\(t-2, t-3\)/);
  const b = page.locator('[data-testid="server-members"] tr[data-member="B"] [data-testid="server-state"]');
  assert.equal(await b.textContent(), 'UNRELEASED_PARTITIONS');
  await toEnd(page);
  const rows = await chart(page);
  assert.deepEqual(rows['t-2'].map(([s]) => s), ['owned', 'owned_awaited', 'revoking', 'unreleased', 'owned']);
  assert.deepEqual(rows['t-2'].at(-1), ['owned', 'B']);
  assert.equal(await alarm(page), 'none');
  await done();
});

test('a static member restarts with -2 and gets the same partitions back', async () => {
  const { page, done } = await openGroup('static-member-restarts');
  await toEnd(page);
  const rows = await chart(page);
  for (const p of ['t-0', 't-1', 't-2']) {
    assert.deepEqual(rows[p], [['owned', 'A'], ['reserved', 'a-1 (away)'], ['owned', 'A']], p);
  }
  const epoch = await text(page, 'group-epoch');
  await setRange(page, 'group-scrubber', 13);
  await expectText(page, 'group-epoch', epoch);
  assert.equal(await alarm(page), 'none');
  await done();
});

test('with the safety switch off the alarm sounds while two members own a partition', async () => {
  const { page, done } = await openGroup('safety-off');
  await setRange(page, 'group-scrubber', 10);
  await expectText(page, 'group-position', /^Step 10 of/);
  assert.equal(await alarm(page), 'now');
  assert.equal(await page.getByTestId('ownership-alarm').getAttribute('role'), 'alert');
  assert.match(await text(page, 'ownership-alarm'), /t-2 \(A and B\), t-3 \(A and B\)/);
  assert.equal(await page.getByTestId('safety-switch').isChecked(), false);
  await toEnd(page);
  assert.equal(await alarm(page), 'past', 'the alarm remembers what happened');
  const rows = await chart(page);
  assert.ok(rows['t-2'].some(([s, l]) => s === 'double' && l === 'A+B'));
  assert.ok(rows['t-3'].some(([s, l]) => s === 'double' && l === 'A+B'));
  await done();
});

test('playing a group scenario animates it step by step to its end', async () => {
  const { page, done } = await openGroup('slow-revoker');
  await setRange(page, 'group-speed', 3);
  await page.getByTestId('group-play').click();
  await expectText(page, 'group-position', /^Step [1-9]\d* of/, 3000);
  const n = (await text(page, 'group-position')).match(/of (\d+)/)[1];
  await expectText(page, 'group-position', new RegExp(`^Step ${n} of ${n}`), 20000);
  assert.equal(await page.getByTestId('group-play').getAttribute('aria-pressed'), 'false', 'playback stops at the end');
  await done();
});

test('the user runs a group: add, let time pass, kill, refuse, switch the safety rule', async () => {
  const { page, done } = await openGroup('third-member-joins');
  await page.getByTestId('group-new').click();
  await expectText(page, 'group-position', 'Step 0 of 0 · 0 ms');
  await page.getByTestId('add-member').click();
  await page.getByTestId('add-member').click();
  assert.deepEqual(await page.getByTestId('member-card').evaluateAll((c) => c.map((e) => e.dataset.member)), ['A', 'B']);
  for (let i = 0; i < 40; i += 1) await page.getByTestId('group-next-event').click();
  await page.getByTestId('group-wait-10s').click();
  // The new group keeps the loaded scenario's topics: foo (6 partitions) and bar (3).
  const owned = {};
  for (const name of ['A', 'B']) {
    const card = page.locator(`[data-testid="member-card"][data-member="${name}"]`);
    assert.equal(await card.getByTestId('member-state').textContent(), 'JOINED', name);
    owned[name] = await card.getByTestId('member-assigned').locator('.chip:not(.empty)').count();
  }
  assert.deepEqual([owned.A + owned.B, owned.A > 0, owned.B > 0], [9, true, true], JSON.stringify(owned));
  // A refused action changes nothing and says why.
  const before = await text(page, 'group-position');
  await page.getByTestId('add-name').fill('A');
  await page.getByTestId('add-member').click();
  await expectText(page, 'group-notice', 'Refused: A is already running');
  assert.equal(await text(page, 'group-position'), before);
  // Kill B: its partitions are orphaned, then A gets them after the session timeout.
  await page.locator('[data-testid="member-card"][data-member="B"]').getByTestId('member-kill').click();
  for (let i = 0; i < 6; i += 1) await page.getByTestId('group-wait-10s').click();
  const rows = await chart(page);
  assert.equal(Object.values(rows).flat().filter(([s, l]) => s === 'orphaned' && l === 'B✗').length, owned.B);
  assert.equal(Object.values(rows).flat().filter(([s]) => s === 'orphaned').length, owned.B, 'only B\'s partitions were orphaned');
  const a = page.locator('[data-testid="member-card"][data-member="A"]');
  assert.equal(await a.getByTestId('member-assigned').locator('.chip:not(.empty)').count(), 9);
  await page.getByTestId('safety-switch').uncheck();
  await expectText(page, 'safety-off', /The safety rule is off/);
  await page.getByTestId('add-partition').first().click();
  assert.match(await text(page, 'group-topics'), /bar: 4 partitions/);
  await done();
});

test('switching views keeps both sessions', async () => {
  const { page, done } = await open(browser, server.url);
  await setRange(page, 'scrubber', 3);
  const position = await text(page, 'position');
  await page.getByTestId('mode-group').click();
  await page.getByTestId('group-view').waitFor();
  assert.match(page.url(), /\/group\.html$/);
  await setRange(page, 'group-scrubber', 4);
  await page.getByTestId('group-play').click();
  await page.getByTestId('mode-member').click();
  await expectText(page, 'position', position);
  await page.getByTestId('mode-group').click();
  assert.equal(await page.getByTestId('group-play').getAttribute('aria-pressed'), 'false', 'a hidden view stops playing');
  await setRange(page, 'group-scrubber', 4);
  await page.getByTestId('mode-member').click();
  await page.getByTestId('mode-group').click();
  await expectText(page, 'group-position', /^Step 4 of/);
  await done();
});

test('a reload keeps the group session: its steps, the step on screen, the chart', async () => {
  const { page, done } = await openGroup('member-killed');
  await toEnd(page);
  await page.getByTestId('group-wait-10s').click(); // the user's own step after the scenario's
  await page.getByTestId('group-step-back').click();
  const before = { position: await text(page, 'group-position'), title: await text(page, 'group-scenario-title'), chart: await chart(page) };
  await saved(page);
  await page.reload();
  await page.getByTestId('group-view').waitFor();
  await expectText(page, 'group-position', before.position);
  assert.equal(await text(page, 'group-scenario-title'), before.title);
  assert.deepEqual(await chart(page), before.chart);
  // Opened on the member view, the page shows the saved group when the group view is chosen.
  await page.getByTestId('mode-member').click();
  await page.reload();
  await page.getByTestId('state').waitFor();
  await page.getByTestId('mode-group').click();
  await expectText(page, 'group-position', before.position);
  await done();
});

test('a damaged group save gives a message and the first scenario', async () => {
  const { page, done } = await openGroup('slow-revoker');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await saved(page);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kip848:group:')));
  assert.equal(keys.length, 1, 'one group save for this tab');
  for (const damage of ['{"step": 1, "trace": {"format": "kip848-trace/1", "model": "group", "steps": [{"at": 0}]}}', 'not json']) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [keys[0], damage]);
    await page.reload();
    await page.getByTestId('group-view').waitFor();
    await expectText(page, 'group-notice', /^Your saved group session could not be read \(.+\); showing the first scenario instead\.$/);
    await expectText(page, 'group-position', /^Step 0 of \d+/);
    assert.notEqual(await text(page, 'group-scenario-title'), '');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await saved(page);
  }
  await done();
});

test('a group share link opens the group at its step, in a new tab and in an open one', async () => {
  const { page, done } = await openGroup('member-killed');
  await setRange(page, 'group-scrubber', 5);
  const before = { position: await text(page, 'group-position'), title: await text(page, 'group-scenario-title'), chart: await chart(page) };
  await page.getByTestId('group-share').click();
  const link = await page.getByTestId('group-share-link').inputValue();
  assert.match(link, /#v1\.[A-Za-z0-9_-]+$/);
  await page.waitForURL((url) => url.hash === new URL(link).hash, { timeout: 5000 }); // the address carries the link
  await expectText(page, 'group-position', before.position, 2000);

  const fresh = await open(browser, link, { ready: 'group-view' });
  await expectText(fresh.page, 'group-position', before.position);
  assert.equal(await text(fresh.page, 'group-scenario-title'), before.title);
  assert.deepEqual(await chart(fresh.page), before.chart);
  await fresh.done();

  // Pasted into a tab showing the member view: the group view opens on it.
  const other = await open(browser, server.url);
  await other.page.evaluate((hash) => { window.location.hash = hash; }, new URL(link).hash);
  await other.page.getByTestId('group-view').waitFor();
  await expectText(other.page, 'group-position', before.position);
  await other.page.waitForURL(/\/group\.html#v1\./, { timeout: 5000 });
  // A damaged one pasted there: the group view says so, and keeps its session.
  await other.page.evaluate((hash) => { window.location.hash = hash; }, new URL(link).hash.slice(0, -30));
  await expectText(other.page, 'group-notice', /^This link could not be opened: the link is damaged/);
  await expectText(other.page, 'group-position', before.position);
  await other.done();
  await done();
});

test('a group link whose trace is refused, opened on the member page, is refused by the group page with its reason', async () => {
  // The member page reads a group link only as far as knowing it is one (kip848_core::link::decode_member_link).
  const envelope = JSON.stringify({ group: { format: 'kip848-trace/1', model: 'group', steps: [{ at: 0, input: 'jump' }] }, step: 0 });
  const link = `${server.url}#v1.${deflateRawSync(Buffer.from(envelope)).toString('base64url')}`;
  const { page, done } = await open(browser, link, { ready: 'group-view' });
  assert.match(page.url(), /\/group\.html#v1\./);
  await expectText(page, 'group-notice', /^This link could not be opened: .*step 0/);
  await done();
});

test('after sharing, a change takes the link out of the address: a reload keeps the change', async () => {
  const { page, done } = await openGroup('third-member-joins');
  await setRange(page, 'group-scrubber', 3);
  await page.getByTestId('group-share').click();
  await page.getByTestId('group-wait-10s').click(); // forks: the session is no longer the link's
  const after = await text(page, 'group-position');
  assert.match(after, /^Step 4 of 4/);
  // The autosave (400 ms after the change) takes the stale link out of the address.
  // It saves in the same turn, so the save is there too.
  await page.waitForFunction(() => window.location.hash === '', null, { timeout: 5000 });
  await page.reload();
  await page.getByTestId('group-view').waitFor();
  await expectText(page, 'group-position', after);
  await done();
});

test('with the manual assignor the user picks the target, and the members reconcile to it', async () => {
  const { page, done } = await openGroup('third-member-joins');
  await toEnd(page);
  await page.getByTestId('group-assignor').selectOption('manual');
  await page.getByTestId('target-editor').waitFor();
  const pick = (partition) => page.locator(`[data-testid="target-pick"][data-partition="${partition}"]`);
  const assigned = async (name) => page.locator(`[data-testid="member-card"][data-member="${name}"] [data-testid="member-assigned"] .chip`).allTextContents();
  // The editor starts from the current target: what each member holds at the end of the scenario.
  const fromA = (await assigned('A')).filter((c) => c !== 'none');
  assert.equal(fromA.length, 3);
  for (const partition of fromA) assert.equal(await pick(partition).inputValue(), 'A');
  assert.equal(await page.getByTestId('target-apply').isDisabled(), true, 'nothing to apply yet');
  const moved = fromA[0];
  await pick(moved).selectOption('B');
  const epoch = Number(await text(page, 'group-epoch'));
  await page.getByTestId('target-apply').click();
  await expectText(page, 'group-epoch', String(epoch + 1));
  for (let i = 0; i < 30 && !(await assigned('B')).includes(moved); i += 1) await page.getByTestId('group-next-event').click();
  assert.ok((await assigned('B')).includes(moved), `B gets ${moved}`);
  assert.ok(!(await assigned('A')).includes(moved), `A gave ${moved} up`);
  assert.equal(await alarm(page), 'none', 'revoked before it was given');
  assert.equal(await pick(moved).inputValue(), 'B', 'the editor follows the new target');
  await done();
});

test('the group embed snippet shows this group at this step, read-only, in an iframe', async () => {
  const { page, done } = await openGroup('slow-revoker');
  await setRange(page, 'group-scrubber', 6);
  const position = await text(page, 'group-position');
  await page.getByTestId('group-embed').click();
  const snippet = await page.getByTestId('group-embed-snippet').inputValue();
  assert.match(snippet, /^<iframe src="[^"]+\?embed=1&mode=group&readonly=1&show=caption,chart,transport&step=6#v1\.[A-Za-z0-9_-]+" width="600" height="400" title="KIP-848 consumer group"/);
  await page.getByTestId('group-embed-autoplay').check();
  assert.match(await page.getByTestId('group-embed-snippet').inputValue(), /&autoplay=1#v1\./);
  const host = await browser.newPage();
  const errors = [];
  host.on('pageerror', (e) => errors.push(e.message));
  await host.setContent(`<!doctype html><style>iframe { border: 0 }</style><body style="margin:0">${snippet}</body>`);
  const frame = host.frameLocator('iframe');
  await frame.getByTestId('group-view').waitFor();
  assert.equal(await frame.getByTestId('group-position').textContent(), position);
  assert.equal(await frame.getByTestId('group-next-event').count(), 0, 'read-only: nothing to act with');
  assert.equal(await frame.getByTestId('group-import').count(), 0, 'read-only: no import');
  await host.close();
  assert.deepEqual(errors, []);
  await done();
});

test('group settings replay the same steps with other timings: a shorter session timeout', async () => {
  const { page, done } = await openGroup('member-killed');
  const rows = () => page.locator('[data-testid="server-members"] tbody tr').count();
  await setRange(page, 'group-scrubber', 22); // 15 s after B was killed
  const position = await text(page, 'group-position');
  assert.equal(await rows(), 3, 'with 45 s of session timeout the coordinator still counts B');
  await page.getByTestId('group-settings').locator('summary').click();
  assert.equal(await page.getByTestId('group-session-timeout').inputValue(), '45000');
  assert.equal(await page.getByTestId('group-rebalance-timeout').inputValue(), '300000', "the members' default: 5 minutes");
  await page.getByTestId('group-session-timeout').fill('6000');
  await page.getByTestId('group-settings-apply').click();
  await expectText(page, 'group-notice', /^Replayed \d+ steps with the new settings/);
  await expectText(page, 'group-position', position);
  assert.equal(await rows(), 2, 'with 6 s B has expired by now');
  // Out of bounds: refused, the group unchanged.
  await page.getByTestId('group-latency').fill('999999');
  await page.getByTestId('group-settings-apply').click();
  await expectText(page, 'group-notice', /^These settings cannot be used: latency_ms is at most 60000\. The group is unchanged\.$/);
  for (const [id, value] of [['group-latency', '20'], ['group-rebalance-timeout', '10']]) await page.getByTestId(id).fill(value);
  await page.getByTestId('group-settings-apply').click();
  await expectText(page, 'group-notice', /^These settings cannot be used: rebalance_timeout_ms is from 1000 to 3600000\. The group is unchanged\.$/);
  await page.getByTestId('group-rebalance-timeout').fill('300000'); await page.getByTestId('group-latency').fill('fast');
  await page.getByTestId('group-settings-apply').click();
  await expectText(page, 'group-notice', 'The latency must be a whole number of milliseconds. The group is unchanged.');
  assert.equal(await rows(), 2);
  assert.equal(await page.getByTestId('group-session-timeout').inputValue(), '6000');
  await done();
});

test('the group view has its own keys, listed in the help', async () => {
  const { page, done } = await openGroup('slow-revoker');
  await page.locator('#group-steps-title').click();
  await page.keyboard.press('ArrowRight');
  await expectText(page, 'group-position', /^Step 1 of/);
  await page.keyboard.press('ArrowLeft');
  await expectText(page, 'group-position', /^Step 0 of/);
  await page.getByTestId('group-to-end').click();
  const before = Number((await text(page, 'group-position')).match(/of (\d+)/)[1]);
  await page.locator('#group-steps-title').click();
  await page.keyboard.press('n');
  await expectText(page, 'group-position', new RegExp(`^Step ${before + 1} of ${before + 1} `));
  await page.keyboard.press('?');
  await page.getByTestId('group-shortcuts').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('help').waitFor({ state: 'detached' });
  await done();
});
