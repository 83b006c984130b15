// The book's live steps, painted before their code: for every live step of the built site
// (assets/book/embeds.json), the app page it opens is copied with a first-paint snapshot of that very
// step (tests/e2e/shell.mjs: the app's own render of it in headless Chromium, inert) as
// app/<page>.live-<hash of the address options>.html, and the chapter's iframe is pointed at it.
// A reader on a slow link sees every live step while the wasm (fetched once per page for all of a
// chapter's steps) is still on its way. `make site` runs it when Chromium and playwright-core are
// there; without them the live steps open the app pages themselves, as before.
//
//   node tests/site/live.mjs --site DIR
import { readFile, writeFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startServer } from './serve.mjs';
import { liveAddress } from './check.mjs';
import { launch } from '../e2e/harness.mjs';
import { take, withSnapshot } from '../e2e/shell.mjs';

const args = process.argv.slice(2);
const site = resolve(args[args.indexOf('--site') + 1] ?? 'target/site');
const embeds = JSON.parse(await readFile(new URL('../../assets/book/embeds.json', import.meta.url), 'utf8'));

const server = await startServer({ root: site, prefix: '/book/', port: 0 });
const base = `http://127.0.0.1:${server.address().port}/book/`;
const browser = await launch();
const renamed = new Map();
try {
  for (const embed of embeds) {
    // `src` is relative to a chapter: ../app/<page>?<options>
    const at = embed.src.indexOf('?');
    const query = at < 0 ? '' : embed.src.slice(at);
    const page = embed.src.slice(0, at < 0 ? undefined : at).split('/').pop();
    const to = liveAddress(embed.src);
    if (!renamed.has(embed.src)) {
      const context = await browser.newContext({ viewport: { width: 750, height: 560 } });
      const tab = await context.newPage();
      const errors = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await tab.goto(`${base}app/${page}${query}`);
      // Mounted (a live step may show neither the state nor the caption): the app's own mark.
      await tab.waitForFunction(() => performance.getEntriesByName('kip848-interactive').length > 0);
      const snapshot = await take(tab);
      await context.close();
      if (errors.length) throw new Error(`${embed.src}: ${errors.join('; ')}`);
      const html = await readFile(join(site, 'app', page), 'utf8');
      await writeFile(join(site, 'app', to.split('?')[0].split('/').pop()), withSnapshot(html, snapshot, query));
      renamed.set(embed.src, to);
    }
  }
  // Every chapter's iframes (their src written with &amp;) open the snapshot pages; a live step
  // whose address is written otherwise would quietly keep the plain page, so none may be missed.
  const escape = (s) => s.replace(/&/g, '&amp;');
  const dir = join(site, 'chapters');
  const found = new Set();
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.html'))) {
    let html = await readFile(join(dir, name), 'utf8');
    for (const [from, to] of renamed) {
      const parts = html.split(`src="${escape(from)}"`);
      if (parts.length > 1) found.add(from);
      html = parts.join(`src="${escape(to)}"`);
    }
    await writeFile(join(dir, name), html);
  }
  const missed = [...renamed.keys()].filter((src) => !found.has(src));
  if (missed.length) throw new Error(`live steps not found in any chapter as src="…": ${missed.join(', ')}`);
  console.log(`live steps: ${renamed.size} first-paint snapshots under ${join(site, 'app')}`);
} finally {
  await browser.close();
  server.close();
}
