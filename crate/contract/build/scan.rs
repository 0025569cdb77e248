//! Reading `scenarios/` in a build script, shared by `overhead-contract`'s
//! (the files) and `overhead-bench`'s (the compiled code), which must see the
//! scenarios in the same order: `BUNDLED` and `COMPILED` are indexed alike.

use std::fs;
use std::path::{Path, PathBuf};

/// A file's text; cargo reruns the build script when it changes.
pub fn read(path: &Path) -> String {
    println!("cargo::rerun-if-changed={}", path.display());
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The scenario folders under `dir` (those with a `scenario.toml`), sorted.
pub fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("dir entry").path())
        .filter(|p| p.join("scenario.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}
