//! The crate built on demand for one document's definitions: written under the
//! workspace's target dir, in a folder named by a hash of everything it is made
//! from (so a cache hit is a folder whose artifact exists), with the workspace's
//! own Cargo.lock (so cargo resolves nothing and builds offline). The same
//! definitions make two crates there: a native binary (the CLI's, Run
//! natively's) and, in `browser/`, a wasm32 library with the page's API.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// How many documents' crates built on demand are kept (about 10 MB each):
/// the least recently used beyond these are removed after each build.
const KEEP: usize = 32;

/// A file each use of a crate rewrites: what "recently used" goes by.
const USED: &str = "last-used";

/// The package's name, before its key is added.
const PACKAGE: &str = "overhead-ondemand";

/// The name wasm-bindgen gives the page's module and its JavaScript.
pub const BROWSER_MODULE: &str = "overhead_ondemand";

/// Lines of `src/main.rs` (and `src/lib.rs`) before the definitions: rustc's
/// line `n` there is the definitions' line `n - DEFINITIONS_LINE + 1`.
pub const DEFINITIONS_LINE: usize = 3;

/// The build profiles: natively, cargo's own release profile, as a person's
/// service is built and as the bundled native code is (the workspace's
/// `release`), so that both kinds of compiled rows measure the same build;
/// not incremental (user-signup's crate, with its three libraries' builds,
/// builds in about 2 s from scratch, faster than incrementally). For the
/// page, the same without LTO: the bundled module's LTO takes tens of seconds
/// a build. Measured in the user guide (docs/book/src/guide.md, "Compiled
/// code for any definitions").
///
/// Four codegen units would build user-signup's crate 0.2 s sooner (1.8
/// against 2.0 s natively, 1.6 against 1.8 s for wasm32), but its code is
/// then not the build a person ships: `npm run bench:ondemand` read its
/// `de+validate` error path 7% faster than the bundled release build's.
const PROFILES: &str = r#"[profile.ondemand]
inherits = "release"
lto = false
codegen-units = 16
incremental = false

[profile.ondemand-wasm]
inherits = "release"
lto = false
codegen-units = 16
incremental = false
"#;

/// Which of the two crates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A binary for this machine.
    Native,
    /// A wasm32 library with the page's API (`overhead_bench::browser_api!`).
    Browser,
}

/// The workspace this binary was built from, where the crate's path
/// dependencies live; `None` when it is not there (a binary copied elsewhere).
pub fn workspace() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().ok()?;
    (root.join("Cargo.lock").is_file() && root.join("crate/bench/Cargo.toml").is_file())
        .then_some(root)
}

/// A written crate: its folder and what cargo builds there.
pub struct Project {
    pub kind: Kind,
    pub dir: PathBuf,
    /// The document's key (the hash naming its folder).
    pub key: String,
    /// Where the built artifact is kept (a cache hit when it exists): the
    /// binary, or the folder of the page's module and its JavaScript.
    pub artifact: PathBuf,
    /// The target dir every crate built on demand shares (the dependencies
    /// are built once).
    pub target_dir: PathBuf,
    /// How many lines the definitions have: rustc's messages past them in
    /// `shipped.rs` are on the harness, not the paste.
    pub definitions_lines: usize,
}

/// The cargo feature of our derives' side of a document's crate.
pub const OURS: &str = "ours";

/// What a document's crate compiles: the definitions under our derives
/// (feature `ours`) and the paste as its libraries' derives compile it (a
/// module each, `shipped.rs` first: `overhead_codegen::shipped`), each
/// standing alone behind its feature.
pub struct Sources<'a> {
    pub ours: &'a str,
    pub shipped: &'a [LibraryModule],
    /// The root's name the library modules are measured at.
    pub root: &'a str,
}

/// A library's module of the paste, as a build keeps it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct LibraryModule {
    /// The file's stem (`shipped`, `translated_validator`); the feature is
    /// the same with dashes.
    pub name: String,
    pub text: String,
    /// The library that derives it (`validator`, `garde`, `domainstack`, `serde`).
    pub library: String,
    /// A translation's definitions, shown to the person.
    pub translation: Option<String>,
}

impl LibraryModule {
    pub fn feature(&self) -> String {
        self.name.replace('_', "-")
    }

    pub fn of(module: &overhead_codegen::shipped::Module) -> LibraryModule {
        LibraryModule {
            name: module.name.to_owned(),
            text: module.text.clone(),
            library: module.library.name().to_owned(),
            translation: module.translation.clone(),
        }
    }
}

/// The library modules a crate may have, in the order of its `SHIPPED`
/// table (the paste as shipped first: the reference).
pub const LIBRARY_MODULES: &[&str] = &["shipped", "translated_validator", "translated_garde"];

impl Project {
    /// Writes the crate of `kind` for `sources` (unless it is there).
    pub fn write(workspace: &Path, sources: &Sources<'_>, kind: Kind) -> std::io::Result<Project> {
        let text = source(sources, kind);
        let modules: String = sources.shipped.iter().map(|m| m.text.as_str()).collect();
        let mut project = Project::write_source(
            workspace,
            &format!("{}\n{modules}", source(sources, Kind::Native)),
            text,
            kind,
        )?;
        for module in sources.shipped {
            let file = project.dir.join("src").join(format!("{}.rs", module.name));
            if !file.is_file() {
                std::fs::write(&file, &module.text)?;
            }
        }
        project.definitions_lines = sources.ours.lines().count();
        Ok(project)
    }

    /// Writes the native crate for two documents' definitions, each in a
    /// module of its own, whose `main` measures them in one loop
    /// (`overhead_bench::ondemand::serve_pair`).
    pub fn write_pair(workspace: &Path, before: &str, after: &str) -> std::io::Result<Project> {
        let text = pair_source(before, after);
        Project::write_source(workspace, &text, text.clone(), Kind::Native)
    }

    /// Writes the crate of `kind` whose one source file is `text`, named by
    /// `native` (the native crate's source for the same definitions).
    fn write_source(
        workspace: &Path,
        native: &str,
        text: String,
        kind: Kind,
    ) -> std::io::Result<Project> {
        let lock = std::fs::read_to_string(workspace.join("Cargo.lock"))?;
        let mut hasher = DefaultHasher::new();
        (
            env!("CARGO_PKG_VERSION"),
            manifest(workspace, PACKAGE, Kind::Native),
            native,
            &lock,
        )
            .hash(&mut hasher);
        // The workspace's sources as this binary was built from them: a rebuilt
        // `overhead` (the sources changed) does not reuse older binaries.
        if let Some(meta) = std::env::current_exe().ok().and_then(|p| p.metadata().ok()) {
            (meta.len(), meta.modified().ok()).hash(&mut hasher);
        }
        let key = format!("{:016x}", hasher.finish());
        let target = workspace.join("target");
        let document = target.join("ondemand").join(&key);
        let (dir, package, artifact) = match kind {
            Kind::Native => (
                document.clone(),
                format!("{PACKAGE}-{key}"),
                document.join(format!("overhead-ondemand{}", std::env::consts::EXE_SUFFIX)),
            ),
            Kind::Browser => (
                document.join("browser"),
                format!("{PACKAGE}-browser-{key}"),
                document.join("browser").join("pkg"),
            ),
        };
        // The package is named by the key too: crates sharing a target dir
        // under one name would share one artifact path, and cargo would take
        // another document's newer artifact for this one's, fresh.
        let manifest = manifest(workspace, &package, kind);
        let project = Project {
            kind,
            dir,
            key,
            artifact,
            target_dir: target.join("ondemand-target"),
            definitions_lines: usize::MAX,
        };
        let file = match kind {
            Kind::Native => "src/main.rs",
            Kind::Browser => "src/lib.rs",
        };
        if !project.dir.join(file).is_file() {
            std::fs::create_dir_all(project.dir.join("src"))?;
            std::fs::write(project.dir.join("Cargo.toml"), manifest)?;
            std::fs::write(project.dir.join("Cargo.lock"), lock)?;
            std::fs::write(project.dir.join(file), text)?;
        }
        Ok(project)
    }

    /// Marks the document's crates as just used (pruning keeps the recently used).
    pub fn used(&self) {
        let document = match self.kind {
            Kind::Native => self.dir.as_path(),
            Kind::Browser => self.dir.parent().unwrap_or(&self.dir),
        };
        let _ = std::fs::write(document.join(USED), b"");
    }

    pub fn is_built(&self) -> bool {
        match self.kind {
            Kind::Native => self.artifact.is_file(),
            Kind::Browser => self.module().is_file() && self.glue().is_file(),
        }
    }

    /// The page's module (wasm-bindgen's output).
    pub fn module(&self) -> PathBuf {
        self.artifact.join(format!("{BROWSER_MODULE}_bg.wasm"))
    }

    /// The page's module's JavaScript (wasm-bindgen's output).
    pub fn glue(&self) -> PathBuf {
        self.artifact.join(format!("{BROWSER_MODULE}.js"))
    }

    /// What the build of this crate settled (which sides and peers it has,
    /// and what it said), kept once its artifact is complete: without it, a
    /// folder is not a cache hit, whatever a build killed midway left there.
    pub fn settled(&self) -> Option<Settled> {
        let text = std::fs::read_to_string(self.dir.join(SETTLED)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Keeps what the build settled, published by a rename (last, after the artifact).
    pub fn settle(&self, settled: &Settled) -> std::io::Result<()> {
        let partial = self
            .dir
            .join(format!("{SETTLED}.partial-{}", std::process::id()));
        std::fs::write(
            &partial,
            serde_json::to_string(settled).map_err(std::io::Error::other)?,
        )?;
        std::fs::rename(&partial, self.dir.join(SETTLED))
    }
}

/// The file of a crate whose artifact is complete: what its build settled.
const SETTLED: &str = "settled.json";

/// What a document's build settled: the definitions each side was built
/// from (pasted code rustc refused left out), the features, and the notes.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Settled {
    /// The definitions our derives were built from; `None` when they refused.
    pub ours: Option<String>,
    /// The library modules built, and the root they are measured at.
    pub shipped: Vec<LibraryModule>,
    pub root: String,
    pub features: Vec<String>,
    pub notes: Vec<String>,
}

fn manifest(workspace: &Path, name: &str, kind: Kind) -> String {
    format!(
        r#"# Written by `overhead` for one document's definitions (src/main.rs).
[package]
name = "{name}"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
{dependencies}{browser}
[features]
{features}

{PROFILES}
# Not a member of the workspace it sits in: a crate of its own.
[workspace]
"#,
        browser = match kind {
            Kind::Native => "",
            // The version is the workspace's, from its Cargo.lock.
            Kind::Browser => "wasm-bindgen = \"0.2\"\n\n[lib]\ncrate-type = [\"cdylib\"]\n",
        },
        dependencies = dependencies(&workspace.join("crate")),
        features = match kind {
            Kind::Native => side_features(),
            Kind::Browser => format!("{}\n{}", side_features(), size_features()),
        },
    )
}

/// The browser crate's features for measuring code size (`size`):
/// `interpreter` adds the interpreter's, and one a hand-written peer
/// (`hand_written_feature`).
fn size_features() -> String {
    let mut features = String::from("interpreter = []");
    for (scenario, peer) in overhead_bench::peers::HAND_WRITTEN {
        features.push_str(&format!("\n{} = []", hand_written_feature(scenario, peer)));
    }
    features
}

/// The feature that adds bundled scenario `scenario`'s hand-written peer
/// `peer` to the browser crate.
pub fn hand_written_feature(scenario: &str, peer: &str) -> String {
    format!("peer-{scenario}-{peer}")
}

/// The `[features]` of a crate for a person's definitions: our derives'
/// code, each library module, and each peer our code carries
/// (`overhead_codegen::peers`).
pub fn side_features() -> String {
    let mut features = format!(
        "{OURS} = []\n{} = []\n{} = []",
        overhead_codegen::DIALECT_PEER,
        overhead_codegen::FLATTEN_PEER
    );
    for module in LIBRARY_MODULES {
        features.push_str(&format!("\n{} = []", module.replace('_', "-")));
    }
    features
}

/// The `[dependencies]` of a crate for a person's definitions (this one, and
/// an ejected project): a fixed list the tool chooses, Overhead's crates by path.
pub fn dependencies(crates: &Path) -> String {
    let path = |name: &str| toml_string(&crates.join(name).display().to_string());
    format!(
        r#"overhead-bench = {{ path = {bench} }}
overhead-validate = {{ path = {validate}, features = ["validator", "garde"] }}
overhead-flatten = {{ path = {flatten} }}
overhead-ondemand-macro = {{ path = {macro_} }}
# `rc`: `Arc<str>` and `Rc<str>` read as a person's build with the feature reads them.
serde = {{ version = "1", features = ["derive", "rc"] }}
# `raw_value`: `Box<RawValue>` fields build as a person's build with the feature builds them.
serde_json = {{ version = "1", features = ["raw_value"] }}
serde_fast_flatten = {{ version = "=0.1.3", features = ["derive"] }}
# The libraries a paste derives (its build as shipped: features `shipped`,
# `translated-validator`, `translated-garde`), and what custom functions name.
validator = {{ version = "0.21", features = ["derive", "card"] }}
garde = {{ version = "0.23", default-features = false, features = ["derive", "email", "email-idna", "url", "regex", "credit-card"] }}
# The seed's dialect is domainstack's: its derive is that dialect's library.
domainstack = {{ version = "1.1", features = ["derive", "serde", "regex"] }}
# The crates the definitions may name (uuid, chrono, …), as `overhead-ecosystem` lists them.
{ecosystem}
"#,
        bench = path("bench"),
        validate = path("validate"),
        flatten = path("flatten"),
        macro_ = path("ondemand-macro"),
        ecosystem = ecosystem(),
    )
}

/// The `[dependencies]` table of `overhead-ecosystem`: the crates a person's
/// definitions may name, by the versions and features the workspace's
/// Cargo.lock resolved for that crate.
fn ecosystem() -> &'static str {
    let manifest = include_str!("../../ecosystem/Cargo.toml");
    let table = manifest
        .split_once("\n[dependencies]\n")
        .map_or("", |(_, rest)| rest);
    table
        .split_once("\n[")
        .map_or(table, |(deps, _)| deps)
        .trim()
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

/// An ejected project's library: the crate's source without a `main`, its
/// tables `TYPES` (our codecs) and `SHIPPED` (the libraries' builds) public.
pub fn library_source(sources: &Sources<'_>) -> String {
    let text = source(sources, Kind::Native);
    let text = text
        .split("\nfn main()")
        .next()
        .unwrap_or_default()
        .to_owned();
    text.replace("\nstatic TYPES", "\npub static TYPES")
        .replace("\nstatic SHIPPED", "\npub static SHIPPED")
        .replace("\nconst LIBRARY_", "\npub const LIBRARY_")
}

/// The crate's main source file: the definitions verbatim inside the macro
/// that compiles them with our derives (feature `ours`), the as-shipped
/// module (`shipped.rs`, feature `shipped`), then the native `main` or the
/// page's API over both tables.
fn source(sources: &Sources<'_>, kind: Kind) -> String {
    let definitions = sources.ours;
    let mut out = String::with_capacity(definitions.len() + 1024);
    out.push_str(
        "// Written by `overhead`: the document's definitions, verbatim, as compiled code.\n",
    );
    // The root rides on the macro's line: a generic root (`Page<Item>`) gets
    // its instance, and the definitions keep their own lines.
    out.push_str(&format!(
        "#[cfg(feature = \"{OURS}\")] overhead_ondemand_macro::definitions! {{ @root {:?};\n",
        sources.root
    ));
    debug_assert_eq!(out.lines().count() + 1, DEFINITIONS_LINE);
    out.push_str(definitions);
    if !definitions.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("}\n\n");
    out.push_str(&format!(
        "#[cfg(not(feature = \"{OURS}\"))]\nstatic TYPES: overhead_bench::ondemand::Types = &[];\n"
    ));
    // One table per library module, at its place in `SHIPPED` (empty when
    // the module is not compiled in).
    let mut tables = Vec::new();
    for (i, name) in LIBRARY_MODULES.iter().enumerate() {
        let feature = name.replace('_', "-");
        let present = sources.shipped.iter().any(|m| m.name == *name);
        if present {
            out.push_str(&format!(
                "#[cfg(feature = \"{feature}\")]\nmod {name};\n#[cfg(feature = \"{feature}\")]\nconst LIBRARY_{i}: overhead_bench::ondemand::Types = &[({root:?}, &{name}::{})];\n#[cfg(not(feature = \"{feature}\"))]\n",
                overhead_codegen::shipped::ROOT,
                root = sources.root,
            ));
        }
        out.push_str(&format!(
            "const LIBRARY_{i}: overhead_bench::ondemand::Types = &[];\n"
        ));
        tables.push(format!("LIBRARY_{i}"));
    }
    out.push_str(&format!(
        "static SHIPPED: &[overhead_bench::ondemand::Types] = &[{}];\n",
        tables.join(", ")
    ));
    match kind {
        Kind::Native => out.push_str(
            "\nfn main() -> std::process::ExitCode {\n    overhead_bench::ondemand::serve(TYPES, SHIPPED)\n}\n",
        ),
        // The size features build the modules whose sizes tell what each
        // engine's code adds (`size`); the page's module has none of them.
        Kind::Browser => {
            out.push_str("\noverhead_bench::browser_api!(TYPES, SHIPPED);\n");
            out.push_str("#[cfg(feature = \"interpreter\")]\noverhead_bench::interpreter_api!();\n");
            for (scenario, peer) in overhead_bench::peers::HAND_WRITTEN {
                let module = scenario.replace('-', "_");
                out.push_str(&format!(
                    "#[cfg(feature = \"{}\")]\noverhead_bench::hand_written_peer_api!(prepare_{module}_{peer}, overhead_bench::peers::{module}::{peer});\n",
                    hand_written_feature(scenario, peer)
                ));
            }
        }
    }
    out
}

/// The source of the native crate for two documents: each one's definitions,
/// verbatim, in a module of its own, and a `main` that measures them in one
/// loop.
fn pair_source(before: &str, after: &str) -> String {
    let mut out = String::with_capacity(before.len() + after.len() + 512);
    out.push_str("// Written by `overhead`: two documents' definitions, verbatim, as compiled code, measured in one loop (`run --against`).\n");
    for (module, definitions) in [("before", before), ("after", after)] {
        out.push_str(&format!(
            "pub mod {module} {{\noverhead_ondemand_macro::definitions! {{\n"
        ));
        out.push_str(definitions);
        if !definitions.ends_with('\n') {
            out.push('\n');
        }
        out.push_str("}\n}\n\n");
    }
    out.push_str("fn main() -> std::process::ExitCode {\n    overhead_bench::ondemand::serve_pair(before::TYPES, after::TYPES)\n}\n");
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
    let shared = target.join("ondemand-target");
    // Each crate's own artifacts (named by its key), not the macro's.
    let own = |prefix: &'static str| {
        move |name: &str| name.starts_with(prefix) && !name.contains("macro")
    };
    for profile in [
        shared.join("ondemand"),
        shared.join("wasm32-unknown-unknown").join("ondemand-wasm"),
    ] {
        for (dir, prefix) in [
            (profile.clone(), "overhead-ondemand-"),
            (profile.clone(), "overhead_ondemand_"),
            (profile.join("deps"), "overhead_ondemand_"),
            (profile.join(".fingerprint"), "overhead-ondemand-"),
        ] {
            for old in by_age(&dir, &own(prefix)) {
                remove(&old);
            }
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
