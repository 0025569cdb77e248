// The build's steps: skipped while what they are made from is unchanged, run
// again when an input, the command or an output changes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { contentHash, steps, treeHash } from './steps.mjs';

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'overhead-steps-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'src', 'main.ts'), 'export const a = 1;\n');
  return dir;
}

test('a step runs once, then is skipped until an input, the command or an output changes', () => {
  const dir = workspace();
  const said = [];
  const build = steps(join(dir, 'state'), (line) => said.push(line));
  let runs = 0;
  const site = (flags = '') =>
    build.run(
      'site',
      { fingerprint: `${treeHash(dir, ['src'])} ${flags}`, outputs: [join(dir, 'dist', 'index.html')] },
      () => {
        runs += 1;
        writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html>');
      },
    );
  assert.equal(site(), true);
  assert.equal(site(), false);
  assert.equal(runs, 1);
  assert.match(said.join(''), /site: unchanged since its last build, skipped/);
  // An edited input.
  writeFileSync(join(dir, 'src', 'main.ts'), 'export const a = 2;\n');
  assert.equal(site(), true);
  // Another command.
  assert.equal(site('-O3'), true);
  assert.equal(site('-O3'), false);
  // A missing output.
  rmSync(join(dir, 'dist', 'index.html'));
  assert.equal(site('-O3'), true);
  assert.equal(runs, 4);
  rmSync(dir, { recursive: true });
});

test('the tree hash sees every file, but not the folders it is told to skip', () => {
  const dir = workspace();
  const before = treeHash(dir, ['.'], ['dist', 'state']);
  writeFileSync(join(dir, 'dist', 'index.html'), 'built');
  assert.equal(treeHash(dir, ['.'], ['dist', 'state']), before);
  writeFileSync(join(dir, 'src', 'new.ts'), '');
  assert.notEqual(treeHash(dir, ['.'], ['dist', 'state']), before);
  rmSync(dir, { recursive: true });
});

test('a module is keyed by its bytes: cargo touching it without a change is no change', () => {
  const dir = workspace();
  const wasm = join(dir, 'module.wasm');
  writeFileSync(wasm, Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  const before = contentHash(wasm);
  utimesSync(wasm, new Date(), new Date(Date.now() + 60_000));
  assert.equal(contentHash(wasm), before);
  writeFileSync(wasm, Buffer.from([0, 97, 115, 109, 1, 0, 0, 0, 0]));
  assert.notEqual(contentHash(wasm), before);
  rmSync(dir, { recursive: true });
});
