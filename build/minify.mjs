// `node build/minify.mjs DIR` (make build): minifies the stylesheets and scripts a built site
// ships (esbuild, npm), in place, and rewrites each page's Subresource Integrity hash of a
// stylesheet to the minified file's. Trunk can minify CSS itself, but only with the HTML, which
// would reorder and unquote the attributes the later build steps find the pages' parts by, and
// its JS minifier cannot read wasm-bindgen's glue. What goes: comments, indentation, long local
// names. The first load of a page is about 9 KB gzip lighter (docs/performance.md).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, extname } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { transformSync } = require('esbuild');

/** A Subresource Integrity hash, as Trunk writes it. */
export const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Minifies DIR's .css and .js files; returns what each weighed before and after. */
export function minifyDir(dir) {
    const changed = [];
    const names = readdirSync(dir);
    const hashes = new Map();
    for (const name of names) {
        const ext = extname(name);
        if (ext !== '.css' && ext !== '.js') continue;
        const path = join(dir, name);
        const before = readFileSync(path);
        // Neither a format nor a target is given: a module stays a module, a classic script
        // (shell.js) stays classic, and no syntax is lowered.
        const { code } = transformSync(before.toString('utf8'), {
            loader: ext.slice(1),
            minify: true,
            legalComments: 'none',
            sourcefile: name,
        });
        writeFileSync(path, code);
        hashes.set(sri(before), sri(Buffer.from(code)));
        changed.push({ name, before: before.length, after: Buffer.byteLength(code) });
    }
    for (const name of names.filter((n) => extname(n) === '.html')) {
        const path = join(dir, name);
        const html = readFileSync(path, 'utf8');
        const rewritten = html.replace(/integrity="(sha384-[^"]+)"/g, (whole, hash) =>
            hashes.has(hash) ? `integrity="${hashes.get(hash)}"` : whole);
        writeFileSync(path, rewritten);
        checkIntegrity(dir, name, rewritten);
    }
    return changed;
}

/** Every integrity a page names must be its file's: a browser applies no stylesheet whose hash differs. */
function checkIntegrity(dir, page, html) {
    for (const [, href, hash] of html.matchAll(/<link[^>]*href="\.\/([^"]+)"[^>]*integrity="([^"]+)"/g)) {
        const actual = sri(readFileSync(join(dir, href)));
        if (actual !== hash) throw new Error(`${page}: ${href}'s integrity is ${hash}, its file's ${actual}`);
    }
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const dir = process.argv[2];
    if (!dir) {
        console.error('usage: node build/minify.mjs DIR');
        process.exit(2);
    }
    for (const { name, before, after } of minifyDir(dir)) console.log(`minified ${name}: ${before} → ${after} bytes`);
}
