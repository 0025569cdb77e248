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

use super::project::{self, Kind};
use super::{Status, Unavailable};

/// Writes the project for `scenario` into `out` (which must not exist or be
/// empty), once its definitions build here; returns what to tell the person.
pub fn eject(
    scenario: &Scenario,
    out: &Path,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Vec<String>, Unavailable> {
    if out
        .read_dir()
        .is_ok_and(|mut entries| entries.next().is_some())
    {
        return Err(Unavailable::because(format!(
            "{} is not empty; eject writes a new project",
            out.display()
        )));
    }
    // Built here first, so that what is written compiles, and so that the
    // peers are left out when their derive refuses the text.
    let paste = super::paste(scenario);
    // Built, not run: the paste's own code is not run here.
    let leave = super::sides::Leave {
        ours: true,
        shipped: true,
    };
    let built = super::sides::build(
        &paste.definitions,
        paste.pasted,
        paste.root.as_deref(),
        Kind::Native,
        leave,
        status,
        &mut |_, _, _| Ok(()),
    )?;
    let notes = built.notes;
    let settled = built.settled;
    let definitions = settled
        .ours
        .clone()
        .unwrap_or_else(|| paste.definitions.clone());
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
    write("Cargo.toml", &manifest(&workspace, &name, &features))?;
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

fn manifest(workspace: &Path, name: &str, features: &[String]) -> String {
    format!(
        r#"# Written by `overhead eject`: the definitions of scenario.json as compiled
# code, measured by `cargo bench` over the same variants, inputs and peers.
[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
# Overhead's crates, from the workspace this project was ejected from.
{dependencies}
[dev-dependencies]
criterion = {{ version = "0.8", default-features = false, features = ["cargo_bench_support"] }}

[features]
default = [{default}]
{features}

[[bench]]
name = "overhead"
harness = false
"#,
        dependencies = project::dependencies(workspace),
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
use overhead_bench::{{Benchmark, RunRequest, Scenario, SystemClock}};

fn document(c: &mut Criterion) {{
    let scenario = Scenario::from_document(include_str!("../scenario.json"))
        .unwrap_or_else(|e| panic!("scenario.json: {{e}}"));
    let code = OnDemandCode {{ types: {library}::TYPES, shipped: {library}::SHIPPED }};
    let bench = Benchmark::prepare_compiled(&scenario, &RunRequest::default(), &code)
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
         `src/lib.rs`, and run again. The project depends on Overhead's crates by path, from the \
         workspace it was ejected from.\n",
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
