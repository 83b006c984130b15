import { serve, launch, open } from './harness.mjs';
const server = await serve(); const browser = await launch();
const shots = [
  ['wide-light', 1280, 900, 'light', 'scenario=18-librdkafka-revoke-then-empty-assign&step=9'],
  ['narrow-dark', 375, 800, 'dark', 'scenario=18-librdkafka-revoke-then-empty-assign&step=9'],
  ['wide-dark-model', 1280, 900, 'dark', 'scenario=08-fatal-error&model=librdkafka&step=5'],
];
for (const [name, w, h, scheme, q] of shots) {
  const { page, done } = await open(browser, `${server.url}?${q}`, { viewport: { width: w, height: h }, colorScheme: scheme });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/rdk-${name}.png`, fullPage: name.startsWith('narrow') ? false : false });
  // Mid-step: one effect back.
  await page.keyboard.press('ArrowLeft').catch(() => {});
  await done();
}
const { page, done } = await open(browser, `${server.url}import.html`, { ready: 'log-import-button', viewport: { width: 1280, height: 1000 } });
const fs = await import('node:fs/promises');
await page.getByTestId('log-paste').fill(await fs.readFile('/work/main/core/tests/logs/librdkafka/v2.15.0-mock-retriable.log', 'utf8'));
await page.getByTestId('log-import-button').click();
await page.getByTestId('imported-log').waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/rdk-import.png', fullPage: true });
await done();
await browser.close(); await server.close();
