// `node build/xz.mjs DIR` (make build): an xz copy beside each page's module, the decoder that
// reads it in the browser, and in each page's head the choice of which of the two to preload
// (assets/boot.js then loads the one preloaded).
//
// Why: most static hosts send a page's files gzip-compressed; the member page's module is 420 KB
// that way and 320 KB as xz (LZMA2), less than the 345 KB brotli gives. The decoder is
// xz-decompress (npm: xz-embedded compiled to wasm, MIT and public domain), bundled by esbuild into
// DIR/xz.js, about 9.5 KB gzip, which boot.js fetches once the page's first frame is painted.
// Each copy is written with Python's own lzma module (liblzma: the standard library, nothing to
// install) and read back through the same decoder the browser runs before the page is rewritten,
// so a copy the decoder cannot read never ships.
//
// Decoding costs the CPU about a tenth of a second (cold, on a laptop; it runs as the copy arrives),
// which a slow link hides and a fast one does not: on slow 4G the page is interactive about half a
// second sooner, on this machine about 0.09 s later. So the page chooses by how long its own head
// took to arrive once asked for (about a round trip), the one measure of the link a page has before
// it fetches anything (Chromium's network quality estimate classes links by round trip too): under
// 100 ms (this machine, a LAN, broadband, most 4G) the plain module, longer the copy. Counted from
// the request, or from the end of the page left behind when it had unload work to do (a view tab
// leaving a page that saves its session); not from the navigation's responseStart, which DevTools'
// throttling (what `make bench` uses) times before its delay. A page that is slow to parse its head
// (a busy machine) takes the copy too, which costs it that tenth of a second and nothing else. The
// choice must be made in the head, before the stylesheets (a script after them waits for them), to
// preload as early as a static link would: an inline script, which the page's policy lets run by
// its hash alone.
import { execFileSync } from 'node:child_process';
import { cspHash } from './inline.mjs';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// Where npm installed esbuild and the decoder (make tools).
const E2E = new URL('../tests/e2e/', import.meta.url).pathname;
const require = createRequire(join(E2E, 'package.json'));
const { buildSync } = require('esbuild');
const { XzReadableStream } = require('xz-decompress');

// A 2 MiB dictionary covers every module whole (the largest, the importer's, is 1.5 MB); liblzma's
// preset would write 64 MiB into the header, which the decoder would then allocate. CRC32: the
// check xz-embedded always has.
const COMPRESS = `
import lzma, sys
raw = sys.stdin.buffer.read()
filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 2 << 20}]
sys.stdout.buffer.write(lzma.compress(raw, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters))
`;

const PRELOAD = /\n\s*<link rel="preload" href="([^"]+_bg\.wasm)" as="fetch" type="application\/wasm" crossorigin>/;
const MODULE = /<meta name="kip848-module" content="([^"]+)">/;
const POLICY = /(<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self')/;

// The same text on every page (the module's name is read from the meta before it): one hash.
const CHOOSER = `{
      // Which module to preload: build/xz.mjs says why.
      const name = document.querySelector('meta[name="kip848-module"]').content;
      const nav = performance.getEntriesByType('navigation')[0];
      const asked = Math.max(nav?.requestStart ?? 0, nav?.unloadEventEnd ?? 0);
      const waited = Math.round(performance.now() - asked);
      const href = \`\${name}_bg.wasm\${waited < 100 ? '' : '.xz'}\`;
      const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', crossOrigin: '', href });
      link.dataset.waited = waited; // why this one, for whoever looks (and the tests)
      document.head.append(link);
    }`;
const HASH = cspHash(CHOOSER);

/** Decodes an xz file with the decoder the pages ship. */
export async function decode(bytes) {
    const stream = new XzReadableStream(new Blob([bytes]).stream());
    return Buffer.from(await new Response(stream).arrayBuffer());
}

/** Writes DIR's copies, decoder and preloads; returns each module's sizes. */
export async function xzDir(dir) {
    const written = [];
    for (const name of readdirSync(dir).filter((n) => n.endsWith('_bg.wasm'))) {
        const raw = readFileSync(join(dir, name));
        const xz = execFileSync('python3', ['-c', COMPRESS], { input: raw, maxBuffer: 64 << 20 });
        if (!(await decode(xz)).equals(raw)) throw new Error(`${name}.xz does not decode to ${name}`);
        writeFileSync(join(dir, `${name}.xz`), xz);
        written.push({ name, raw: raw.length, xz: xz.length });
    }
    buildSync({
        stdin: { contents: "export { XzReadableStream } from 'xz-decompress';", resolveDir: E2E },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        minify: true,
        legalComments: 'inline',
        outfile: join(dir, 'xz.js'),
        logLevel: 'warning',
    });
    for (const page of readdirSync(dir).filter((n) => n.endsWith('.html'))) {
        const path = join(dir, page);
        const html = readFileSync(path, 'utf8');
        const module = html.match(MODULE)?.[1];
        if (!module) continue; // not an app page (the seed model's)
        if (html.match(PRELOAD)?.[1] !== `${module}_bg.wasm` || !POLICY.test(html)) {
            throw new Error(`${page}: no preload of ${module}_bg.wasm, or no script-src, to replace`);
        }
        const chooser = `${html.match(MODULE)[0]}\n    <script>${CHOOSER}</script>`;
        writeFileSync(path, html.replace(PRELOAD, '').replace(MODULE, chooser).replace(POLICY, `$1 ${HASH}`));
    }
    return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const dir = process.argv[2];
    if (!dir) {
        console.error('usage: node build/xz.mjs DIR');
        process.exit(2);
    }
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const { name, raw, xz } of await xzDir(dir)) console.log(`${name}: ${kb(raw)} raw, ${kb(xz)} xz`);
}
