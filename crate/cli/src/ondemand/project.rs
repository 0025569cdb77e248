//! The crate built on demand for one document's definitions: written under the
//! workspace's target dir, in a folder named by a hash of everything it is made
//! from (so a cache hit is a folder whose binary exists), with the workspace's
//! own Cargo.lock (so cargo resolves nothing and builds offline).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// How many crates built on demand are kept (about 10 MB each): the least
/// recently used beyond these are removed after each build.
const KEEP: usize = 32;

/// A file each use of a crate rewrites: what "recently used" goes by.
const USED: &str = "last-used";

/// The package's name, before its key is added.
const PACKAGE: &str = "overhead-ondemand";

/// Lines of `src/main.rs` before the definitions: rustc's line `n` there is
/// the definitions' line `n - DEFINITIONS_LINE + 1`.
pub const DEFINITIONS_LINE: usize = 3;

/// The build profile: cargo's own release profile, as a person's service is
/// built and as the bundled native code is (the workspace's `release`), so
/// that both kinds of compiled rows measure the same build; not incremental
/// (a document's crate builds in about 1.5 s from scratch, faster than
/// incrementally). Measured in the README ("Compiled code for any
/// definitions").
const PROFILE: &str = r#"[profile.ondemand]
inherits = "release"
lto = false
codegen-units = 16
incremental = false
"#;

/// The workspace this binary was built from, where the crate's path
/// dependencies live; `None` when it is not there (a binary copied elsewhere).
pub fn workspace() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().ok()?;
    (root.join("Cargo.lock").is_file() && root.join("crate/bench/Cargo.toml").is_file())
        .then_some(root)
}

/// A written crate: its folder and the binary cargo builds there.
pub struct Project {
    pub dir: PathBuf,
    /// Where the built binary is kept (a cache hit when it exists).
    pub binary: PathBuf,
    /// The target dir every crate built on demand shares (the dependencies
    /// are built once).
    pub target_dir: PathBuf,
}

impl Project {
    /// Writes the crate for `definitions` (unless its folder is there).
    pub fn write(workspace: &Path, definitions: &str) -> std::io::Result<Project> {
        let lock = std::fs::read_to_string(workspace.join("Cargo.lock"))?;
        let main = main_rs(definitions);
        let mut hasher = DefaultHasher::new();
        (
            env!("CARGO_PKG_VERSION"),
            manifest(workspace, PACKAGE),
            &main,
            &lock,
        )
            .hash(&mut hasher);
        // The workspace's sources as this binary was built from them: a rebuilt
        // `overhead` (the sources changed) does not reuse older binaries.
        if let Some(meta) = std::env::current_exe().ok().and_then(|p| p.metadata().ok()) {
            (meta.len(), meta.modified().ok()).hash(&mut hasher);
        }
        let key = format!("{:016x}", hasher.finish());
        // The package is named by the key too: crates sharing a target dir
        // under one name would share one binary path, and cargo would take
        // another document's newer binary for this one's, fresh.
        let manifest = manifest(workspace, &format!("{PACKAGE}-{key}"));
        let target = workspace.join("target");
        let dir = target.join("ondemand").join(&key);
        let project = Project {
            binary: dir.join(format!("overhead-ondemand{}", std::env::consts::EXE_SUFFIX)),
            target_dir: target.join("ondemand-target"),
            dir,
        };
        if !project.dir.join("src/main.rs").is_file() {
            std::fs::create_dir_all(project.dir.join("src"))?;
            std::fs::write(project.dir.join("Cargo.toml"), manifest)?;
            std::fs::write(project.dir.join("Cargo.lock"), lock)?;
            std::fs::write(project.dir.join("src/main.rs"), main)?;
        }
        Ok(project)
    }

    /// Marks the crate as just used (pruning keeps the recently used).
    pub fn used(&self) {
        let _ = std::fs::write(self.dir.join(USED), b"");
    }

    pub fn is_built(&self) -> bool {
        self.binary.is_file()
    }

    /// Why the kept binary has no peers (said once at build time, kept for
    /// cache hits); `None` when it has them or the dialect has none.
    pub fn peers_note(&self) -> Option<String> {
        std::fs::read_to_string(self.dir.join("peers-note.txt")).ok()
    }

    pub fn keep_peers_note(&self, note: &str) -> std::io::Result<()> {
        std::fs::write(self.dir.join("peers-note.txt"), note)
    }
}

fn manifest(workspace: &Path, name: &str) -> String {
    let path = |name: &str| toml_string(&workspace.join("crate").join(name).display().to_string());
    format!(
        r#"# Written by `overhead` for one document's definitions (src/main.rs).
[package]
name = "{name}"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
overhead-bench = {{ path = {bench} }}
overhead-validate = {{ path = {validate} }}
overhead-flatten = {{ path = {flatten} }}
overhead-ondemand-macro = {{ path = {macro_} }}
serde = {{ version = "1", features = ["derive"] }}
serde_json = "1"
serde_fast_flatten = {{ version = "=0.1.3", features = ["derive"] }}
# The peers: the same definitions derived by their dialect's own crate.
validator = {{ version = "0.21", features = ["derive"], optional = true }}
garde = {{ version = "0.23", default-features = false, features = ["derive", "email", "url", "regex"], optional = true }}

[features]
peers = ["dep:validator", "dep:garde"]

{PROFILE}
# Not a member of the workspace it sits in: a crate of its own.
[workspace]
"#,
        bench = path("bench"),
        validate = path("validate"),
        flatten = path("flatten"),
        macro_ = path("ondemand-macro"),
    )
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main_rs(definitions: &str) -> String {
    let mut out = String::with_capacity(definitions.len() + 256);
    out.push_str(
        "// Written by `overhead`: the document's definitions, verbatim, as compiled code.\n",
    );
    out.push_str("overhead_ondemand_macro::definitions! {\n");
    debug_assert_eq!(out.lines().count() + 1, DEFINITIONS_LINE);
    out.push_str(definitions);
    if !definitions.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("}\n\nfn main() -> std::process::ExitCode {\n    overhead_bench::ondemand::serve(TYPES)\n}\n");
    out
}

/// Removes the crates built on demand beyond the [`KEEP`] most recently used,
/// and their artifacts in the shared target dir (the dependencies stay).
pub fn prune(workspace: &Path) {
    let target = workspace.join("target");
    let by_age = |dir: &Path, keep: &dyn Fn(&str) -> bool| -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        // A crate's folder by when it was last used (`Project::used`).
        let when = |path: &Path| {
            let used = path.join(USED);
            let meta = std::fs::metadata(if used.is_file() { &used } else { path });
            meta.ok()?.modified().ok()
        };
        let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter(|e| keep(&e.file_name().to_string_lossy()))
            .filter_map(|e| Some((when(&e.path())?, e.path())))
            .collect();
        // Newest first; what is past KEEP goes.
        found.sort_by_key(|(when, _)| std::cmp::Reverse(*when));
        found.into_iter().skip(KEEP).map(|(_, path)| path).collect()
    };
    let remove = |path: &Path| {
        let _ = if path.is_dir() {
            std::fs::remove_dir_all(path)
        } else {
            std::fs::remove_file(path)
        };
    };
    for old in by_age(&target.join("ondemand"), &|_| true) {
        remove(&old);
    }
    let profile = target.join("ondemand-target").join("ondemand");
    // Each crate's own artifacts (named by its key), not the macro's.
    let own = |prefix: &'static str| {
        move |name: &str| name.starts_with(prefix) && !name.contains("macro")
    };
    for (dir, prefix) in [
        (profile.clone(), "overhead-ondemand-"),
        (profile.join("deps"), "overhead_ondemand_"),
        (profile.join(".fingerprint"), "overhead-ondemand-"),
    ] {
        for old in by_age(&dir, &own(prefix)) {
            remove(&old);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pruning_keeps_the_most_recently_used_crates() {
        let workspace = std::env::temp_dir().join(format!("overhead-prune-{}", std::process::id()));
        let cache = workspace.join("target/ondemand");
        let start = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1 << 30);
        for i in 0..KEEP + 3 {
            let dir = cache.join(format!("{i:04}"));
            std::fs::create_dir_all(&dir).expect("dir");
            let used = std::fs::File::create(dir.join(USED)).expect("marker");
            used.set_modified(start + std::time::Duration::from_secs(i as u64))
                .expect("mtime");
        }
        prune(&workspace);
        let mut left: Vec<String> = std::fs::read_dir(&cache)
            .expect("cache")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        std::fs::remove_dir_all(&workspace).ok();
        assert_eq!(left.len(), KEEP);
        assert_eq!(left[0], "0003", "the three least recently used went");
    }
}
