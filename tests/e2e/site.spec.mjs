// The built site (`make site`): the book under a sub-path with the app under app/. Every page loads
// without an error and without sideways overflow; every live step shows what the replay gives at
// its step (assets/book/embeds.json, written from kip848-replay --frames); links resolve; no outside
// resource; embeds on one page are independent of each other and of an app tab; a read-only embed
// cannot be reset; presenter keys step one effect; axe finds nothing on the book's pages.
// Over 300 lines: one built site served once for all its checks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, ROOT, setText, snapshotShown } from './harness.mjs';
import { startServer } from '../../build/serve.mjs';
import { liveAddress } from '../site/check.mjs';

// KIP848_SITE checks another built site (an older one, to see a new test fail on it first).
const SITE = process.env.KIP848_SITE ?? join(ROOT, 'target/site');
const PREFIX = '/docs/kip848-book/';
let server; let browser; let base;

before(async () => {
  server = await startServer({ root: SITE, prefix: PREFIX, port: 0 });
  base = `http://127.0.0.1:${server.address().port}${PREFIX}`;
  browser = await launch();
});
after(async () => { await browser?.close(); await new Promise((r) => server?.close(r)); });

/** Every HTML page of the book (not the app), relative to the site. */
async function pages(dir = SITE) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'app') out.push(...await pages(path));
    // toc.html is mdBook's sidebar for readers without scripts, loaded inside another page.
    else if (entry.name.endsWith('.html') && !['print.html', 'toc.html'].includes(entry.name)) out.push(relative(SITE, path));
  }
  return out.sort();
}

async function openPage(url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const outside = [];
  page.on('request', (r) => { if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url()); });
  await page.goto(url);
  return { page, context, errors, outside };
}

test('every page loads with no error, no outside request, and no sideways overflow at 375 and 1400 px', async () => {
  const all = await pages();
  assert.ok(all.length >= 10, `${all.length} pages`);
  for (const width of [375, 1400]) {
    for (const path of all) {
      const { page, context, errors, outside } = await openPage(base + path, { viewport: { width, height: 900 } });
      await page.waitForLoadState('load');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} at ${width}px overflows by ${overflow}px`);
      // Nor does any table scroll sideways inside its box: on a phone its rows reflow.
      const wide = await page.locator('.content table').evaluateAll((tables) => tables
        .filter((t) => t.scrollWidth > t.parentElement.clientWidth + 1)
        .map((t) => `${t.querySelector('th, td')?.textContent.trim().slice(0, 30)}: ${t.scrollWidth} > ${t.parentElement.clientWidth}`));
      assert.deepEqual(wide, [], `${path} at ${width}px: tables wider than their box`);
      await context.close();
      assert.deepEqual(errors, [], `${path}: errors`);
      assert.deepEqual(outside, [], `${path}: outside requests`);
    }
  }
});

test('every live step shows the state the replay gives at its step, legibly on a phone too', async () => {
  const embeds = JSON.parse(await readFile(join(ROOT, 'assets/book/embeds.json'), 'utf8'));
  const byChapter = new Map();
  for (const e of embeds) byChapter.set(e.chapter, [...(byChapter.get(e.chapter) ?? []), e]);
  for (const [chapter, steps, width] of [...byChapter].flatMap(([c, s]) => [[c, s, 1400], [c, s, 375]])) {
    const url = base + chapter.replace(/\.md$/, '.html');
    const { page, context, errors } = await openPage(url, { viewport: { width, height: 900 } });
    for (const e of steps) {
      // Live steps load lazily: bring each into view first, as a reader scrolling would.
      await page.locator(`iframe[title="${e.title}"]`).scrollIntoViewIfNeeded();
      const frame = page.frameLocator(`iframe[title="${e.title}"]`);
      const where = `${chapter} at ${width} px: ${e.title}`;
      // What the caption names is in the frame's visible box, with nothing over it and nothing to
      // scroll inside the frame to reach it.
      const named = frame.locator(e.shows).first();
      await named.waitFor({ state: 'attached' });
      const seen = await named.evaluate((el) => {
        const b = el.getBoundingClientRect();
        // All of its height, and its width as far as the frame shows it (a chart's row runs on
        // past a phone's frame, which keeps "now" in view); probed in the middle of what shows.
        const [l, r] = [Math.max(b.left, 0), Math.min(b.right, innerWidth)];
        const top = document.elementFromPoint((l + r) / 2, Math.min(Math.max(b.top + Math.min(b.height / 2, 10), 0), innerHeight - 1));
        return { inside: b.width > 0 && b.top >= 0 && b.bottom <= innerHeight + 1 && r - l >= Math.min(b.width, 24), unhidden: !!top && (el === top || el.contains(top) || top.contains(el)), box: [Math.round(b.top), Math.round(b.bottom), innerHeight, Math.round(l), Math.round(r)] };
      });
      assert.ok(seen.inside && seen.unhidden, `${where}: ${e.shows} is not on screen in the frame (${JSON.stringify(seen)})`);
      if (e.mode === 'group') {
        await frame.getByTestId('group-view').waitFor();
        assert.equal((await frame.getByTestId('group-caption').textContent()).trim(), e.expect.caption, where);
        for (const m of e.expect.members ?? []) {
          const card = frame.locator(`[data-testid="member-card"][data-member="${m.name}"]`);
          if (await card.count() === 0) continue; // the members panel is not shown in this step
          assert.equal((await card.getByTestId('member-state').textContent()).trim(), m.state, `${where}: ${m.name}`);
        }
      } else {
        await frame.getByTestId('live').waitFor();
        assert.equal((await frame.getByTestId('live').textContent()).trim(), e.expect.caption, where);
        if (await frame.getByTestId('state').count()) {
          assert.equal((await frame.getByTestId('state').textContent()).trim(), e.expect.state, where);
          // Legible: every fact's value has room, and the state reads on one line.
          const narrowest = await frame.locator('.facts dd').evaluateAll((dds) => Math.min(...dds.map((d) => d.getBoundingClientRect().width)));
          assert.ok(narrowest >= 48, `${where}: a fact's value is ${narrowest} px wide`);
          const lines = await frame.getByTestId('state').evaluate((el) => { const r = document.createRange(); r.selectNodeContents(el); return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size; });
          assert.equal(lines, 1, `${where}: the state on ${lines} lines`);
          assert.equal((await frame.getByTestId('member-epoch').textContent()).trim(), String(e.expect.member_epoch), where);
        }
        if (await frame.getByTestId('assigned').count()) {
          assert.equal((await frame.getByTestId('assigned').textContent()).trim(), setText(e.expect.assigned), where);
        }
      }
    }
    await context.close();
    assert.deepEqual(errors, [], `${chapter}: errors`);
  }
});

test("every live step paints its own step before its code arrives: the app's words, in its place", async () => {
  const embeds = JSON.parse(await readFile(join(ROOT, 'assets/book/embeds.json'), 'utf8'));
  const size = { viewport: { width: 750, height: 560 } };
  const held = await browser.newContext(size);
  await held.route('**/*_bg.wasm*', (route) => route.abort());
  const live = await browser.newContext(size);
  const settled = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  for (const e of embeds) {
    const chapter = await readFile(join(SITE, e.chapter.replace(/\.md$/, '.html')), 'utf8');
    // The chapter's iframe opens the step's own page (named after its address options).
    const src = liveAddress(e.src);
    const where = `${e.chapter}: ${e.title}`;
    assert.ok(chapter.includes(` src="${src.replace(/&/g, '&amp;')}"`), `${where}: opens ${src}`);
    const url = new URL(src, base + e.chapter.replace(/\.md$/, '.html')).href;
    const copy = await held.newPage();
    await copy.goto(url);
    await snapshotShown(copy);
    const snapshot = await copy.locator('#shell').evaluate((s) => s.innerText);
    await copy.close();
    // The replay's caption for this step is in it (the core's words, not a copy of the page).
    assert.ok(snapshot.includes(e.expect.caption), `${where}: ${e.expect.caption}`);
    const app = await live.newPage();
    await app.goto(url);
    await app.waitForFunction(() => performance.getEntriesByName('kip848-complete').length > 0);
    await settled(app);
    assert.equal(await app.locator('#shell').count(), 0, where);
    assert.equal(await app.evaluate(() => document.body.innerText), snapshot, where);
    // A live step links the stylesheets the app pages carry inside themselves, so that a chapter's
    // frames share them (build/inline.mjs): all applied, none inline.
    assert.deepEqual(await app.evaluate(() => [...document.styleSheets].map((s) => [s.href?.split('/').pop() ?? 'inline', s.cssRules.length > 0])),
      [['main.css', true], ['views.css', true], ['group.css', true]], where);
    await app.close();
  }
  // A reader who picked a book theme gets the step with theme=light|dark (theme/site.js): the same
  // snapshot, in that theme.
  const first = embeds[0];
  const themed = new URL(liveAddress(first.src).replace('theme=auto', 'theme=dark'), base + first.chapter.replace(/\.md$/, '.html')).href;
  const copy = await held.newPage();
  await copy.goto(themed);
  await snapshotShown(copy);
  assert.equal(await copy.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark');
  await copy.close();
  await held.close();
  await live.close();
});

test("a live step runs the live steps' module, moves with the reader's keys inside its range, and lists only the keys that act there", async () => {
  const embeds = JSON.parse(await readFile(join(ROOT, 'assets/book/embeds.json'), 'utf8'));
  // One step of each view with room after it in its range.
  for (const mode of ['member', 'group']) {
    const e = embeds.find((x) => x.mode === mode && x.step < Number(new URLSearchParams(x.src.split('?')[1]).get('to')));
    const url = new URL(liveAddress(e.src), base + e.chapter.replace(/\.md$/, '.html')).href;
    const { page, context, errors } = await openPage(url, { viewport: { width: 750, height: 560 } });
    const where = `${e.title}`;
    await page.waitForFunction(() => performance.getEntriesByName('kip848-interactive').length > 0);
    assert.equal(await page.evaluate(() => document.querySelector('meta[name="kip848-module"]').content), 'kip848-live', where);
    const caption = mode === 'group' ? page.getByTestId('group-caption') : page.getByTestId('live');
    const text = async () => (await caption.textContent()).trim();
    assert.equal(await text(), e.expect.caption, where);
    // A step forward and back by the keys (a step is an input: Shift on the member view).
    const [forward, back] = mode === 'group' ? ['ArrowRight', 'ArrowLeft'] : ['Shift+ArrowRight', 'Shift+ArrowLeft'];
    await page.locator('body').press(forward);
    await page.waitForFunction(([id, was]) => document.querySelector(`[data-testid="${id}"]`)?.textContent.trim() !== was, [mode === 'group' ? 'group-caption' : 'live', e.expect.caption]);
    await page.locator('body').press(back);
    await page.waitForFunction(([id, was]) => document.querySelector(`[data-testid="${id}"]`)?.textContent.trim() === was, [mode === 'group' ? 'group-caption' : 'live', e.expect.caption]);
    // The help lists what acts in a read-only step: no key that changes the session, no glossary.
    await page.locator('body').press('?');
    await page.getByTestId('help').waitFor();
    const keys = await page.getByTestId('help').locator('kbd').allTextContents();
    assert.ok(keys.includes('→') && keys.includes('?'), `${where}: ${keys}`);
    for (const refused of ['Shift+Enter', 'l', 'n', 'p', 'w']) assert.ok(!keys.includes(refused), `${where}: the help lists ${refused} (${keys})`);
    await context.close();
    assert.deepEqual(errors, [], `${where}: errors`);
  }
});

// In every frame of a chapter, before its page runs: a live step's page records, as it asks for
// its app (a module, its glue or boot.js: an element that names one, added by the parser or by a
// script), where its frame stood against the chapter's screen at that moment.
const WATCH_ASKS = () => {
  if (window === top || !/\.live-[0-9a-f]+\.html$/.test(location.pathname)) return;
  new MutationObserver((records) => {
    for (const node of records.flatMap((r) => [...r.addedNodes])) {
      const url = node.nodeType === 1 ? node.getAttribute('href') ?? node.getAttribute('src') : null;
      if (!url || !/(^|\/)(kip848-[\w-]+(_bg\.wasm(\.xz)?|\.js)|boot\.js)$/.test(url)) continue;
      const box = frameElement.getBoundingClientRect();
      (top.kip848Asks ??= []).push({ title: frameElement.title, page: location.pathname, url, top: Math.round(box.top), bottom: Math.round(box.bottom), screen: top.innerHeight });
    }
  }).observe(document, { childList: true, subtree: true });
};

test("a chapter's live steps start their app only near the screen, and no file of it comes twice", async () => {
  const embeds = JSON.parse(await readFile(join(ROOT, 'assets/book/embeds.json'), 'utf8'));
  // The chapter with the most live steps (both views among them), on a phone: the most screens.
  const counts = new Map();
  for (const e of embeds) counts.set(e.chapter, (counts.get(e.chapter) ?? 0) + 1);
  const [chapter] = [...counts].sort((a, b) => b[1] - a[1])[0];
  const steps = embeds.filter((e) => e.chapter === chapter);
  assert.ok(new Set(steps.map((e) => e.mode)).size === 2, `${chapter}: both views`);
  // What crossed the network, as the server saw it: a module counts once whichever copy came.
  const downloads = [];
  const served = (req) => downloads.push(decodeURIComponent(new URL(req.url, 'http://x').pathname).slice(PREFIX.length).replace(/\.xz$/, ''));
  server.on('request', served);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  await context.addInitScript(WATCH_ASKS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Every request a step's frame made for a module or glue (served from the cache or not).
  const framesAsking = new Set();
  page.on('request', (r) => { if (/\/app\/kip848-[\w-]+(_bg\.wasm(\.xz)?|\.js)$/.test(r.url()) && r.frame() !== page.mainFrame()) framesAsking.add(new URL(r.frame().url()).pathname); });
  try {
    await page.goto(base + chapter.replace(/\.md$/, '.html'));
    await page.waitForLoadState('load');
    // A reader reading down: each step, brought into view, becomes interactive.
    const ways = [];
    for (const e of steps) {
      await page.locator(`iframe[title="${e.title}"]`).scrollIntoViewIfNeeded();
      const frame = await (await page.locator(`iframe[title="${e.title}"]`).elementHandle()).contentFrame();
      await frame.waitForFunction(() => performance.getEntriesByName('kip848-interactive').length > 0);
      ways.push(await frame.evaluate(() => performance.getEntriesByName('kip848-module').map((m) => m.detail).join()));
    }
    // One step decoded and compiled the module; every other took it from the chapter (boot.js).
    assert.deepEqual(ways.toSorted(), [...steps.slice(1).map(() => 'shared'), 'xz'], `${chapter}: how each step got its module`);
    const asks = await page.evaluate(() => window.kip848Asks ?? []);
    // Near: within one screen above or below it (assets/book/live-step.js).
    const far = asks.filter((a) => a.bottom < -a.screen || a.top > 2 * a.screen);
    assert.deepEqual(far, [], `${chapter}: live steps that asked for their app while more than a screen away`);
    assert.deepEqual(new Set(asks.map((a) => a.title)), new Set(steps.map((e) => e.title)), `${chapter}: every step asked for its app, near`);
    // A step that fetched its module some way the watch does not see is not let through.
    const unseen = [...framesAsking].filter((p) => !asks.some((a) => a.page === p));
    assert.deepEqual(unseen, [], `${chapter}: frames that asked for a module without being seen asking`);
    const twice = [...new Set(downloads.filter((d, i) => downloads.indexOf(d) !== i))];
    assert.deepEqual(twice, [], `${chapter}: downloaded more than once`);
    // One module for both views' steps (build/live.mjs): the live steps' own, and no page's.
    const modules = downloads.filter((d) => d.endsWith('_bg.wasm'));
    assert.deepEqual(modules, ['app/kip848-live_bg.wasm'], `${chapter}: the modules that came`);
    assert.deepEqual(errors, [], `${chapter}: errors`);
  } finally {
    server.off('request', served);
    await context.close();
  }
});

test('no dead internal link and no outside resource in any built file (the site check)', async () => {
  const replay = join(ROOT, 'target/debug/kip848-replay');
  // Exits non-zero, naming each problem, on a dead relative link or an outside resource.
  execFileSync('node', [join(ROOT, 'tests/site/check.mjs'), '--site', SITE, '--replay', replay], { cwd: ROOT, stdio: 'pipe' });
  // And a crawl of the served site: every link of every page answers.
  const { page, context } = await openPage(base);
  const seen = new Set();
  const queue = [base];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await page.goto(url);
    assert.equal(response.status(), 200, url);
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html') || url.includes('/app/')) continue;
    const links = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.href));
    for (const link of links) {
      const clean = link.split('#')[0];
      if (clean.startsWith(base) && !seen.has(clean)) queue.push(clean);
    }
  }
  assert.ok(seen.size >= 10, `crawled ${seen.size} pages`);
  await context.close();
});

test('four embeds on one page are independent of each other and of an open app tab', async () => {
  const app = `${base}app/index.html`;
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  // An app tab with a session of its own.
  const tab = await context.newPage();
  await tab.goto(`${app}?scenario=02-steady-heartbeats`);
  await tab.getByTestId('state').waitFor();
  await tab.keyboard.press('End');
  await tab.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('kip848:session:')));
  const saved = await tab.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  const ids = ['01-first-join', '03-incremental-reassignment', '05-fenced-mid-revocation', '09-static-member-leaves'];
  const host = await context.newPage();
  await host.goto(`${base}index.html`);
  await host.evaluate(({ app, ids }) => {
    document.body.innerHTML = ids.map((id) => `<iframe title="${id}" width="600" height="400" src="${app}?embed=1&scenario=${id}&step=2&show=caption,member,assigned,lane,transport"></iframe>`).join('');
  }, { app, ids });
  const positions = async () => Promise.all(ids.map(async (id) => (await host.frameLocator(`iframe[title="${id}"]`).getByTestId('position').textContent()).trim()));
  for (const id of ids) await host.frameLocator(`iframe[title="${id}"]`).getByTestId('state').waitFor();
  const before = await positions();
  await host.frameLocator('iframe[title="03-incremental-reassignment"]').getByTestId('step-input').click();
  const after = await positions();
  assert.notEqual(after[1], before[1], 'the stepped embed moved');
  assert.deepEqual([after[0], after[2], after[3]], [before[0], before[2], before[3]], 'the others did not');
  const still = await tab.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  assert.equal(still, saved, 'embeds never write the autosave');
  await context.close();
});

test('a read-only embed cannot be reset or emptied', async () => {
  const { page, context, errors } = await openPage(`${base}app/index.html?embed=1&readonly=1&scenario=05-fenced-mid-revocation&step=6`);
  await page.getByTestId('state').waitFor();
  for (const id of ['load-scenario', 'guided-play', 'new-session', 'mode-member', 'send', 'subscribe', 'cfg-apply', 'start-walkthrough']) {
    assert.equal(await page.getByTestId(id).count(), 0, `${id} is not offered`);
  }
  const position = (await page.getByTestId('position').textContent()).trim();
  for (const key of ['s', 'c', 'a', 'n', 'o', 'w']) await page.keyboard.press(key);
  assert.equal((await page.getByTestId('position').textContent()).trim(), position, 'keys that change the session do nothing');
  await context.close();
  assert.deepEqual(errors, []);
  // The group view's read-only embed: no member to add, no lever on a member.
  const group = await openPage(`${base}app/group.html?embed=1&readonly=1&scenario=third-member-joins&step=16&show=caption,chart,members,transport`);
  await group.page.getByTestId('group-view').waitFor();
  assert.ok(await group.page.getByTestId('member-card').count() > 0);
  for (const id of ['add-member', 'member-complete', 'member-kill', 'member-inject']) {
    assert.equal(await group.page.getByTestId(id).count(), 0, `group: ${id} is not offered`);
  }
  await group.context.close();
  assert.deepEqual(group.errors, []);
});

test('presenter keys step one effect each, and b blanks the screen', async () => {
  const { page, context, errors } = await openPage(`${base}app/index.html?scenario=05-fenced-mid-revocation&present=1&step=8`);
  await page.getByTestId('speaker-note').waitFor();
  const at = async () => (await page.getByTestId('position').textContent()).trim().match(/^Step (\d+) of \d+(?: · effect (\d+) of \d+)?/).slice(1).join('/');
  assert.equal(await at(), '8/1');
  await page.keyboard.press('PageDown');
  assert.equal(await at(), '9/1');
  await page.keyboard.press('.');
  assert.equal(await at(), '9/2');
  await page.keyboard.press('Space');
  assert.equal(await at(), '9/3');
  await page.keyboard.press('PageUp');
  assert.equal(await at(), '9/2');
  await page.keyboard.press('b');
  await page.getByTestId('blank').waitFor();
  await page.keyboard.press('b');
  assert.equal(await page.getByTestId('blank').count(), 0);
  // The slide list is the scenario's notes.
  assert.equal(await page.getByTestId('slides').locator('li').count(), 8);
  await context.close();
  assert.deepEqual(errors, []);
});

test('axe-core finds no violation on the book pages', async () => {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const path of await pages()) {
    const { page, context } = await openPage(base + path);
    await page.addScriptTag({ content: source });
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run({ exclude: [['iframe']] }, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    assert.deepEqual(violations, [], path);
    await context.close();
  }
});
