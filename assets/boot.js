// Starts the page's app. A file of its own, not the inline loader Trunk would inject, because the
// Content-Security-Policy forbids inline script. Each page (member, group, review) is its own wasm
// build and names its module in <meta name="kip848-module">. window.wasmBindings exposes the exported
// functions (make bench and the end-to-end tests use them).
const name = document.querySelector('meta[name="kip848-module"]')?.content ?? 'kip848-viz';
// Old addresses (index.html?mode=group, ?mode=review) open the page that now shows that view,
// before the member page's wasm is fetched.
const mode = new URLSearchParams(location.search).get('mode');
const page = { group: 'group.html', review: 'review.html' }[mode];
// Under `trunk serve` every address gets this page (one module routes by address): once at the
// view's own address, it stays, instead of going there again and again.
const there = page && location.pathname.endsWith(`/${page}`);
if (name === 'kip848-viz' && page && !there) {
  location.replace(page + location.search + location.hash);
} else {
  // Compiled as soon as this script runs (it is async: it does not wait for the page to be parsed and
  // painted), while the main thread still parses and paints; the app starts once the body is there.
  const compile = (response) => {
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    // A static host that serves .wasm with another type: compiled from the same bytes instead.
    return WebAssembly.compileStreaming(response.clone())
      .catch(() => response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes)));
  };
  // Which way the module came is marked for the tests and `make bench`: `xz`, `plain`,
  // `plain-xz-failed`.
  const plain = (how) => {
    performance.mark('kip848-module', { detail: how });
    return fetch(new URL(`${name}_bg.wasm`, import.meta.url)).then(compile);
  };
  // A release page far from its host preloads an xz copy of its module, a fifth smaller than the
  // plain module sent gzip (build/xz.mjs chose, in the page's head), decoded here as it
  // arrives. Whatever goes wrong with the copy, the plain module.
  const copy = document.querySelector('link[rel="preload"][href$="_bg.wasm.xz"]');
  const viaCopy = async (url) => {
    const response = fetch(url);
    response.catch(() => {}); // awaited below
    // The decoder is fetched, and the copy decoded, once the page's snapshot is painted: before it,
    // they would share the link and the main thread with the snapshot. The copy's bytes wait in
    // the response meanwhile, and the decoder catches up with them long before the last arrives.
    await painted();
    const { XzReadableStream } = await import('./xz.js');
    const arrived = await response;
    if (!arrived.ok) throw new Error(`${url}: HTTP ${arrived.status}`);
    performance.mark('kip848-module', { detail: 'xz' });
    return compile(new Response(new XzReadableStream(arrived.body), { headers: { 'Content-Type': 'application/wasm' } }));
  };
  // A live step of the book takes the module a step of its chapter compiled before it
  // (assets/book/live-step.js gives it the chapter's table), and makes its own instance of it:
  // each step decoding and compiling the same copy took the main thread the reader shares with
  // them all. Whatever went wrong there, its own.
  const table = window.kip848Shared;
  const earlier = table?.[name];
  if (earlier) performance.mark('kip848-module', { detail: 'shared' });
  const compiled = earlier ? earlier.catch(() => plain('plain-shared-failed')) : !copy ? plain('plain') : viaCopy(new URL(copy.getAttribute('href'), document.baseURI)).catch((e) => {
    console.warn('the xz copy of the module could not be read; the plain module instead:', e);
    return plain('plain-xz-failed');
  });
  if (table && !earlier) table[name] = compiled;
  // Reported where it is awaited (below), not as an unhandled rejection before it.
  compiled.catch(() => {});
  const glue = await import(`./${name}.js`);
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  try {
    const module = await compiled;
    await glue.default({ module_or_path: module });
    // The review page's check makes its own instance of both in a worker (assets/check-worker.js).
    window.kip848Boot = { glue: new URL(`./${name}.js`, import.meta.url).href, module };
  } catch (e) {
    // The snapshot must not promise what will not come: its badge says the model could not load.
    document.documentElement.classList.add('shell-failed');
    throw e;
  }
  window.wasmBindings = glue;
  // The first tap or key the reader gave the page's snapshot while this loaded (assets/shell.js):
  // done now, on the app's own first screen, once its effects have run and what lay below the
  // first screen is built too (src/shell/first_screen.rs): the control is found by its place among all
  // the page's controls.
  const then = window.kip848Then;
  if (then) complete().then(() => then.run());
}

/** Once the app has marked itself complete. */
function complete() {
  return new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('kip848-complete').length) {
        observer.disconnect();
        resolve();
      }
    }).observe({ type: 'mark', buffered: true });
  });
}

/** Once the page has painted its first frame (a tab in the background paints none: a second at most). */
function painted() {
  return new Promise((resolve) => {
    const soon = () => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 1000);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', soon, { once: true });
    else soon();
  });
}
