// Shared by the setup, build and test scripts: run a command visibly, fail loudly.
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// `cargo install` puts binaries here; a fresh shell may not have it on PATH yet.
const cargoBin = join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin');
/** The CLI, and the library it preloads into the process it counts instructions
 * of (`--measure instructions`: fixed hash seeds, repeatable counts). */
export const CLI_PACKAGES = ['-p', 'overhead-cli', '-p', 'overhead-count-seed'];

export const env = {
  ...process.env,
  PATH: [join(root, 'node_modules', '.bin'), cargoBin, process.env.PATH].join(delimiter),
};

/** Runs a command with inherited output; exits the script when it fails. */
export function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env, ...options });
  if (result.error) fail(`${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/** Runs a command quietly and returns its stdout, or null when it cannot run. */
export function read(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' });
  return result.status === 0 ? result.stdout : null;
}

export function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

/** The value after `name` in `args` (`--loads 5`), or `fallback`. */
export function flagValue(args, name, fallback) {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
}
