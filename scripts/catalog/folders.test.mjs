// Which folders are scenarios, and the checks on an author's: the site names
// its files and addresses after them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { extraFolders, scenarioFolders, takeFlag, typedPath } from './folders.mjs';

function tree(names) {
  const dir = mkdtempSync(join(tmpdir(), 'overhead-folders-'));
  for (const name of names) {
    mkdirSync(join(dir, name), { recursive: true });
    if (!name.startsWith('not-')) writeFileSync(join(dir, name, 'scenario.toml'), 'title = "t"\n');
  }
  return dir;
}

test('a folder of scenarios lists those with a manifest, by name; a scenario folder is itself', () => {
  const dir = tree(['b-one', 'a-two', 'not-a-scenario']);
  assert.deepEqual(scenarioFolders(dir).map((s) => s.name), ['a-two', 'b-one']);
  assert.deepEqual(scenarioFolders(join(dir, 'b-one')), [{ name: 'b-one', dir: join(dir, 'b-one') }]);
  assert.throws(() => scenarioFolders(join(dir, 'not-a-scenario')), /holds no scenario folder/);
  assert.throws(() => scenarioFolders(join(dir, 'missing')), /is not a folder/);
  rmSync(dir, { recursive: true });
});

test("an author's scenarios may not take a bundled name, each other's, or a name unfit for an address", () => {
  const dir = tree(['mine', 'user-signup', 'twice/mine', 'bad name']);
  assert.equal(extraFolders([join(dir, 'mine')], ['user-signup']).length, 1);
  assert.throws(() => extraFolders([join(dir, 'user-signup')], ['user-signup']), /two scenarios are named user-signup/);
  assert.throws(() => extraFolders([join(dir, 'mine'), join(dir, 'twice')]), /two scenarios are named mine/);
  assert.throws(() => extraFolders([join(dir, 'bad name')]), /letters, digits/);
  rmSync(dir, { recursive: true });
});

test('flags are taken out of the arguments, in either spelling', () => {
  assert.deepEqual(takeFlag(['--record', '--scenarios', 'a,b', '--runs', '3'], '--scenarios'), { value: 'a,b', rest: ['--record', '--runs', '3'] });
  assert.deepEqual(takeFlag(['--scenarios=docs'], '--scenarios'), { value: 'docs', rest: [] });
  assert.deepEqual(takeFlag(['--scenarios', 'x'], '--scenario'), { value: null, rest: ['--scenarios', 'x'] });
});

test('a typed path is where the person was when npm ran the script', () => {
  const before = process.env.INIT_CWD;
  process.env.INIT_CWD = '/home/author/docs';
  try {
    assert.equal(typedPath('scenarios'), '/home/author/docs/scenarios');
    assert.equal(typedPath('/abs'), '/abs');
  } finally {
    if (before === undefined) delete process.env.INIT_CWD;
    else process.env.INIT_CWD = before;
  }
});
