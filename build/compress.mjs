// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a built site, for hosts
// that serve precompressed files (nginx's brotli_static and gzip_static, for example).
// Node's own zlib only: nothing is downloaded. Usage: node build/compress.mjs DIR
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Text formats, and wasm (which compresses about threefold). Fonts (woff2) and images are already
// compressed.
const COMPRESSED = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.wasm', '.txt', '.xml', '.map']);

export function compressTree(dir) {
    const written = [];
    for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
            written.push(...compressTree(path));
        } else if (COMPRESSED.has(extname(name))) {
            const raw = readFileSync(path);
            const br = brotliCompressSync(raw, {
                params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_MODE]:
                        extname(name) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
                    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
            });
            const gz = gzipSync(raw, { level: 9 });
            writeFileSync(`${path}.br`, br);
            writeFileSync(`${path}.gz`, gz);
            written.push({ path, raw: raw.length, br: br.length, gz: gz.length });
        }
    }
    return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const dir = process.argv[2];
    if (!dir) {
        console.error('usage: node build/compress.mjs DIR');
        process.exit(2);
    }
    const files = compressTree(dir);
    const sum = (key) => files.reduce((n, f) => n + f[key], 0);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
        `compressed ${files.length} files: ${kb(sum('raw'))} raw, ${kb(sum('br'))} brotli, ${kb(sum('gz'))} gzip`,
    );
}
