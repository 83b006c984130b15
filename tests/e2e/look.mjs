// A scratch driver for looking at the app: node look.mjs 'query' 'keys' out.png [width] [scheme]
import { serve, launch } from './harness.mjs';
const [query = '', keys = '', out = '/tmp/shots/look.png', width = '1400', scheme = 'light'] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
const context = await browser.newContext({ viewport: { width: Number(width), height: 1000 }, colorScheme: scheme });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
await page.goto(server.url + query);
await page.getByTestId('state').waitFor();
for (const k of keys.split(',').filter(Boolean)) {
  if (k.startsWith('wait')) await page.waitForTimeout(Number(k.slice(4)));
  else await page.keyboard.press(k);
}
await page.waitForTimeout(300);
console.log(await page.getByTestId('position').textContent());
console.log(await page.getByTestId('live').textContent());
await page.screenshot({ path: out, fullPage: true });
await browser.close();
await server.close();
