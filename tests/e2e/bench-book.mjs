// The book's figures of `make bench` alone, for two built sites side by side: what the chapter with
// the most live steps downloads (bench-lib.mjs's chapter) and its first live step on slow 4G
// (bench-lib.mjs's slowChapter, with the step's snapshot) and how soon its later steps start when
// it is read down (chapterSteps), run interleaved (before, after, after,
// before in each round) so that the machine's drift falls on both. Prints each run and, per site,
// the median and range of all its loads; writes target/bench/book.json.
//
//   node bench-book.mjs BEFORE_SITE AFTER_SITE [rounds=3] [loads per run=3]
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launch, ROOT } from './harness.mjs';
import { spread, kb, chapter, chapterSteps, slowChapter } from './bench-lib.mjs';

const [before, after, rounds = '3', loads = '3'] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node bench-book.mjs BEFORE_SITE AFTER_SITE [rounds] [loads per run]');
  process.exit(2);
}
const sites = { before: resolve(before), after: resolve(after) };
const runs = [];
const browser = await launch();
try {
  for (let round = 1; round <= Number(rounds); round += 1) {
    for (const side of ['before', 'after', 'after', 'before']) {
      const slow = (await slowChapter(browser, Number(loads), { site: sites[side], plain: false })).with_snapshots;
      const bytes = await chapter(browser, sites[side]);
      const read = await chapterSteps(browser, sites[side]);
      runs.push({ round, side, painted: slow.painted, interactive: slow.interactive, bytes, later: read.later });
      const s = (x) => `${(x.median / 1000).toFixed(2)} s (${(x.min / 1000).toFixed(2)}–${(x.max / 1000).toFixed(2)})`;
      console.log(`round ${round} ${side.padEnd(6)} painted ${s(slow.painted)}, interactive ${s(slow.interactive)}; ${bytes.page}: ${kb(bytes.gzip_bytes).toFixed(1)} KB gzip, ${bytes.files} files, wasm ${bytes.wasm_requests} requests for ${bytes.wasm_modules} modules; a later step asked to interactive ${s(read.later)}`);
    }
  }
} finally {
  await browser.close();
}
const summary = {};
for (const side of ['before', 'after']) {
  const mine = runs.filter((r) => r.side === side);
  summary[side] = {
    site: sites[side],
    painted_run_medians: mine.map((r) => r.painted.median),
    interactive_run_medians: mine.map((r) => r.interactive.median),
    painted: spread(mine.map((r) => r.painted.median)),
    interactive: spread(mine.map((r) => r.interactive.median)),
    later: spread(mine.map((r) => r.later.median)),
    gzip_kb: mine.map((r) => Math.round(kb(r.bytes.gzip_bytes) * 10) / 10),
    files: mine.map((r) => r.bytes.files),
    wasm_requests: mine.map((r) => r.bytes.wasm_requests),
  };
  const f = (x) => `median ${(x.median / 1000).toFixed(2)} s (${(x.min / 1000).toFixed(2)}–${(x.max / 1000).toFixed(2)})`;
  console.log(`${side}: first live step painted ${f(summary[side].painted)}, interactive ${f(summary[side].interactive)} (medians of ${mine.length} runs of ${loads} loads); a later step of the chapter read down, asked to interactive ${f(summary[side].later)}; chapter ${summary[side].gzip_kb.join(' / ')} KB gzip, ${summary[side].files.join(' / ')} files`);
}
await mkdir(join(ROOT, 'target/bench'), { recursive: true });
await writeFile(join(ROOT, 'target/bench/book.json'), JSON.stringify({ runs, summary }, null, 2));
