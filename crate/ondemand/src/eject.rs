//! `overhead eject`: a document's compiled code as a cargo project of its own,
//! with a `cargo bench` harness over the same variants, inputs and peers.
//!
//! The harness is criterion's: the jobs are the document's (its variants ×
//! inputs × compiled code and peers), known only when the scenario is read,
//! and criterion builds benchmark groups at run time, each timed through
//! `iter_custom` by Overhead's own loop (one clock read before and one after,
//! results through `black_box`), with criterion's statistics and saved
//! baselines on top. divan registers its benchmarks when the bench is
//! compiled, with constant arguments, which fits a fixed set of functions
//! rather than a document's. Only criterion's measuring core is used (no
//! plots, no rayon), so the project builds in seconds beyond its own code.

use std::path::Path;

use overhead_bench::Scenario;

use super::project;
use super::status::Unavailable;

/// Whether `out` may take a new project (it does not exist, or is empty).
pub fn check_out(out: &Path) -> Result<(), Unavailable> {
    if out
        .read_dir()
        .is_ok_and(|mut entries| entries.next().is_some())
    {
        return Err(Unavailable::because(format!(
            "{} is not empty; eject writes a new project",
            out.display()
        )));
    }
    Ok(())
}

/// Overhead's crates an ejected project builds with: copied into it
/// (`overhead/crate/<name>`, their sources and manifests), with the bundled
/// scenarios the bench crate's build script compiles (`overhead/scenarios`).
const CRATES: &[&str] = &[
    "rules",
    "schema",
    "validate",
    "derive",
    "flatten",
    "engine",
    "contract",
    "clock",
    "codegen",
    "ondemand-macro",
    "bench",
    "ecosystem",
];

/// Writes the project for `scenario` into `out` from its settled native
/// `built` crate (both sides, as they built here); returns what to tell the
/// person. The project travels: what it needs of Overhead is inside it, by
/// relative paths, and Overhead's Cargo.lock pins every crate, so it builds
/// offline wherever the registry cache has them.
pub fn write(
    scenario: &Scenario,
    out: &Path,
    built: super::sides::Built,
) -> Result<Vec<String>, Unavailable> {
    let notes = built.notes;
    let settled = built.settled;
    let Some(definitions) = settled.ours.clone() else {
        return Err(Unavailable::because(
            "our derives do not take these definitions, and an ejected project measures our compiled code beside the library's",
        ));
    };
    // The ejected project builds with the sides and peers this build had.
    let features = settled.features.clone();
    let left_out: Vec<String> = notes
        .iter()
        .filter(|n| n.starts_with("peers: serde_fast_flatten"))
        .map(|_| "serde_fast_flatten".to_owned())
        .collect();
    let sources = project::Sources {
        ours: &definitions,
        shipped: &settled.shipped,
        root: &settled.root,
    };
    let workspace = project::workspace().ok_or_else(|| {
        Unavailable::because("the Overhead workspace is not where this binary was built")
    })?;
    let name = package_name(&scenario.name);
    let write = |path: &str, text: &str| -> Result<(), Unavailable> {
        let path = out.join(path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, e))?;
        }
        std::fs::write(&path, text).map_err(|e| cannot_write(&path, e))
    };
    let document = serde_json::to_string_pretty(&scenario.to_document())
        .map_err(|e| Unavailable::because(e.to_string()))?;
    for name in CRATES {
        // A crate's manifest, sources and build script (its tests stay home).
        let from = workspace.join("crate").join(name);
        let to = out.join("overhead").join("crate").join(name);
        for entry in ["Cargo.toml", "build.rs", "src", "build"] {
            let path = from.join(entry);
            if path.is_dir() {
                copy_tree(&path, &to.join(entry))?;
            } else if path.is_file() {
                copy(&path, &to.join(entry))?;
            }
        }
    }
    copy_tree(
        &workspace.join("scenarios"),
        &out.join("overhead").join("scenarios"),
    )?;
    copy(&workspace.join("Cargo.lock"), &out.join("Cargo.lock"))?;
    let root_manifest = std::fs::read_to_string(workspace.join("Cargo.toml"))
        .map_err(|e| Unavailable::because(format!("cannot read Overhead's Cargo.toml: {e}")))?;
    write("Cargo.toml", &manifest(&name, &features, &root_manifest))?;
    write("src/lib.rs", &project::library_source(&sources))?;
    for module in &settled.shipped {
        write(&format!("src/{}.rs", module.name), &module.text)?;
    }
    write("benches/overhead.rs", &bench_source(&name))?;
    write("scenario.json", &format!("{document}\n"))?;
    write("README.md", &readme(&scenario.title, &left_out))?;
    write(".gitignore", "/target\n")?;
    Ok(notes
        .into_iter()
        .filter(|n| {
            n.starts_with("peers:")
                || n.starts_with("rustc:")
                || n.starts_with("as shipped:")
                || n.starts_with("compiled: our")
        })
        .collect())
}

fn copy(from: &Path, to: &Path) -> Result<(), Unavailable> {
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, e))?;
    }
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| cannot_write(to, e))
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), Unavailable> {
    let entries = std::fs::read_dir(from)
        .map_err(|e| Unavailable::because(format!("cannot read {}: {e}", from.display())))?;
    for entry in entries {
        let entry = entry.map_err(|e| Unavailable::because(e.to_string()))?;
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            copy(&path, &target)?;
        }
    }
    Ok(())
}

fn cannot_write(path: &Path, e: std::io::Error) -> Unavailable {
    Unavailable::because(format!("cannot write {}: {e}", path.display()))
}

/// A package name from the scenario's: lowercase letters, digits and dashes.
fn package_name(scenario: &str) -> String {
    let mut name = String::new();
    for c in scenario.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.ends_with('-') && !name.is_empty() {
            name.push('-');
        }
    }
    let name = name.trim_end_matches('-');
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("overhead-{name}").trim_end_matches('-').to_owned() + "-bench"
    } else {
        format!("{name}-bench")
    }
}

/// The project's manifest: its package over Overhead's copied crates, and
/// the workspace they need (Overhead's shared versions, lints and profiles,
/// with their paths inside the project).
fn manifest(name: &str, features: &[String], overhead: &str) -> String {
    let shared = overhead
        .split_once("\n[workspace.package]")
        .map_or(String::new(), |(_, rest)| {
            format!("[workspace.package]{rest}")
        })
        .replace("path = \"crate/", "path = \"overhead/crate/");
    let members = CRATES
        .iter()
        .map(|c| format!("\"overhead/crate/{c}\""))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        r#"# Written by `overhead eject`: the definitions of scenario.json as compiled
# code (ours, and the paste as its library ships it), measured by `cargo
# bench` over the same variants, inputs and peers. Overhead's crates it needs
# are in overhead/; Cargo.lock pins every crate.
[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
{dependencies}
[dev-dependencies]
criterion = {{ version = "0.8", default-features = false, features = ["cargo_bench_support"] }}

[features]
default = [{default}]
{features}

[[bench]]
name = "overhead"
harness = false

[workspace]
resolver = "3"
members = [".", {members}]

# Overhead's workspace tables, as its copied crates read them.
{shared}"#,
        dependencies = project::dependencies(Path::new("overhead/crate")),
        default = features
            .iter()
            .map(|f| format!("{f:?}"))
            .collect::<Vec<_>>()
            .join(", "),
        features = project::side_features(),
    )
}

fn bench_source(package: &str) -> String {
    let library = package.replace('-', "_");
    format!(
        r#"//! `cargo bench`: every variant and input of scenario.json, compiled code
//! and peers, each job timed by Overhead's own loop inside criterion.

use std::time::Duration;

use criterion::{{Criterion, criterion_group, criterion_main}};
use overhead_bench::ondemand::OnDemandCode;
use overhead_bench::{{Benchmark, CompiledAlone, RunRequest, Scenario, SystemClock}};

fn document(c: &mut Criterion) {{
    let scenario = Scenario::from_document(include_str!("../scenario.json"))
        .unwrap_or_else(|e| panic!("scenario.json: {{e}}"));
    let code = OnDemandCode {{ types: {library}::TYPES, shipped: {library}::SHIPPED }};
    let bench = Benchmark::prepare(&scenario, &RunRequest::default(), CompiledAlone(&code))
        .unwrap_or_else(|e| panic!("scenario.json: {{e}}"));
    let (jobs, notes) = bench.into_parts();
    for note in notes {{
        eprintln!("note: {{note}}");
    }}
    let clock = SystemClock::new();
    // One group per variant and input: criterion compares its engines.
    let mut jobs = jobs.into_iter().peekable();
    while let Some(first) = jobs.next() {{
        let name = format!("{{}}/{{}}", first.info.variant, first.info.input);
        let mut group = c.benchmark_group(&name);
        let mut job = Some(first);
        while let Some(mut current) = job.take() {{
            let engine = current.info.engine.name().into_owned();
            // Each batch on another memory layout, as Overhead's runs are
            // (`Job::time_run`).
            let mut step = 0;
            group.bench_function(&engine, |b| {{
                b.iter_custom(|iterations| {{
                    step += 1;
                    Duration::from_secs_f64(current.time_run(&clock, iterations, step) / 1e9)
                }})
            }});
            job = jobs.next_if(|next| format!("{{}}/{{}}", next.info.variant, next.info.input) == name);
        }}
        group.finish();
    }}
}}

criterion_group!(benches, document);
criterion_main!(benches);
"#
    )
}

fn readme(title: &str, left_out: &[String]) -> String {
    format!(
        "# {title}\n\nWritten by `overhead eject`: the definitions of `scenario.json` (in \
         `src/lib.rs`, verbatim) as compiled code, with a `cargo bench` harness over the same \
         variants, inputs and {peers}.\n\n```sh\ncargo bench                    # every variant and input\n\
         cargo bench -- 'de+validate/'  # one variant\ncargo bench -- --save-baseline before   # then edit, and:\n\
         cargo bench -- --baseline before\n```\n\nEdit `scenario.json`'s inputs, or the definitions in \
         `src/lib.rs`, and run again. What it needs of Overhead is in `overhead/` and \
         `Cargo.lock` pins every crate: the folder builds anywhere, offline once cargo has them.\n",
        peers = if left_out.is_empty() {
            "peers (other crates deriving the same text)".to_owned()
        } else {
            format!(
                "peers (without {}: its derive refuses these definitions; `overhead run` says why)",
                left_out.join(", ")
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names_are_cargo_names() {
        assert_eq!(package_name("user-signup"), "user-signup-bench");
        assert_eq!(package_name("My Request (v2)"), "my-request-v2-bench");
        assert_eq!(package_name("2024 order"), "overhead-2024-order-bench");
        assert_eq!(package_name("—"), "overhead-bench");
    }
}
