// The figures a person feels, against the last committed ones: `make bench` prints each beside
// its target and flags a regression of more than 25 % against the figures in docs/performance.md's
// "The latest run" table. The committed table is the baseline, so a run is compared with what the
// project last said it measured, never with a number kept in this file.

/// A regression is a change for the worse beyond this share of the committed figure.
export const REGRESSION = 0.25;

/// Each guarded figure: its row in the committed table (the label it starts with), how to read the
/// committed number from that row's "measured" cell, and how to read it from a bench report;
/// `lower` when less is better.
export const GUARDED = [
  { figure: "book on slow 4G: a chapter's first live step on screen", unit: 's', target: '≤ 1.5 s', limit: 1.5, lower: true,
    row: "book on slow 4G: a chapter's first live step on screen", committed: (c) => num(c, /median ([\d.]+) s/),
    now: (r) => r.book_chapter_slow_4g?.with_snapshots?.painted?.median / 1000 },
  { figure: '  that live step interactive', unit: 's', target: '≤ 2.6 s', limit: 2.6, lower: true,
    row: "book on slow 4G: a chapter's first live step on screen", committed: (c) => num(c, /interactive ([\d.]+) s/),
    now: (r) => r.book_chapter_slow_4g?.with_snapshots?.interactive?.median / 1000 },
  { figure: 'book: the chapter with the most live steps, gzip', unit: 'KB', target: '≤ 600 KB gzip', limit: 600, lower: true,
    row: 'book: the chapter with the most live steps', committed: (c) => num(c, /([\d,.]+) KB gzip/),
    now: (r) => r.book_chapter?.gzip_bytes / 1024 },
  { figure: 'first interactive render', unit: 'ms', target: '≤ 150 ms', limit: 150, lower: true,
    row: 'first interactive render', committed: (c) => num(c, /median ([\d.]+) ms/),
    now: (r) => r.first_render_ms?.median },
  { figure: 'input → DOM, 10,000 steps, median', unit: 'ms', target: '≤ 4 ms', limit: 4, lower: true,
    row: 'input → DOM updated', committed: (c) => num(c, /median ([\d.]+) ms/),
    now: (r) => r.input_to_dom_ms?.dom?.median },
  { figure: 'seek in 10,000 steps, p95', unit: 'ms', target: '≤ 16 ms', limit: 16, lower: true,
    row: 'seek anywhere in 10,000 steps', committed: (c) => num(c, /p95 ([\d.]+) ms/),
    now: (r) => r.seek_ms?.p95 },
  { figure: 'core replay, native, 100k inputs', unit: 'M/s', target: '≥ 5 M/s', limit: 5, lower: false,
    row: 'core replay, native', committed: (c) => num(c, /[\d.]+ \/ ([\d.]+) \//),
    now: (r) => (r.native?.['replay/100000'] ? 1e5 / (r.native['replay/100000'].median_ns / 1e9) / 1e6 : NaN) },
];

function num(cell, re) {
  const m = cell.match(re);
  return m ? Number(m[1].replace(/,/g, '')) : NaN;
}

/// The rows of the first table under "## The latest run": label → the "measured" cell.
export function committedTable(markdown) {
  const start = markdown.indexOf('## The latest run');
  if (start < 0) return new Map();
  const rows = new Map();
  let inTable = false;
  for (const line of markdown.slice(start).split('\n')) {
    if (line.startsWith('|')) {
      inTable = true;
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      if (cells.length >= 2 && !/^-+$/.test(cells[0]) && cells[0] !== 'figure') rows.set(cells[0], cells[1]);
    } else if (inTable) break;
  }
  return rows;
}

/// Each guarded figure now and as committed, and whether it regressed by more than 25 %.
export function guard(report, markdown) {
  const table = committedTable(markdown);
  return GUARDED.map((g) => {
    const label = [...table.keys()].find((k) => k.startsWith(g.row));
    const was = label === undefined ? NaN : g.committed(table.get(label));
    const now = g.now(report);
    const worse = g.lower ? (now - was) / was : (was - now) / was;
    const met = g.lower ? now <= g.limit : now >= g.limit;
    return { figure: g.figure, unit: g.unit, target: g.target, met, was, now, worse, regressed: Number.isFinite(worse) && worse > REGRESSION };
  });
}

/// The lines `make bench` prints for them.
export function guardLines(results) {
  const f = (x) => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2)) : '?');
  return results.map((r) => {
    const change = !Number.isFinite(r.worse) ? 'no committed figure'
      : Math.abs(r.worse) < 0.005 ? 'unchanged'
        : `${r.worse > 0 ? 'worse' : 'better'} by ${Math.abs(r.worse * 100).toFixed(0)} %`;
    const flag = r.regressed ? '  REGRESSION (more than 25 % worse than committed)' : '';
    return `${r.figure.padEnd(52)} ${`${f(r.now)} ${r.unit}`.padEnd(12)} committed ${`${f(r.was)} ${r.unit}`.padEnd(12)} ${r.target.padEnd(14)} ${(r.met ? 'met' : 'NOT MET').padEnd(8)} ${change}${flag}`;
  });
}
