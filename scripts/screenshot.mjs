// Takes a screenshot of the built playground after a short run, to look at the page
// as a user does: node scripts/screenshot.mjs [out.png] [width] [scenario]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const require = createRequire(join(root, 'web', 'package.json'));
const { preview } = await import(require.resolve('vite'));
const { chromium } = require('playwright-core');

const out = process.argv[2] ?? join(root, '.tmp', 'playground.png');
const width = Number(process.argv[3] ?? 1280);
const scenario = process.argv[4];
const server = await preview({ root: join(root, 'web'), preview: { port: 0, strictPort: false }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(server.resolvedUrls.local[0]);
  await page.waitForSelector('#run:not([disabled])');
  if (scenario) await page.selectOption('#scenario-picker', scenario);
  // The default scenario with lighter settings; another one with its own.
  if (!scenario) {
    await page.fill('#runs', '5');
    await page.fill('#iterations', '100000');
    await page.fill('#warmup', '10000');
  }
  await page.click('#run');
  await page.waitForSelector('#results .result-row', { timeout: 120_000 });
  await page.screenshot({ path: out, fullPage: true });
  console.log(out);
} finally {
  await browser.close();
  await server.close();
}
