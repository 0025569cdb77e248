//! What each engine's and peer's code adds to the page's wasm module for a
//! document's definitions (`overhead run --measure size`): the document's
//! browser crate built once per configuration — the page's API with no
//! compiled types, with ours, with ours and serde_fast_flatten, with the
//! paste as shipped, with the interpreter, with one of a bundled scenario's
//! hand-written peers — each made into the module the page would load
//! (wasm-bindgen, name and producers sections removed), and the bytes one
//! configuration has over the one without the engine in question.
//!
//! Measured the way, and in the build, the page's module for these
//! definitions is made: cargo's release profile without LTO, no wasm-opt
//! (`BROWSER_BUILD`). Cached beside the crate, keyed as it is.

use std::path::Path;

use overhead_bench::{CodeSize, Engine};

use overhead_codegen::FLATTEN_PEER;

use super::project::{BROWSER_MODULE, OURS, Project};
use super::sides::Built;
use super::status::{Status, Unavailable, unavailable};
use super::{bindgen, cargo};

/// The file in a document's browser crate that keeps its measured sizes.
const SIZES: &str = "code-size.json";

/// The bytes each engine's and peer's code adds to the page's module `built`
/// for a document's definitions (those of bundled scenario `bundled`, by
/// folder, when they are), measured (or read from the cache) with cargo's
/// progress passed to `status`. The page's module settled which sides,
/// pasted code and peers rustc takes: the measured builds take the same.
pub fn measure(
    built: Built,
    bundled: Option<&str>,
    status: &mut dyn FnMut(Status<'_>),
) -> Result<Vec<CodeSize>, Unavailable> {
    let project = built.project;
    let cache = project.dir.join(SIZES);
    if let Some(sizes) = std::fs::read_to_string(&cache)
        .ok()
        .and_then(|text| serde_json::from_str::<Vec<CodeSize>>(&text).ok())
    {
        return Ok(sizes);
    }
    let has = |feature: &str| built.settled.features.iter().any(|f| f == feature);
    let mut module = |features: &[&str]| module_bytes(&project, features, status);
    // Neither side: the page's API over no types.
    let bare = module(&[])?;
    let interpreter = module(&["interpreter"])?;
    let mut sizes = Vec::new();
    if has(OURS) {
        let ours = module(&[OURS])?;
        sizes.push(added(Engine::Compiled, ours, bare));
        if has(FLATTEN_PEER) {
            let with = module(&[OURS, FLATTEN_PEER])?;
            sizes.push(added(Engine::Peer("serde_fast_flatten".into()), with, ours));
        }
    }
    sizes.push(added(Engine::Interpreted, interpreter, bare));
    for library in &built.settled.shipped {
        let feature = library.feature();
        let with = module(&[&feature])?;
        sizes.push(added(
            Engine::Peer(library.library.clone().into()),
            with,
            bare,
        ));
    }
    // A bundled scenario's hand-written peers (`bundled`, its folder):
    // their own structs, alone beside the bare harness, as ours and the
    // interpreter are.
    for (scenario, peer) in bundled
        .into_iter()
        .flat_map(|s| overhead_bench::peers::hand_written(s).map(move |peer| (s, peer)))
    {
        if sizes.iter().any(|s| s.engine == Engine::Peer(peer.into())) {
            continue;
        }
        let feature = super::project::hand_written_feature(scenario, peer);
        let with = module(&[&feature])?;
        sizes.push(added(Engine::Peer(peer.into()), with, bare));
    }
    if let Ok(json) = serde_json::to_string(&sizes) {
        // A cache: without it the next run builds the same modules again.
        let _ = std::fs::write(&cache, json);
    }
    Ok(sizes)
}

/// `engine`'s bytes: the module with it (`with`) over the one without.
fn added(engine: Engine, with: u64, without: u64) -> CodeSize {
    CodeSize {
        engine,
        bytes: with.saturating_sub(without),
        module_bytes: with,
    }
}

/// The bytes of the page's module built from `project` with `features`.
fn module_bytes(
    project: &Project,
    features: &[&str],
    status: &mut dyn FnMut(Status<'_>),
) -> Result<u64, Unavailable> {
    let mut progress = |line: &str| status(Status::Cargo(line));
    let built = cargo::build(project, features, &mut progress).map_err(unavailable)?;
    let out = project.dir.join("size-probe");
    status(Status::Cargo("wasm-bindgen"));
    bindgen::generate(&built.artifact, &out).map_err(Unavailable::because)?;
    let bytes = file_len(&out.join(format!("{BROWSER_MODULE}_bg.wasm")));
    let _ = std::fs::remove_dir_all(&out);
    bytes
}

fn file_len(path: &Path) -> Result<u64, Unavailable> {
    std::fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| Unavailable::because(format!("cannot read {}: {e}", path.display())))
}
