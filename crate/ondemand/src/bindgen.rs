//! The page's module from the wasm32 library cargo built: wasm-bindgen's
//! JavaScript and wasm (`--target web`, as for the page's own modules), the
//! version Cargo.lock pins (setup installs it).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::project::BROWSER_MODULE;

/// Writes the module and its JavaScript for `wasm` into `out`.
pub fn generate(wasm: &Path, out: &Path) -> Result<(), String> {
    let program = wasm_bindgen();
    // Written beside, then moved into place: a cache hit never sees half a module.
    let partial = out.with_extension("partial");
    let _ = std::fs::remove_dir_all(&partial);
    let output = Command::new(&program)
        // Without the name and producers sections, as the page's own modules
        // ship (wasm-opt drops them there): 566 KiB gzipped for user-signup
        // instead of 634 when measured (141 KiB since the module no longer
        // links the bundled peers), at no cost in build time.
        .args([
            "--target",
            "web",
            "--no-typescript",
            "--remove-name-section",
            "--remove-producers-section",
            "--out-name",
            BROWSER_MODULE,
        ])
        .arg("--out-dir")
        .arg(&partial)
        .arg(wasm)
        .output()
        .map_err(|e| {
            format!(
                "cannot start wasm-bindgen ({}): {e}; `npm start` installs it",
                program.display()
            )
        })?;
    if !output.status.success() {
        return Err(format!(
            "wasm-bindgen failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let _ = std::fs::remove_dir_all(out);
    std::fs::rename(&partial, out).map_err(|e| format!("cannot keep the page's module: {e}"))
}

/// wasm-bindgen on the PATH, or where `cargo install` puts it.
fn wasm_bindgen() -> PathBuf {
    let name = format!("wasm-bindgen{}", std::env::consts::EXE_SUFFIX);
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join(&name))
        .find(|p| p.is_file());
    let cargo_home = || {
        std::env::var_os("CARGO_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
            .map(|home| home.join("bin").join(&name))
    };
    on_path
        .or_else(cargo_home)
        .unwrap_or_else(|| PathBuf::from(name))
}
