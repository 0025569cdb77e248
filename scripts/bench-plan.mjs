// `npm run bench:plan`: what an edit and a Run cost before anything is timed,
// on the largest real-world pastes of the corpus, in headless Chromium with
// the page's own wasm modules:
// - analyze: the analyzer module's `analyze`, which the editor's worker runs
//   on every edit (completion, analysis, the planner's diagnostics);
// - engine: the benchmark module's build of the interpreter for the paste
//   (completion, analysis, the plan and its programs), as a Run starts.
// Each paste in a fresh page: its first call (the functions it reaches are
// compiled then), then the median and 10th percentile of 60 calls after 50.
//
//   npm run bench:plan                  the four largest pastes
//   npm run bench:plan -- --pastes 8    the eight largest
//   npm run bench:plan -- --json        one JSON document instead
//   npm run bench:plan -- --no-build    the wasm modules as built
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { flagValue, root, run } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { serveStatic } from './docs/static-server.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const count = Number(flagValue(args, '--pastes', '4'));
const log = (text) => (asJson ? process.stderr : process.stdout).write(`${text}\n`);

if (!args.includes('--no-build')) {
  run('node', ['scripts/build-wasm.mjs'], asJson ? { stdio: ['ignore', process.stderr, 'inherit'] } : {});
}

/** The corpus's pastes, largest first: real-world request types as people paste them. */
const corpus = ['real_world', 'unseen_pastes']
  .map((dir) => join(root, 'crate', 'engine', 'tests', dir))
  .flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.rs')).map((f) => join(dir, f)))
  .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  .map((p) => ({ ...p, name: p.path.split('/').slice(-1)[0].replace(/\.rs$/, ''), lines: p.text.split('\n').length }))
  .sort((a, b) => b.lines - a.lines)
  .slice(0, count);

// The page's wasm packages, cross-origin isolated as the page is served
// (`performance.now()` in 5 µs steps, not 100); the measuring page is one of
// their files, so the modules load from its own origin.
const pkg = join(root, 'web', 'src', 'wasm-pkg');
const isolated = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
const server = await serveStatic(pkg, 0, isolated);
const url = `${server.url}overhead_wasm.js`;

const require = createRequire(join(root, 'web', 'package.json'));
const { chromium } = require('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows = [];
try {
  for (const paste of corpus) {
    log(`${paste.name} (${paste.lines} lines)…`);
    const page = await browser.newPage();
    await page.goto(url);
    const figures = await page.evaluate(async (text) => {
      const analyzer = await import('/overhead_wasm_analyzer.js');
      const bench = await import('/overhead_wasm.js');
      await analyzer.default();
      await bench.default();
      const time = (fn) => {
        const start = performance.now();
        fn();
        return performance.now() - start;
      };
      const measure = (fn) => {
        const first = time(fn);
        for (let i = 0; i < 50; i++) fn();
        const times = Array.from({ length: 60 }, () => time(fn)).sort((a, b) => a - b);
        return { first_ms: first, median_ms: times[30], p10_ms: times[6] };
      };
      return {
        isolated: crossOriginIsolated,
        analyze: measure(() => analyzer.analyze(text, undefined, '[]')),
        engine: measure(() => bench.rustVerdicts(text, undefined, '[]')),
      };
    }, paste.text);
    const { isolated: fine, ...times } = figures;
    if (!fine) log('  not cross-origin isolated: performance.now() is coarse (100 µs) here');
    rows.push({ paste: paste.name, lines: paste.lines, ...times });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}

if (asJson) {
  process.stdout.write(`${JSON.stringify({ browser: `Chromium ${browser.version()}`, rows }, null, 2)}\n`);
} else {
  const ms = (x) => x.toFixed(2).padStart(7);
  log(`\nms per call, Chromium ${browser.version()} (first call · median · p10 of 60 after 50)`);
  log(`${'paste'.padEnd(34)} ${'lines'.padStart(5)}   ${'analyze (each edit)'.padEnd(27)}   engine (each Run)`);
  for (const r of rows) {
    const cell = (f) => `${ms(f.first_ms)} ·${ms(f.median_ms)} ·${ms(f.p10_ms)}`;
    log(`${r.paste.padEnd(34)} ${String(r.lines).padStart(5)}   ${cell(r.analyze)}   ${cell(r.engine)}`);
  }
}
