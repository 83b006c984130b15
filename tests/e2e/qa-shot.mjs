// scratch QA driver: node qa-shot.mjs jobs.json
import { readFile } from 'node:fs/promises';
import { serve, launch } from './harness.mjs';
const jobs = JSON.parse(await readFile(process.argv[2], 'utf8'));
const server = await serve(); const browser = await launch();
for (const job of jobs) {
  const context = await browser.newContext({ viewport: { width: job.w ?? 1400, height: job.h ?? 900 }, colorScheme: job.scheme ?? 'light' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`console.${m.type()}: ${m.text()}`); });
  try {
    await page.goto(server.url + job.url);
    await page.getByTestId(job.ready ?? 'state').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(job.settle ?? 500);
    for (const a of job.actions ?? []) {
      if (a.key) { for (let i = 0; i < (a.n ?? 1); i++) { await page.keyboard.press(a.key); await page.waitForTimeout(a.gap ?? 150); } }
      else if (a.click) await page.locator(a.click).first().click({ timeout: 5000 });
      else if (a.focus) await page.locator(a.focus).first().focus();
      else if (a.hover) await page.locator(a.hover).first().hover();
      else if (a.fill) { const v = a.file ? await readFile(a.file, 'utf8') : a.text; await page.locator(a.fill).first().fill(v); }
      else if (a.select) await page.locator(a.select).first().selectOption(a.value);
      else if (a.wait) await page.waitForTimeout(a.wait);
      else if (a.scroll !== undefined) await page.evaluate((y) => window.scrollTo(0, y), a.scroll);
      else if (a.scrollTo) await page.locator(a.scrollTo).first().scrollIntoViewIfNeeded();
      else if (a.eval) console.log(job.name, 'eval:', JSON.stringify(await page.evaluate(a.eval)));
      else if (a.pages) {
        const H = await page.evaluate(() => document.documentElement.scrollHeight);
        const vh = job.h ?? 900; const stepY = a.stepY ?? (vh - 200);
        let i = 0;
        for (let y = a.from ?? 0; y < H - 50 && i < (a.max ?? 12); y += stepY, i++) {
          await page.evaluate((y) => window.scrollTo(0, y), y); await page.waitForTimeout(150);
          await page.screenshot({ path: `/tmp/qa/${a.pages}-p${i}.png` });
        }
        console.log(a.pages, 'pages', i, 'H', H);
      }
      else if (a.shot) {
        await page.waitForTimeout(400);
        const path = `/tmp/qa/${a.shot}.png`;
        if (a.sel) await page.locator(a.sel).first().screenshot({ path });
        else await page.screenshot({ path, fullPage: !!a.full });
        const m = await page.evaluate(() => {
          const de = document.documentElement;
          const over = [];
          if (de.scrollWidth > innerWidth) {
            for (const el of document.querySelectorAll('body *')) {
              const r = el.getBoundingClientRect();
              if (r.right > innerWidth + 1 && r.width > 0 && over.length < 6) over.push(`${el.tagName}.${[...el.classList].join('.')}[${el.dataset.testid ?? ''}] r=${Math.round(r.right)}`);
            }
          }
          return { sw: de.scrollWidth, iw: innerWidth, sh: de.scrollHeight, over,
            pos: document.querySelector('[data-testid=position]')?.textContent?.trim(),
            state: document.querySelector('[data-testid=state]')?.textContent?.trim() };
        });
        console.log(`${a.shot}: sw=${m.sw} iw=${m.iw} sh=${m.sh} ${m.sw > m.iw ? 'OVERFLOW ' + m.over.join(' | ') : ''} pos=${m.pos} state=${m.state}`);
      }
    }
  } catch (e) { console.log(job.name, 'FAILED', e.message.split('\n')[0]); }
  if (errors.length) console.log(job.name, 'ERRORS', errors.join(' || '));
  await context.close();
}
await browser.close(); await server.close();
