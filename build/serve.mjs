// A small static server for the built site (target/site), under a sub-path, as a plain static host
// would serve it: no rewriting, no fallback page. It serves the precompressed .br or .gz copy when
// the client accepts it (as nginx's brotli_static / gzip_static do), with Vary: Accept-Encoding.
//
//   node build/serve.mjs [--root target/site] [--prefix /kip848-viz/] [--port 8090] [--host 127.0.0.1]
//
// Also a module: `startServer({ root, prefix, port, host })` resolves to the listening server.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.wasm': 'application/wasm',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
    '.txt': 'text/plain; charset=utf-8',
    '.ico': 'image/x-icon',
};

/// The file a request path names inside `root`, or null (outside the root, or missing).
function fileFor(root, path) {
    let file = resolve(root, `.${path}`);
    if (file !== root && !file.startsWith(root + sep)) return null;
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    return existsSync(file) && statSync(file).isFile() ? file : null;
}

/// Which stored encoding to send: brotli, then gzip, when the client accepts it and the copy exists.
function encodingFor(file, header, encodings) {
    // "br;q=1.0, gzip, *;q=0": the codings with a q-value above 0.
    const accepted = new Set(
        header
            .split(',')
            .map((part) => part.trim().split(';'))
            .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
            .map(([name]) => name.trim().toLowerCase()),
    );
    for (const [name, suffix] of [['br', 'br'], ['gzip', 'gz']]) {
        if (encodings.includes(name) && accepted.has(name) && existsSync(`${file}.${suffix}`)) return [name, `${file}.${suffix}`];
    }
    return [null, file];
}

// `encodings`: the stored copies this host serves (`make bench` serves gzip only, like most hosts).
export function handler({ root, prefix, encodings = ['br', 'gzip'] }) {
    root = resolve(root);
    prefix = `/${prefix.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
    return (req, res) => {
        const url = new URL(req.url, 'http://localhost');
        if (req.method !== 'GET' && req.method !== 'HEAD') {
            res.writeHead(405, { Allow: 'GET, HEAD' }).end();
            return;
        }
        if (prefix !== '/' && (url.pathname === prefix.slice(0, -1) || url.pathname === '/')) {
            res.writeHead(302, { Location: prefix }).end();
            return;
        }
        let path;
        try {
            path = decodeURIComponent(url.pathname);
        } catch {
            res.writeHead(400).end();
            return;
        }
        const file = path.startsWith(prefix) ? fileFor(root, path.slice(prefix.length - 1)) : null;
        if (!file) {
            res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${url.pathname}\n`);
            return;
        }
        const [encoding, sent] = encodingFor(file, req.headers['accept-encoding'] ?? '', encodings);
        const stat = statSync(sent);
        const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
        const headers = {
            'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
            'Cache-Control': 'public, max-age=600',
            ETag: etag,
            'Last-Modified': stat.mtime.toUTCString(),
            Vary: 'Accept-Encoding',
            'X-Content-Type-Options': 'nosniff',
        };
        if (encoding) headers['Content-Encoding'] = encoding;
        if (req.headers['if-none-match'] === etag) {
            res.writeHead(304, headers).end();
            return;
        }
        headers['Content-Length'] = stat.size;
        res.writeHead(200, headers);
        if (req.method === 'HEAD') res.end();
        else createReadStream(sent).pipe(res);
    };
}

export function startServer({ root = 'target/site', prefix = '/kip848-viz/', port = 8090, host = '127.0.0.1', encodings } = {}) {
    const server = createServer(handler({ root, prefix, encodings }));
    return new Promise((done, fail) => {
        server.once('error', fail);
        server.listen(port, host, () => done(server));
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const args = process.argv.slice(2);
    const option = (name, fallback) => {
        const i = args.indexOf(`--${name}`);
        return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
    };
    const root = option('root', 'target/site');
    const prefix = option('prefix', '/kip848-viz/');
    const host = option('host', '127.0.0.1');
    const port = Number(option('port', '8090'));
    if (!existsSync(join(root, 'index.html'))) {
        console.error(`${root}/index.html is missing: run make site first`);
        process.exit(2);
    }
    const server = await startServer({ root, prefix, port, host });
    const { port: bound } = server.address();
    const path = `/${prefix.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
    console.log(`serving ${root} at http://${host}:${bound}${path} (Ctrl+C stops)`);
}
