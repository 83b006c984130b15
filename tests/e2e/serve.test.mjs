// `trunk serve`, as a Rust developer runs it: one development build that carries every view and
// routes by address (src/pages/mod.rs), with live reload working under the pages' policy
// (build/dev-reload.mjs). Each view opens as itself, with no error, and a change to a watched
// file reloads the open page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { launch, open, ROOT } from './harness.mjs';

let browser;
let trunk;
let url;
const log = [];

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
  });
}

/** Resolves once Trunk says a build is done (it serves only after its first build). */
function built(since) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`trunk serve built nothing in time:\n${log.slice(-20).join('')}`)), 480_000);
    const check = () => {
      if (log.slice(since).some((l) => l.includes('success'))) { clearTimeout(timer); resolve(); return true; }
      if (trunk.exitCode !== null) { clearTimeout(timer); reject(new Error(`trunk serve exited:\n${log.join('')}`)); return true; }
      return false;
    };
    if (check()) return;
    const onData = () => { if (check()) { trunk.stdout.off('data', onData); trunk.stderr.off('data', onData); } };
    trunk.stdout.on('data', onData);
    trunk.stderr.on('data', onData);
  });
}

before(async () => {
  const port = await freePort();
  trunk = spawn('trunk', ['serve', '--port', String(port)], { cwd: ROOT, env: { ...process.env, NO_COLOR: 'true' } });
  trunk.stdout.on('data', (d) => log.push(String(d)));
  trunk.stderr.on('data', (d) => log.push(String(d)));
  url = `http://127.0.0.1:${port}/`;
  await built(0);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  trunk?.kill('SIGTERM');
});

const VIEWS = [
  ['', 'state', 'the member view'],
  ['group.html', 'group-view', 'the group view'],
  ['review.html', 'review-view', 'the review view'],
  ['import.html', 'log-import-button', 'the member view with the log importer'],
  // The old address of the group view, which once never finished loading under trunk serve.
  ['?mode=group', 'group-view', 'the group view'],
];

for (const [path, ready, name] of VIEWS) {
  test(`trunk serve opens ${path || 'index.html'} as ${name}`, async () => {
    const { page, done } = await open(browser, `${url}${path}`, { ready });
    // Each address gets its own view, not the member page under another name.
    // (The member page hands a log over to the import page, which imports it itself.)
    const views = await page.evaluate(() => ['group-view', 'review-view', 'log-import-page', 'log-import-button']
      .filter((id) => document.querySelector(`[data-testid="${id}"]`)));
    const expected = {
      '': ['log-import-page', 'log-import-button'], 'group.html': ['group-view'], 'review.html': ['review-view'], 'import.html': ['log-import-button'],
      '?mode=group': ['group-view'],
    }[path];
    assert.deepEqual(views, expected);
    await done();
  });
}

test('trunk serve reloads the open page when a watched file changes', async () => {
  const { page, done } = await open(browser, `${url}group.html`, { ready: 'group-view' });
  // The live-reload client is connected: Trunk's socket is open from the page.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('trunk-reload.js')));
  await page.evaluate(() => { window.__before_reload = true; });
  const since = log.length;
  // Trunk rebuilds when a watched file's content changes (a touch is not enough): a probe file
  // written and taken away again (.gitignore names it).
  const probe = join(ROOT, 'assets/.reload-probe');
  writeFileSync(probe, String(Date.now()));
  try {
    await built(since);
  } finally {
    rmSync(probe, { force: true });
  }
  await page.waitForFunction(() => window.__before_reload === undefined, null, { timeout: 60_000 });
  await page.getByTestId('group-view').waitFor();
  await done();
});
