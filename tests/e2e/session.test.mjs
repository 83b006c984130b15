// Never lose a session, never trust a file: export/import, share links, autosave, embed mode,
// the panic overlay, and hostile or damaged input.
// Over 300 lines: one browser session for every check of never losing a session.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { serve, launch, open, expectText, instant, loadScenario, screen, setRange, text, ROOT, coreBin, seeLog, openPanel, catchUp, clickUnderHistory } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const traceFile = (name) => readFile(join(ROOT, 'core/tests/traces', name), 'utf8');
const file = (name, body) => ({ name, mimeType: 'application/json', buffer: Buffer.from(body) });

test('export then import gives the same screen', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '05-fenced-mid-revocation');
  await page.getByTestId('to-end').click();
  const before = await screen(page);
  await catchUp(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
  const exported = await readFile(await download.path(), 'utf8');
  await page.getByTestId('new-session').click();
  await expectText(page, 'position', 'Step 0 of 0 · 0 ms');
  await page.getByTestId('import-file').setInputFiles(file('exported.json', exported));
  await expectText(page, 'notice', 'Imported 12 steps from exported.json');
  assert.deepEqual(await screen(page), before);
  await done();
});

test('a share link opens the exact screen, speed included', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '06-new-assignment-during-reconciliation');
  await setRange(page, 'scrubber', 9);
  await setRange(page, 'speed', 2);
  await clickUnderHistory(page, 'share');
  const link = await page.getByTestId('share-link').inputValue();
  assert.ok(link.startsWith(server.url) && link.includes('#v1.'), link);
  const before = await screen(page);
  const other = await open(browser, link);
  await expectText(other.page, 'position', before.position);
  assert.deepEqual(await screen(other.page), before);
  assert.equal(await text(other.page, 'speed-label'), '4×');
  await other.done();
  await done();
});

test('a damaged or truncated link shows a message and the first scenario, never a crash', async () => {
  for (const hash of ['#v1.definitely-not-base64!!', '#v1.AAAA', '#hello']) {
    const { page, done } = await open(browser, `${server.url}${hash}`);
    await expectText(page, 'notice', /^This link could not be opened: /);
    await expectText(page, 'scenario-title', 'First join with an assignment');
    await expectText(page, 'position', /^Step 0 of 4/);
    await done();
  }
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '01-first-join');
  await clickUnderHistory(page, 'share');
  const link = await page.getByTestId('share-link').inputValue();
  const cut = await open(browser, link.slice(0, link.length - 20));
  await expectText(cut.page, 'notice', /^This link could not be opened: the link is damaged/);
  await cut.done();
  await done();
});

test('a reload restores the session exactly: step, speed and configuration', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await openPanel(page, 'config');
  await page.getByTestId('cfg-between').check();
  await page.getByTestId('cfg-apply').click();
  await page.keyboard.press('s');
  await page.keyboard.press('a');
  await page.keyboard.press('t');
  await page.keyboard.press('Shift+ArrowLeft');
  const before = await screen(page);
  await page.waitForTimeout(700); // the autosave waits for 400 ms of quiet
  await page.reload();
  await page.getByTestId('state').waitFor();
  assert.deepEqual(await screen(page), before);
  assert.equal(await text(page, 'speed-label'), 'instant');
  await openPanel(page, 'config');
  assert.equal(await page.getByTestId('cfg-between').isChecked(), true);
  await done();
});

test('after sharing, a change takes the link out of the address: a reload keeps the change', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '03-incremental-reassignment');
  await setRange(page, 'scrubber', 2);
  await clickUnderHistory(page, 'share');
  // The test's view of the address follows the page's a moment later (a same-document navigation).
  await page.waitForURL(/#v1\./, { timeout: 5000 });
  const shared = await text(page, 'position');
  await page.keyboard.press('t'); // acting at step 2 forks the session away from the link's
  await page.waitForFunction((before) => document.querySelector('[data-testid="position"]').textContent !== before, shared);
  const changed = await screen(page);
  // The autosave (400 ms after the change) takes the stale link out of the address.
  // It saves in the same turn, so the save is there too.
  await page.waitForFunction(() => window.location.hash === '', null, { timeout: 5000 });
  await page.reload();
  await page.getByTestId('state').waitFor();
  assert.deepEqual(await screen(page), changed);
  await done();
});

test('two tabs keep their own sessions', async () => {
  const context = await browser.newContext();
  const a = await context.newPage(); const b = await context.newPage();
  for (const page of [a, b]) { await page.goto(server.url); await page.getByTestId('state').waitFor(); await instant(page); }
  await loadScenario(a, '08-fatal-error'); await a.getByTestId('to-end').click();
  await loadScenario(b, '09-static-member-leaves'); await b.getByTestId('step-input').click();
  await a.waitForTimeout(700);
  await a.reload(); await a.getByTestId('state').waitFor();
  await expectText(a, 'scenario-title', 'A fatal error');
  await expectText(a, 'failure', 'GROUP_AUTHORIZATION_FAILED');
  await b.reload(); await b.getByTestId('state').waitFor();
  await expectText(b, 'scenario-title', 'A static member leaves with epoch -2');
  await expectText(b, 'position', /^Step 1 of 5/);
  await context.close();
});

test('a corrupted saved session gives a message and a working page', async () => {
  const { page, done } = await open(browser, server.url);
  await page.keyboard.press('s');
  await page.waitForTimeout(700);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('kip848:session:')) localStorage.setItem(key, 'v1.%%%corrupt');
  });
  await page.reload();
  await expectText(page, 'notice', /^Your saved session could not be read \(the link is damaged/);
  await page.keyboard.press('s');
  await expectText(page, 'state', 'JOINING');
  await done();
});

test('storage that refuses writes (full, private mode) gives one message and the page goes on', async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => { Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); }; });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.getByTestId('subscribe').click();
  await expectText(page, 'notice', /^Your session is not being saved: /);
  await page.getByTestId('answer').click();
  await page.getByTestId('step-input').click();
  await expectText(page, 'state', 'JOINED');
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad files are refused with one message and the session is kept', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '03-incremental-reassignment');
  await setRange(page, 'scrubber', 6);
  const before = await screen(page);
  const input = page.getByTestId('import-file');
  await input.setInputFiles(file('huge.json', Buffer.alloc(16 * 1024 * 1024 + 1, 32)));
  await expectText(page, 'notice', 'Could not import huge.json: it is 16777217 bytes, over the limit of 16777216 bytes. Your session is unchanged.');
  await input.setInputFiles(file('notes.txt', 'this is not JSON'));
  await expectText(page, 'notice', /^Could not import notes\.txt: not valid JSON/);
  await input.setInputFiles(file('extra.json', '{"format":"kip848-trace/1","steps":[{"at":0,"input":"tick","colour":"red"}]}'));
  await expectText(page, 'notice', /^Could not import extra\.json: step 0, field `colour`: unknown field `colour`/);
  await page.getByTestId('paste').evaluate((el) => { el.closest('details').open = true; });
  await page.getByTestId('paste').fill('{"format":"kip848-trace/1","steps":[{"at":5,"input":"tick"},{"at":1,"input":"tick"}]}');
  await clickUnderHistory(page, 'load-pasted');
  await expectText(page, 'notice', 'Could not import the pasted text: step 1, field `at`: 1 is before the previous step\'s 5. Your session is unchanged.');
  assert.deepEqual(await screen(page), before);
  await done();
});

test('an import from the session panel answers beside its button, where a phone reader is looking', async () => {
  const { page, done } = await open(browser, server.url, { viewport: { width: 375, height: 800 } });
  await instant(page);
  await loadScenario(page, '03-incremental-reassignment');
  const before = await screen(page);
  await page.getByTestId('paste').evaluate((el) => { el.closest('details').open = true; });
  await page.getByTestId('paste').fill('{"format":"kip848-trace/1","steps":[{"at":0,"input":"subscribe","topics":["orders"]},{"at":40,"input":"heartbeat_response","member_id":"m","member_epoch":1,"heartbeat_interval_ms":5000,"assignment":{"orders":[0,"one"]}}]}');
  await clickUnderHistory(page, 'load-pasted');
  const said = await expectText(page, 'notice', /^Could not import the pasted text: step 1, field `assignment\.orders\[1\]`: invalid type/);
  await expectText(page, 'session-outcome', said);
  const seen = async () => {
    const box = await page.getByTestId('session-outcome').boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 800;
  };
  assert.ok(await seen(), 'the answer is on the screen the reader pressed the button on');
  assert.deepEqual(await screen(page), before);
  // A picked file answers there too, once it has been read.
  await page.getByTestId('import-file').setInputFiles(file('first.json', await traceFile('first-join.json')));
  const imported = await expectText(page, 'notice', /^Imported \d+ steps from first\.json/);
  await expectText(page, 'session-outcome', imported);
  // The page's next message, or its clearing, from anywhere else takes the echo away.
  await loadScenario(page, '03-incremental-reassignment');
  await page.getByTestId('session-outcome').waitFor({ state: 'detached' });
  await done();
});

test('a trace whose inputs the member rejects still loads, with the rejections in the log', async () => {
  const { page, done } = await open(browser, server.url);
  await page.getByTestId('import-file').setInputFiles(file('rejected.json', await traceFile('rejected-inputs.json')));
  await expectText(page, 'notice', 'Imported 11 steps from rejected.json, 7 of them rejected by the member (see the log)');
  await seeLog(page);
  assert.equal(await page.locator('.log-row.rejected').count(), 7);
  assert.equal(await text(page, 'state'), 'TERMINATED');
  await done();
});

test('a trace of one step is counted as one', async () => {
  const { page, done } = await open(browser, server.url);
  const trace = JSON.parse(await traceFile('first-join.json'));
  trace.steps = trace.steps.slice(0, 1);
  await page.getByTestId('import-file').setInputFiles(file('one.json', JSON.stringify(trace)));
  await expectText(page, 'notice', 'Imported 1 step from one.json');
  await done();
});

test('a trace can be dropped on the page', async () => {
  const { page, done } = await open(browser, server.url);
  const body = await traceFile('first-join.json');
  await page.evaluate((body) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([body], 'dropped.json', { type: 'application/json' }));
    document.querySelector('main').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, body);
  await expectText(page, 'notice', 'Imported 7 steps from dropped.json');
  await done();
});

test('notes, topics and ids from a file are shown as text, never as HTML', async () => {
  const { page, done } = await open(browser, server.url);
  const hostile = JSON.stringify({
    format: 'kip848-trace/1', title: '<img src=x onerror=alert(1)>',
    steps: [
      { at: 0, input: 'subscribe', topics: ['<script>alert(1)</script>'], note: '<b onmouseover=alert(1)>note</b>' },
      { at: 1, input: 'heartbeat_response', member_id: '"><svg onload=alert(1)>', member_epoch: 1, heartbeat_interval_ms: 10, assignment: { '<i>t</i>': [0] } },
    ],
  });
  await page.getByTestId('import-file').setInputFiles(file('hostile.json', hostile));
  await expectText(page, 'member-id', '"><svg onload=alert(1)>');
  await setRange(page, 'scrubber', 1);
  await expectText(page, 'narration', '<b onmouseover=alert(1)>note</b>');
  assert.equal(await page.locator('main img, main svg[onload], main b[onmouseover], main script').count(), 0);
  await done();
});

test('the embed snippet renders in a 600×400 iframe, read-only, within its step range', async () => {
  const { page, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '04-fenced-while-joined');
  await setRange(page, 'scrubber', 5);
  await clickUnderHistory(page, 'embed');
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  assert.match(snippet, /^<iframe src="[^"]+\?embed=1&readonly=1&show=assigned,caption,lane,member,transport&step=5#v1\.[A-Za-z0-9_-]+" width="600" height="400"/);
  const host = await browser.newPage();
  const errors = [];
  host.on('pageerror', (e) => errors.push(e.message));
  await host.setContent(`<!doctype html><style>iframe { border: 0 }</style><body style="margin:0">${snippet}</body>`);
  const frame = host.frameLocator('iframe');
  await frame.getByTestId('state').waitFor();
  assert.equal(await frame.getByTestId('state').textContent(), 'JOINING');
  assert.equal(await frame.getByTestId('send').count(), 0, 'no console in read-only');
  assert.equal(await frame.getByTestId('log-step-0').count(), 0, 'the log is hidden');
  const box = await host.locator('iframe').boundingBox();
  assert.deepEqual([box.width, box.height], [600, 400]);
  await host.close();
  assert.deepEqual(errors, []);
  const ranged = await open(browser, `${server.url}?embed=1&scenario=03-incremental-reassignment&from=5&to=8&step=6`);
  await expectText(ranged.page, 'position', /^Step 6 of 10/);
  await ranged.page.getByTestId('to-end').click();
  await expectText(ranged.page, 'position', /^Step 8 of 10/);
  await ranged.page.getByTestId('to-start').click();
  await expectText(ranged.page, 'position', /^Step 5 of 10/);
  await ranged.done();
  await done();
});

test('a panic shows an overlay that keeps the session downloadable', async () => {
  const { page, errors, done } = await open(browser, server.url);
  await instant(page);
  await loadScenario(page, '02-steady-heartbeats');
  await page.getByTestId('to-end').click();
  await page.waitForTimeout(700);
  await page.evaluate(() => { try { window.wasmBindings.debug_panic(); } catch { /* the trap */ } });
  await page.getByTestId('crash').waitFor();
  const href = await page.getByTestId('crash-download').getAttribute('href');
  assert.match(href, /^blob:/);
  const report = await page.getByTestId('crash-report').inputValue();
  assert.match(report, /^kip848-viz \d+\.\d+\.\d+\nuser agent: .+\nerror: [\s\S]*debug_panic was called/);
  assert.match(report, /"title": "Steady heartbeats"/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crash-download').click()]);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(saved.steps.length, 9);
  // The panic itself is reported on the console; nothing else may be.
  const others = errors.filter((e) => !/debug_panic|unreachable|RuntimeError/.test(e));
  errors.length = 0;
  assert.deepEqual(others, []);
  await done();
});

test('a session too long for a link is offered as a file instead', async () => {
  const { page, done } = await open(browser, server.url);
  const json = execFileSync(coreBin('kip848-replay'), ['--workload', '3000'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  await page.getByTestId('import-file').setInputFiles(file('long.json', json));
  await expectText(page, 'notice', 'Imported 3000 steps from long.json');
  await clickUnderHistory(page, 'share');
  await expectText(page, 'notice', /^This session needs a \d+ KB link, longer than the 8 KB that links can safely carry: export it as a file instead\.$/);
  assert.equal(await page.getByTestId('share-link').count(), 0);
  await done();
});
