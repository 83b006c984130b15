// Debug your own rebalance: a consumer's log dropped on the page becomes a session on the shipped
// model — each step beside its log line, the inferred answers marked, the divergences flagged —
// and its share link opens it again. Expectations come from kip848-import on the same file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, open, expectText, text, ROOT } from './harness.mjs';

let server; let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const LOG = join(ROOT, 'core/tests/logs/v4.0-divergences.log');

function imported() {
  const run = spawnSync('cargo', ['run', '--quiet', '--locked', '--bin', 'kip848-import', '--', LOG], { cwd: ROOT, encoding: 'utf8' });
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
  assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).map((e) => e.name.split('/').pop()).join()), 'kip848-importer_bg.wasm');
  await expectText(page, 'position', new RegExp(`^Step 0 of ${trace.steps.length} `));
  assert.equal(await page.getByTestId('node-UNSUBSCRIBED').count(), 1, 'on the shipped model');
  // Each step beside its log line; the inferred ones marked.
  const notes = await page.locator('[data-testid="log-row"] .note').allTextContents();
  assert.deepEqual(notes, trace.steps.map((s) => s.note));
  assert.equal(await page.getByTestId('log-inferred').count(), inferred);
  // Where the model parts ways with the log: listed, and flagged in the log.
  assert.equal(await page.getByTestId('divergence').count(), divergences);
  assert.ok(await page.getByTestId('log-divergence').count() >= 1);
  await page.getByTestId('divergence').first().locator('button').click();
  const at = await text(page, 'position');
  // The imported session travels as a share link, like any other.
  await page.getByTestId('share').click();
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
  await expectText(page, 'notice', /^Could not import the log the pasted text: no KIP-848 consumer membership line/);
  assert.equal(await page.getByTestId('imported-log').count(), 0);
  await done();
});
