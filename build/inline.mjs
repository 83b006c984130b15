// `node build/inline.mjs DIR` (make build): each app page of a built site carries its
// stylesheets and shell.js inside itself, allowed by their hashes in the page's policy, instead of
// linking them. Its first paint (the snapshot) then waits for nothing but the page: on slow 4G the
// stylesheets came in about 0.3 s after the HTML, sharing the link with the module, and shell.js
// after them (docs/performance.md, "The first screen first"). The files stay beside the pages for
// the pages that link them: the seed model's, and the book's live steps, which `linkedPage` gives
// their links back so that a chapter's frames share them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { sri } from './minify.mjs';

const STYLESHEET = /<link rel="stylesheet" href="\.\/([a-z-]+\.css)" integrity="[^"]+"\/?>/g;
const SHELL = '<script src="shell.js"></script>';
const POLICY = /<meta http-equiv="Content-Security-Policy" content="[^"]*"/;

/** A Content-Security-Policy hash source for an inline part. */
export const cspHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** `html` with its stylesheets and shell.js inline, read from `dir`, and their hashes allowed. */
export function inlinePage(html, dir) {
    const styles = [];
    let page = html.replace(STYLESHEET, (whole, name) => {
        const css = readFileSync(join(dir, name), 'utf8');
        if (css.includes('</style')) throw new Error(`${name} cannot be inlined: it holds </style`);
        styles.push(cspHash(css));
        return `<style>${css}</style>`;
    });
    const scripts = [];
    if (page.includes(SHELL)) {
        const js = readFileSync(join(dir, 'shell.js'), 'utf8');
        if (js.includes('</script')) throw new Error('shell.js cannot be inlined: it holds </script');
        scripts.push(cspHash(js));
        page = page.replace(SHELL, () => `<script>${js}</script>`);
    }
    // (The import page has no snapshot, so no shell.js.)
    if (!styles.length) throw new Error('no stylesheet to inline');
    const policy = page.match(POLICY)?.[0];
    if (!policy || !policy.includes("style-src 'self'") || !policy.includes("script-src 'self'")) {
        throw new Error('no style-src or script-src to allow the inlined parts in');
    }
    const allowed = policy
        .replace("style-src 'self'", `style-src 'self' ${styles.join(' ')}`)
        .replace("script-src 'self'", `script-src 'self'${scripts.map((h) => ` ${h}`).join('')}`);
    return page.replace(policy, () => allowed);
}

/**
 * `html` (an inlined page) with its stylesheets and shell.js linked again, as Trunk wrote them: for
 * the book's live steps, where a chapter holds up to eight frames that share the files (inline,
 * each would carry its own 11 KB gzip).
 */
export function linkedPage(html, dir) {
    let page = html;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.css'))) {
        const css = readFileSync(join(dir, name));
        page = page.replace(`<style>${css}</style>`, () => `<link rel="stylesheet" href="./${name}" integrity="${sri(css)}"/>`);
    }
    page = page.replace(`<script>${readFileSync(join(dir, 'shell.js'), 'utf8')}</script>`, () => SHELL);
    if (page.includes('<style>') || !page.includes(SHELL)) throw new Error('a part of the page could not be linked again');
    return page;
}

/** Inlines every app page of `dir` (those naming their module); returns their names. */
export function inlineDir(dir) {
    const pages = readdirSync(dir).filter((n) => n.endsWith('.html'));
    const done = [];
    for (const name of pages) {
        const path = join(dir, name);
        const html = readFileSync(path, 'utf8');
        if (!html.includes('<meta name="kip848-module"')) continue;
        writeFileSync(path, inlinePage(html, dir));
        done.push(name);
    }
    return done;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const dir = process.argv[2];
    if (!dir) {
        console.error('usage: node build/inline.mjs DIR');
        process.exit(2);
    }
    console.log(`stylesheets and shell.js inline in ${inlineDir(dir).join(', ')}`);
}
