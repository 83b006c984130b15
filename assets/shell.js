// Runs before the member page's body is drawn (a classic script in the head, not a module). The
// page carries a snapshot of its own first render for a fresh visit (written by `make build`,
// tests/e2e/shell.mjs), shown while the wasm downloads. It is true only for that visit: an address
// with options (a scenario, a step, a link, an embed) or a saved session opens something else, so
// the snapshot is hidden then. The app removes it as it mounts.
//
// It waits 200 ms before it shows: where the code arrives sooner (a fast connection, a warm cache),
// the app takes over first and the browser never lays out and paints a copy it would throw away at
// once (that cost the unthrottled first render about 45 ms: make bench). On slow 4G the code takes
// seconds, and the copy is on screen 0.2 s later than it could be.
try {
  if (location.search || location.hash || localStorage.getItem('kip848:recent')) {
    document.documentElement.classList.add('no-shell');
  } else {
    setTimeout(() => document.documentElement.classList.add('shell-due'), 200);
  }
} catch {
  document.documentElement.classList.add('no-shell');
}
