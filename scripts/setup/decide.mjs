// What setup does about each thing a build needs, decided from what is there:
// pure functions, so the decisions are tested on every run (scripts/setup/
// decide.test.mjs) even where CI cannot take the thing away — Debian's
// chromium and valgrind are installed on the CI machine and cannot be removed
// for it, so their install path is proven here rather than by CI.

/**
 * A Debian package whose binary may be missing: 'present' (nothing to do),
 * 'install' (apt-get, as root), or 'ask' (not root: say the command to run).
 */
export function debianAction({ installed, root }) {
  if (installed) return 'present';
  return root ? 'install' : 'ask';
}

/** The apt-get commands that install `pkg` without questions. */
export function aptCommands(pkg) {
  return [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg]],
  ];
}

/**
 * wasm-bindgen-cli must be the exact version of the wasm-bindgen library in
 * Cargo.lock, or its glue is refused: 'keep' or 'install'.
 */
export function wasmBindgenAction({ have, want }) {
  return have === want ? 'keep' : 'install';
}

/** The version `wasm-bindgen --version` prints ("wasm-bindgen 0.2.130"), or null. */
export function wasmBindgenVersion(output) {
  return output?.trim().split(/\s+/)[1] ?? null;
}

/** The version of `crate` that a Cargo.lock text pins, or null. */
export function lockedVersion(lock, crate) {
  const escaped = crate.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return lock.match(new RegExp(`\\[\\[package\\]\\]\\nname = "${escaped}"\\nversion = "([^"]+)"`))?.[1] ?? null;
}

/**
 * npm packages: 'ci' when node_modules was never installed, 'install' when
 * package-lock.json changed since, 'keep' otherwise.
 */
export function npmAction({ installedAt, lockChangedAt }) {
  if (installedAt === null) return 'ci';
  return lockChangedAt > installedAt ? 'install' : 'keep';
}
