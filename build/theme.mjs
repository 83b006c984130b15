// mdBook's page template with three accessibility fixes, so that axe finds no violation on the book:
// the sidebar toggle becomes a <button> (a <label> may carry neither aria-label nor aria-expanded),
// and the menu bar becomes the page's banner landmark (it sat outside every landmark). The template
// is the pinned mdBook's own (`mdbook init --theme` writes it); each patch must apply exactly, so a
// new mdBook version fails here instead of building a page that quietly lost a fix.
// book/theme/site.js makes the button open and close the sidebar, as the label did.
//
//   node build/theme.mjs MDBOOK_THEME_DIR OUT_DIR    (writes OUT_DIR/index.hbs)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PATCHES = [
    {
        from: /<label id="mdbook-sidebar-toggle" class="icon-button" for="mdbook-sidebar-toggle-anchor" (title="[^"]*" aria-label="[^"]*" aria-controls="mdbook-sidebar")>(\s*\{\{fa "solid" "bars"\}\}\s*)<\/label>/,
        to: '<button id="mdbook-sidebar-toggle" class="icon-button" type="button" $1>$2</button>',
    },
    {
        from: /<div id="mdbook-menu-bar" class="menu-bar sticky">/,
        to: '<div id="mdbook-menu-bar" class="menu-bar sticky" role="banner">',
    },
];

export function patchTemplate(template) {
    return PATCHES.reduce((text, { from, to }) => {
        if (!from.test(text)) throw new Error(`mdBook's index.hbs has no ${from}: check build/theme.mjs against this mdBook version`);
        return text.replace(from, to);
    }, template);
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const [themeDir, outDir] = process.argv.slice(2);
    if (!themeDir || !outDir) {
        console.error('usage: node build/theme.mjs MDBOOK_THEME_DIR OUT_DIR');
        process.exit(2);
    }
    writeFileSync(join(outDir, 'index.hbs'), patchTemplate(readFileSync(join(themeDir, 'index.hbs'), 'utf8')));
}
