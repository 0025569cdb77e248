// `npm run bench:spread`: how far the compiled `de` median moves between fresh
// page loads in Chromium — the figure a person sees change when they reload.
// Serves the built site as `npm start` does (cross-origin isolated) and, for
// each load (a new browser context: nothing cached, the module compiled and
// tiered anew), opens the full page on the scenario, runs it with the chosen
// settings and reads the compiled `de` median of every input. Prints each
// load and the spread (max − min over the median of the loads) per input.
//
//   npm run bench:spread                                   user-signup, Quick, 3 loads
//   npm run bench:spread -- --loads 6 --scenario car
//   npm run bench:spread -- --preset seed                  the seed settings
//   npm run bench:spread -- --runs 15 --iterations 40000 --warmup 4000
//                                                          Custom settings (a candidate)
//   npm run bench:spread -- --engines all                  every engine, as Quick runs by default
//   npm run bench:spread -- --fresh-browser                a new Chromium per load
//   npm run bench:spread -- --no-build --dist /tmp/before  a site built before a change
//   npm run bench:spread -- --no-build                     the built site as it is
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { flagValue, root, run } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => flagValue(args, name, fallback);
const scenario = flag('--scenario', 'user-signup');
const loads = Number(flag('--loads', '3'));
const engines = flag('--engines', 'compiled');
const custom = ['--runs', '--iterations', '--warmup'].some((f) => args.includes(f));
const repeats = Number(flag('--repeat', '1'));
const preset = custom ? 'custom' : flag('--preset', 'quick');

if (!args.includes('--no-build')) {
  run('node', ['scripts/setup.mjs', '--browser']);
  run('node', ['scripts/build.mjs']);
}

const require = createRequire(join(root, 'web', 'package.json'));
const { preview } = await import(require.resolve('vite'));
const { chromium } = require('playwright-core');

// `--dist DIR`: a site built elsewhere (say, before a change), to compare two builds load for load.
const dist = flag('--dist', null);
const server = await preview({
  root: join(root, 'web'),
  ...(dist ? { build: { outDir: dist } } : {}),
  preview: { port: 0, strictPort: false, open: false },
  logLevel: 'warn',
});
const site = server.resolvedUrls.local[0];
// One browser for every load, as a person reloads; `--fresh-browser` starts
// one per load (no state at all carried between loads).
const freshBrowser = args.includes('--fresh-browser');
const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let browser = await launch();

/** Compiled `de` medians by input, and the settings the run used. */
const rows = [];
try {
  for (let load = 1; load <= loads; load++) {
    if (freshBrowser && load > 1) {
      await browser.close();
      browser = await launch();
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site}?scenario=${encodeURIComponent(scenario)}`);
    await page.waitForSelector('#run:not([disabled])', { timeout: 60_000 });
    await page.selectOption('#preset', preset);
    if (custom) {
      for (const name of ['runs', 'iterations', 'warmup']) {
        const value = flag(`--${name}`, null);
        if (value !== null) await page.fill(`#${name}`, value);
      }
    }
    await page.selectOption('#engines', engines);
    await page.setChecked('#breakdown', false);
    for (let repeat = 1; repeat <= repeats; repeat++) {
    const started = performance.now();
    await page.click('#run');
    await page.waitForFunction(
      () => document.querySelector('#results .result-row') !== null && !document.querySelector('#run')?.hasAttribute('disabled'),
      null,
      { timeout: 600_000 },
    );
    const seconds = (performance.now() - started) / 1000;
    if (args.includes('--verbose')) page.on('console', (m) => console.log(`  ${m.text()}`));
    const { de, settings } = await page.evaluate((verbose) => {
      const de = {};
      for (const row of document.querySelectorAll('#results .result-row')) {
        const cells = row.querySelectorAll('td');
        if (cells[0]?.textContent !== 'de' || cells[1]?.textContent !== 'compiled') continue;
        const input = cells[2]?.textContent ?? '?';
        de[input] = Number(row.querySelector('td.median')?.getAttribute('data-ns') ?? Number.NaN);
        if (verbose) console.log(`${input}: runs ${row.querySelector('td.runs')?.getAttribute('title')}`);
      }
      const value = (id) => document.querySelector(`#${id}`)?.value;
      return { de, settings: `${value('runs')} × ${value('iterations')}, warm-up ${value('warmup')}` };
    }, args.includes('--verbose'));
    rows.push(de);
    console.log(`load ${load}${repeats > 1 ? `.${repeat}` : ''}: ${settings} · ${seconds.toFixed(1)} s · ${Object.entries(de).map(([input, ns]) => `${input} ${ns.toFixed(1)} ns`).join(' · ')}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

/** (max − min) / median, in percent. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return ((sorted.at(-1) - sorted[0]) / sorted[Math.floor(sorted.length / 2)]) * 100;
}
const inputs = Object.keys(rows[0] ?? {});
console.log(`\n${scenario}, ${preset}${custom ? ` (${['runs', 'iterations', 'warmup'].map((f) => `${f} ${flag(`--${f}`, '-')}`).join(', ')})` : ''}, engines ${engines}, ${rows.length} fresh loads:`);
for (const input of inputs) {
  const values = rows.map((r) => r[input]);
  // Three loads is what a person compares; more loads are cut into threes.
  const threes = [];
  for (let at = 0; at + 3 <= values.length; at += 3) threes.push(spread(values.slice(at, at + 3)));
  const sorted = [...values].sort((a, b) => a - b);
  console.log(`  compiled de, ${input}: spread ${spread(values).toFixed(1)}% over ${values.length} loads (${sorted.map((v) => v.toFixed(1)).join(', ')} ns)${threes.length > 1 ? `; by threes in load order: ${threes.map((t) => `${t.toFixed(1)}%`).join(', ')}` : ''}`);
}
