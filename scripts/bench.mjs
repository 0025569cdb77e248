// `npm run bench`: the native CLI over every bundled scenario, both engines and
// the peer crates, printing each scenario's seed-style tables and then one
// summary. `--record` keeps each Report as the scenario's `native.json` (the
// native numbers the page shows without a toolchain). Other arguments go to
// `overhead run` as they are, e.g. `npm run bench -- --runs 3 --iterations 100000`;
// `--scenario a,b` picks scenarios.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, root, run } from './lib.mjs';
import { renderSummary } from './bench/summary.mjs';

const args = process.argv.slice(2);
const record = args.includes('--record');
const scenarioFlag = args.indexOf('--scenario');
const wanted = scenarioFlag >= 0 ? (args[scenarioFlag + 1] ?? '').split(',').filter(Boolean) : null;
const passOn = args.filter((a, i) => a !== '--record' && i !== scenarioFlag && i !== scenarioFlag + 1);
if (record && passOn.some((a) => /^--(iterations|runs|warmup|data|engine|variants|input)/.test(a))) {
  fail('--record keeps what a scenario.toml asks for; run without --iterations/--runs/--warmup/--data/--engine/--variants/--input');
}

const scenariosDir = join(root, 'scenarios');
const all = readdirSync(scenariosDir).filter((n) => statSync(join(scenariosDir, n)).isDirectory()).sort();
const unknown = (wanted ?? []).filter((n) => !all.includes(n));
if (unknown.length) fail(`no scenario ${unknown.join(', ')}; there are: ${all.join(', ')}`);
const scenarios = wanted ?? all;

run('cargo', ['build', '--release', '--locked', '-p', 'overhead-cli']);
const overhead = join(root, 'target', 'release', 'overhead');
const scratch = mkdtempSync(join(tmpdir(), 'overhead-bench-'));
const reports = [];
const started = Date.now();
try {
  for (const name of scenarios) {
    const save = record ? join(scenariosDir, name, 'native.json') : join(scratch, `${name}.json`);
    run(overhead, ['run', join('scenarios', name), '--engine', 'all', ...passOn, '--save', save]);
    reports.push(JSON.parse(readFileSync(save, 'utf8')));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\n${renderSummary(reports)}`);
console.log(`${scenarios.length} scenario(s) in ${((Date.now() - started) / 1000).toFixed(0)} s` +
  (record ? `; recorded ${scenarios.map((n) => `scenarios/${n}/native.json`).join(', ')}` : ''));
