//! `--measure instructions`: each job's instructions per operation, counted by
//! Valgrind's callgrind in a second process that prepares the same jobs (this
//! CLI, or the crate built on demand for edited definitions) and counts them
//! as `overhead_bench::count` says: collection on only inside its one counted
//! function, a dump after each call, two calls per job. This side starts it
//! under `valgrind`, reads the dumps and puts the figures in the Report.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use overhead_bench::Report;
use overhead_bench::count::{COUNTED_FUNCTION, Plan};
use overhead_bench::ondemand::Order;

/// What prepares and counts the jobs: a program and its arguments; the
/// [`Order`] goes to its stdin, the [`Plan`] comes back on its stdout.
pub struct Counter {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The `overhead-count-seed` library preloaded into the counted process
    /// (fixed hash seeds: the same heap, the same counts, on every invocation).
    pub fixed_seeds: Option<PathBuf>,
}

impl Counter {
    /// `program args…`, with the seed library beside this CLI when it was built.
    pub fn new(program: PathBuf, args: Vec<String>) -> Counter {
        let name = format!(
            "{}overhead_count_seed{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        );
        // Built with the CLI it is beside it; built for `cargo test`, in `deps/`.
        let fixed_seeds = std::env::current_exe().ok().and_then(|exe| {
            let dir = exe.parent()?.to_path_buf();
            [dir.join(&name), dir.join("deps").join(&name)]
                .into_iter()
                .find(|path| path.is_file())
        });
        Counter {
            program,
            args,
            fixed_seeds,
        }
    }
}

/// Valgrind's version line, or why `--measure instructions` cannot count here.
pub fn valgrind() -> Result<String, String> {
    const MISSING: &str = "--measure instructions counts with Valgrind's callgrind, which is not installed here: install it (Debian and Ubuntu: `apt-get install valgrind`; `npm start` and `npm test` set it up), or measure time only";
    if !cfg!(target_os = "linux") {
        return Err(
            "--measure instructions counts with Valgrind's callgrind, on Linux only".into(),
        );
    }
    match Command::new("valgrind").arg("--version").output() {
        Ok(out) if out.status.success() => {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
        }
        _ => Err(MISSING.into()),
    }
}

/// Counts the jobs `order` asks for with `counter` under callgrind and writes
/// each one's instructions per operation into `report`'s matching row.
pub fn count_into(report: &mut Report, counter: &Counter, order: &Order) -> Result<(), String> {
    let version = valgrind()?;
    let dir = std::env::temp_dir().join(format!("overhead-callgrind-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let counted = run_counter(counter, order, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let (plan, totals) = counted?;
    let expected = 2 * (plan.jobs.len() + 1);
    if totals.len() < expected {
        return Err(format!(
            "callgrind wrote {} counts where {expected} were expected",
            totals.len()
        ));
    }
    let floor = plan.floor.per_op(totals[0], totals[1]);
    let mut spans = (u64::MAX, 0);
    for (k, job) in plan.jobs.iter().enumerate() {
        let per_op = job.counts.per_op(totals[2 + 2 * k], totals[3 + 2 * k]) - floor;
        let span = job.counts.large - job.counts.small;
        spans = (spans.0.min(span), spans.1.max(span));
        let row = report
            .results
            .iter_mut()
            .find(|r| r.variant == job.variant && r.engine == job.engine && r.input == job.input);
        if let Some(row) = row {
            row.instructions = Some(per_op.max(0.0));
        }
    }
    report.notes.push(format!(
        "instructions per operation: counted by callgrind ({version}) over {}–{} operations of each job, the timed loop's own {floor:.1} per iteration taken out; unlike time, the same under any load and at any clock speed (another x86-64 CPU can differ a little where libraries pick code by CPU features, as memchr and memcpy do)",
        spans.0, spans.1
    ));
    if counter.fixed_seeds.is_none() {
        report.notes.push("the counted process ran with random hash seeds (liboverhead_count_seed is not beside this CLI: `cargo build --release -p overhead-count-seed`), so an operation that allocates can count a few percent more or less from one invocation to the next".into());
    }
    Ok(())
}

/// Runs the counter under callgrind with its dumps in `dir`: what it counted,
/// and each dump's instruction total, in dump order.
fn run_counter(counter: &Counter, order: &Order, dir: &Path) -> Result<(Plan, Vec<u64>), String> {
    let out = dir.join("callgrind.out");
    let mut valgrind = Command::new("valgrind");
    if let Some(seed) = &counter.fixed_seeds {
        let preload = match std::env::var_os("LD_PRELOAD") {
            Some(already) if !already.is_empty() => {
                let mut both = seed.as_os_str().to_owned();
                both.push(":");
                both.push(already);
                both
            }
            _ => seed.as_os_str().to_owned(),
        };
        valgrind.env("LD_PRELOAD", preload);
    }
    let mut child = valgrind
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(format!("--toggle-collect={COUNTED_FUNCTION}"))
        .arg(format!("--dump-after={COUNTED_FUNCTION}"))
        .arg(&counter.program)
        .args(&counter.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start valgrind: {e}"))?;
    let order = serde_json::to_string(order).map_err(|e| e.to_string())?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let writer = std::thread::spawn(move || stdin.write_all(order.as_bytes()));
    let mut stderr = child.stderr.take().ok_or("no stderr")?;
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut answer = String::new();
    child
        .stdout
        .take()
        .ok_or("no stdout")?
        .read_to_string(&mut answer)
        .map_err(|e| format!("cannot read the counter's answer: {e}"))?;
    let status = child.wait().map_err(|e| e.to_string())?;
    let _ = writer.join();
    let said = reader.join().unwrap_or_default();
    if !status.success() {
        let error = serde_json::from_str::<serde_json::Value>(answer.trim())
            .ok()
            .and_then(|v| v["error"].as_str().map(str::to_owned))
            .unwrap_or_else(|| last_lines(&said, 5));
        return Err(format!("counting under callgrind failed: {error}"));
    }
    let plan: Plan = serde_json::from_str(answer.trim())
        .map_err(|e| format!("the counter's answer does not read: {e}"))?;
    Ok((plan, dump_totals(dir, "callgrind.out")?))
}

/// The instruction totals of callgrind's numbered dumps (`<name>.1`,
/// `<name>.2`, …), in order.
fn dump_totals(dir: &Path, name: &str) -> Result<Vec<u64>, String> {
    let mut parts: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let part = path
                .file_name()?
                .to_str()?
                .strip_prefix(name)?
                .strip_prefix('.')?
                .parse()
                .ok()?;
            Some((part, path))
        })
        .collect();
    parts.sort();
    parts
        .iter()
        .map(|(_, path)| {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            total(&text).ok_or_else(|| format!("no total in {}", path.display()))
        })
        .collect()
}

/// A callgrind dump's total of its one event (`Ir`).
fn total(dump: &str) -> Option<u64> {
    dump.lines()
        .find_map(|line| {
            line.strip_prefix("totals:")
                .or_else(|| line.strip_prefix("summary:"))
        })
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_dump_s_total() {
        let dump = "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 7\ncmd: x\npart: 3\n\ndesc: I1 cache:\ndesc: Trigger: Dump after overhead_bench::count::counted\n\npositions: line\nevents: Ir\nsummary: 123456\n\n\ntotals: 123456\n";
        assert_eq!(total(dump), Some(123_456));
        assert_eq!(total("events: Ir\n"), None);
    }

    #[test]
    fn takes_numbered_dumps_in_order() {
        let dir = std::env::temp_dir().join(format!("overhead-dumps-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for (part, total) in [(10, 30), (2, 20), (1, 10)] {
            std::fs::write(dir.join(format!("cg.{part}")), format!("totals: {total}\n"))
                .expect("write");
        }
        std::fs::write(dir.join("cg"), "totals: 99\n").expect("write");
        let totals = dump_totals(&dir, "cg");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(totals, Ok(vec![10, 20, 30]));
    }
}
