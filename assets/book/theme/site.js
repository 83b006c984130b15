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
            const now = (src.match(/[?&]theme=([^&#]*)/) ?? [])[1];
            if (now === theme) continue;
            // Only the theme changes: the rest of the address stays as the chapter wrote it.
            frame.setAttribute(
                'src',
                now === undefined ? src.replace(/(#|$)/, `&theme=${theme}$1`) : src.replace(/([?&]theme=)[^&#]*/, `$1${theme}`),
            );
        }
    }

    apply();
    new MutationObserver(apply).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
})();

// The sidebar toggle is a <button> in this book's template (build/theme.mjs): it opens and
// closes the sidebar through mdBook's own checkbox, as mdBook's <label> did.
(function sidebarToggleButton() {
    'use strict';
    const button = document.getElementById('mdbook-sidebar-toggle');
    const checkbox = document.getElementById('mdbook-sidebar-toggle-anchor');
    if (!button || !checkbox || button.tagName !== 'BUTTON') return;
    button.setAttribute('aria-expanded', String(checkbox.checked));
    button.addEventListener('click', () => {
        checkbox.checked = !checkbox.checked;
        checkbox.dispatchEvent(new Event('change'));
    });
})();

// Tables on a phone: each row becomes a block whose cells say their column's heading (set here from
// the table's own head; site.css lays them out under 600 px), instead of a table to scroll sideways.
(function tablesReflow() {
    'use strict';
    for (const table of document.querySelectorAll('.content table')) {
        const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
        if (!heads.length) continue;
        table.classList.add('reflow');
        for (const row of table.querySelectorAll('tbody tr')) {
            [...row.children].forEach((cell, i) => {
                if (heads[i]) cell.setAttribute('data-label', heads[i]);
            });
        }
    }
})();
