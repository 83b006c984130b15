// Starts the app. A file of its own, not the inline loader Trunk would inject, because the
// Content-Security-Policy in index.html allows no inline script. window.wasmBindings exposes the
// exported functions (make bench and the end-to-end tests use them).
import init, * as bindings from './kip848-viz.js';

await init({ module_or_path: new URL('kip848-viz_bg.wasm', import.meta.url) });
window.wasmBindings = bindings;
