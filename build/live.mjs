// The book's live steps, painted before their code: for every live step of the built site
// (assets/book/embeds.json), the app page it opens is copied with a first-paint snapshot of that very
// step (tests/e2e/shell.mjs: the app's own render of it in headless Chromium, inert) as
// app/<page>.live-<hash of the address options>.html, and the chapter's iframe is pointed at it.
// A reader on a slow link sees every live step while the wasm (fetched once per page for all of a
// chapter's steps) is still on its way. `make site` runs it when Chromium and playwright-core are
// there; without them the live steps open the app pages themselves, as before.
//
//   node build/live.mjs --site DIR
import { readFile, writeFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startServer } from './serve.mjs';
import { liveAddress } from '../tests/site/check.mjs';
import { launch } from '../tests/e2e/harness.mjs';
import { take, withSnapshot } from '../tests/e2e/shell.mjs';
import { linkedPage } from './inline.mjs';

const args = process.argv.slice(2);
const site = resolve(args[args.indexOf('--site') + 1] ?? 'target/site');
const embeds = JSON.parse(await readFile(new URL('../assets/book/embeds.json', import.meta.url), 'utf8'));

// A live step paints once shell.js, the first thing in its body, has run; asked for only when the
// body is reached, it came last of what that paint needs, after the wasm had taken the line. Asked
// for with the stylesheets, the joining chapter's first live step was on screen at 1.73 s instead
// of 1.95 s on slow 4G (docs/performance.md). The app pages carry both inside themselves
// (build/inline.mjs); a live step links them again, for a chapter's frames to share.
function withScriptFirst(html) {
  const first = /\n(\s*)<link rel="stylesheet"/;
  if (!first.test(html)) throw new Error('a live step page with no stylesheet to ask for shell.js before');
  return html.replace(first, '\n$1<link rel="preload" href="shell.js" as="script">\n$1<link rel="stylesheet"');
}

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
      await writeFile(join(site, 'app', to.split('?')[0].split('/').pop()), withScriptFirst(linkedPage(withSnapshot(html, snapshot, query), join(site, 'app'))));
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
