// Scenario folders as the build and the bench find them: a folder holding a
// `scenario.toml` is one scenario (named by the folder); any other folder
// holds scenarios, one a sub-folder. Nothing here names a scenario: the
// bundled set is whatever `scenarios/` holds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';

/** A folder is a scenario when it has its manifest. */
export const isScenario = (dir) => existsSync(join(dir, 'scenario.toml'));

/**
 * The scenarios `dir` holds, by name: `[{ name, dir }]`. Throws when `dir` is
 * not a folder or holds none (a mistyped path should not build a site
 * silently without the author's scenarios).
 */
export function scenarioFolders(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
  if (isScenario(dir)) return [{ name: basename(resolve(dir)), dir: resolve(dir) }];
  const found = readdirSync(dir)
    .sort()
    .map((name) => ({ name, dir: resolve(dir, name) }))
    .filter((s) => statSync(s.dir).isDirectory() && isScenario(s.dir));
  if (found.length === 0) throw new Error(`${dir} holds no scenario folder (a folder with a scenario.toml)`);
  return found;
}

/** Scenario names end up in URLs, file names and `?scenario=`: as plain as the Rust side's. */
const PLAIN_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The folders of `--scenarios a,b`, checked: plain names, none twice, none of `taken`'s. */
export function extraFolders(dirs, taken = []) {
  const all = dirs.flatMap(scenarioFolders);
  const seen = new Map(taken.map((name) => [name, 'scenarios/ (bundled)']));
  for (const s of all) {
    if (!PLAIN_NAME.test(s.name)) throw new Error(`${s.dir}: a scenario folder's name must be 1–64 letters, digits, '-' or '_'`);
    const before = seen.get(s.name);
    if (before) throw new Error(`two scenarios are named ${s.name}: ${before} and ${s.dir}; rename one folder`);
    seen.set(s.name, s.dir);
  }
  return all;
}

/**
 * `--flag value` (or `--flag=value`) out of `args`: the value and the other
 * arguments. A list flag's value is comma-separated.
 */
export function takeFlag(args, flag) {
  const rest = [];
  let value = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === flag) {
      value = args[i + 1] ?? '';
      i++;
    } else if (args[i].startsWith(`${flag}=`)) value = args[i].slice(flag.length + 1);
    else rest.push(args[i]);
  }
  return { value, rest };
}

/**
 * A path the person typed: npm runs scripts from the package's folder, and says
 * where the person was in INIT_CWD.
 */
export function typedPath(path) {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
