// The real build with an author's scenario folders (`--scenarios`) into a site
// of its own (`--out`): its catalog lists every bundled scenario and the
// author's, whose prebuilt module loads and times compiled code; one that does
// not compile is listed without a module, saying why. A plain build into the
// same site afterwards drops them without building the page again, and a
// third is skipped whole. The site and the folders live under target/ so that
// a second test run finds the page (and the modules) already built.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { env, root } from '../lib.mjs';
import { PREBUILT_NOTE } from './module.mjs';

const work = join(root, 'target', 'catalog-test');
const site = join(work, 'site');
const extras = join(work, 'scenarios');

function build(args) {
  const result = spawnSync('node', ['scripts/build.mjs', ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(result.status, 0, `${result.stdout.slice(-4000)}\n${result.stderr}`);
  return result.stdout;
}

function scenario(name, schema) {
  const dir = join(extras, name);
  mkdirSync(join(dir, 'inputs'), { recursive: true });
  writeFileSync(join(dir, 'scenario.toml'), `title = "${name}, for the docs"\nroot = "Order"\nvariants = ["de", "validate-on-de"]\n`);
  writeFileSync(join(dir, 'schema.rs'), schema);
  writeFileSync(join(dir, 'inputs', 'valid.json'), '{"email":"a@example.com","quantity":2}');
  writeFileSync(join(dir, 'inputs', 'invalid.json'), '{"email":"nope","quantity":0}');
}

const ORDER = `#[derive(Deserialize, Validate)]
pub struct Order {
    #[validate(email)]
    pub email: String,
    #[validate(range(min = 1, max = 99))]
    pub quantity: u32,
}
`;

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

test("a build with an author's scenarios lists them with modules that run, and a plain build drops them", { timeout: 1_800_000 }, async () => {
  rmSync(extras, { recursive: true, force: true });
  scenario('docs-order', ORDER);
  // rustc refuses it: a std type serde cannot read.
  scenario('docs-broken', ORDER.replace('pub quantity: u32,', 'pub quantity: u32,\n    pub seen: std::time::Instant,'));
  build(['--scenarios', extras, '--out', site]);

  const index = readJson(join(site, 'scenarios', 'index.json'));
  assert.equal(index.version, 1);
  const bundledFolders = readdirSync(join(root, 'scenarios')).filter((n) => existsSync(join(root, 'scenarios', n, 'scenario.toml')));
  assert.deepEqual(index.scenarios.filter((s) => s.bundled).map((s) => s.name).sort(), bundledFolders.sort());
  assert.deepEqual(index.scenarios.filter((s) => !s.bundled).map((s) => s.name).sort(), ['docs-broken', 'docs-order']);
  for (const entry of index.scenarios) {
    const doc = readJson(join(site, 'scenarios', entry.document));
    assert.equal(doc.version, 1, entry.name);
    assert.equal(doc.name, entry.name);
    assert.equal(doc.title, entry.title);
    if (entry.native) assert.equal(readJson(join(site, 'scenarios', entry.native)).scenario, entry.name);
    if (entry.bundled) assert.equal(entry.compiled, null);
  }

  const order = index.scenarios.find((s) => s.name === 'docs-order');
  assert.equal(order.native, null);
  assert.ok(order.compiled.notes.includes(PREBUILT_NOTE), order.compiled.notes);
  assert.ok(!order.compiled.notes.some((n) => n.includes('built on demand')), order.compiled.notes);
  // The module loads and times compiled code, as the Worker will.
  const glue = await import(pathToFileURL(join(site, 'scenarios', order.compiled.js)).href);
  glue.initSync({ module: readFileSync(join(site, 'scenarios', order.compiled.wasm)) });
  const document = readJson(join(site, 'scenarios', order.document));
  const prepared = JSON.parse(glue.prepare(JSON.stringify({ document, request: {} })));
  const compiled = prepared.jobs.filter((j) => j.engine === 'compiled');
  assert.deepEqual(compiled.map((j) => `${j.variant} ${j.input}`).sort(), ['de invalid', 'de valid', 'validate-on-de invalid', 'validate-on-de valid']);
  assert.ok(glue.timed(prepared.jobs.indexOf(compiled[0]), 100) > 0);

  const broken = index.scenarios.find((s) => s.name === 'docs-broken');
  assert.equal(broken.compiled, null);
  assert.match(broken.notes.join(' '), /no compiled code.*interpreter runs it/);

  // The same site built plain: the extras go, the page is not built again.
  const plain = build(['--out', site]);
  assert.match(plain, /✓ site \(vite build\) for [^:]+: unchanged since its last build, skipped/);
  const plainIndex = readJson(join(site, 'scenarios', 'index.json'));
  assert.deepEqual(plainIndex.scenarios.map((s) => s.name).sort(), bundledFolders.sort());
  assert.ok(!existsSync(join(site, 'scenarios', 'compiled')));
  assert.ok(!existsSync(join(site, 'scenarios', 'docs-order.json')));
  const again = build(['--out', site]);
  assert.match(again, /✓ scenario catalog for [^:]+: unchanged since its last build, skipped/);
});
