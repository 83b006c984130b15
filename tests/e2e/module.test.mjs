// How each page's module reaches the browser (build/xz.mjs, assets/boot.js): a page near its
// host (this machine) loads the plain module; a page far from it preloads the module's xz copy and
// decodes it as it arrives; a copy that cannot be read gives way to the plain module. "Far" is a
// link with a round trip of 200 ms (DevTools' emulation, throughput unlimited).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, ROOT } from './harness.mjs';
import { decode } from '../../build/xz.mjs';

const PAGES = [['index.html', 'kip848-viz'], ['group.html', 'kip848-group'], ['review.html', 'kip848-review'], ['import.html', 'kip848-importer']];

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Opens `page` until its app is interactive, `latency` ms of round trip away; `route` sees the
 * context first. Resolves to how the module came (boot.js's mark), the files fetched, the console's
 * warnings and errors.
 */
async function load(page, { latency = 0, route = async () => {} } = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await route(context);
  const tab = await context.newPage();
  const said = { warning: [], error: [] };
  tab.on('console', (m) => said[m.type()]?.push(m.text()));
  tab.on('pageerror', (e) => said.error.push(e.message));
  const fetched = [];
  tab.on('request', (r) => fetched.push(new URL(r.url()).pathname.split('/').pop()));
  if (latency) {
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
  }
  await tab.goto(server.url + page);
  await tab.waitForFunction(() => performance.getEntriesByName('kip848-interactive').length > 0, null, { timeout: 30000 });
  const way = await tab.evaluate(() => performance.getEntriesByName('kip848-module').map((m) => m.detail));
  // How long the page's head took to arrive, as its chooser measured it (build/xz.mjs).
  const waited = Number(await tab.locator('link[rel="preload"][data-waited]').getAttribute('data-waited'));
  await context.close();
  return { way, waited, fetched, ...said };
}

test('near its host, each page loads its plain module and neither the xz copy nor its decoder', async () => {
  for (const [page, bin] of PAGES) {
    // A busy machine can parse a head late, and a page then rightly takes the copy: a few tries
    // for a load whose head came within the 100 ms, and every load as its wait says.
    let near = null;
    for (let tries = 0; tries < 4 && !near; tries += 1) {
      const one = await load(page);
      assert.deepEqual(one.error, [], page);
      assert.deepEqual(one.way, [one.waited < 100 ? 'plain' : 'xz'], `${page}, head after ${one.waited} ms`);
      if (one.waited < 100) near = one;
    }
    assert.ok(near, `${page}: no load with its head within 100 ms in four`);
    assert.ok(near.fetched.includes(`${bin}_bg.wasm`), `${page}: ${near.fetched}`);
    assert.deepEqual(near.fetched.filter((f) => f.endsWith('.xz') || f === 'xz.js'), [], page);
  }
});

test('far from its host, each page loads its module as the xz copy, decoded in the page, and never the plain module', async () => {
  for (const [page, bin] of PAGES) {
    const { way, waited, fetched, error } = await load(page, { latency: 200 });
    assert.ok(waited >= 100, `${page}: head after ${waited} ms`);
    assert.deepEqual(way, ['xz'], page);
    assert.ok(fetched.includes(`${bin}_bg.wasm.xz`) && fetched.includes('xz.js'), `${page}: ${fetched}`);
    assert.ok(!fetched.some((f) => f.endsWith('_bg.wasm')), `${page}: ${fetched}`);
    // The chooser in the head ran under the page's policy (a blocked script is a console error).
    assert.deepEqual(error, [], page);
  }
});

test('a copy that cannot be read gives way to the plain module, with a warning and the page working', async () => {
  const garbled = async (context) => context.route('**/*_bg.wasm.xz', (route) => route.fulfill({ body: Buffer.from('not an xz stream') }));
  const { way, fetched, warning, error } = await load('index.html', { latency: 200, route: garbled });
  assert.deepEqual(way, ['xz', 'plain-xz-failed']);
  assert.ok(fetched.includes('kip848-viz_bg.wasm'), String(fetched));
  assert.ok(warning.some((w) => w.includes('xz copy of the module could not be read')), String(warning));
  assert.deepEqual(error, []);

  const missing = async (context) => context.route('**/*_bg.wasm.xz', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const gone = await load('group.html', { latency: 200, route: missing });
  assert.deepEqual(gone.way, ['plain-xz-failed']);
  // Chromium reports the failed fetch itself; nothing else.
  assert.deepEqual(gone.error.filter((e) => !e.includes('status of 404')), []);
});

test('every shipped copy decodes to its module, byte for byte (a copy left from an older build would not)', async () => {
  for (const [, bin] of PAGES) {
    const wasm = await readFile(join(ROOT, 'dist', `${bin}_bg.wasm`));
    const xz = await readFile(join(ROOT, 'dist', `${bin}_bg.wasm.xz`));
    assert.ok(xz.length < wasm.length / 3, `${bin}: ${xz.length} of ${wasm.length}`);
    assert.ok((await decode(xz)).equals(wasm), bin);
  }
});
