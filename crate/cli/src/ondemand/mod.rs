//! Compiled code for any definitions: the document's own crate, written under
//! the workspace's target dir (`project`), checked for what it must not carry
//! (`guard`), built by cargo (`cargo`) and run, in the same interleaved loop
//! as the interpreter (`overhead_bench::ondemand` is its `main`); or, for the
//! page, built for wasm32 and given its JavaScript by wasm-bindgen (`bindgen`).

mod bindgen;
mod cargo;
mod eject;
mod guard;
mod peers;
mod project;
mod size;

pub use eject::eject;
pub use size::code_size;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use overhead_bench::ondemand::Order;
use overhead_bench::{Report, RunRequest, Scenario};

use cargo::BuildError;
pub use cargo::RustcMessage;
use project::{Kind, Project};

/// How the page's module is built, beside its figures.
const BROWSER_BUILD: &str = "compiled (wasm): built as cargo builds release by default (no LTO, no wasm-opt: seconds, not a minute); the bundled scenarios' module has both, which measured its error paths up to 20% faster on the same definitions";

/// Why pasted code is not compiled natively without the person's leave.
pub const NEEDS_LEAVE: &str = "the definitions carry code of their own, which compiled code runs natively on this machine only when you allow it (`--allow-code`; the page asks); in the browser it runs in the page's sandbox";

/// Why a run has no compiled code built on demand, said in the Report's notes
/// (and, when only the compiled engine was asked for, as the error).
pub struct Unavailable {
    pub reason: String,
    /// rustc's messages on the definitions, or the refused constructs, each
    /// at its line and column in them.
    pub messages: Vec<RustcMessage>,
}

impl Unavailable {
    fn because(reason: impl Into<String>) -> Unavailable {
        Unavailable {
            reason: reason.into(),
            messages: Vec::new(),
        }
    }
}

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
}

/// The definitions compiled for `scenario`: its paste, completed as the
/// interpreter completes it (a type it names and does not define, read in the
/// form its inputs show, appended after the paste so every line and column
/// stays), so that compiled code and the interpreter run the same types.
pub fn definitions(scenario: &Scenario) -> String {
    let texts: Vec<&str> = scenario.inputs.iter().map(|i| i.text.as_str()).collect();
    let completion =
        overhead_engine::assume::complete(&scenario.schema, scenario.root.as_deref(), &texts);
    // The standard library's types the completion writes out in their serde
    // form for the interpreter (`Duration`) are the real ones here.
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

/// Builds (or finds in the cache) the crate for `scenario`'s definitions and
/// runs `request` in it. `status` receives what happens meanwhile (cargo's
/// progress, then the run's progress lines as JSON).
pub fn run(
    scenario: &Scenario,
    request: &RunRequest,
    allow_code: bool,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Built, Unavailable> {
    let definitions = definitions(scenario);
    with_leave(&definitions, allow_code)?;
    let (project, built, _) = compiled(&definitions, Kind::Native, status)?;
    let mut notes = built.notes;
    let mut report =
        start(&project.artifact, scenario, request, status).map_err(Unavailable::because)?;
    notes.append(&mut report.notes);
    report.notes = notes;
    Ok(Built {
        report,
        binary: project.artifact.clone(),
    })
}

/// Builds (or finds in the cache) the page's module for `definitions`.
pub fn build_browser(
    definitions: &str,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<BrowserBuilt, Unavailable> {
    browser(definitions, status).map(|(_, built, _)| built)
}

/// [`build_browser`], with the crate it built and the definitions it built
/// (without pasted code rustc refused).
fn browser(
    definitions: &str,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<(Project, BrowserBuilt, String), Unavailable> {
    let started = Instant::now();
    let (project, built, built_definitions) = compiled(definitions, Kind::Browser, status)?;
    let (mut cargo_s, mut bindgen_s) = (0.0, 0.0);
    // Freshly built (not from the cache): the page's module from cargo's wasm.
    if let Some(wasm) = &built.fresh {
        cargo_s = started.elapsed().as_secs_f64();
        status(Status::Cargo("wasm-bindgen"));
        let started = Instant::now();
        bindgen::generate(wasm, &project.artifact).map_err(Unavailable::because)?;
        bindgen_s = started.elapsed().as_secs_f64();
    }
    let Fresh {
        notes, warnings, ..
    } = built;
    let built = BrowserBuilt {
        key: project.key.clone(),
        dir: project.artifact.clone(),
        notes,
        warnings,
        cargo_s,
        bindgen_s,
    };
    Ok((project, built, built_definitions))
}

/// Compiled natively, pasted functions run on this machine, outside any
/// sandbox (a link can carry them): only with the person's leave.
fn with_leave(definitions: &str, allow_code: bool) -> Result<(), Unavailable> {
    let code = guard::pasted_code(definitions);
    if code.is_empty() || allow_code {
        return Ok(());
    }
    Err(Unavailable {
        reason: NEEDS_LEAVE.into(),
        messages: code.into_iter().map(RustcMessage::from).collect(),
    })
}

/// The document's crate of `kind`, written, once its definitions pass the guard.
fn written(definitions: &str, kind: Kind) -> Result<Project, Unavailable> {
    let Some(workspace) = project::workspace() else {
        return Err(Unavailable::because(
            "compiled code for edited definitions is built by cargo in the Overhead workspace, which this binary was not run from",
        ));
    };
    let refused = guard::refused(definitions);
    if !refused.is_empty() {
        return Err(Unavailable {
            reason: "the definitions hold what compiled code built on demand refuses".into(),
            messages: refused.into_iter().map(RustcMessage::from).collect(),
        });
    }
    Project::write(&workspace, definitions, kind).map_err(|e| {
        Unavailable::because(format!("cannot write the crate for these definitions: {e}"))
    })
}

/// The file in a document's crate whose pasted code rustc refused: the
/// definitions built instead, and the note saying what was left out.
const LEFT_OUT: &str = "left-out.json";

struct LeftOut {
    definitions: String,
    note: String,
}

impl LeftOut {
    fn read(path: &Path) -> Option<LeftOut> {
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
        Some(LeftOut {
            definitions: value.get("definitions")?.as_str()?.to_owned(),
            note: value.get("note")?.as_str()?.to_owned(),
        })
    }

    fn write(&self, path: &Path) -> std::io::Result<()> {
        let value = serde_json::json!({ "definitions": self.definitions, "note": self.note });
        std::fs::write(path, value.to_string())
    }
}

/// The crate of `kind` for `definitions`, built (or from the cache), with the
/// definitions it was built from. When rustc refuses only pasted code (a
/// default function reading a constant that lives elsewhere in the person's
/// codebase), that code is left out and the crate built again without it,
/// saying so: compiled code then leaves out the rules and defaults it
/// decided, as the interpreter does.
fn compiled(
    definitions: &str,
    kind: Kind,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<(Project, Fresh, String), Unavailable> {
    let project = written(definitions, kind)?;
    let left_out_file = project.dir.join(LEFT_OUT);
    if let Some(before) = LeftOut::read(&left_out_file) {
        let reduced = written(&before.definitions, kind)?;
        let mut built = build(&reduced, &before.definitions, status)?;
        built.notes.push(before.note);
        return Ok((reduced, built, before.definitions));
    }
    let refused = match build(&project, definitions, status) {
        Ok(built) => return Ok((project, built, definitions.to_owned())),
        Err(refused) => refused,
    };
    // Leaving a function out may leave another that calls it refused in
    // turn: a few rounds, each leaving out what rustc refused in the last.
    let mut current = definitions.to_owned();
    let mut messages = refused.messages.clone();
    let mut left_out: Vec<String> = Vec::new();
    let mut first_error = None;
    for _ in 0..LEAVE_OUT_ROUNDS {
        let Some(reduced) = without_refused_code(&current, &messages, &mut left_out) else {
            return Err(refused);
        };
        first_error.get_or_insert_with(|| {
            messages
                .iter()
                .find(|m| m.level == "error")
                .map(ToString::to_string)
                .unwrap_or_default()
        });
        current = reduced;
        let Ok(again) = written(&current, kind) else {
            return Err(refused);
        };
        match build(&again, &current, status) {
            Ok(mut built) => {
                let note = format!(
                    "compiled: left out {}, which rustc refuses here ({}): the rules and defaults it decides are not run by compiled code, as the interpreter does not run them",
                    left_out.join(", "),
                    first_error.unwrap_or_default()
                );
                let record = LeftOut {
                    definitions: current.clone(),
                    note: note.clone(),
                };
                // A cache: without it, the next run only builds the refused crate again.
                let _ = record.write(&left_out_file);
                built.notes.push(note);
                return Ok((again, built, current));
            }
            Err(e) => messages = e.messages,
        }
    }
    Err(refused)
}

/// How many times pasted code rustc refuses is left out before giving up.
const LEAVE_OUT_ROUNDS: usize = 4;

/// `definitions` without the pasted code that rustc's `messages` refuse, when
/// every error is inside such code and none of it decides how a field reads
/// (a `with` module: compiled code would read another form than the person's
/// build); `None` otherwise. What is left out is added to `left_out`.
fn without_refused_code(
    definitions: &str,
    messages: &[RustcMessage],
    left_out: &mut Vec<String>,
) -> Option<String> {
    let items = guard::pasted_items(definitions);
    let errors: Vec<&RustcMessage> = messages.iter().filter(|m| m.level == "error").collect();
    let inside = |m: &RustcMessage, item: &guard::PastedItem| {
        m.line.is_some_and(|line| item.lines.contains(&line))
    };
    let culprits: Vec<&guard::PastedItem> = items
        .iter()
        .filter(|item| errors.iter().any(|m| inside(m, item)))
        .collect();
    let only_pasted_code = !errors.is_empty()
        && errors
            .iter()
            .all(|m| culprits.iter().any(|item| inside(m, item)));
    let decoding = guard::decoding_code(definitions);
    let decides_reading = culprits.iter().any(|item| {
        let name = item.what.rsplit([' ', ':']).next().unwrap_or_default();
        decoding.contains(name)
    });
    if !only_pasted_code || decides_reading {
        return None;
    }
    left_out.extend(
        culprits
            .iter()
            .map(|item| format!("`{}` (line {})", item.what, item.line)),
    );
    Some(guard::without(definitions, &culprits))
}

/// What [`build`] did: the notes, rustc's warnings, and cargo's artifact
/// when it built one (`None` for a cache hit).
struct Fresh {
    notes: Vec<String>,
    warnings: Vec<RustcMessage>,
    fresh: Option<PathBuf>,
}

/// Builds `project` unless it is in the cache: with the peers first; a peer
/// whose derive rustc refuses is left out, ours and the other peers built
/// without it, and the note says why it is missing (`peers`).
fn build(
    project: &Project,
    definitions: &str,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Fresh, Unavailable> {
    let mut notes = Vec::new();
    let what = match project.kind {
        Kind::Native => "compiled",
        Kind::Browser => "compiled (wasm)",
    };
    // Said beside the page's figures: they are not the bundled module's build.
    let how = (project.kind == Kind::Browser).then_some(BROWSER_BUILD);
    if project.is_built() {
        notes.push(format!(
            "{what}: code built on demand for these definitions (from the cache)"
        ));
        notes.extend(how.map(str::to_owned));
        notes.extend(project.left_out_peers().into_iter().flat_map(|l| l.notes));
        project.used();
        return Ok(Fresh {
            notes,
            warnings: Vec::new(),
            fresh: None,
        });
    }
    let started = Instant::now();
    let mut progress = |line: &str| status(Status::Cargo(line));
    let with_peers =
        peers::build(project, &peers::of(definitions), &mut progress).map_err(unavailable)?;
    if !with_peers.left_out.is_empty() {
        let left_out = project::LeftOutPeers {
            features: with_peers.features.iter().map(|f| f.to_string()).collect(),
            names: with_peers.left_out.iter().map(|n| n.to_string()).collect(),
            notes: with_peers.notes.clone(),
        };
        project
            .keep_left_out_peers(&left_out)
            .map_err(|e| Unavailable::because(format!("cannot write the crate's notes: {e}")))?;
    }
    notes.extend(with_peers.notes);
    let built = with_peers.built;
    notes.insert(
        0,
        format!(
            "{what}: code built on demand for these definitions in {:.1} s",
            started.elapsed().as_secs_f64()
        ),
    );
    if let Some(how) = how {
        notes.insert(1, how.to_owned());
    }
    notes.extend(built.warnings.iter().map(|w| format!("rustc: {w}")));
    if let Some(workspace) = project::workspace() {
        project::prune(&workspace);
    }
    project.used();
    Ok(Fresh {
        notes,
        warnings: built.warnings,
        fresh: Some(built.artifact),
    })
}

fn unavailable(e: BuildError) -> Unavailable {
    match e {
        BuildError::Rustc(messages) => Unavailable {
            reason: "rustc refuses these definitions".into(),
            messages,
        },
        BuildError::Cargo(why) => Unavailable::because(why),
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
    // Each document's own crate: its notes, and the definitions it built.
    let mut own = |scenario: &Scenario| -> Result<(Vec<String>, String), Unavailable> {
        let definitions = definitions(scenario);
        with_leave(&definitions, allow_code)?;
        let (_, built, definitions) = compiled(&definitions, Kind::Native, status)?;
        Ok((built.notes, definitions))
    };
    let (before_notes, before_kept) = own(before)?;
    let (after_notes, after_kept) = own(after)?;
    let workspace = project::workspace().ok_or_else(|| {
        Unavailable::because("compiled code for edited definitions is built by cargo in the Overhead workspace, which this binary was not run from")
    })?;
    let project = Project::write_pair(&workspace, &before_kept, &after_kept).map_err(|e| {
        Unavailable::because(format!("cannot write the crate for both definitions: {e}"))
    })?;
    if !project.is_built() {
        let mut peers = peers::of(&before_kept);
        for peer in peers::of(&after_kept) {
            if !peers.iter().any(|p| p.feature == peer.feature) {
                peers.push(peer);
            }
        }
        let mut progress = |line: &str| status(Status::Cargo(line));
        peers::build(&project, &peers, &mut progress).map_err(unavailable)?;
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
/// definitions and asks it what its compiled root makes of each text: a JSON
/// array of `overhead_bench::compiled::Verdict`s (for the differential test
/// against the interpreter).
pub fn verdicts(
    scenario: &Scenario,
    texts: Vec<String>,
    allow_code: bool,
) -> Result<serde_json::Value, Unavailable> {
    let mut quiet = |_: Status<'_>| {};
    let definitions = definitions(scenario);
    with_leave(&definitions, allow_code)?;
    let (project, ..) = compiled(&definitions, Kind::Native, &mut quiet)?;
    let order = Order {
        document: scenario.to_document(),
        request: RunRequest::default(),
        verdicts: texts,
        count: false,
        against: None,
    };
    exchange(&project.artifact, &order, &mut quiet).map_err(Unavailable::because)
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
pub fn prebuild(definitions: &str, status: &mut dyn FnMut(Status<'_>)) -> Result<(), String> {
    let say = |u: Unavailable| {
        std::iter::once(u.reason)
            .chain(u.messages.iter().map(ToString::to_string))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let project = written(definitions, Kind::Native).map_err(say)?;
    build(&project, definitions, status).map_err(say)?;
    build_browser(definitions, status).map_err(say)?;
    Ok(())
}

impl From<guard::Refused> for RustcMessage {
    fn from(r: guard::Refused) -> Self {
        RustcMessage {
            level: "error".into(),
            line: Some(r.line),
            column: Some(r.column),
            message: r.message,
        }
    }
}
