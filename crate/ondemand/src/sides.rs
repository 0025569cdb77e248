//! A document's two builds in one crate, each standing alone: our derives'
//! code (feature `ours`, with serde_fast_flatten's beside it where the
//! definitions flatten) and the paste as its own build compiles it (feature
//! `shipped`, `overhead_codegen::shipped`). They share the crate, its
//! dependency set and its target dir, so one cargo invocation builds both and
//! they run in one interleaved loop.
//!
//! rustc's errors say which side they are on (`shipped.rs` or the main
//! file), so a refusal costs one more build of the side that is left, not a
//! search through subsets: an error in pasted code that neither side needs to
//! read a field (a handler calling a framework, a default reading a constant
//! from elsewhere) is left out of that side and the build tried again; an
//! error elsewhere leaves that side out, saying why at the paste's line.

use std::time::Instant;

use overhead_codegen::shipped;

use super::cargo::{self, BuildError, RustcMessage};
use super::guard;
use super::project::{self, Kind, LibraryModule, Project, Settled, Sources};
use super::status::{NEEDS_LEAVE, Status, Unavailable};

/// How many builds a document may take before what is left is refused.
const ROUNDS: usize = 8;

/// A document's paste as both builds take it: completed as the interpreter
/// completes it (a type it names and does not define, read in the form its
/// inputs show, appended after the paste so every line and column stays),
/// and the root they run at (the document's, else the automatic one).
pub struct Paste {
    pub definitions: String,
    /// How many of its lines are the person's (the completion's follow).
    pub pasted: usize,
    pub root: Option<String>,
}

/// What may be built natively: pasted code runs on this machine only with
/// the person's leave (in the browser, the page's sandbox holds it).
#[derive(Debug, Clone, Copy)]
pub struct Leave {
    pub ours: bool,
    pub shipped: bool,
}

/// What runs on a fresh artifact before the build is settled: the crate,
/// cargo's artifact, and where progress goes.
pub type Finish<'a> = dyn FnMut(&Project, &std::path::Path, &mut dyn FnMut(Status<'_>)) -> Result<(), Unavailable>
    + 'a;

/// What the first note says of the crate: built now, or found in the cache.
const BUILT: &str = "code built on demand for these definitions";

/// A document's crate, built (or from the cache).
pub struct Built {
    pub project: Project,
    pub settled: Settled,
    /// What the build says beside the figures.
    pub notes: Vec<String>,
    /// rustc's warnings on the definitions (a fresh build's).
    pub warnings: Vec<RustcMessage>,
}

/// Builds (or finds in the cache) `kind`'s crate for `paste` at its
/// `root`: both sides where each builds. `finish` runs on a fresh artifact
/// before the build is settled (the page's module made from cargo's wasm),
/// so that a build stopped midway is never a cache hit.
pub fn build(
    paste: &Paste,
    kind: Kind,
    leave: Leave,
    status: &mut dyn FnMut(Status<'_>),
    finish: &mut Finish<'_>,
) -> Result<Built, Unavailable> {
    let (definitions, pasted, root) = (&paste.definitions[..], paste.pasted, paste.root.as_deref());
    let workspace = project::workspace().ok_or_else(|| {
        Unavailable::because(
            "compiled code for edited definitions is built by cargo in the Overhead workspace, which this binary was not run from",
        )
    })?;
    let refused = guard::refused(definitions);
    if !refused.is_empty() {
        return Err(Unavailable {
            reason: "the definitions hold what compiled code built on demand refuses".into(),
            messages: refused.into_iter().map(RustcMessage::from).collect(),
        });
    }
    let what = match kind {
        Kind::Native => "compiled",
        Kind::Browser => "compiled (wasm)",
    };
    let mut notes = Vec::new();
    let mut ours = leave.ours.then(|| definitions.to_owned());
    let root_name = root.unwrap_or_default();
    // The paste as shipped (and, for the seed's dialect, its translations),
    // from the definitions they were written from.
    let mut shipped_definitions = definitions.to_owned();
    let mut modules: Vec<LibraryModule> = match (root, leave.shipped) {
        (Some(root), true) => library_modules(definitions, root, pasted, &mut notes),
        (None, _) => {
            notes.push("as shipped: no build, as no root type was found".to_owned());
            Vec::new()
        }
        (_, false) => {
            notes.push(format!("as shipped: not built: {}", NEEDS_LEAVE));
            Vec::new()
        }
    };
    if ours.is_some() {
        notes.extend(overhead_codegen::ours_notes(definitions));
    }
    let first = write(&workspace, definitions, &modules, root_name, kind)?;
    if let Some(hit) = cached(&workspace, &first, kind, what)? {
        return Ok(hit);
    }
    let mut flatten = peers_of(definitions)
        .iter()
        .any(|p| p.feature == overhead_codegen::FLATTEN_PEER);
    let mut flatten_refused = None;
    let mut ours_refused: Vec<RustcMessage> = Vec::new();
    let mut shipped_refused: Vec<RustcMessage> = Vec::new();
    let started = Instant::now();
    for _ in 0..ROUNDS {
        if ours.is_none() && modules.is_empty() {
            break;
        }
        let project = write(
            &workspace,
            ours.as_deref().unwrap_or(definitions),
            &modules,
            root_name,
            kind,
        )?;
        let mut features: Vec<String> = Vec::new();
        if ours.is_some() {
            features.push(project::OURS.to_owned());
            if flatten {
                features.push(overhead_codegen::FLATTEN_PEER.to_owned());
            }
        }
        features.extend(modules.iter().map(LibraryModule::feature));
        let feature_names: Vec<&str> = features.iter().map(String::as_str).collect();
        let mut progress = |line: &str| status(Status::Cargo(line));
        let messages = match cargo::build(&project, &feature_names, &mut progress) {
            Ok(built) => {
                finish(&project, &built.artifact, status)?;
                notes.insert(
                    0,
                    format!(
                        "{what}: {BUILT} in {:.1} s",
                        started.elapsed().as_secs_f64()
                    ),
                );
                if let Some(first) = flatten_refused.filter(|_| ours.is_some()) {
                    notes.push(format!(
                        "peers: serde_fast_flatten's derive refuses these definitions, so it is not timed ({first})"
                    ));
                }
                notes.extend(built.warnings.iter().map(|w| format!("rustc: {w}")));
                let settled = Settled {
                    ours: ours.clone(),
                    shipped: modules.clone(),
                    root: root_name.to_owned(),
                    features,
                    notes: notes.clone(),
                };
                project
                    .settle(&settled)
                    .and_then(|()| first.settle(&settled))
                    .map_err(|e| Unavailable::because(format!("cannot keep the build: {e}")))?;
                project::prune(&workspace);
                project.used();
                return Ok(Built {
                    project,
                    settled,
                    notes,
                    warnings: built.warnings,
                });
            }
            Err(BuildError::Cargo(why)) => return Err(Unavailable::because(why)),
            Err(BuildError::Rustc(messages)) => messages,
        };
        let errors = |module: Option<&str>| -> Vec<RustcMessage> {
            messages
                .iter()
                .filter(|m| m.level == "error" && m.module.as_deref() == module)
                .cloned()
                .collect()
        };
        let mine = errors(None);
        let refused: Vec<(usize, Vec<RustcMessage>)> = modules
            .iter()
            .enumerate()
            .map(|(i, m)| (i, errors(Some(&m.name))))
            .filter(|(_, e)| !e.is_empty())
            .collect();
        if refused.is_empty() && mine.is_empty() {
            return Err(Unavailable {
                reason: "rustc refuses these definitions".into(),
                messages,
            });
        }
        let mut drop = Vec::new();
        for (i, theirs) in &refused {
            let module = &modules[*i];
            let as_shipped = module.name == "shipped";
            // Pasted code rustc refuses (a handler calling a framework) is
            // left out of the paste as shipped, and the module written again.
            let reduced = as_shipped
                .then(|| left_out(&shipped_definitions, root_name, theirs))
                .flatten();
            match reduced {
                Some((reduced, left)) => {
                    notes.push(format!(
                        "as shipped: left out {left}, which rustc refuses here ({}): the paste's build without it",
                        theirs[0]
                    ));
                    shipped_definitions = reduced;
                    let mut quiet = Vec::new();
                    match shipped::module_as(
                        &shipped_definitions,
                        root_name,
                        "shipped",
                        None,
                        pasted,
                    ) {
                        Ok(module) => modules[*i] = LibraryModule::of(&module),
                        Err(why) => {
                            quiet.push(why);
                            drop.push(*i);
                        }
                    }
                    notes.extend(
                        quiet
                            .into_iter()
                            .map(|w| format!("as shipped: no build: {w}")),
                    );
                }
                None => {
                    notes.push(if as_shipped {
                        format!(
                            "as shipped: rustc refuses the paste with {}'s derive, so its rows are missing ({})",
                            module.library, theirs[0]
                        )
                    } else {
                        format!(
                            "peers: {} is not timed: rustc refuses the definitions in its form ({})",
                            module.library, theirs[0]
                        )
                    });
                    if as_shipped {
                        shipped_refused = theirs.clone();
                    }
                    drop.push(*i);
                }
            }
        }
        for i in drop.into_iter().rev() {
            modules.remove(i);
        }
        if let (Some(text), false) = (&ours, mine.is_empty()) {
            if flatten {
                // serde_fast_flatten's derive, or ours: built again without it.
                flatten = false;
                flatten_refused = Some(mine[0].to_string());
                continue;
            }
            let mut left = Vec::new();
            match guard::without_refused_code(text, &mine, &mut left) {
                Some(reduced) => {
                    notes.push(format!(
                        "compiled: left out {}, which rustc refuses here ({}): the rules and defaults it decides are not run by compiled code, as the interpreter does not run them",
                        left.join(", "),
                        mine[0]
                    ));
                    ours = Some(reduced);
                }
                None => {
                    notes.push(format!(
                        "compiled: our derives do not take these definitions, so Overhead's codecs are missing ({})",
                        mine[0]
                    ));
                    ours_refused = mine;
                    ours = None;
                }
            }
        }
    }
    let mut messages = ours_refused;
    messages.extend(shipped_refused);
    Err(Unavailable {
        reason: "rustc refuses these definitions".into(),
        messages,
    })
}

/// The paste's library modules (as shipped, and translations), each one
/// missing said in `notes`.
fn library_modules(
    definitions: &str,
    root: &str,
    pasted: usize,
    notes: &mut Vec<String>,
) -> Vec<LibraryModule> {
    let (modules, missing) = shipped::modules(definitions, root, pasted);
    for module in &modules {
        for note in &module.notes {
            if !notes.contains(note) {
                notes.push(note.clone());
            }
        }
    }
    notes.extend(missing);
    modules.iter().map(LibraryModule::of).collect()
}

fn write(
    workspace: &std::path::Path,
    ours: &str,
    modules: &[LibraryModule],
    root: &str,
    kind: Kind,
) -> Result<Project, Unavailable> {
    let sources = Sources {
        ours,
        shipped: modules,
        root,
    };
    Project::write(workspace, &sources, kind).map_err(|e| {
        Unavailable::because(format!("cannot write the crate for these definitions: {e}"))
    })
}

/// The settled build of the document whose first crate is `first`, when
/// its artifact is complete.
fn cached(
    workspace: &std::path::Path,
    first: &Project,
    kind: Kind,
    what: &str,
) -> Result<Option<Built>, Unavailable> {
    let Some(settled) = first.settled() else {
        return Ok(None);
    };
    let sources = Sources {
        ours: settled.ours.as_deref().unwrap_or_default(),
        shipped: &settled.shipped,
        root: &settled.root,
    };
    let project = Project::write(workspace, &sources, kind).map_err(|e| {
        Unavailable::because(format!("cannot write the crate for these definitions: {e}"))
    })?;
    if !project.is_built() || project.settled().is_none() {
        return Ok(None);
    }
    // The fresh build's time and rustc's warnings were that build's; what it
    // left out or reads otherwise ("compiled: left out …") still holds.
    let fresh = format!("{what}: {BUILT}");
    let mut notes = vec![format!("{fresh} (from the cache)")];
    notes.extend(
        settled
            .notes
            .iter()
            .filter(|n| !n.starts_with(&fresh) && !n.starts_with("rustc:"))
            .cloned(),
    );
    project.used();
    Ok(Some(Built {
        project,
        settled,
        notes,
        warnings: Vec::new(),
    }))
}

/// `definitions` without the pasted code rustc's `errors` are in, when every
/// error is inside such code (any function, `impl` block, static or item
/// macro, at any depth) or in a type the root does not reach: the paste's
/// build without it, and what was left out.
fn left_out(definitions: &str, root: &str, errors: &[RustcMessage]) -> Option<(String, String)> {
    let mut items = guard::code_items(definitions);
    items.extend(guard::unreached_types(definitions, root));
    let inside = |m: &RustcMessage, item: &guard::PastedItem| {
        m.line.is_some_and(|line| item.lines.contains(&line))
    };
    let culprits: Vec<&guard::PastedItem> = items
        .iter()
        .filter(|item| errors.iter().any(|m| inside(m, item)))
        .collect();
    let all_inside = errors
        .iter()
        .all(|m| culprits.iter().any(|item| inside(m, item)));
    if culprits.is_empty() || !all_inside {
        return None;
    }
    let what = culprits
        .iter()
        .map(|item| format!("`{}` (line {})", item.what, item.line))
        .collect::<Vec<_>>()
        .join(", ");
    Some((guard::without(definitions, &culprits), what))
}

/// The peers our code carries for `definitions` (none when they do not parse).
fn peers_of(definitions: &str) -> Vec<overhead_codegen::Peer> {
    syn::parse_file(definitions)
        .map(|file| overhead_codegen::peers(&file))
        .unwrap_or_default()
}
