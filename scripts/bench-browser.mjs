// `npm run bench:browser`: the product's own performance claims checked in one
// run on one machine. Builds the site and the CLI, serves the site as `npm
// start` does (cross-origin isolated), runs every bundled scenario in headless
// Chromium with the Quick preset and every engine, runs the same natively with
// the settings Quick chose, and prints one table per scenario: wasm median and
// range, native median and range, wasm/native.
//
//   npm run bench:browser                        all scenarios, tables
//   npm run bench:browser -- --scenario car      some of them
//   npm run bench:browser -- --json              one JSON document instead
//   npm run bench:browser -- --no-build          use the built site and CLI as they are
//   npm run bench:browser -- --js                with the page's JS engines (js, peer:zod) and
//                                                 the str-in/to-js boundary (no native figure)
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { env, fail, root, run } from './lib.mjs';
import { compareRows, renderComparison } from './bench/compare.mjs';
import { fidelityRows, renderFidelity } from './bench/fidelity.mjs';
import { formatNs, renderSummary } from './bench/summary.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const withJs = args.includes('--js');
const scenarioFlag = args.indexOf('--scenario');
const wanted = scenarioFlag >= 0 ? (args[scenarioFlag + 1] ?? '').split(',').filter(Boolean) : null;
const log = (text) => (asJson ? process.stderr : process.stdout).write(`${text}\n`);

const scenariosDir = join(root, 'scenarios');
const all = readdirSync(scenariosDir).filter((n) => statSync(join(scenariosDir, n)).isDirectory()).sort();
const unknown = (wanted ?? []).filter((n) => !all.includes(n));
if (unknown.length) fail(`no scenario ${unknown.join(', ')}; there are: ${all.join(', ')}`);
const scenarios = wanted ?? all;

if (!args.includes('--no-build')) {
  // Build output goes to stderr so that --json leaves stdout to the document.
  const quiet = asJson ? { stdio: ['ignore', process.stderr, 'inherit'] } : {};
  run('node', ['scripts/setup.mjs', '--browser'], quiet);
  run('node', ['scripts/build.mjs'], quiet);
}

const require = createRequire(join(root, 'web', 'package.json'));
const { preview } = await import(require.resolve('vite'));
const { chromium } = require('playwright-core');

const started = Date.now();
const server = await preview({ root: join(root, 'web'), preview: { port: 0, strictPort: false, open: false }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const cli = join(root, 'target', 'release', 'overhead');
const results = [];
try {
  for (const name of scenarios) {
    log(`\n${name}: running in Chromium (Quick, all engines${withJs ? ', JS engines too' : ''})…`);
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${url}?scenario=${encodeURIComponent(name)}`);
    await page.waitForSelector('#run:not([disabled])', { timeout: 60_000 });
    const isolated = await page.evaluate(() => self.crossOriginIsolated);
    await page.selectOption('#preset', 'quick');
    await page.selectOption('#engines', 'all');
    await page.setChecked('#js-engines', withJs);
    await page.click('#run');
    // Done when the results are on screen and the Run button is back.
    await page.waitForFunction(
      () => document.querySelector('#results .result-row') !== null && !document.querySelector('#run')?.hasAttribute('disabled'),
      null,
      { timeout: 300_000 },
    );
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    const wasm = JSON.parse(readFileSync(await download.path(), 'utf8'));
    await context.close();

    const s = wasm.settings;
    log(`${name}: running natively with the same settings (${s.runs} × ${s.iterations}, warm-up ${s.warmup})…`);
    const native = spawnSync(
      cli,
      ['run', join('scenarios', name), '--engine', 'all', '--json', '--iterations', String(s.iterations), '--runs', String(s.runs), '--warmup', String(s.warmup)],
      { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    if (native.status !== 0) fail(`overhead run ${name} failed: ${native.stderr}`);
    const nativeReport = JSON.parse(native.stdout);
    results.push({ scenario: name, crossOriginIsolated: isolated, wasm, native: nativeReport });
    if (!asJson) log(`\n${renderComparison(wasm, nativeReport)}`);
  }
} finally {
  await browser.close();
  await server.close();
}

const first = results[0];
const seconds = Math.round((Date.now() - started) / 1000);
if (asJson) {
  const document = {
    browser: first?.wasm.env.browser ?? null,
    native: first ? { cpu: first.native.env.cpu, os: first.native.env.os, rustc: first.native.env.rustc } : null,
    seconds,
    scenarios: results.map((r) => ({
      scenario: r.scenario,
      cross_origin_isolated: r.crossOriginIsolated,
      timer: { wasm: r.wasm.timer, native: r.native.timer },
      settings: r.wasm.settings,
      rows: compareRows(r.wasm, r.native),
      fidelity: { wasm: fidelityRows(r.wasm), native: fidelityRows(r.native) },
    })),
  };
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
} else if (first) {
  // The engines against each other inside each side: the interpreter's cost
  // over compiled code and its fidelity, in Chromium and natively.
  const wasmReports = results.map((r) => r.wasm);
  const nativeReports = results.map((r) => r.native);
  log(`\nIN CHROMIUM\n${renderSummary(wasmReports)}`);
  log(renderFidelity(wasmReports));
  log(`NATIVE\n${renderSummary(nativeReports)}`);
  log(renderFidelity(nativeReports));
  const e = first.native.env;
  log(`\nwasm: ${first.wasm.env.browser ?? 'browser'}; cross-origin isolated: ${results.every((r) => r.crossOriginIsolated) ? 'yes' : 'NO (coarse timer)'}; timer resolution ${first.wasm.timer.resolution_ns === null ? 'unknown' : formatNs(first.wasm.timer.resolution_ns)}`);
  log(`native: ${[e.cpu, e.os, e.rustc].filter(Boolean).join(' · ')}`);
  log(`${results.length} scenario(s) in ${seconds} s (after the build)`);
}
