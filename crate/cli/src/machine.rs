//! What machine the figures come from, for the Report's `env`.

/// The CPU model, where the OS says it.
pub fn cpu() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, model)| model.trim().to_owned())
}

/// The OS release and architecture, e.g. "Debian GNU/Linux 12 (bookworm) x86_64".
pub fn os() -> String {
    let release = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_owned())
        });
    let name = release.unwrap_or_else(|| std::env::consts::OS.to_owned());
    format!("{name} {}", std::env::consts::ARCH)
}
