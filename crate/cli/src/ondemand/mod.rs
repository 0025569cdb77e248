//! Compiled code for any definitions: the document's own crate, written under
//! the workspace's target dir (`project`), checked for what it must not carry
//! (`guard`), built by cargo (`cargo`) and run, in the same interleaved loop
//! as the interpreter (`overhead_bench::ondemand` is its `main`).

mod cargo;
mod guard;
mod project;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use overhead_bench::ondemand::Order;
use overhead_bench::{Report, RunRequest, Scenario};

use cargo::BuildError;

/// Why a run has no compiled code built on demand, said in the Report's notes
/// (and, when only the compiled engine was asked for, as the error).
pub struct Unavailable {
    pub reason: String,
    /// rustc's messages on the definitions, or the refused constructs, each
    /// at its line and column in them.
    pub messages: Vec<String>,
}

/// What a build left to say beside the figures.
pub struct Built {
    pub report: Report,
}

/// Builds (or finds in the cache) the crate for `scenario`'s definitions and
/// runs `request` in it. `status` receives what happens meanwhile (cargo's
/// progress, then the run's progress lines as JSON).
pub fn run(
    scenario: &Scenario,
    request: &RunRequest,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Built, Unavailable> {
    let Some(workspace) = project::workspace() else {
        return Err(Unavailable {
            reason: "compiled code for edited definitions is built by cargo in the Overhead workspace, which this binary was not run from".into(),
            messages: Vec::new(),
        });
    };
    let refused = guard::refused(&scenario.schema);
    if !refused.is_empty() {
        return Err(Unavailable {
            reason: "the definitions hold what compiled code built on demand refuses".into(),
            messages: refused
                .iter()
                .map(|r| format!("{}:{}: error: {}", r.line, r.column, r.message))
                .collect(),
        });
    }
    let project =
        project::Project::write(&workspace, &scenario.schema).map_err(|e| Unavailable {
            reason: format!("cannot write the crate for these definitions: {e}"),
            messages: Vec::new(),
        })?;
    let mut notes = Vec::new();
    if project.is_built() {
        notes.push(
            "compiled: code built on demand for these definitions (from the cache)".to_owned(),
        );
        notes.extend(project.peers_note());
    } else {
        let started = Instant::now();
        let mut progress = |line: &str| status(Status::Cargo(line));
        // With the peers first; a peer's derive that refuses the text leaves
        // ours to build alone, and the note says why the peer is missing.
        let warnings = match cargo::build(&project, &["peers"], &mut progress) {
            Ok(warnings) => warnings,
            Err(BuildError::Rustc(peer_messages)) => {
                let warnings = cargo::build(&project, &[], &mut progress).map_err(unavailable)?;
                let note = format!(
                    "peers: {}'s derive refuses these definitions, so it is not timed ({})",
                    dialect_crate(&scenario.schema),
                    peer_messages
                        .first()
                        .map(ToString::to_string)
                        .unwrap_or_default()
                );
                project.keep_peers_note(&note).map_err(|e| Unavailable {
                    reason: format!("cannot write the crate's notes: {e}"),
                    messages: Vec::new(),
                })?;
                notes.push(note);
                warnings
            }
            Err(e) => return Err(unavailable(e)),
        };
        notes.insert(
            0,
            format!(
                "compiled: code built on demand for these definitions in {:.1} s",
                started.elapsed().as_secs_f64()
            ),
        );
        notes.extend(warnings.iter().map(|w| format!("rustc: {w}")));
        project::prune(&workspace);
    }
    project.used();
    let mut report =
        start(&project.binary, scenario, request, status).map_err(|reason| Unavailable {
            reason,
            messages: Vec::new(),
        })?;
    notes.append(&mut report.notes);
    report.notes = notes;
    Ok(Built { report })
}

fn unavailable(e: BuildError) -> Unavailable {
    match e {
        BuildError::Rustc(messages) => Unavailable {
            reason: "rustc refuses these definitions".into(),
            messages: messages.iter().map(ToString::to_string).collect(),
        },
        BuildError::Cargo(why) => Unavailable {
            reason: why,
            messages: Vec::new(),
        },
    }
}

/// The peer crate of the definitions' dialect.
fn dialect_crate(schema: &str) -> &'static str {
    use overhead_schema::registry::Dialect;
    let analysis = overhead_schema::analyze(schema);
    match analysis
        .types
        .iter()
        .map(|t| t.dialect)
        .find(|d| *d != Dialect::Seed)
    {
        Some(Dialect::Garde) => "garde",
        _ => "validator",
    }
}

/// What is happening, for the terminal or the page.
pub enum Status<'a> {
    /// A line of cargo's progress (`Compiling …`).
    Cargo(&'a str),
    /// A progress line of the run, as JSON (`ondemand::progress_json`).
    Run(&'a str),
}

/// Runs the built binary on the order; its stderr carries progress lines.
fn start(
    binary: &std::path::Path,
    scenario: &Scenario,
    request: &RunRequest,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Report, String> {
    let order = Order {
        document: scenario.to_document(),
        request: request.clone(),
    };
    let order = serde_json::to_string(&order).map_err(|e| e.to_string())?;
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the compiled code: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let writer = std::thread::spawn(move || stdin.write_all(order.as_bytes()));
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let reader = std::thread::spawn(move || std::io::read_to_string(stdout));
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            status(Status::Run(&line));
        }
    }
    let _ = writer.join();
    let out = reader
        .join()
        .map_err(|_| "the compiled code's output was lost".to_owned())?
        .map_err(|e| format!("cannot read the compiled code's output: {e}"))?;
    let exit = child.wait().map_err(|e| e.to_string())?;
    let value: serde_json::Value = serde_json::from_str(out.trim())
        .map_err(|e| format!("the compiled code ended ({exit}) without a Report: {e}"))?;
    if let Some(error) = value.get("error").and_then(|e| e.as_str()) {
        return Err(error.to_owned());
    }
    serde_json::from_value(value)
        .map_err(|e| format!("the compiled code's Report does not read: {e}"))
}

/// Builds the dependencies of compiled code built on demand (a bundled
/// scenario's definitions, whose crate needs them all), so that a person's
/// first edit compiles in seconds. `npm start` and `npm test` run it.
pub fn prebuild(definitions: &str, status: &mut dyn FnMut(Status<'_>)) -> Result<(), String> {
    let workspace =
        project::workspace().ok_or("the Overhead workspace is not where this binary was built")?;
    let project = project::Project::write(&workspace, definitions).map_err(|e| e.to_string())?;
    if project.is_built() {
        return Ok(());
    }
    cargo::build(&project, &["peers"], &mut |line| {
        status(Status::Cargo(line))
    })
    .map_err(|e| match e {
        BuildError::Rustc(messages) => messages
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n"),
        BuildError::Cargo(why) => why,
    })?;
    Ok(())
}
