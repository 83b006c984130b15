// Live steps follow the book's theme. Each iframe asks the app for `theme=auto` (the reader's system
// setting), which is also what the book follows until the reader picks a theme in its menu. After an
// explicit pick (Light, Rust: light; Coal, Navy, Ayu: dark) the iframes are pointed at that theme, so
// a dark book never frames a light app or the other way round.
(function liveStepsFollowTheme() {
    'use strict';
    const DARK = ['coal', 'navy', 'ayu'];

    function wanted() {
        let chosen = null;
        try {
            chosen = localStorage.getItem('mdbook-theme');
        } catch (e) {
            // Storage refused: the book follows the system, and so do the live steps.
        }
        if (chosen === null || chosen === 'default_theme') return 'auto';
        return DARK.includes(chosen) ? 'dark' : 'light';
    }

    function apply() {
        const theme = wanted();
        for (const frame of document.querySelectorAll('.live-step iframe')) {
            const src = frame.getAttribute('src');
            const url = new URL(src, document.baseURI);
            if (url.searchParams.get('theme') === theme) continue;
            url.searchParams.set('theme', theme);
            // Keep the address relative, as written in the chapter.
            frame.setAttribute('src', src.split('?')[0] + url.search + url.hash);
        }
    }

    apply();
    new MutationObserver(apply).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
})();
