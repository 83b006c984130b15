// Group mode with any member model, as a user meets it: the whole group switched to another
// client (the same schedule replayed), a member added with its own model, each card naming its
// model in its own states, the exported group trace keeping every member's model, and an address
// that opens a scenario on librdkafka members. What the cards show is compared with the core's
// frames (`kip848-replay --frames`) of the same trace.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, open, expectText, ROOT, replayLines } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

function lastFrame(trace) {
  const file = join(mkdtempSync(join(tmpdir(), 'kip848-gm-')), 'group.json');
  writeFileSync(file, JSON.stringify(trace));
  return replayLines(['--frames', file]).pop();
}

async function cards(page) {
  return page.getByTestId('member-card').evaluateAll((cs) => cs.map((c) => ({
    name: c.dataset.member,
    model: c.querySelector('[data-testid=member-model]').dataset.model,
    state: c.querySelector('[data-testid=member-state]').textContent.trim(),
  })));
}

test('a group of mixed clients: the group\'s model switched, a member with its own, the trace keeps both', async () => {
  const { page, done } = await open(browser, `${server.url}group.html?scenario=third-member-joins`, { ready: 'group-view' });
  await page.getByTestId('group-to-end').click();
  const end = (await page.getByTestId('group-position').textContent()).match(/^Step (\d+)/)[1];
  // The same schedule on Java-client members, back at the same step.
  await page.getByTestId('group-model').selectOption('kafka');
  await expectText(page, 'group-notice', /^Replayed \d+ steps with Java client members/);
  await expectText(page, 'group-position', new RegExp(`^Step ${end} of `));
  const java = await cards(page);
  assert.ok(java.length >= 3);
  assert.ok(java.every((c) => c.model === 'kafka'), JSON.stringify(java));
  assert.match(await page.getByTestId('vocabulary').textContent(), /Java client: JOINING, RECONCILING/);
  // Every card is what the core makes of the same trace on Java-client members.
  const scenario = JSON.parse(await readFile(join(ROOT, 'assets/group/third-member-joins.json'), 'utf8'));
  const frame = lastFrame({ ...scenario, config: { ...scenario.config, model: 'kafka' } });
  assert.deepEqual(java, frame.members.map((m) => ({ name: m.name, model: m.model, state: m.state })));
  // A librdkafka member joins the Java clients.
  await page.getByTestId('add-name').fill('R');
  await page.getByTestId('add-model').selectOption('librdkafka');
  await page.getByTestId('add-member').click();
  for (let i = 0; i < 30; i += 1) await page.getByTestId('group-next-event').click();
  await page.getByTestId('group-wait-10s').click();
  const r = page.locator('[data-testid=member-card][data-member=R]');
  assert.equal(await r.getByTestId('member-model').getAttribute('data-model'), 'librdkafka');
  assert.equal(await r.getByTestId('member-model').textContent(), 'librdkafka');
  assert.equal(await r.getByTestId('member-state').textContent(), 'steady');
  assert.ok(await r.getByTestId('member-assigned').locator('.chip:not(.empty)').count() > 0);
  assert.match(await r.getByTestId('card-member-id').textContent(), /^r\d+$/, 'librdkafka makes its own id');
  // The exported trace names the group's model and R's own.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('group-export').click()]);
  const trace = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(trace.config.model, 'kafka');
  const add = trace.steps.filter((s) => s.input === 'add_member');
  assert.deepEqual(add.filter((s) => s.model).map((s) => [s.name, s.model]), [['R', 'librdkafka']]);
  // Everything on screen at the end is the core's last frame of that trace.
  const last = lastFrame(trace);
  assert.deepEqual(await cards(page), last.members.map((m) => ({ name: m.name, model: m.model, state: m.state })));
  await done();
});

test('an address opens a group scenario on librdkafka members', async () => {
  const { page, done } = await open(browser, `${server.url}group.html?scenario=slow-revoker&model=librdkafka&step=4`, { ready: 'group-view' });
  await expectText(page, 'group-position', /^Step 4 of /);
  const shown = await cards(page);
  assert.ok(shown.length > 0 && shown.every((c) => c.model === 'librdkafka'), JSON.stringify(shown));
  assert.equal(await page.getByTestId('group-model').inputValue(), 'librdkafka');
  await done();
});
