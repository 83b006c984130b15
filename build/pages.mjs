// `node build/pages.mjs OUT_DIR` (make build): renders the group, review and import pages from
// the member page (index.html), with the values assets/pages/pages.json gives each. One head for
// the four pages: a change to the Content-Security-Policy or to how the code is loaded is made once.
// The pages are written two directories below the root (target/html/), as Trunk needs its entry
// pages to find Cargo.toml, style/ and assets/ by relative paths.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));
const manifest = JSON.parse(readFileSync(join(ROOT, 'assets/pages/pages.json'), 'utf8'));
const template = readFileSync(join(ROOT, manifest.template), 'utf8');

/** Replaces exactly one match of `pattern` in `html`, or fails: a template change must not slip by. */
function once(html, pattern, replacement) {
  const matches = html.match(new RegExp(pattern.source, 'g')) ?? [];
  if (matches.length !== 1) throw new Error(`${manifest.template}: ${matches.length} matches of ${pattern}`);
  return html.replace(pattern, replacement);
}

const attr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function render(page) {
  let html = template;
  html = once(html, /<meta name="description" content="[^"]*">/, `<meta name="description" content="${attr(page.description)}">`);
  html = once(html, /<title>[^<]*<\/title>/, `<title>${attr(page.title)}</title>`);
  html = once(html, /<!-- This page's wasm[^>]*-->/, `<!-- This page's wasm: ${page.wasm}. -->`);
  html = once(html, /<meta name="kip848-module" content="kip848-viz">/, `<meta name="kip848-module" content="${page.bin}">`);
  const features = page.features ? ` data-cargo-features="${attr(page.features)}"` : '';
  html = once(html, /<link data-trunk rel="rust" data-bin="kip848-viz"/, `<link data-trunk rel="rust" href="../../Cargo.toml" data-bin="${page.bin}"${features}`);
  html = once(html, /href="kip848-viz\.js"/, `href="${page.bin}.js"`);
  html = once(html, /href="kip848-viz_bg\.wasm"/, `href="${page.bin}_bg.wasm"`);
  html = html.replace(/href="(assets|style)\//g, 'href="../../$1/');
  if (page.save === null) {
    // No snapshot of its first render: nothing for shell.js to show or hide.
    const lines = html.split('\n');
    const kept = lines.filter((l) => !/shell\.js|first-paint snapshot|name="kip848-shell"/.test(l));
    if (kept.length === lines.length) throw new Error(`${manifest.template}: no first-paint snapshot lines to leave out`);
    html = kept.join('\n');
  } else {
    html = once(html, /data-save="kip848:recent"/, `data-save="${page.save}"`);
  }
  return html;
}

const out = process.argv[2];
if (out) {
  mkdirSync(out, { recursive: true });
  for (const page of manifest.pages) writeFileSync(join(out, `${page.page}.html`), render(page));
}
