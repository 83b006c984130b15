// The book's live steps, painted before their code: for every live step of the built site
// (assets/book/embeds.json), the app page it opens is copied with a first-paint snapshot of that very
// step (tests/e2e/shell.mjs: the app's own render of it in headless Chromium, inert) as
// app/<page>.live-<hash of the address options>.html, and the chapter's iframe is pointed at it.
// A reader on a slow link sees every live step while its wasm is still on its way; a step starts
// its app only when it nears the reader's screen (assets/book/live-step.js), and a chapter's steps
// of one view share one download of their module. `make site` runs it when Chromium and
// playwright-core are there; without them the live steps open the app pages themselves, as before.
//
//   node build/live.mjs --site DIR
import { readFile, writeFile, readdir } from 'node:fs/promises';
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer } from './serve.mjs';
import { liveAddress } from '../tests/site/check.mjs';
import { launch } from '../tests/e2e/harness.mjs';
import { take, withSnapshot } from '../tests/e2e/shell.mjs';
import { cspHash, linkedPage } from './inline.mjs';

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

// A live step starts its app only once the step is near the reader's screen
// (assets/book/live-step.js, which goes inside the page where the head chose its module,
// build/xz.mjs). Started with the page, a chapter's steps shared the slow link and the one main
// thread with the step the reader was looking at: on slow 4G the joining chapter's first step was
// interactive at 4.8 to 5.9 s, its neighbour's module downloading beside its own
// (docs/performance.md, "The book's live steps, started near the screen").
// Its snapshot still paints with the page. Every step takes the module's xz copy, not the copy the
// head would choose by how long the page took to arrive: a chapter's steps then ask for one address,
// which the browser's cache downloads once for all of them (two steps choosing differently had
// downloaded the module twice, once each way), and a frame's own arrival says little about the link
// (an iframe's page is not throttled by the DevTools' emulation, for one). On a fast link the copy's
// decoding costs about a tenth of a second, behind a snapshot already on screen.
// Inside the page, not a file of its own: a file would cost a round trip before the module's.
const CHOOSER = /\n(\s*)<script>(\{\s*\/\/ Which module to preload[\s\S]*?)<\/script>/;
const GLUE = /\n\s*<!--[^>]*-->\n\s*<link rel="modulepreload" href="[\w-]+\.js">/;
const BOOT = /\n\s*<script type="module" async src="boot\.js"><\/script>/;
const START = readFileSync(new URL('../assets/book/live-step.js', import.meta.url), 'utf8').trim();

// Every live step, of either view, runs the live steps' own module (`kip848-live`, the `live`
// build: src/bin/live.rs), not its page's: embedded and read-only, it leaves out what no live step
// shows (links, saves, the quiz, the console, the importer), and one module serves a chapter's
// member and group steps alike, so that a chapter downloads one. Its snapshot is still the full
// page's render, which the site's test compares with the running step.
const LIVE_MODULE = 'kip848-live';
const PAGE_MODULE = /<meta name="kip848-module" content="(kip848-viz|kip848-group)">/;
function runningTheLiveModule(html) {
  if (!PAGE_MODULE.test(html)) throw new Error('a live step page that names neither the member nor the group module');
  return html.replace(PAGE_MODULE, `<meta name="kip848-module" content="${LIVE_MODULE}">`);
}
function startedWhenNear(html) {
  const chooser = html.match(CHOOSER);
  if (!chooser || !GLUE.test(html) || !BOOT.test(html)) throw new Error('a live step page without the module choice, the glue preload or boot.js to take out');
  if (START.includes('</script')) throw new Error('live-step.js cannot be inlined: it holds </script');
  return html
    .replace(chooser[0], () => `\n${chooser[1]}<script>${START}</script>`)
    .replace(cspHash(chooser[2]), cspHash(START))
    .replace(GLUE, '')
    .replace(BOOT, '');
}

const missing = [`${LIVE_MODULE}.js`, `${LIVE_MODULE}_bg.wasm.xz`].filter((file) => !existsSync(join(site, 'app', file)));
if (missing.length) throw new Error(`the live steps' module is not in the site: ${missing.join(', ')} under app/ (make build)`);
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
    // The live module is always embedded and read-only, with no quiz, lesson or presenter mode
    // (src/shell/embed.rs): a step asking otherwise would not show what its snapshot shows.
    const options = new URLSearchParams(query);
    if (options.get('embed') !== '1' || options.get('readonly') !== '1' || ['quiz', 'lesson', 'present'].some((o) => options.has(o))) {
      throw new Error(`${embed.src}: a live step is embed=1&readonly=1, with no quiz, lesson or presenter mode (the live module's options)`);
    }
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
      await writeFile(join(site, 'app', to.split('?')[0].split('/').pop()), runningTheLiveModule(startedWhenNear(withScriptFirst(linkedPage(withSnapshot(html, snapshot, query), join(site, 'app'))))));
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
