// The review page's "Check every schedule" alone, as make bench measures it (bench-check.mjs's
// checkInPage), on the release build in dist/: `node bench-check-page.mjs [runs]`.
import { launch } from './harness.mjs';
import { startServer } from '../../build/serve.mjs';
import { checkInPage } from './bench-check.mjs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.DIST ?? join(dirname(fileURLToPath(import.meta.url)), '../../dist');
const server = await startServer({ root, prefix: '/', port: 0 });
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
try {
  for (let i = 0; i < Number(process.argv[2] ?? 3); i++) {
    const r = await checkInPage(browser, url);
    console.log(JSON.stringify(r));
  }
} finally {
  await browser.close();
  server.close();
}
