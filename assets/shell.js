// Runs before the member page's body is drawn (a classic script in the head, not a module). The
// page carries a snapshot of its own first render for a fresh visit (written by `make build`,
// tests/e2e/shell.mjs), shown while the wasm downloads. It is true only for that visit: an address
// with options (a scenario, a step, a link, an embed) or a saved session opens something else, so
// the snapshot is hidden then. The app removes it as it mounts.
try {
  if (location.search || location.hash || localStorage.getItem('kip848:recent')) {
    document.documentElement.classList.add('no-shell');
  }
} catch {
  document.documentElement.classList.add('no-shell');
}
