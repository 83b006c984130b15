// Runs before the page's body is drawn (a classic script, the first thing in the body). A page can
// carry a snapshot of its own first render for one address (written by `make build` for a fresh
// visit of the member, group and review pages, and by `make site` for each of the book's live steps:
// tests/e2e/shell.mjs), shown while the wasm downloads. <meta name="kip848-shell"> names the address
// options it was taken for ("" for a fresh visit), the classes the app gives the body then (an
// embed's compact layout) and the save a fresh visit would restore. Any other visit (other options,
// a link fragment, a save to restore) opens something else, so the snapshot is hidden for it. The
// app removes the snapshot as it mounts.
//
// On a fast load it waits 200 ms before it shows: the code arrives sooner (a fast connection, a
// warm cache), the app takes over first, and the browser never lays out and paints a copy it would
// throw away at once (that cost the unthrottled first render about 45 ms: make bench). A page whose
// own HTML took over 0.3 s to reach this script is on a slow link, where the code takes seconds
// more: the copy shows at once (on slow 4G, the state 0.2 s sooner than after the wait).
//
// `theme=` is left out of the comparison: it only colours the page (the book's menu points its live
// steps at the reader's pick, theme/site.js), and it is applied here as the app applies it.
try {
  const meta = document.querySelector('meta[name="kip848-shell"]');
  const options = meta?.getAttribute('content');
  const withoutTheme = (search) => {
    const params = new URLSearchParams(search);
    params.delete('theme');
    return params.toString();
  };
  const address = new URLSearchParams(location.search);
  const theme = address.get('theme');
  // Any visit but an embed may restore a save (src/session/persist.rs): the snapshot is not its truth then.
  const embed = ['', '1', 'true', 'yes'].includes(address.get('embed')); // as src/shell/embed.rs reads it
  const save = !embed && meta?.dataset.save ? localStorage.getItem(meta.dataset.save) : null;
  if (options === null || options === undefined || withoutTheme(location.search) !== withoutTheme(options) || location.hash || save) {
    document.documentElement.classList.add('no-shell');
  } else {
    const classes = (meta.dataset.bodyClass ?? '').split(' ').filter(Boolean);
    if (classes.length) document.body.classList.add(...classes);
    if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
    if (performance.now() > 300) document.documentElement.classList.add('shell-due');
    else setTimeout(() => document.documentElement.classList.add('shell-due'), 200);
    // The copy on screen (shown, and not yet replaced by the app), if it is.
    const copy = () => {
      const shell = document.getElementById('shell');
      return shell && document.documentElement.classList.contains('shell-due') ? shell : null;
    };
    // A tap or a key on the copy does nothing yet: the badge says so, where the reader looks.
    const nudge = () => {
      const root = document.documentElement;
      if (!copy()) return;
      root.classList.remove('shell-nudge');
      void root.offsetWidth; // the animation starts again on every tap
      root.classList.add('shell-nudge');
    };
    document.addEventListener('pointerdown', nudge, { capture: true });
    document.addEventListener('keydown', nudge, { capture: true });
    // The reader's first tap on a control of the copy, or first key, is not lost: it is kept, the
    // badge names it, and assets/boot.js hands it to the app once the app has drawn the same screen
    // (the copy is that screen: the control is found again by its place among the page's controls
    // and its words, and dropped if they differ). Only the first: the taps after it were given to a
    // screen that the first one would have changed. A link needs no code: it opens at once.
    const controls = (root) => [...root.querySelectorAll('button, summary, input[type=checkbox], input[type=radio], label')]
      .filter((el) => el.tagName !== 'LABEL' || el.querySelector('input[type=checkbox], input[type=radio]'));
    const words = (el) => (el.getAttribute('aria-label') || (el.matches('input') ? el.closest('label')?.textContent : el.textContent) || '').replace(/\s+/g, ' ').trim();
    const keep = (then, name) => {
      if (window.kip848Then) return;
      window.kip848Then = then;
      copy()?.setAttribute('data-then', name);
    };
    // The copy is inert, so a tap lands on the page behind it: the control is the one under the tap.
    document.addEventListener('click', (ev) => {
      const shell = copy();
      if (!shell) return;
      const under = (el) => {
        const r = el.getBoundingClientRect();
        return ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
      };
      const link = [...shell.querySelectorAll('a[href]')].find(under);
      if (link && !link.getAttribute('href').startsWith('#')) {
        if (link.target) window.open(link.href, link.target, 'noopener');
        else location.assign(link.href);
        return;
      }
      const all = controls(shell);
      const control = all.filter(under).pop(); // the innermost: a checkbox, not its label
      if (!control || control.disabled) return;
      const index = all.indexOf(control);
      const said = words(control);
      keep({
        run() {
          const now = controls(document.body)[index];
          if (now && !now.disabled && words(now) === said) now.click();
        },
      }, said);
    }, { capture: true });
    // Named keys other than ← and → (Tab, Escape, PageDown…) are not the app's shortcuts, and these
    // scroll the copy, which does something already.
    const SCROLLS = [' ', 'ArrowDown', 'ArrowUp'];
    document.addEventListener('keydown', (ev) => {
      if (!copy() || ev.ctrlKey || ev.metaKey || ev.altKey || ev.key.length > 1 && !ev.key.startsWith('Arrow')) return;
      if (SCROLLS.includes(ev.key)) return;
      const { key, shiftKey } = ev;
      keep({
        run() {
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
        },
      }, `the key ${key}`);
    }, { capture: true });
  }
} catch {
  document.documentElement.classList.add('no-shell');
}
