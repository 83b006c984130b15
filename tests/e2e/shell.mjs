// First-paint snapshots: a page's own first render for one address, taken in headless Chromium from
// the release build, made inert and stripped of test ids, written into a copy of the page's HTML, so
// a reader on a slow link sees the page while its wasm downloads. assets/shell.js shows it only to
// the visit it was taken for (<meta name="kip848-shell">: the address options, the body's classes
// then, the save a fresh visit would restore); the app removes it as it mounts.
//
// `node shell.mjs` (make build, when Chromium is installed): the member, group and review pages of
// dist/ for a fresh visit. build/live.mjs (make site): one page per live step of the book.
// Without Chromium the pages work as before, later.
import { readFile, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, launch, ROOT } from './harness.mjs';

const MARK = '<!-- first-paint snapshot -->';
const END = '<!-- end of the first-paint snapshot -->';

/** What each page waits for before it counts as rendered (its ready test id). */
export const READY = { 'index.html': 'state', 'group.html': 'group-view', 'review.html': 'review-view' };

/** The page open in `page`, as the app first rendered it: the body's markup and classes. */
export async function take(page) {
  // The first render is what is on screen once the app has mounted and its effects have run (no
  // playback has run: a live step opens on its step, not on its way there), every region built
  // (src/shell/first_screen.rs builds what lay below the first screen after it).
  await page.waitForFunction(() => performance.getEntriesByName('kip848-complete').length > 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true);
    // What the app set as properties (an input's value, a box checked, an option chosen) is not in
    // the markup: written as attributes, in the same document order on both sides.
    const live = document.body.querySelectorAll('input, select, textarea, option');
    copy.querySelectorAll('input, select, textarea, option').forEach((e, i) => {
      const from = live[i];
      if (from instanceof HTMLInputElement) {
        if (from.type === 'checkbox' || from.type === 'radio') from.checked ? e.setAttribute('checked', '') : e.removeAttribute('checked');
        else e.setAttribute('value', from.value);
      } else if (from instanceof HTMLTextAreaElement) e.textContent = from.value;
      else if (from instanceof HTMLOptionElement) from.selected ? e.setAttribute('selected', '') : e.removeAttribute('selected');
    });
    copy.querySelectorAll('script, noscript, #shell').forEach((e) => e.remove());
    // Comments (the page's marks, the framework's placeholders) say nothing on screen.
    const comments = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
    const gone = [];
    while (comments.nextNode()) gone.push(comments.currentNode);
    gone.forEach((c) => c.remove());
    // What `make bench` times the paint of (Element Timing): the member's state, else the caption.
    const state = copy.querySelector('[data-testid="state"]');
    if (state) state.setAttribute('elementtiming', 'member-state');
    else copy.querySelector('[data-testid="group-caption"], [data-testid="review-caption"], [data-testid="live"]')?.setAttribute('elementtiming', 'first-view');
    // Test ids stay the live app's: a test waiting for one waits for the app, not for this copy.
    for (const e of copy.querySelectorAll('[data-testid]')) e.removeAttribute('data-testid');
    // (The theme is not kept: it comes from the address, and assets/shell.js applies it.)
    return { body: copy.innerHTML, bodyClass: document.body.className };
  });
}

const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `html` (a page of the build) with `snapshot` as its first paint, true for address `options`. */
export function withSnapshot(html, snapshot, options) {
  if (!html.includes(MARK)) throw new Error(`the page has no ${MARK}`);
  const meta = /<meta name="kip848-shell" content="[^"]*"( data-save="[^"]*")?[^>]*>/;
  if (!meta.test(html)) throw new Error('the page has no <meta name="kip848-shell">');
  const tag = (m, save) => `<meta name="kip848-shell" content="${attr(options)}"${save ?? ''}`
    + `${snapshot.bodyClass ? ` data-body-class="${attr(snapshot.bodyClass)}"` : ''}>`;
  const shell = `<div id="shell" inert>${snapshot.body}</div>`;
  // Between the two marks: a snapshot from an earlier run is replaced, not kept.
  const [head, rest] = html.replace(meta, tag).split(MARK);
  const tail = rest.includes(END) ? rest.slice(rest.indexOf(END) + END.length) : rest;
  return `${head}${MARK}\n${shell}\n${END}${tail}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const server = await serve();
  const browser = await launch();
  try {
    for (const [file, ready] of Object.entries(READY)) {
      const path = join(ROOT, 'dist', file);
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await context.newPage();
      await page.goto(server.url + file);
      await page.getByTestId(ready).waitFor();
      const html = withSnapshot(await readFile(path, 'utf8'), await take(page), '');
      await writeFile(path, html);
      await context.close();
      console.log(`first-paint snapshot: ${file}, ${html.length} bytes`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
