// The review page's "Check every schedule", off the page's main thread (a module worker). The page
// hands over its own wasm module, already compiled by boot.js, and the address of its glue: this
// worker makes its own instance of them (the page's start function sees no window and mounts
// nothing) and runs the check (src/components/check_panel/worker.rs), which posts its progress as
// JSON. Stop ends the worker.
self.onmessage = async ({ data }) => {
  try {
    const glue = await import(data.glue);
    await glue.default({ module_or_path: data.module });
    glue.check_in_worker(data.request, (json) => self.postMessage(json));
  } catch (e) {
    self.postMessage(JSON.stringify({ kind: 'failed', reason: `its worker failed (${e})` }));
  }
};
