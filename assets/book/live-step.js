{
  // A live step of the book starts its app only once it is near the reader's screen: build/live.mjs
  // says why, and puts this inside each step's page.
  const name = document.querySelector('meta[name="kip848-module"]').content;
  const frame = window.frameElement;
  // The chapter's steps compile the module once between them (assets/boot.js): the table of
  // compiled modules lives on the chapter's window, which a step's frame (same origin) can reach.
  window.kip848Shared = frame ? (parent.kip848Modules ??= {}) : null;
  const start = () => {
    // Always the xz copy: the same address from every step, so that a chapter's steps share one
    // download through the browser's cache (build/live.mjs); none once a step has compiled it.
    if (!window.kip848Shared?.[name]) document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', crossOrigin: '', href: `${name}_bg.wasm.xz` }));
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: `${name}.js` }));
    document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: 'boot.js' }));
  };
  // Near: within one screen height above or below the chapter's screen.
  const near = () => {
    const box = frame.getBoundingClientRect();
    const screen = parent.innerHeight;
    return box.bottom >= -screen && box.top <= 2 * screen;
  };
  // Opened alone, or in a frame of another origin: it is the reader's screen, or cannot see it.
  if (!frame || parent !== top || near()) start();
  else {
    // An iframe's observer watches the top-level screen (its implicit root), the margin included.
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      start();
    }, { rootMargin: '100% 0px' });
    observer.observe(document.documentElement);
  }
}
