// Writes the member page's first-paint snapshot into dist/index.html: the app's own first render of
// a fresh visit (no address options, no save), taken in headless Chromium from the release build,
// made inert and stripped of test ids, so a reader on a slow link sees the member's state
// while the wasm downloads. assets/shell.js hides it before the first paint for any visit it would
// misrepresent (an address with options, a save to restore); the app removes it as it mounts.
// `make build` runs it when Chromium is installed; without, the page works as before, later.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, ROOT } from './harness.mjs';

const file = join(ROOT, 'dist', 'index.html');
const html = await readFile(file, 'utf8');
const MARK = '<!-- first-paint snapshot -->';
const END = '<!-- end of the first-paint snapshot -->';
if (!html.includes(MARK)) throw new Error(`${file} has no ${MARK}`);
const server = await serve();
const browser = await launch();
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await page.goto(server.url);
  await page.getByTestId('state').waitFor();
  // The first render is what is on screen when the app has mounted (no playback has run).
  const body = await page.evaluate(() => {
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
    // The member's state: `make bench` times its paint (Element Timing).
    copy.querySelector('[data-testid="state"]')?.setAttribute('elementtiming', 'member-state');
    // Test ids stay the live app's: a test waiting for one waits for the app, not for this copy.
    for (const e of copy.querySelectorAll('[data-testid]')) e.removeAttribute('data-testid');
    return copy.innerHTML;
  });
  const shell = `<div id="shell" inert>${body}</div>`;
  // Between the two marks: a snapshot from an earlier run is replaced, not kept.
  const [head, rest] = html.split(MARK);
  const tail = rest.includes(END) ? rest.slice(rest.indexOf(END) + END.length) : rest;
  await writeFile(file, `${head}${MARK}\n${shell}\n${END}${tail}`);
  console.log(`first-paint snapshot: ${shell.length} bytes into ${file}`);
} finally {
  await browser.close();
  await server.close();
}
