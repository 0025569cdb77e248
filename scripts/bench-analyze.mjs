// How long the editor's analysis of a long paste takes in wasm (the page's
// analyzer module, run in Node): `npm run bench:analyze [-- --lines N]`.
//
// The paste is made of the real-world corpus (`crate/engine/tests/real_world/`),
// whole files in name order until it reaches N lines (300 by default), skipping a
// file that defines a type an earlier one did, so the paste is one valid file of
// the kind people bring. Expects the wasm modules to be built
// (`node scripts/build-wasm.mjs`, or any npm start/test/build).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fail, root } from './lib.mjs';

const lines = Number(argument('--lines') ?? 300);
const iterations = Number(argument('--iterations') ?? 200);
if (!Number.isInteger(lines) || lines < 1 || !Number.isInteger(iterations) || iterations < 1) {
  fail('--lines and --iterations take a whole number of at least 1');
}

const pkg = join(root, 'web', 'src', 'wasm-pkg');
const glue = join(pkg, 'overhead_wasm_analyzer.js');
if (!existsSync(glue)) fail('the analyzer module is not built: run `node scripts/build-wasm.mjs` first');
const analyzer = await import(glue);
analyzer.initSync({ module: readFileSync(join(pkg, 'overhead_wasm_analyzer_bg.wasm')) });

const paste = composePaste(lines);
const first = JSON.parse(analyzer.analyze(paste.text, undefined, '[]'));
const errors = first.diagnostics.filter((d) => d.severity === 'error');

// Warm-up: let V8 tier the module up before timing.
for (let i = 0; i < Math.min(50, iterations); i++) analyzer.analyze(paste.text, undefined, '[]');
const times = [];
for (let i = 0; i < iterations; i++) {
  const start = performance.now();
  analyzer.analyze(paste.text, undefined, '[]');
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const ms = (t) => `${t.toFixed(2)} ms`;
console.log(`paste: ${paste.lines} lines from ${paste.files.length} corpus files (${paste.files.join(', ')})`);
console.log(`types: ${first.types.length}, diagnostics: ${first.diagnostics.length} (${errors.length} errors)`);
console.log(`analysis in wasm (Node ${process.version}), ${iterations} runs: median ${ms(median)}, min ${ms(times[0])}, max ${ms(times[times.length - 1])}`);

function composePaste(target) {
  const dir = join(root, 'crate', 'engine', 'tests', 'real_world');
  const seen = new Set();
  const parts = [];
  const files = [];
  let count = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.rs')).sort()) {
    if (count >= target) break;
    const text = readFileSync(join(dir, name), 'utf8');
    const defined = [...text.matchAll(/\b(?:struct|enum|type)\s+([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    if (defined.some((t) => seen.has(t))) continue;
    defined.forEach((t) => seen.add(t));
    parts.push(text);
    files.push(name.replace(/\.rs$/, ''));
    count += text.split('\n').length;
  }
  return { text: parts.join('\n'), lines: count, files };
}

function argument(name) {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}
