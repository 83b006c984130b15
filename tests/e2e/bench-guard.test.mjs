// The bench's guard reads the committed figures from docs/performance.md and flags a figure more
// than 25 % worse; checked here on the committed file and on a report built from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUARDED, committedTable, guard } from './bench-guard.mjs';
import { ROOT } from './harness.mjs';

const markdown = readFileSync(join(ROOT, 'docs/performance.md'), 'utf8');

/// A report whose every guarded figure is the committed one times `factor` (worse when > 1).
function reportAt(factor) {
  const table = committedTable(markdown);
  const at = (g) => g.committed(table.get([...table.keys()].find((k) => k.startsWith(g.row))));
  const [painted, interactive, gzip, first, dom, seek, replay] = GUARDED.map(at);
  return {
    book_chapter_slow_4g: { with_snapshots: { painted: { median: painted * 1000 * factor }, interactive: { median: interactive * 1000 * factor } } },
    book_chapter: { gzip_bytes: gzip * 1024 * factor },
    first_render_ms: { median: first * factor },
    input_to_dom_ms: { dom: { median: dom * factor } },
    seek_ms: { p95: seek * factor },
    native: { 'replay/100000': { median_ns: (1e5 / (replay * 1e6)) * 1e9 * factor } },
  };
}

test('every guarded figure has a committed number in the latest run of docs/performance.md', () => {
  for (const r of guard(reportAt(1), markdown)) {
    assert.ok(Number.isFinite(r.was) && r.was > 0, `${r.figure}: no committed figure`);
    assert.ok(Math.abs(r.worse) < 1e-9, `${r.figure}: read back as ${r.now} against ${r.was}`);
  }
});

test('a figure more than 25 % worse is a regression (a rate 1.4 times slower is 29 % worse), one 10 % worse is not, and better is never', () => {
  assert.ok(guard(reportAt(1.4), markdown).every((r) => r.regressed));
  assert.ok(guard(reportAt(1.1), markdown).every((r) => !r.regressed));
  assert.ok(guard(reportAt(0.7), markdown).every((r) => !r.regressed));
});
