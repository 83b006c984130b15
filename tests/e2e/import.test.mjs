// Debug your own rebalance: a consumer's log dropped on the page becomes a session on the shipped
// model — each step beside its log line, the inferred answers marked, the divergences flagged —
// and its share link opens it again. Expectations come from kip848-import on the same file.
// Over 300 lines: one browser session for the importer's checks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, open, expectText, text, setRange, setText, ROOT, modulesFetched, coreBin, seeLog, clickUnderHistory } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const LOG = join(ROOT, 'core/tests/logs/v4.0-divergences.log');

function imported() {
  const run = spawnSync(coreBin('kip848-import'), [LOG], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const trace = JSON.parse(run.stdout);
  const divergences = Number(run.stderr.match(/^divergences: (\d+)/m)?.[1]);
  return { trace, divergences };
}

test('a dropped consumer log becomes a session: its lines, the inferred answers and the divergences, and a share link', async () => {
  const { trace, divergences } = imported();
  const inferred = trace.steps.filter((s) => (s.note ?? '').startsWith('inferred')).length;
  assert.ok(inferred > 0 && divergences > 0);
  const { page, done } = await open(browser, server.url);
  // The import screen says the log stays here.
  assert.match(await text(page, 'log-privacy'), /never sent anywhere/);
  // The member page says the importer is a page of its own; the import page does not.
  assert.match(await text(page, 'log-import-page'), /page of its own/);
  const content = await readFile(LOG, 'utf8');
  const drop = await page.evaluateHandle(({ content }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], 'consumer.log', { type: 'text/plain' }));
    return dt;
  }, { content });
  await page.dispatchEvent('main.layout', 'drop', { dataTransfer: drop });
  await expectText(page, 'notice', /^Imported consumer audit-9 from consumer\.log: /);
  // The member page has no importer: it handed the log to the import page, which has.
  assert.match(page.url(), /\/import\.html$/);
  assert.equal(await page.getByTestId('log-import-page').count(), 0);
  assert.equal(await modulesFetched(page), 'kip848-importer_bg.wasm');
  await expectText(page, 'position', new RegExp(`^Step 0 of ${trace.steps.length} `));
  assert.equal(await page.getByTestId('node-UNSUBSCRIBED').count(), 1, 'on the shipped model');
  // Each step beside its log line; the inferred ones marked.
  await seeLog(page);
  const notes = await page.locator('[data-testid="log-row"] .note').allTextContents();
  assert.deepEqual(notes, trace.steps.map((s) => s.note));
  assert.equal(await page.getByTestId('log-inferred').count(), inferred);
  // Where the model parts ways with the log: listed, and flagged in the log.
  assert.equal(await page.getByTestId('divergence').count(), divergences);
  assert.ok(await page.getByTestId('log-divergence').count() >= 1);
  await page.getByTestId('divergence').first().locator('button').click();
  const at = await text(page, 'position');
  // The imported session travels as a share link, like any other.
  await clickUnderHistory(page, 'share');
  const link = await page.getByTestId('share-link').inputValue();
  const again = await open(browser, link);
  await expectText(again.page, 'position', at);
  assert.equal(await again.page.getByTestId('node-UNSUBSCRIBED').count(), 1);
  await again.done();
  await done();
});

test('a paste that is neither a trace nor a membership log says so and keeps the session', async () => {
  const { page, done } = await open(browser, server.url);
  await page.getByTestId('log-paste').fill('2025-01-01 00:00:00,000 INFO [main] com.example.App - hello\n<html><body>not a log</body></html>');
  await page.getByTestId('log-import-button').click();
  await expectText(page, 'notice', /^Could not import the pasted text: no KIP-848 consumer membership line/);
  assert.equal(await page.getByTestId('imported-log').count(), 0);
  await done();
});

test("a librdkafka consumer's log becomes a session on the librdkafka model, each step beside its line, agreeing with the library", async () => {
  const log = join(ROOT, 'core/tests/logs/librdkafka/v2.15.0-mock-second-join.log');
  const cli = (...args) => spawnSync(coreBin('kip848-import'), ['--librdkafka', ...args, log], { cwd: ROOT, encoding: 'utf8' });
  const check = cli();
  assert.equal(check.status, 0, check.stderr);
  const consumers = JSON.parse(check.stdout);
  assert.deepEqual(consumers.map((c) => [c.handle, c.agrees]), [['c1#consumer-4', true], ['c2#consumer-5', true]]);
  const one = cli('--client', 'c1#consumer-4');
  assert.equal(one.status, 0, one.stderr);
  const trace = JSON.parse(one.stdout);
  assert.equal(trace.model, 'librdkafka');
  const { page, done } = await open(browser, `${server.url}import.html`, { ready: 'log-import-button' });
  await page.getByTestId('log-paste').fill(await readFile(log, 'utf8'));
  await page.getByTestId('log-import-button').click();
  await expectText(page, 'notice', `Imported consumer c1#consumer-4 from the pasted text: ${trace.steps.length} steps, 0 inferred, 0 where the model parts ways with the log.`);
  await expectText(page, 'position', new RegExp(`^Step 0 of ${trace.steps.length} `));
  // On librdkafka's model, its join states drawn.
  assert.equal(await page.getByTestId('model-librdkafka').isChecked(), true);
  assert.equal(await page.getByTestId('node-init').count(), 1);
  // Each step's line, said on librdkafka's model (the trace's notes for it).
  await seeLog(page);
  const notes = await page.locator('[data-testid="log-row"] .note').allTextContents();
  assert.deepEqual(notes, trace.steps.map((s) => s.notes.librdkafka));
  assert.equal(await page.getByTestId('divergence').count(), 0);
  // The log's other consumer, picked from the list: its own session, as the command line gives it.
  const other = cli('--client', 'c2#consumer-5');
  assert.equal(other.status, 0, other.stderr);
  const second = JSON.parse(other.stdout);
  await page.getByTestId('import-consumer').selectOption('c2#consumer-5');
  await expectText(page, 'imported-client', 'c2#consumer-5');
  await expectText(page, 'position', new RegExp(`^Step 0 of ${second.steps.length} `));
  await seeLog(page);
  assert.deepEqual(await page.locator('[data-testid="log-row"] .note').allTextContents(), second.steps.map((s) => s.notes.librdkafka));
  await done();
});

/** A librdkafka stderr line as Node's KafkaJS layer's default logger prints it (`console.log` of an object). */
function asNode(line) {
  const m = line.match(/^%(\d)\|(\d+)\.(\d{3})\|([^|]*)\|([^|]*)\| (.*)$/);
  if (!m) return line;
  const js = (t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return `{\n  message: ${js(m[6])},\n  fac: ${js(m[4])},\n  timestamp: ${m[2]}${m[3]},\n  name: ${js(m[5])}\n}`;
}

test("a Node consumer's log (confluent-kafka for JavaScript) imports as the same session, with the mock coordinator's lines", async () => {
  const log = join(ROOT, 'core/tests/logs/librdkafka/v2.15.0-mock-second-join.log');
  const stderr = await readFile(log, 'utf8');
  const run = spawnSync(coreBin('kip848-import'), ['--librdkafka', '--client', 'c1#consumer-4', log], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const trace = JSON.parse(run.stdout);
  const node = stderr.split('\n').map(asNode).join('\n');
  assert.ok(node.split('\n').length > stderr.split('\n').length * 4, 'one field a line');
  const { page, done } = await open(browser, `${server.url}import.html`, { ready: 'log-import-button' });
  // As a paste arrives: one input event (Playwright's fill enters a text of thousands of lines
  // far more slowly than a paste).
  await page.getByTestId('log-paste').evaluate((el, text) => {
    el.value = text;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, node);
  await page.getByTestId('log-import-button').click();
  await expectText(page, 'notice', `Imported consumer c1#consumer-4 from the pasted text: ${trace.steps.length} steps, 0 inferred, 0 where the model parts ways with the log.`);
  // The same notes, each naming the line where its record starts in the Node log.
  await seeLog(page);
  const notes = await page.locator('[data-testid="log-row"] .note').allTextContents();
  const unnumbered = (n) => n.replace(/^log line \d+: /, '');
  assert.deepEqual(notes.map(unnumbered), trace.steps.map((s) => unnumbered(s.notes.librdkafka)));
  const lines = node.split('\n');
  for (const note of notes) {
    const at = Number(note.match(/^log line (\d+): /)?.[1]);
    assert.equal(lines[at - 1], '{', note);
    assert.ok(lines[at].includes(unnumbered(note).slice(0, 40).replace(/'/g, "\\'")), `${note} / ${lines[at]}`);
  }
  assert.match(await page.getByTestId('import-report').textContent(), /the coordinator's own lines: line \d+: the mock coordinator saw it leave/);
  await done();
});

// ---- several consumers, and the coordinator: the group view of a log ----

const ZOMBIE = join(ROOT, 'core/tests/logs/v4.1-group-zombie.log');

/** What the core draws for these files together (`kip848-import --together`). */
function together(...files) {
  const run = spawnSync(coreBin('kip848-import'), ['--together', ...files], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

/** Drops `files` on the page at once, as a user dragging them from a file manager. */
async function dropFiles(page, files) {
  const contents = await Promise.all(files.map((f) => readFile(f, 'utf8')));
  const names = files.map((f) => f.split('/').pop());
  const drop = await page.evaluateHandle(({ contents, names }) => {
    const dt = new DataTransfer();
    contents.forEach((c, i) => dt.items.add(new File([c], names[i], { type: 'text/plain' })));
    return dt;
  }, { contents, names });
  await page.dispatchEvent('main.layout', 'drop', { dataTransfer: drop });
}

/** A chart's rows as drawn: name → [segment, label, from, to] per bar. */
function drawn(page, chart, row = 'chart-row', bar = 'chart-span') {
  return page.getByTestId(chart).evaluateAll((charts, [row, bar]) => charts.map((c) => Object.fromEntries(
    [...c.querySelectorAll(`[data-testid="${row}"]`)].map((r) => [r.dataset.partition,
      [...r.querySelectorAll(`[data-testid="${bar}"]`)].map((s) => [s.dataset.segment, s.dataset.label, Number(s.dataset.from), Number(s.dataset.to)])]),
  )), [row, bar]);
}

const rowsOf = (rows) => Object.fromEntries(rows.map((r) => [`${r.topic}-${r.partition}`, r.spans.map((s) => [s.segment, s.label, s.from, s.to])]));
const TONE = { out: ['NEW', 'UNSUBSCRIBED', 'TERMINATED'], joining: ['JOINING'], settled: ['JOINED', 'STABLE'],
  moving: ['ASSIGNING', 'RECONCILING', 'ACKNOWLEDGING', 'UNREVOKED_PARTITIONS', 'UNRELEASED_PARTITIONS'],
  leaving: ['TERMINATING', 'PREPARE_LEAVING', 'LEAVING'], failed: ['FENCED', 'STALE', 'FATAL'] };
const tone = (kind) => kind.lane === 'group_epoch' ? 'group'
  : kind.lane === 'server' && kind.value === 'STABLE' ? 'settled'
  : Object.keys(TONE).find((t) => TONE[t].includes(kind.value));
const lanesOf = (lanes) => Object.fromEntries(lanes.map(([name, spans]) => [name, spans.map((s) => [tone(s.kind), s.label, s.from, s.to])]));

test('a log of two consumers and their coordinator: every chart as the core draws it, the moment following every step, a consumer opened at the moment', async () => {
  const core = together(ZOMBIE);
  const [r1, r2] = core.consumers;
  const { page, done } = await open(browser, server.url + 'import.html');
  await dropFiles(page, [ZOMBIE]);
  await expectText(page, 'notice', /^Imported consumer reports-1 from v4\.1-group-zombie\.log: /);
  await page.getByTestId('log-group').waitFor();
  // The panel says where the group view is, and its link goes there.
  assert.match(await text(page, 'open-together'), /all 2 consumers and the coordinator/);
  // Every chart, bar by bar, is the core's.
  assert.deepEqual(await drawn(page, 'log-lanes', 'lane-row', 'lane-span'), [lanesOf(core.consumers.map((c) => [c.client_id, c.lane]))]);
  assert.deepEqual(await drawn(page, 'log-ownership'), [rowsOf(core.ownership)]);
  const view = core.coordinator[0];
  assert.deepEqual(await drawn(page, 'log-coordinator-lanes', 'lane-row', 'lane-span'),
    [lanesOf([['group epoch', view.epochs], ...view.members.map((m) => [m.name, m.lane])])]);
  assert.deepEqual(await drawn(page, 'log-coordinator-ownership'), [rowsOf(view.ownership)]);
  // The zombie is named: the coordinator had fenced reports-1 while reports-2 held its partitions.
  assert.match(await text(page, 'together-alarm'), /sales-0 \(reports-2\+reports-1† \(fenced\)/);
  // Every step of the member view moves the moment to that step's instant, and the table says
  // what each consumer was then: the member view's one at its cursor, the other at its last step.
  const moments = page.getByTestId('now-line');
  const chartCount = await moments.count();
  assert.equal(chartCount, 4);
  for (let cursor = 0; cursor <= r1.points.length; cursor += 1) {
    if (cursor > 0) await page.keyboard.press('Shift+ArrowRight');
    await expectText(page, 'position', new RegExp(`^Step ${cursor} of ${r1.points.length}`));
    const at = cursor === 0 ? 0 : r1.points[cursor - 1].at;
    await expectText(page, 'log-moment-value', clock(at));
    assert.deepEqual(await moments.evaluateAll((ls) => ls.map((l) => Number(l.dataset.at))), Array(chartCount).fill(at));
    const rows = await page.getByTestId('moment-consumer').evaluateAll((trs) => trs.map((tr) => [tr.dataset.client,
      tr.querySelector('[data-testid="moment-state"]').textContent, tr.querySelector('[data-testid="moment-held"]').textContent]));
    const mine = cursor === 0 ? null : r1.points[cursor - 1];
    const theirs = r2.points.filter((p) => p.at <= at).pop() ?? null;
    assert.deepEqual(rows, [['reports-1', ...describe(mine)], ['reports-2', ...describe(theirs)]], `cursor ${cursor}`);
  }
  // A moment picked on the slider: the charts follow it, and reports-2 opens in the member view
  // at its step of that moment.
  const zombieAt = core.ownership[0].spans.find((s) => s.label.startsWith('reports-2+')).from + 1000;
  await setRange(page, 'log-moment', zombieAt);
  await expectText(page, 'log-moment-value', clock(zombieAt));
  const step = r2.points.filter((p) => p.at <= zombieAt).pop().step + 1;
  await page.getByTestId('open-consumer').click();
  await expectText(page, 'imported-client', 'reports-2');
  await expectText(page, 'position', new RegExp(`^Step ${step} of ${r2.points.length}`));
  await expectText(page, 'log-moment-value', clock(zombieAt));
  // Back to following the member view: the moment is reports-2's step.
  await page.getByTestId('follow-step').click();
  await expectText(page, 'log-moment-value', clock(r2.points[step - 1].at));
  // A moment picked for the consumer in the member view: its step of that moment, one click away.
  const later = r2.points[r2.points.length - 1].at;
  await setRange(page, 'log-moment', later);
  await page.getByTestId('show-step').click();
  await expectText(page, 'position', new RegExp(`^Step ${r2.points.length} of ${r2.points.length}`));
  await expectText(page, 'log-moment-value', clock(later));
  assert.equal(await page.getByTestId('follow-step').isDisabled(), true);
  await done();
});

function clock(ms) {
  return `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

function describe(point) {
  if (!point) return ['not started yet', ''];
  const revoking = setText(point.revoking);
  const held = { ...point.assigned };
  for (const [t, ps] of Object.entries(point.revoking)) held[t] = [...new Set([...(held[t] ?? []), ...ps])].sort((a, b) => a - b);
  return [`${point.state} · epoch ${point.epoch}`, revoking === '{}' ? setText(held) : `${setText(held)}, revoking ${revoking}`];
}

test("a consumer's log and the broker's dropped together share one clock; the broker's alone keeps the session", async () => {
  const info = join(ROOT, 'core/tests/logs/v3.9-info.log');
  const broker = join(ROOT, 'core/tests/logs/v3.9-broker.log');
  const core = together(info, broker);
  const { page, done } = await open(browser, server.url + 'import.html');
  await dropFiles(page, [info, broker]);
  await expectText(page, 'notice', /^Imported consumer billing-7 from v3\.9-info\.log \+ v3\.9-broker\.log: /);
  await page.getByTestId('log-group').waitFor();
  assert.deepEqual(await drawn(page, 'log-coordinator-lanes', 'lane-row', 'lane-span'),
    [lanesOf([['group epoch', core.coordinator[0].epochs], ...core.coordinator[0].members.map((m) => [m.name, m.lane])])]);
  assert.deepEqual(core.coordinator[0].members.map((m) => m.name)[0], 'billing-7');
  // The coordinator's lines alone: its timeline, and the session untouched.
  const before = await text(page, 'position');
  await page.getByTestId('close-together').click();
  assert.equal(await page.getByTestId('log-group').count(), 0);
  await dropFiles(page, [broker]);
  await expectText(page, 'notice', /has the group coordinator's lines and no consumer's membership line: .*Your session is unchanged\.$/);
  await page.getByTestId('log-group').waitFor();
  assert.equal(await page.getByTestId('log-lanes').count(), 0);
  assert.equal(await page.getByTestId('log-coordinator-lanes').count(), 1);
  assert.equal(await text(page, 'position'), before);
  assert.equal(await text(page, 'imported-client'), 'billing-7');
  await done();
});

test('a log of more consumers than are drawn together says how many are, not "all", and lists the one left out', async () => {
  // Seventeen consumers: the membership lines of v4.0-info.log's one, under seventeen client ids.
  const lines = (await readFile(join(ROOT, 'core/tests/logs/v4.0-info.log'), 'utf8')).split('\n')
    .filter((l) => l.includes('[Consumer clientId=consumer-orders-1,'));
  const crowd = Array.from({ length: 17 }, (_, k) => lines.map((l) => l.replace('consumer-orders-1,', `consumer-orders-${k + 1},`)));
  const file = join(await mkdtemp(join(tmpdir(), 'kip848-')), 'seventeen.log');
  await writeFile(file, crowd.flat().join('\n'));
  const core = together(file);
  assert.equal(core.skipped.length, 1, 'the core leaves one out');
  const { page, done } = await open(browser, server.url + 'import.html');
  await dropFiles(page, [file]);
  await page.getByTestId('log-group').waitFor();
  assert.equal(await text(page, 'open-together'), `See ${core.consumers.length} consumers together in the group view of this log`);
  assert.equal(await page.getByTestId('together-skipped').locator('li').count(), core.skipped.length);
  await done();
});

// Issue 43, item 10: the import page has nothing to play before a log is imported: no transport
// bar, and no room kept for one; the bar comes with the imported session.
test('the import page shows the transport only once there is a session to play', async () => {
  const { page, done } = await open(browser, `${server.url}import.html`, { viewport: { width: 375, height: 812 }, ready: 'log-import-button' });
  assert.equal(await page.locator('.transport-bar').count(), 0);
  assert.ok(await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom)) < 40, 'room kept for a bar that is not there');
  await page.getByTestId('log-paste').fill(await readFile(LOG, 'utf8'));
  await page.getByTestId('log-import-button').click();
  await expectText(page, 'position', /^Step 0 of [1-9]\d* /);
  await page.locator('.transport-bar').waitFor();
  await done();
});
