//! Building a crate written on demand: cargo, offline, with a time limit, its
//! messages read as JSON so that rustc's errors and warnings on the
//! definitions come back at the definitions' own lines and columns.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::project::{DEFINITIONS_LINE, Kind, Project};

/// The longest a build may take (the dependencies are built by setup; a
/// document's own crate takes seconds).
const TIME_LIMIT: Duration = Duration::from_secs(600);

/// One of rustc's messages on the definitions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustcMessage {
    /// `error` or `warning`.
    pub level: String,
    /// In the definitions' text, 1-based; `None` when rustc points elsewhere.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    /// The library module it is on (`shipped`, `translated_garde`); `None`
    /// on our derives' code.
    pub module: Option<String>,
}

impl std::fmt::Display for RustcMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{line}:{column}: {}: {}", self.level, self.message)
            }
            _ => write!(f, "{}: {}", self.level, self.message),
        }
    }
}

/// Why there is no binary.
#[derive(Debug)]
pub enum BuildError {
    /// rustc refused the definitions: its messages, errors first.
    Rustc(Vec<RustcMessage>),
    /// cargo could not run, or ran out of time.
    Cargo(String),
}

/// What cargo built, and rustc's warnings on the definitions.
pub struct Built {
    /// The native binary (kept in the project's folder), or the wasm32
    /// library for wasm-bindgen (in the shared target dir).
    pub artifact: std::path::PathBuf,
    pub warnings: Vec<RustcMessage>,
}

/// Builds `project` with `features`, passing each of cargo's progress lines
/// to `progress`; keeps a native binary in the project's folder.
pub fn build(
    project: &Project,
    features: &[&str],
    progress: &mut dyn FnMut(&str),
) -> Result<Built, BuildError> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.args(["build", "--offline", "--message-format=json"]);
    match project.kind {
        Kind::Native => command.args(["--profile", "ondemand"]),
        Kind::Browser => command.args([
            "--lib",
            "--target",
            "wasm32-unknown-unknown",
            "--profile",
            "ondemand-wasm",
        ]),
    };
    let mut child = command
        .arg(format!("--features={}", features.join(",")))
        .arg("--manifest-path")
        .arg(project.dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&project.target_dir)
        // Only what the build needs of the environment reaches it.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| BuildError::Cargo(format!("cannot start cargo: {e}")))?;
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let definitions_lines = project.definitions_lines;
    // cargo's progress ("Compiling …") comes on stderr, its JSON on stdout;
    // both are read as they come so that neither pipe fills.
    let (lines_tx, lines_rx) = std::sync::mpsc::channel::<String>();
    let progress_reader = stderr.map(|stderr| {
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        })
    });
    let json_reader = stdout.map(|stdout| {
        std::thread::spawn(move || {
            let mut messages = Vec::new();
            // rustc's first error elsewhere (a dependency that does not
            // build): what a failed build says when the definitions are fine.
            let mut other_error = None;
            // The binary, or the crate's own wasm32 library.
            let mut artifact = None;
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let Ok(value) = serde_json::from_str::<serde_json::Value>(&line) else {
                    continue;
                };
                match value["reason"].as_str() {
                    Some("compiler-message") => {
                        if let Some(m) = rustc_message(&value["message"], definitions_lines) {
                            messages.push(m);
                        } else if other_error.is_none() && value["message"]["level"] == "error" {
                            other_error = value["message"]["rendered"].as_str().map(str::to_owned);
                        }
                    }
                    Some("compiler-artifact") => {
                        if let Some(path) = value["executable"].as_str() {
                            artifact = Some(std::path::PathBuf::from(path));
                        }
                        // The crate's own wasm32 library (a dependency has no cdylib).
                        let cdylib = value["target"]["kind"]
                            .as_array()
                            .is_some_and(|kinds| kinds.iter().any(|k| k == "cdylib"));
                        if cdylib {
                            let wasm = value["filenames"].as_array().and_then(|files| {
                                files
                                    .iter()
                                    .filter_map(|f| f.as_str())
                                    .find(|f| f.ends_with(".wasm"))
                            });
                            if let Some(path) = wasm {
                                artifact = Some(std::path::PathBuf::from(path));
                            }
                        }
                    }
                    _ => {}
                }
            }
            (messages, other_error, artifact)
        })
    });
    let started = Instant::now();
    // cargo's own errors ("error: failed to download …", "Caused by: …"): from
    // its first error line on, what a failed build says beside its status.
    let mut cargo_error = CargoError::default();
    let mut take = |line: String, progress: &mut dyn FnMut(&str)| {
        cargo_error.push(&line);
        progress(line.trim());
    };
    let status = loop {
        while let Ok(line) = lines_rx.try_recv() {
            take(line, progress);
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(BuildError::Cargo(format!(
                    "the build took longer than {} s and was stopped",
                    TIME_LIMIT.as_secs()
                )));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(BuildError::Cargo(format!("cannot wait for cargo: {e}"))),
        }
    };
    if let Some(reader) = progress_reader {
        let _ = reader.join();
    }
    while let Ok(line) = lines_rx.try_recv() {
        take(line, progress);
    }
    let (mut messages, other_error, artifact) =
        json_reader.and_then(|r| r.join().ok()).unwrap_or_default();
    messages.sort_by_key(|m| m.level != "error");
    // The definitions are compiled in several modules (ours, the integrated
    // form, the peer): one mistake is reported once per module, at one place.
    let mut seen = std::collections::HashSet::new();
    messages.retain(|m| seen.insert((m.module.clone(), m.line, m.column, m.message.clone())));
    if !status.success() {
        if messages.iter().any(|m| m.level == "error") {
            return Err(BuildError::Rustc(messages));
        }
        let said = other_error.unwrap_or_else(|| cargo_error.text());
        return Err(BuildError::Cargo(if said.trim().is_empty() {
            format!("cargo failed ({status})")
        } else {
            format!("cargo failed ({status}):\n{}", said.trim_end())
        }));
    }
    let built = artifact.ok_or_else(|| BuildError::Cargo("cargo built nothing to run".into()))?;
    let artifact = match project.kind {
        Kind::Native => {
            keep_binary(&built, &project.artifact)
                .map_err(|e| BuildError::Cargo(format!("cannot keep the binary: {e}")))?;
            project.artifact.clone()
        }
        Kind::Browser => built,
    };
    Ok(Built {
        artifact,
        warnings: messages,
    })
}

/// What cargo said on stderr from its first `error` line on, capped: a
/// download refused offline is a dozen lines with its "Caused by:" chain.
#[derive(Default)]
struct CargoError {
    lines: Vec<String>,
}

impl CargoError {
    const MOST_LINES: usize = 40;

    fn push(&mut self, line: &str) {
        let started = !self.lines.is_empty() || line.trim_start().starts_with("error");
        if started && self.lines.len() < Self::MOST_LINES {
            self.lines.push(line.to_owned());
        }
    }

    fn text(&self) -> String {
        self.lines.join("\n")
    }
}

/// Copies the binary cargo built to where it is kept, published by a rename:
/// another `overhead` building the same definitions at the same moment takes
/// the kept file for a cache hit as soon as it exists, and would run a file
/// still being written (Linux refuses: "Text file busy").
fn keep_binary(built: &std::path::Path, kept: &std::path::Path) -> std::io::Result<()> {
    let partial = kept.with_extension(format!("partial-{}", std::process::id()));
    std::fs::copy(built, &partial)?;
    std::fs::rename(&partial, kept).inspect_err(|_| {
        let _ = std::fs::remove_file(&partial);
    })
}

/// A rustc diagnostic about `src/main.rs` (our derives' code) or
/// `src/shipped.rs` (the as-shipped module), its primary span mapped to the
/// definitions (`definitions_lines` long); other files' (a dependency's) are
/// not the person's.
fn rustc_message(message: &serde_json::Value, definitions_lines: usize) -> Option<RustcMessage> {
    let level = message["level"].as_str()?;
    if !matches!(level, "error" | "warning") {
        return None;
    }
    let text = message["message"].as_str()?.to_owned();
    // "aborting due to …" and the like carry no span and say nothing new.
    let spans = message["spans"].as_array()?;
    let primary = spans
        .iter()
        .find(|s| s["is_primary"].as_bool() == Some(true))?;
    let file = primary["file_name"].as_str()?;
    let (module, first) = match file {
        "src/main.rs" | "src/lib.rs" => (None, DEFINITIONS_LINE),
        // A library module's first line is its prelude.
        other => {
            let stem = other.strip_prefix("src/")?.strip_suffix(".rs")?;
            if !super::project::LIBRARY_MODULES.contains(&stem) {
                return None;
            }
            (Some(stem.to_owned()), 2)
        }
    };
    let line = primary["line_start"].as_u64()? as usize;
    let column = primary["column_start"].as_u64()? as usize;
    let in_definitions = line >= first && line - first < definitions_lines;
    Some(RustcMessage {
        level: level.to_owned(),
        line: in_definitions.then(|| line - first + 1),
        column: in_definitions.then_some(column),
        message: text,
        module,
    })
}

#[cfg(test)]
mod tests {
    use super::CargoError;

    #[test]
    fn a_failed_build_keeps_what_cargo_said_from_its_first_error_on() {
        let mut said = CargoError::default();
        for line in [
            "    Updating crates.io index",
            "   Compiling serde v1.0.0",
            "error: failed to download `arrayvec v0.7.6`",
            "",
            "Caused by:",
            "  attempting to make an HTTP request, but --offline was specified",
        ] {
            said.push(line);
        }
        assert_eq!(
            said.text(),
            "error: failed to download `arrayvec v0.7.6`\n\nCaused by:\n  attempting to make an HTTP request, but --offline was specified"
        );
    }

    #[test]
    fn a_long_error_is_capped() {
        let mut said = CargoError::default();
        said.push("error: many");
        for n in 0..100 {
            said.push(&format!("line {n}"));
        }
        assert_eq!(said.text().lines().count(), CargoError::MOST_LINES);
    }
}
