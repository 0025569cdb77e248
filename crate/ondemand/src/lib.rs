//! overhead-ondemand: compiled code for any definitions, the one front door
//! the CLI and the local server (through the CLI) call for a run's code.
//!
//! The document's own crate, written under
//! the workspace's target dir (`project`), checked for what it must not carry
//! (`guard`), built by cargo (`cargo`) and run, in the same interleaved loop
//! as the interpreter (`overhead_bench::ondemand` is its `main`); or, for the
//! page, built for wasm32 and given its JavaScript by wasm-bindgen (`bindgen`).

mod bindgen;
mod cargo;
mod eject;
mod guard;
mod project;
pub mod sides;
mod size;
mod status;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use overhead_bench::ondemand::Order;
use overhead_bench::{Report, RunRequest, Scenario};

pub use cargo::RustcMessage;
use project::{Kind, Project};
use status::unavailable;
pub use status::{NEEDS_LEAVE, Status, Unavailable};

/// How the page's module is built, beside its figures.
const BROWSER_BUILD: &str = "compiled (wasm): built as cargo builds release by default (no LTO, no wasm-opt: seconds, not a minute); the bundled scenarios' module has both, which measured its error paths up to 20% faster on the same definitions";

/// What a build left to say beside the figures.
pub struct Built {
    pub report: Report,
    /// The built binary: it also counts the same jobs' instructions
    /// (`--measure instructions`).
    pub binary: PathBuf,
}

/// The page's module built for a document's definitions.
pub struct BrowserBuilt {
    /// The document's key: the module's folder is named by it.
    pub key: String,
    /// The folder holding the module and its JavaScript.
    pub dir: PathBuf,
    /// What the run's Report says beside the figures (the build, the peers,
    /// rustc's warnings).
    pub notes: Vec<String>,
    /// rustc's warnings on the definitions, at their lines.
    pub warnings: Vec<RustcMessage>,
    /// Seconds spent in cargo and in wasm-bindgen (zero for a cache hit).
    pub cargo_s: f64,
    pub bindgen_s: f64,
    /// The definitions in each translated peer's form, by library: what
    /// validator's and garde's derives run for a paste in the seed's dialect.
    pub translations: Vec<(String, String)>,
}

pub use sides::Paste;

/// [`Paste`] of `scenario`.
pub fn paste(scenario: &Scenario) -> Paste {
    let texts: Vec<&str> = scenario.inputs.iter().map(|i| i.text.as_str()).collect();
    let completion =
        overhead_engine::assume::complete(&scenario.schema, scenario.root.as_deref(), &texts);
    let root = scenario
        .root
        .clone()
        .or_else(|| completion.root.as_ref().map(|a| a.name.clone()));
    Paste {
        definitions: completed(scenario, completion),
        pasted: scenario.schema.lines().count(),
        root,
    }
}

/// The completion's text with the standard library's types it writes out in
/// their serde form for the interpreter (`Duration`) left to the real ones.
fn completed(scenario: &Scenario, completion: overhead_engine::assume::Completion) -> String {
    let added = completion.text.strip_prefix(scenario.schema.as_str());
    let Some(Ok(added)) = added.map(syn::parse_file) else {
        return completion.text;
    };
    let displayed = displayed_from_str(&scenario.schema);
    if completion.known.is_empty() && displayed.is_empty() {
        return completion.text;
    }
    let mut text = scenario.schema.clone();
    for mut item in added.items {
        let name = match &item {
            syn::Item::Struct(s) => s.ident.to_string(),
            syn::Item::Enum(e) => e.ident.to_string(),
            syn::Item::Type(t) => t.ident.to_string(),
            _ => String::new(),
        };
        if completion.known.contains(&name) {
            continue;
        }
        // Read through `DisplayFromStr`, a type from elsewhere is text to the
        // interpreter; `serde_json::Value`'s `FromStr` would parse it as JSON.
        if let syn::Item::Type(alias) = &mut item {
            if displayed.contains(&name) {
                *alias.ty = syn::parse_quote!(::std::string::String);
            }
        }
        text.push('\n');
        text.push_str(&quote::ToTokens::to_token_stream(&item).to_string());
    }
    text
}

/// The type names of fields read through serde_with's `DisplayFromStr`.
fn displayed_from_str(schema: &str) -> std::collections::HashSet<String> {
    let mut names = std::collections::HashSet::new();
    let Ok(file) = syn::parse_file(schema) else {
        return names;
    };
    for item in &file.items {
        let syn::Item::Struct(s) = item else {
            continue;
        };
        for field in &s.fields {
            let displayed = field.attrs.iter().any(|a| {
                a.path().is_ident("serde_as")
                    && quote::ToTokens::to_token_stream(a)
                        .to_string()
                        .contains("DisplayFromStr")
            });
            if displayed {
                overhead_codegen::ecosystem::idents(
                    quote::ToTokens::to_token_stream(&field.ty),
                    &mut names,
                );
            }
        }
    }
    names
}

/// The pasted code a native build of `definitions` would run, which the
/// person is asked to allow: ours' (what the types' attributes name) and the
/// as-shipped build's (every function, `impl` and static of the paste).
pub fn pasted_code(definitions: &str) -> Vec<RustcMessage> {
    let mut code: Vec<RustcMessage> = guard::pasted_code(definitions)
        .into_iter()
        .map(RustcMessage::from)
        .collect();
    for more in guard::shipped_code(definitions) {
        if !code.iter().any(|c| c.line == Some(more.line)) {
            code.push(more.into());
        }
    }
    code.sort_by_key(|c| (c.line, c.column));
    code
}

/// What may be built natively for `definitions`, given the person's leave.
fn leave(definitions: &str, allow_code: bool) -> Result<sides::Leave, Unavailable> {
    let leave = sides::Leave {
        ours: allow_code || guard::pasted_code(definitions).is_empty(),
        shipped: allow_code || guard::shipped_code(definitions).is_empty(),
    };
    if !leave.ours && !leave.shipped {
        return Err(Unavailable {
            reason: NEEDS_LEAVE.into(),
            messages: pasted_code(definitions),
        });
    }
    Ok(leave)
}

/// The native crate for `paste`, built (or from the cache).
fn native(
    paste: &Paste,
    allow_code: bool,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<sides::Built, Unavailable> {
    let leave = leave(&paste.definitions, allow_code)?;
    let mut built = sides::build(paste, Kind::Native, leave, status, &mut |_, _, _| Ok(()))?;
    if !leave.ours {
        built
            .notes
            .push(format!("compiled: not built: {NEEDS_LEAVE}"));
    }
    Ok(built)
}

/// Builds (or finds in the cache) the crate for `scenario`'s definitions and
/// runs `request` in it. `status` receives what happens meanwhile (cargo's
/// progress, then the run's progress lines as JSON).
pub fn run(
    scenario: &Scenario,
    request: &RunRequest,
    allow_code: bool,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Built, Unavailable> {
    let built = native(&paste(scenario), allow_code, status)?;
    let mut notes = built.notes;
    let mut report =
        start(&built.project.artifact, scenario, request, status).map_err(Unavailable::because)?;
    notes.append(&mut report.notes);
    report.notes = notes;
    Ok(Built {
        report,
        binary: built.project.artifact.clone(),
    })
}

/// Builds (or finds in the cache) the page's module for `paste`.
pub fn build_browser(
    paste: &Paste,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<BrowserBuilt, Unavailable> {
    browser(paste, status).map(|(_, built)| built)
}

/// [`build_browser`], with the crate it built.
fn browser(
    paste: &Paste,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<(sides::Built, BrowserBuilt), Unavailable> {
    let started = Instant::now();
    let (mut cargo_s, mut bindgen_s) = (0.0, 0.0);
    // In the browser, pasted code runs in the page's sandbox.
    let leave = sides::Leave {
        ours: true,
        shipped: true,
    };
    let mut finish = |project: &Project,
                      wasm: &Path,
                      status: &mut dyn FnMut(Status<'_>)|
     -> Result<(), Unavailable> {
        cargo_s = started.elapsed().as_secs_f64();
        status(Status::Cargo("wasm-bindgen"));
        let started = Instant::now();
        bindgen::generate(wasm, &project.artifact).map_err(Unavailable::because)?;
        bindgen_s = started.elapsed().as_secs_f64();
        Ok(())
    };
    let built = sides::build(paste, Kind::Browser, leave, status, &mut finish)?;
    let mut notes = built.notes.clone();
    notes.insert(1.min(notes.len()), BROWSER_BUILD.to_owned());
    let browser = BrowserBuilt {
        key: built.project.key.clone(),
        dir: built.project.artifact.clone(),
        notes,
        warnings: built.warnings.clone(),
        cargo_s,
        bindgen_s,
        translations: built
            .settled
            .shipped
            .iter()
            .filter_map(|m| Some((m.library.clone(), m.translation.clone()?)))
            .collect(),
    };
    Ok((built, browser))
}

/// The bytes each engine's and peer's code adds to the page's module for
/// `paste` (a bundled scenario's `bundled`, by folder, when it is one):
/// the page's module built first (or from the cache), then the measured
/// configurations.
pub fn code_size(
    paste: &Paste,
    bundled: Option<&str>,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Vec<overhead_bench::CodeSize>, Unavailable> {
    let (built, _) = browser(paste, status)?;
    size::measure(built, bundled, status)
}

/// Writes a cargo project for `scenario` into `out` (which must not exist or
/// be empty) with a `cargo bench` harness over its variants, inputs, our code
/// and the paste as shipped, once both build here; returns what to tell the
/// person.
pub fn eject(
    scenario: &Scenario,
    out: &Path,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Vec<String>, Unavailable> {
    eject::check_out(out)?;
    let paste = paste(scenario);
    // Built here first, so that what is written compiles; built, not run.
    let leave = sides::Leave {
        ours: true,
        shipped: true,
    };
    let built = sides::build(&paste, Kind::Native, leave, status, &mut |_, _, _| Ok(()))?;
    eject::write(scenario, out, built)
}

/// Runs the built binary on the order; its stderr carries progress lines.
fn start(
    binary: &Path,
    scenario: &Scenario,
    request: &RunRequest,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Report, String> {
    let order = Order {
        document: scenario.to_document(),
        request: request.clone(),
        verdicts: Vec::new(),
        count: false,
        against: None,
    };
    let value = exchange(binary, &order, status)?;
    serde_json::from_value(value)
        .map_err(|e| format!("the compiled code's Report does not read: {e}"))
}

/// Both documents' compiled code built on demand in one crate and measured in
/// one interleaved loop (`run A --against B`): each document's own crate
/// first (rustc's messages at the document's lines, pasted code rustc
/// refuses left out, both cached as for `run`), then the pair's, with the
/// peers both take. The Reports, before and after.
pub fn run_pair(
    before: &Scenario,
    after: &Scenario,
    request: &RunRequest,
    allow_code: bool,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<(Report, Report), Unavailable> {
    // Each document's own crate: its notes, the definitions our derives took
    // and whether serde_fast_flatten did.
    let mut own = |scenario: &Scenario| -> Result<(Vec<String>, String, bool), Unavailable> {
        let built = native(&paste(scenario), allow_code, status)?;
        let Some(ours) = built.settled.ours.clone() else {
            return Err(Unavailable::because(format!(
                "`--against` measures our compiled code of both documents, and our derives do not take `{}`",
                scenario.name
            )));
        };
        let flatten = built
            .settled
            .features
            .iter()
            .any(|f| f == overhead_codegen::FLATTEN_PEER);
        Ok((built.notes, ours, flatten))
    };
    let (before_notes, before_kept, before_flatten) = own(before)?;
    let (after_notes, after_kept, after_flatten) = own(after)?;
    let workspace = project::workspace().ok_or_else(|| {
        Unavailable::because("compiled code for edited definitions is built by cargo in the Overhead workspace, which this binary was not run from")
    })?;
    let project = Project::write_pair(&workspace, &before_kept, &after_kept).map_err(|e| {
        Unavailable::because(format!("cannot write the crate for both definitions: {e}"))
    })?;
    if !project.is_built() {
        let features: &[&str] = if before_flatten && after_flatten {
            &[overhead_codegen::FLATTEN_PEER]
        } else {
            &[]
        };
        let mut progress = |line: &str| status(Status::Cargo(line));
        cargo::build(&project, features, &mut progress).map_err(unavailable)?;
    }
    project.used();
    let order = Order {
        document: before.to_document(),
        request: request.clone(),
        verdicts: Vec::new(),
        count: false,
        against: Some(after.to_document()),
    };
    let mut answer = exchange(&project.artifact, &order, status).map_err(Unavailable::because)?;
    // Each side's Report, after what its own build said.
    let mut side = |name: &str, mut notes: Vec<String>| -> Result<Report, Unavailable> {
        let mut report: Report = serde_json::from_value(answer[name].take()).map_err(|e| {
            Unavailable::because(format!("the compiled code's Report does not read: {e}"))
        })?;
        notes.append(&mut report.notes);
        report.notes = notes;
        Ok(report)
    };
    Ok((side("before", before_notes)?, side("after", after_notes)?))
}

/// Builds (or finds in the cache) the native crate for `scenario`'s
/// definitions and asks it what each build's root makes of each text:
/// `{"compiled": [Verdict…] | null, "shipped": [LibraryVerdict…] | null,
/// "notes": […]}` (for the differential tests against the interpreter).
pub fn verdicts(
    scenario: &Scenario,
    texts: Vec<String>,
    allow_code: bool,
) -> Result<serde_json::Value, Unavailable> {
    let mut quiet = |_: Status<'_>| {};
    let built = native(&paste(scenario), allow_code, &mut quiet)?;
    let project = built.project;
    let order = Order {
        document: scenario.to_document(),
        request: RunRequest::default(),
        verdicts: texts,
        count: false,
        against: None,
    };
    let mut answer =
        exchange(&project.artifact, &order, &mut quiet).map_err(Unavailable::because)?;
    answer["notes"] = serde_json::json!(built.notes);
    Ok(answer)
}

/// Starts `binary` with its three streams piped. Linux refuses to run a file
/// some process still holds open for writing, and a child forked by another
/// thread holds a copy of such a descriptor until it execs, for an instant:
/// the start is tried again a few times, as cargo does.
fn spawn_piped(binary: &Path) -> std::io::Result<std::process::Child> {
    let mut tries = 0;
    loop {
        let started = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        match started {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 5 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20 * tries));
            }
            started => return started,
        }
    }
}

/// Hands `order` to the built binary and reads its one JSON answer (an
/// `{"error": …}` answer is the error); its stderr lines go to `status`.
fn exchange(
    binary: &Path,
    order: &Order,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<serde_json::Value, String> {
    let order = serde_json::to_string(order).map_err(|e| e.to_string())?;
    let mut child =
        spawn_piped(binary).map_err(|e| format!("cannot start the compiled code: {e}"))?;
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
        .map_err(|e| format!("the compiled code ended ({exit}) without an answer: {e}"))?;
    if let Some(error) = value.get("error").and_then(|e| e.as_str()) {
        return Err(error.to_owned());
    }
    Ok(value)
}

/// Builds the dependencies of compiled code built on demand (a bundled
/// scenario's definitions, whose crates need them all), natively and for the
/// page, so that a person's first edit compiles in seconds. `npm start` and
/// `npm test` run it.
pub fn prebuild(scenario: &Scenario, status: &mut dyn FnMut(Status<'_>)) -> Result<(), String> {
    let say = |u: Unavailable| {
        std::iter::once(u.reason)
            .chain(u.messages.iter().map(ToString::to_string))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let paste = paste(scenario);
    native(&paste, false, status).map_err(say)?;
    build_browser(&paste, status).map_err(say)?;
    Ok(())
}
