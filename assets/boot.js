// Starts the page's app. A file of its own, not the inline loader Trunk would inject, because the
// Content-Security-Policy forbids inline script. Each page (member, group, review) is its own wasm
// build and names its module in <meta name="kip848-module">. window.wasmBindings exposes the exported
// functions (make bench and the end-to-end tests use them).
const name = document.querySelector('meta[name="kip848-module"]')?.content ?? 'kip848-viz';
// Old addresses (index.html?mode=group, ?mode=review) open the page that now shows that view,
// before the member page's wasm is fetched.
const mode = new URLSearchParams(location.search).get('mode');
const page = { group: 'group.html', review: 'review.html' }[mode];
if (name === 'kip848-viz' && page) {
  location.replace(page + location.search + location.hash);
} else {
  const glue = await import(`./${name}.js`);
  await glue.default({ module_or_path: new URL(`${name}_bg.wasm`, import.meta.url) });
  window.wasmBindings = glue;
}
