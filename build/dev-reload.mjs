// A Trunk post-build hook (Trunk.toml). `trunk serve` injects its live-reload client as an inline
// <script>, which the pages' Content-Security-Policy (script-src 'self', no inline script) blocks:
// the page would never reload. In a development build the client is moved to a file of its own
// beside the page, which the policy allows; the policy itself is left as it ships. A release build
// has no inline script but the one its policy names by hash (build/xz.mjs), and is left
// untouched.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
const page = join(staging ?? '.', 'index.html');
if (process.env.TRUNK_PROFILE === 'debug' && staging && existsSync(page)) {
  const html = readFileSync(page, 'utf8');
  const inline = /<script>("use strict";[\s\S]*?__TRUNK_ADDRESS__[\s\S]*?)<\/script>/;
  const found = html.match(inline);
  if (found) {
    // Trunk fills these in when it serves the HTML, not a script file: the same values, read here.
    const client = found[1]
      .replace("'{{__TRUNK_ADDRESS__}}'", 'window.location.host')
      .replace("'{{__TRUNK_WS_BASE__}}'", "'/'");
    writeFileSync(join(staging, 'trunk-reload.js'), client);
    writeFileSync(page, html.replace(inline, '<script src="trunk-reload.js"></script>'));
  }
}
