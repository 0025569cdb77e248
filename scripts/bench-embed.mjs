// `npm run bench:embed`: the light embed as a docs reader meets it, measured.
// Serves the built site as `npm start` does and, on another port, a docs page
// sent without COOP/COEP (as GitHub Pages or docs.rs send one) that embeds it;
// then, for each of three fresh page loads (a new browser context: nothing
// cached): the bytes the embed fetched before Run (gzipped, as a host would
// send them), the time from opening the page to Run enabled, and after Run
// the compiled `de` median of the scenario's first input. Prints the table and
// the spread of that median across the loads.
//
//   npm run bench:embed                               user-signup, 3 loads
//   npm run bench:embed -- --scenario car --loads 5
//   npm run bench:embed -- --no-build                 the built site as it is
//   npm run bench:embed -- --screenshots DIR          also the embed after Run, light and dark
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { flagValue, root, run } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => flagValue(args, name, fallback);
const scenario = flag('--scenario', 'user-signup');
const loads = Number(flag('--loads', '3'));
const screenshots = flag('--screenshots', null);

if (!args.includes('--no-build')) {
  run('node', ['scripts/setup.mjs', '--browser']);
  run('node', ['scripts/build.mjs']);
}

const require = createRequire(join(root, 'web', 'package.json'));
const { preview } = await import(require.resolve('vite'));
const { chromium } = require('playwright-core');

const server = await preview({ root: join(root, 'web'), preview: { port: 0, strictPort: false, open: false }, logLevel: 'warn' });
const site = server.resolvedUrls.local[0];
const host = createServer((req, res) => {
  const theme = new URL(req.url ?? '/', 'http://x').searchParams.get('theme') ?? 'light';
  res.writeHead(200, { 'Content-Type': 'text/html' });
  res.end(`<!doctype html><html><body style="margin:0;font-family:sans-serif;background:${theme === 'dark' ? '#17181b' : '#fff'}">
    <iframe id="embed" src="${site}embed.html?scenario=${encodeURIComponent(scenario)}&theme=${theme}" style="width:820px;height:200px;border:0"></iframe>
    <script src="${site}embed.js"></script></body></html>`);
});
await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
const hostUrl = `http://127.0.0.1:${host.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const rows = [];
try {
  for (let load = 1; load <= loads; load++) {
    const context = await browser.newContext({ viewport: { width: 860, height: 900 } });
    const page = await context.newPage();
    const bytes = new Map();
    let counting = true;
    page.on('response', async (response) => {
      if (!counting || !response.url().startsWith(site)) return;
      const body = await response.body().catch(() => null);
      if (body) bytes.set(response.url(), gzipSync(body).length);
    });
    const opened = performance.now();
    await page.goto(`${hostUrl}?theme=light`);
    const frame = await (await page.waitForSelector('#embed')).contentFrame();
    await frame.waitForSelector('#run:not([disabled])', { timeout: 60_000 });
    const readyMs = performance.now() - opened;
    await page.waitForLoadState('networkidle');
    counting = false;
    const before = [...bytes.values()].reduce((sum, n) => sum + n, 0);
    const isolated = await frame.evaluate(() => crossOriginIsolated);
    await frame.click('#run');
    await frame.waitForSelector('#results .result-row', { timeout: 600_000 });
    const de = await frame.evaluate(() => {
      const row = [...document.querySelectorAll('#results .result-row')].find(
        (r) => r.querySelector('.variant')?.textContent === 'de' && r.textContent?.includes('compiled'),
      );
      return Number(row?.querySelector('td.median')?.getAttribute('data-ns') ?? Number.NaN);
    });
    rows.push({ load, before, readyMs, isolated, de });
    console.log(`load ${load}: ${(before / 1024).toFixed(1)} KiB gzipped before Run · Run-ready ${readyMs.toFixed(0)} ms · ${isolated ? 'isolated' : 'not isolated'} · compiled de ${de.toFixed(1)} ns`);
    if (screenshots && load === 1) {
      for (const theme of ['light', 'dark']) {
        if (theme === 'dark') {
          await page.goto(`${hostUrl}?theme=dark`);
          const dark = await (await page.waitForSelector('#embed')).contentFrame();
          await dark.waitForSelector('#run:not([disabled])');
          await dark.click('#run');
          await dark.waitForSelector('#results .result-row', { timeout: 600_000 });
        }
        await page.waitForTimeout(500);
        const out = join(screenshots, `embed-${theme}.png`);
        await page.screenshot({ path: out, fullPage: true });
        console.log(`  ${out}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  host.close();
}
const des = rows.map((r) => r.de).sort((a, b) => a - b);
const median = des[Math.floor(des.length / 2)];
console.log(`\n${scenario}, ${rows.length} fresh loads in an iframe of a page without COOP/COEP:`);
console.log('| load | before Run (gzipped) | open → Run-ready | compiled de median |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.load} | ${(r.before / 1024).toFixed(1)} KiB | ${r.readyMs.toFixed(0)} ms | ${r.de.toFixed(1)} ns |`);
console.log(`spread of the compiled de median: ${(((des.at(-1) - des[0]) / median) * 100).toFixed(1)}% (${des[0].toFixed(1)}–${des.at(-1).toFixed(1)} ns)`);
