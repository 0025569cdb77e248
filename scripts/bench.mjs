// `npm run bench`: the native CLI over every bundled scenario, both engines and
// the peer crates, printing each scenario's seed-style tables and then one
// summary. `--record` keeps each Report as the scenario's `native.json` (the
// native numbers the page shows without a toolchain). `--scenarios DIR[,DIR…]`
// runs a docs author's scenario folders instead (their compiled code built on
// demand), and records into them; `--scenario a,b` picks scenarios. Other
// arguments go to `overhead run` as they are, e.g. `npm run bench -- --runs 3
// --iterations 100000`; `--measure instructions` counts instructions too and
// `--measure size` weighs each engine's code in the wasm module (a recording
// does both).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CLI_PACKAGES, fail, root, run } from './lib.mjs';
import { renderFidelity } from './bench/fidelity.mjs';
import { renderSummary } from './bench/summary.mjs';
import { scenarioFolders, takeFlag, typedPath } from './catalog/folders.mjs';

const args = process.argv.slice(2);
const record = args.includes('--record');
const { value: dirs, rest } = takeFlag(args.filter((a) => a !== '--record'), '--scenarios');
const { value: picked, rest: passOn } = takeFlag(rest, '--scenario');
const wanted = picked === null ? null : picked.split(',').filter(Boolean);
if (record && passOn.some((a) => /^--(iterations|runs|warmup|data|engine|variants|input)/.test(a))) {
  fail('--record keeps what a scenario.toml asks for; run without --iterations/--runs/--warmup/--data/--engine/--variants/--input');
}

let all;
try {
  all = dirs === null ? scenarioFolders(join(root, 'scenarios')) : dirs.split(',').filter(Boolean).map(typedPath).flatMap(scenarioFolders);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const unknown = (wanted ?? []).filter((n) => !all.some((s) => s.name === n));
if (unknown.length) fail(`no scenario ${unknown.join(', ')}; there are: ${all.map((s) => s.name).join(', ')}`);
const scenarios = wanted ? all.filter((s) => wanted.includes(s.name)) : all;
/** A path in the repository as from its root, another as it is. */
const shown = (path) => (relative(root, path).startsWith('..') ? path : relative(root, path));

run('cargo', ['build', '--release', '--locked', ...CLI_PACKAGES]);
// A recording carries instructions per operation too (callgrind): the figure
// that means the same on the reader's machine; and what each engine's code
// adds to the wasm module.
if (record) run('node', ['scripts/setup.mjs', '--valgrind']);
const measure = record ? ['--measure', 'instructions,size'] : [];
const overhead = join(root, 'target', 'release', 'overhead');
const scratch = mkdtempSync(join(tmpdir(), 'overhead-bench-'));
const reports = [];
const started = Date.now();
try {
  for (const { name, dir } of scenarios) {
    const save = record ? join(dir, 'native.json') : join(scratch, `${name}.json`);
    run(overhead, ['run', dir, '--engine', 'all', ...measure, ...passOn, '--save', save]);
    reports.push(JSON.parse(readFileSync(save, 'utf8')));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\n${renderSummary(reports)}`);
const fidelity = renderFidelity(reports);
if (fidelity) console.log(fidelity);
console.log(`${scenarios.length} scenario(s) in ${((Date.now() - started) / 1000).toFixed(0)} s` +
  (record ? `; recorded ${scenarios.map((s) => shown(join(s.dir, 'native.json'))).join(', ')}` : ''));
