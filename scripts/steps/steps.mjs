// Build steps that run only when what they are made from changed, so that
// `npm start` with nothing changed serves in seconds: each step's fingerprint
// (a hash of its inputs and its command) is kept in a state folder
// (target/steps/ for the build scripts), and the step is skipped while the
// fingerprint is the same and its outputs are all there. cargo keeps its own
// freshness; the steps after it (wasm-bindgen, wasm-opt, the site) are keyed
// by what cargo wrote.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A hash of a file's bytes (a wasm module cargo wrote: its mtime moves on a no-op relink). */
export function contentHash(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/**
 * A hash of every file under `paths` (folders walked, `skip` names left out at
 * any depth) by relative path, size and modification time: cheap enough to
 * take on every start, and changed by any edit.
 */
export function treeHash(base, paths, skip = []) {
  const lines = [];
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (!skip.includes(entry)) walk(join(path, entry));
      }
    } else {
      lines.push(`${relative(base, path)}\0${stat.size}\0${stat.mtimeMs}`);
    }
  };
  for (const path of paths) walk(join(base, path));
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** The steps kept in `stateDir`; `log` says what was skipped. */
export function steps(stateDir, log = console.log) {
  return {
    /**
     * Runs `work` unless step `name` last ran with the same `fingerprint` and
     * every path of `outputs` exists; returns whether it ran.
     */
    run(name, { fingerprint, outputs }, work) {
      const record = join(stateDir, `${name}.json`);
      const last = existsSync(record) ? JSON.parse(readFileSync(record, 'utf8')).fingerprint : null;
      if (last === fingerprint && outputs.every((path) => existsSync(path))) {
        log(`\n✓ ${name}: unchanged since its last build, skipped`);
        return false;
      }
      work();
      mkdirSync(stateDir, { recursive: true });
      writeFileSync(record, JSON.stringify({ fingerprint }));
      return true;
    },
  };
}
