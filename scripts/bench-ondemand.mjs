// `npm run bench:ondemand`: compiled code built on demand against the bundled
// compiled code, and how long building it takes.
// 1. Same definitions, two builds: for each validation scenario, the bundled
//    compiled rows (the release CLI, LTO) and the on-demand rows (the crate
//    built for the same definitions, profile `ondemand`), in alternating
//    processes; the median of per-run ratios (run k of one beside run k of the
//    other) per variant and input. Target: 0.95–1.05.
// 2. Latency: an edit's rebuild (cargo, native), and a cache hit, measured
//    through `overhead run` on a scratch document whose definitions change
//    each round.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { CLI_PACKAGES, env, fail, root, run } from './lib.mjs';

const PAIRS = Number(process.env.PAIRS ?? 4);
const SETTINGS = ['--iterations', '20000', '--runs', '5', '--warmup', '2000'];
const VARIANTS = ['de', 'de+validate', 'validate-on-de', 'validate-on-de/fail-fast'];

run('cargo', ['build', '--release', '--locked', ...CLI_PACKAGES]);
const overhead = join(root, 'target', 'release', 'overhead');
run(overhead, ['prebuild']);
const scratch = mkdtempSync(join(tmpdir(), 'overhead-ondemand-'));

function report(args) {
  const started = performance.now();
  const result = spawnSync(overhead, ['run', ...args, '--json'], { cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - started;
  if (result.status !== 0) fail(`overhead run ${args.join(' ')}: ${result.stderr}`);
  return { report: JSON.parse(result.stdout), ms };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log('\n== on-demand / bundled compiled, same definitions (median of per-run ratios) ==');
for (const name of ['user-signup', 'api-payload']) {
  const variants = ['--variants', VARIANTS.join(',')];
  const folder = join('scenarios', name);
  const ratios = new Map();
  for (let pair = 0; pair < PAIRS; pair++) {
    const bundled = report([folder, '--engine', 'compiled', ...variants, ...SETTINGS]).report;
    const onDemand = report([folder, '--engine', 'compiled', '--on-demand', ...variants, ...SETTINGS]).report;
    for (const row of onDemand.results.filter((r) => r.engine === 'compiled')) {
      const twin = bundled.results.find((r) => r.engine === 'compiled' && r.variant === row.variant && r.input === row.input);
      if (!twin) continue;
      const key = `${row.variant} ${row.input}`;
      const list = ratios.get(key) ?? [];
      row.runs_ns.forEach((ns, k) => list.push(ns / twin.runs_ns[k]));
      ratios.set(key, list);
    }
  }
  for (const [key, list] of ratios) {
    const m = median(list);
    console.log(`${name.padEnd(12)} ${key.padEnd(34)} ${m.toFixed(3)}  (${list.length} runs)${m < 0.95 || m > 1.05 ? '  OUTSIDE 0.95–1.05' : ''}`);
  }
}

console.log('\n== latency: an edit, then the same definitions again ==');
const schema = readFileSync(join(root, 'scenarios', 'user-signup', 'schema.rs'), 'utf8');
const inputs = Object.fromEntries(
  readdirSync(join(root, 'scenarios', 'user-signup', 'inputs')).map((f) => [f.replace(/\.json$/, ''), readFileSync(join(root, 'scenarios', 'user-signup', 'inputs', f), 'utf8')]),
);
const tiny = ['--variants', 'de', '--iterations', '10', '--runs', '1', '--warmup', '0'];
const builds = [];
const hits = [];
for (let round = 0; round < 3; round++) {
  // A new field each round: new definitions, a new crate, an incremental build.
  const edited = `${schema}\n#[derive(Deserialize, Validate)]\npub struct Round${Date.now()}${round} {\n    #[validate(length(max = ${round + 5}))]\n    pub note: String,\n}\n`;
  const path = join(scratch, `round-${round}.json`);
  writeFileSync(path, JSON.stringify({ version: 1, title: 'latency', schema: edited, inputs }));
  const first = report([path, '--engine', 'compiled', ...tiny]);
  const built = first.report.notes.find((n) => n.includes('built on demand'));
  const seconds = Number(/in ([\d.]+) s/.exec(built ?? '')?.[1] ?? NaN);
  builds.push({ total: first.ms / 1000, cargo: seconds });
  hits.push(report([path, '--engine', 'compiled', ...tiny]).ms / 1000);
}
for (const [i, b] of builds.entries()) console.log(`edit ${i + 1}: ${b.total.toFixed(2)} s in all, cargo ${b.cargo.toFixed(2)} s`);
console.log(`cache hit: median ${median(hits).toFixed(3)} s in all (the run itself included)`);

// 3. The page's module (what the local server builds for the browser): cargo
//    for wasm32 and wasm-bindgen on an edit, a cache hit, and its size.
console.log('\n== the page\'s module: an edit, then a cache hit ==');
function buildBrowser(path) {
  const started = performance.now();
  const result = spawnSync(overhead, ['build-browser', path], { cwd: root, env, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0) fail(`overhead build-browser: ${result.stdout} ${result.stderr}`);
  return { answer: JSON.parse(result.stdout), ms };
}
for (const name of ['user-signup', 'api-payload']) {
  const base = readFileSync(join(root, 'scenarios', name, 'schema.rs'), 'utf8');
  const folder = join(root, 'scenarios', name, 'inputs');
  const own = Object.fromEntries(readdirSync(folder).map((f) => [f.replace(/\.json$/, ''), readFileSync(join(folder, f), 'utf8')]));
  const edits = [];
  for (let round = 0; round < 3; round++) {
    const path = join(scratch, `${name}-browser-${round}.json`);
    writeFileSync(path, JSON.stringify({ version: 1, title: name, schema: `${base}\n// edit ${Date.now()} ${round}\n`, inputs: own }));
    const built = buildBrowser(path);
    const hit = buildBrowser(path);
    const wasm = readFileSync(join(built.answer.dir, 'overhead_ondemand_bg.wasm'));
    edits.push({ ...built.answer.seconds, total: built.ms / 1000, hit: hit.ms / 1000, gzip: gzipSync(wasm, { level: 9 }).length });
  }
  for (const [i, e] of edits.entries()) {
    console.log(
      `${name.padEnd(12)} edit ${i + 1}: ${e.total.toFixed(2)} s in all (cargo wasm32 ${e.cargo.toFixed(2)} s, wasm-bindgen ${e.bindgen.toFixed(2)} s); cache hit ${e.hit.toFixed(3)} s; module ${(e.gzip / 1024).toFixed(0)} KiB gzip -9`,
    );
  }
}
rmSync(scratch, { recursive: true, force: true });
