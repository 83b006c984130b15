// The book's live steps' module (`kip848-live`: src/bin/live.rs, `crate::LIVE`) leaves out at
// compile time what a live step never shows: words that only those parts hold are in the member
// page's module and not in the live steps' one, and words of what a step shows are in both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST } from './harness.mjs';

// Each: words only one part holds, and that part.
const FOLDED = [
  ['This link could not be opened', 'reading a share link'],
  ['Share link', 'the share controls'],
  ['Download my session', "the crash report's last save"],
  ['Quiz me', 'the quiz'],
  ['Open the review view', 'the comparison section'],
  ['Nothing to welcome', 'the shortcuts that change the session'],
];
const SHOWN = [
  ['Partition ownership over time', "the group view's chart"],
  ['Keyboard shortcuts', 'the help'],
];

test("what a live step never shows is not in the live steps' module", async () => {
  const [page, group, live] = await Promise.all(['kip848-viz', 'kip848-group', 'kip848-live'].map((m) => readFile(join(DIST, `${m}_bg.wasm`))));
  const holds = (module, words) => module.includes(Buffer.from(words));
  for (const [words, part] of FOLDED) {
    assert.ok(holds(page, words), `the member page's module holds ${part} ("${words}")`);
    assert.ok(!holds(live, words), `the live steps' module holds ${part} ("${words}")`);
  }
  for (const [words, part] of SHOWN) {
    assert.ok(holds(page, words) || holds(group, words), `a page's module holds ${part} ("${words}")`);
    assert.ok(holds(live, words), `the live steps' module lacks ${part} ("${words}")`);
  }
});
