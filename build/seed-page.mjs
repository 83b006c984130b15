// The seed model the app implements (docs/seed-model.md) as a page beside the app's own pages, so
// that every "seed model §5.4" the app cites opens: `seed-model.html#s5-4`. Rendered with marked
// (npm); the page loads only the app's stylesheet.
//
//   node build/seed-page.mjs docs/seed-model.md dist/seed-model.html
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { marked } = require('marked');

export function seedPage(markdown) {
    const body = marked.parse(markdown, { gfm: true });
    const title = (markdown.match(/^# (.*)$/m) || [, 'The seed model'])[1];
    return `<!doctype html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'">
    <title>${title.replace(/</g, '&lt;')}</title>
    <link rel="icon" type="image/svg+xml" href="favicon.svg">
    <link rel="stylesheet" href="main.css">
</head>
<body>
<main class="doc" id="main">
<p class="muted"><a href="index.html">← The member view</a></p>
${body}
</main>
</body>
</html>
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const [from, to] = process.argv.slice(2);
    if (!from || !to) {
        console.error('usage: node build/seed-page.mjs docs/seed-model.md OUT.html');
        process.exit(2);
    }
    writeFileSync(to, seedPage(readFileSync(from, 'utf8')));
}
