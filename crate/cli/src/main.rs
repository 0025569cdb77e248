//! overhead: runs Overhead's benchmarks natively and prints seed-style tables
//! or JSON Reports.

mod compare;
mod instructions;
mod machine;
use overhead_ondemand as ondemand;
mod table;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use overhead_bench::ondemand::Order;
use overhead_bench::runner::Progress;
use overhead_bench::{
    Benchmark, CompiledSource, Data, Engines, Env, RunRequest, Scenario, Settings, SystemClock,
    Variant, bundled,
};

#[derive(Parser)]
#[command(
    name = "overhead",
    version,
    about = "What serde validation and flatten cost, measured."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Measure a scenario (a folder under scenarios/ or a scenario .json document).
    Run(RunArgs),
    /// Check a struct-definitions file: print its diagnostics; exit 0 when
    /// `overhead run` with the same root and inputs can run it.
    Check {
        /// A `.rs` file of struct and enum definitions.
        file: PathBuf,
        /// The type to decode (a generic one with its arguments:
        /// `Envelope<User>`); by default the type the inputs fit, else the
        /// type no other type refers to.
        #[arg(long, value_name = "TYPE")]
        root: Option<String>,
        /// JSON inputs, as a run would read them: a type the definitions name
        /// and do not define takes the form they show.
        #[arg(long = "input", value_name = "FILE", num_args = 1..)]
        inputs: Vec<PathBuf>,
    },
    /// List the bundled scenarios and the variants this build can run.
    List,
    /// Compare Reports of the same work (`run … --save` or `--json`): each
    /// figure's change with its 95% confidence interval and a verdict. Two
    /// files (before after), or several invocations a side with `--before
    /// A.json B.json … --after C.json D.json …`.
    Compare {
        /// The Report before the change, then the one after it.
        #[arg(num_args = 0..=2)]
        reports: Vec<PathBuf>,
        /// Reports of several invocations before the change.
        #[arg(long, num_args = 1.., conflicts_with = "reports")]
        before: Vec<PathBuf>,
        /// Reports of several invocations after the change.
        #[arg(long, num_args = 1.., conflicts_with = "reports")]
        after: Vec<PathBuf>,
        /// Print the comparison as JSON instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Print a scenario (folder or .json document) as one scenario document:
    /// what the page's "Download .json" writes and `overhead run` reads (the
    /// site's scenario catalog is made of these).
    Document {
        /// Scenario folder or scenario .json document.
        scenario: PathBuf,
    },
    /// Build what compiled code built on demand depends on, once, so that the
    /// first edited definitions compile in seconds (`npm start` runs this).
    Prebuild,
    /// Build the page's wasm module for a scenario document's definitions (the
    /// local server's `/api/compiled`): cargo's progress as JSON lines on
    /// stderr, the module's folder or rustc's messages as JSON on stdout.
    /// Write a scenario's definitions as a cargo project of its own, with a
    /// `cargo bench` harness (criterion) over the same variants, inputs and peers.
    Eject {
        /// Scenario folder or scenario .json document.
        scenario: PathBuf,
        /// The new project's folder (must not exist, or be empty).
        #[arg(long)]
        out: PathBuf,
    },
    /// What compiled code built on demand makes of texts (for the
    /// differential test): a JSON array of texts in, one of verdicts out.
    #[command(hide = true)]
    Verdicts {
        /// A scenario .json document.
        document: PathBuf,
        /// A JSON array of the texts.
        texts: PathBuf,
        /// Compile the code the definitions carry.
        #[arg(long)]
        allow_code: bool,
    },
    #[command(hide = true)]
    BuildBrowser {
        /// A scenario .json document.
        document: PathBuf,
    },
    /// Prepares the jobs an order on stdin asks for and counts them (run
    /// under callgrind by `run --measure instructions`); the counted plan on
    /// stdout.
    #[command(hide = true)]
    CountInstructions,
}

#[derive(clap::Args)]
struct RunArgs {
    /// Scenario folder or scenario .json document.
    scenario: PathBuf,
    /// Which engines to run.
    #[arg(long, value_enum, default_value_t = EngineChoice::All)]
    engine: EngineChoice,
    /// Variant codes, comma-separated (default: the scenario's).
    #[arg(long, value_delimiter = ',')]
    variants: Vec<Variant>,
    /// Input names, comma-separated (default: all).
    #[arg(long, value_delimiter = ',')]
    input: Vec<String>,
    /// Operations per timed run.
    #[arg(long)]
    iterations: Option<u64>,
    /// Timed runs per result.
    #[arg(long)]
    runs: Option<u32>,
    /// Untimed operations before the first run.
    #[arg(long)]
    warmup: Option<u64>,
    /// Data for the encode/decode and conversion variants: the input's value, or
    /// a pool of values from a seeded generator (default: the scenario's).
    #[arg(long, value_enum)]
    data: Option<DataChoice>,
    /// Print the Report as JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Also write the Report as JSON to this file (a scenario's `native.json`).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Also time each validation rule alone on each input's values: where
    /// validation time goes.
    #[arg(long)]
    breakdown: bool,
    /// Report progress as one JSON object per line on stderr (for tools, such as
    /// the playground's "Run natively").
    #[arg(long)]
    progress_lines: bool,
    /// Build compiled code on demand even for a bundled scenario's definitions
    /// (to measure it against the bundled code: `npm run bench:ondemand`).
    #[arg(long, hide = true)]
    on_demand: bool,
    /// Compile and run natively the code the definitions carry (custom
    /// validator functions and the like): it runs on this machine.
    #[arg(long)]
    allow_code: bool,
    /// When the definitions carry code and `--allow-code` is not given, stop
    /// before building and say so as `{"confirm": …}` on stderr, exit 3 (the
    /// local server's Run natively asks the person).
    #[arg(long, hide = true)]
    ask_code: bool,
    /// Measure the scenario against another document of the same work (say,
    /// the definitions after a change) in one interleaved loop, each job beside
    /// its counterpart, and print the comparison: each figure's change with
    /// its 95% confidence interval from the paired runs.
    #[arg(long, value_name = "SCENARIO", conflicts_with_all = ["save", "on_demand", "ask_code"])]
    against: Option<PathBuf>,
    /// What to measure besides time, comma-separated: `instructions` also
    /// counts each job's instructions per operation with Valgrind's
    /// callgrind (Linux), the same under any load and at any clock speed;
    /// `size` the bytes each engine's and peer's code adds to the page's
    /// wasm module for these definitions (built with cargo, cached).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "time")]
    measure: Vec<Measure>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Measure {
    /// Nanoseconds per operation (always measured).
    Time,
    /// Time, and instructions per operation counted by callgrind.
    Instructions,
    /// Time, and the bytes each engine's code adds to the wasm module.
    Size,
}

#[derive(Clone, Copy, ValueEnum)]
enum DataChoice {
    /// One fixed value: the input's.
    Serial,
    /// A pool of values drawn from a seeded generator, cycled through.
    Random,
}

#[derive(Clone, Copy, ValueEnum)]
enum EngineChoice {
    /// Derive-generated code: the bundled scenarios', or, for other
    /// definitions, a crate built on demand with cargo (cached by content).
    Compiled,
    /// The interpreter (any definitions).
    Interpreted,
    /// Both of ours and the peer crates (validator, garde, domainstack, serde_fast_flatten) where they apply.
    All,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run(args),
        Command::Check { file, root, inputs } => check(&file, root.as_deref(), &inputs),
        Command::List => list(),
        Command::Compare {
            reports,
            before,
            after,
            json,
        } => compare_reports(reports, before, after, json),
        Command::Document { scenario } => document(&scenario),
        Command::Prebuild => prebuild(),
        Command::BuildBrowser { document } => build_browser(&document),
        Command::CountInstructions => count_instructions(),
        Command::Eject { scenario, out } => eject(&scenario, &out),
        Command::Verdicts {
            document,
            texts,
            allow_code,
        } => verdicts(&document, &texts, allow_code),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: RunArgs) -> Result<(), String> {
    let scenario = load(&args.scenario)?;
    if args.against.is_some() && args.measure.iter().any(|m| *m != Measure::Time) {
        return Err(
            "--against measures time; count instructions or code size in a run of each document"
                .into(),
        );
    }
    // What can fail before minutes of timing fails first, not after.
    if args.measure.contains(&Measure::Instructions) {
        instructions::valgrind()?;
    }
    let code_size = if args.measure.contains(&Measure::Size) {
        code_size(&args, &scenario)?
    } else {
        Vec::new()
    };
    let base = scenario.settings;
    let settings = Settings {
        iterations: args.iterations.unwrap_or(base.iterations),
        runs: args.runs.unwrap_or(base.runs),
        warmup: args.warmup.unwrap_or(base.warmup),
    };
    let request = RunRequest {
        settings: Some(settings),
        variants: args.variants.clone(),
        inputs: args.input.clone(),
        engines: match args.engine {
            EngineChoice::Compiled => Engines::Compiled,
            EngineChoice::Interpreted => Engines::Interpreted,
            EngineChoice::All => Engines::All,
        },
        data: args.data.map(|d| match d {
            DataChoice::Serial => Data::Serial,
            DataChoice::Random => Data::Random,
        }),
        breakdown: args.breakdown,
    };
    let show_progress = std::io::stderr().is_terminal();
    if let Some(against) = &args.against {
        return run_against(&args, &scenario, against, &request);
    }
    // Definitions without bundled compiled code get their own, built on demand.
    let on_demand = request.engines != Engines::Interpreted
        && (args.on_demand || bundled::matching(&scenario).is_none());
    // Bundled code unless a crate for these definitions was wanted and could
    // not be built: then none, and why.
    let mut source = CompiledSource::Bundled;
    if on_demand {
        let mut status = ondemand_status(&args, show_progress, "building");
        match ondemand::run(&scenario, &request, args.allow_code, &mut status) {
            Ok(built) => {
                if show_progress && !args.progress_lines {
                    table::clear_progress_line();
                }
                let mut report = built.report;
                let counter = instructions::Counter::new(built.binary, Vec::new());
                count_if_asked(&mut report, &args, &scenario, &request, &counter)?;
                return finish(report, &args, code_size);
            }
            Err(unavailable) if args.ask_code && unavailable.reason == ondemand::NEEDS_LEAVE => {
                let code: Vec<String> = unavailable
                    .messages
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                eprintln!(
                    "{}",
                    serde_json::json!({ "confirm": unavailable.reason, "code": code })
                );
                std::process::exit(3);
            }
            Err(unavailable) => {
                if show_progress && !args.progress_lines {
                    table::clear_progress_line();
                }
                let place = schema_label(&args.scenario);
                let messages: Vec<String> = unavailable
                    .messages
                    .iter()
                    .map(|m| format!("{place}:{m}"))
                    .collect();
                if request.engines == Engines::Compiled {
                    let mut error = format!("no compiled code: {}", unavailable.reason);
                    for m in &messages {
                        error.push_str("\n  ");
                        error.push_str(m);
                    }
                    return Err(error);
                }
                source = CompiledSource::None(format!(
                    "no compiled code built on demand: {}{}",
                    unavailable.reason,
                    messages
                        .first()
                        .map(|m| format!(" (first: {m})"))
                        .unwrap_or_default()
                ));
            }
        }
    }
    let bench = Benchmark::prepare(&scenario, &request, source).map_err(|e| e.to_string())?;
    let mut progress = |p: &Progress| {
        if args.progress_lines {
            eprintln!("{}", overhead_bench::ondemand::progress_json(p));
        } else if show_progress {
            table::progress_line(p);
        }
    };
    let mut report = bench
        .run(&SystemClock::new(), Env::of_this_build(), &mut progress)
        .map_err(|e| e.to_string())?;
    if show_progress && !args.progress_lines {
        table::clear_progress_line();
    }
    let counter = instructions::Counter::new(
        std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?,
        vec!["count-instructions".into()],
    );
    count_if_asked(&mut report, &args, &scenario, &request, &counter)?;
    finish(report, &args, code_size)
}

/// What a build on demand and its run say meanwhile: cargo's progress and
/// the run's, as JSON lines (`--progress-lines`) or on the status line.
/// `doing` says what the builds are for on the status line.
fn ondemand_status<'a>(
    args: &'a RunArgs,
    show_progress: bool,
    doing: &'a str,
) -> impl FnMut(ondemand::Status<'_>) + 'a {
    move |s| match s {
        ondemand::Status::Cargo(line) if args.progress_lines => {
            eprintln!("{}", serde_json::json!({ "building": line }));
        }
        ondemand::Status::Cargo(line) if show_progress => {
            table::status_line(&format!("{doing}: {line}"))
        }
        ondemand::Status::Run(line) if args.progress_lines => eprintln!("{line}"),
        ondemand::Status::Run(line) if show_progress => table::progress_json_line(line),
        _ => {}
    }
}

/// `run A --against B`: both documents' jobs in one interleaved loop, each
/// beside its counterpart — in this process, or, for definitions without
/// bundled compiled code, in a crate built on demand for both; the comparison
/// printed (or, with `--json`, both Reports and the comparison).
fn run_against(
    args: &RunArgs,
    before: &Scenario,
    against: &Path,
    request: &RunRequest,
) -> Result<(), String> {
    let after = load(against)?;
    let show_progress = std::io::stderr().is_terminal() && !args.progress_lines;
    // Definitions without bundled compiled code: both documents' compiled
    // code built on demand in one crate, measured there.
    let mut unavailable_note = None;
    if request.engines != Engines::Interpreted
        && [before, &after]
            .iter()
            .any(|s| bundled::matching(s).is_none())
    {
        let mut status = ondemand_status(args, std::io::stderr().is_terminal(), "building");
        let pair = ondemand::run_pair(before, &after, request, args.allow_code, &mut status);
        if show_progress {
            table::clear_progress_line();
        }
        match pair {
            Ok((a, b)) => return print_against(args, against, a, b),
            Err(unavailable) if request.engines == Engines::Compiled => {
                return Err(format!("no compiled code: {}", unavailable.reason));
            }
            Err(unavailable) => {
                unavailable_note = Some(format!(
                    "no compiled code built on demand: {}",
                    unavailable.reason
                ));
            }
        }
    }
    // Without a crate for the pair, both sides run without compiled code, so
    // that each row has its counterpart.
    let prepared = |scenario: &Scenario| -> Result<Benchmark, String> {
        let source = match &unavailable_note {
            Some(note) => CompiledSource::None(note.clone()),
            None => CompiledSource::Bundled,
        };
        Benchmark::prepare(scenario, request, source).map_err(|e| e.to_string())
    };
    let (before_bench, after_bench) = (prepared(before)?, prepared(&after)?);
    let mut progress = |p: &Progress| {
        if args.progress_lines {
            eprintln!("{}", overhead_bench::ondemand::progress_json(p));
        } else if show_progress {
            table::progress_line(p);
        }
    };
    let (a, b) = before_bench
        .run_against(
            after_bench,
            &SystemClock::new(),
            Env::of_this_build(),
            &mut progress,
        )
        .map_err(|e| e.to_string())?;
    if show_progress {
        table::clear_progress_line();
    }
    print_against(args, against, a, b)
}

/// Adds this machine to both Reports and prints their comparison (with
/// `--json`, both Reports and the comparison).
fn print_against(
    args: &RunArgs,
    against: &Path,
    mut a: overhead_bench::Report,
    mut b: overhead_bench::Report,
) -> Result<(), String> {
    let date = Some(humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string());
    for report in [&mut a, &mut b] {
        report.env.cpu = machine::cpu();
        report.env.os = Some(machine::os());
        report.env.date = date.clone();
    }
    let before = [(args.scenario.display().to_string(), a)];
    let after = [(against.display().to_string(), b)];
    let rows = compare::compare(&before, &after);
    if args.json {
        print_json(&serde_json::json!({
            "before": before[0].1,
            "after": after[0].1,
            "comparison": rows,
        }))?;
    } else {
        print!(
            "{}",
            compare::render(&before, &after, &rows, compare::Pairing::OneLoop)
        );
    }
    Ok(())
}

/// `--measure instructions`: the same jobs counted under callgrind by
/// `counter`, their figures added to `report`.
fn count_if_asked(
    report: &mut overhead_bench::Report,
    args: &RunArgs,
    scenario: &Scenario,
    request: &RunRequest,
    counter: &instructions::Counter,
) -> Result<(), String> {
    if !args.measure.contains(&Measure::Instructions) {
        return Ok(());
    }
    let show_progress = std::io::stderr().is_terminal() && !args.progress_lines;
    if show_progress {
        table::status_line("counting instructions under callgrind…");
    }
    let order = Order {
        document: scenario.to_document(),
        request: request.clone(),
        verdicts: Vec::new(),
        count: true,
        against: None,
    };
    let counted = instructions::count_into(report, counter, &order);
    if show_progress {
        table::clear_progress_line();
    }
    counted
}

/// `compare`: Reports before and after a change, row by row.
fn compare_reports(
    reports: Vec<PathBuf>,
    before: Vec<PathBuf>,
    after: Vec<PathBuf>,
    json: bool,
) -> Result<(), String> {
    let (before, after) = match (reports.as_slice(), before.is_empty(), after.is_empty()) {
        ([b, a], true, true) => (vec![b.clone()], vec![a.clone()]),
        ([], false, false) => (before, after),
        _ => {
            return Err(
                "give two Reports (`compare before.json after.json`), or several a side (`compare --before A.json B.json --after C.json D.json`)".into(),
            );
        }
    };
    let read = |paths: &[PathBuf]| -> Result<Vec<(String, overhead_bench::Report)>, String> {
        paths
            .iter()
            .map(|p| Ok((p.display().to_string(), compare::read(p)?)))
            .collect()
    };
    let (before, after) = (read(&before)?, read(&after)?);
    let rows = compare::compare(&before, &after);
    if json {
        print_json(&rows)?;
    } else {
        print!(
            "{}",
            compare::render(&before, &after, &rows, compare::Pairing::Invocations)
        );
    }
    Ok(())
}

fn print_json(value: &impl serde::Serialize) -> Result<(), String> {
    let json = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    println!("{json}");
    Ok(())
}

/// The hidden `count-instructions`: the order on stdin, bundled compiled code.
fn count_instructions() -> Result<(), String> {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
        .map_err(|e| format!("cannot read the order: {e}"))?;
    let order: Order =
        serde_json::from_str(&text).map_err(|e| format!("the order is not valid: {e}"))?;
    let scenario = Scenario::try_from(order.document).map_err(|e| e.to_string())?;
    // An error is the answer too, as the crate built on demand answers one.
    match overhead_bench::count::plan_json(&scenario, &order.request, &bundled::BundledCode) {
        Ok(plan) => {
            println!("{plan}");
            Ok(())
        }
        Err(error) => {
            println!("{}", serde_json::json!({ "error": error }));
            Err(error)
        }
    }
}

/// Where the definitions' lines are, for `file:line:col`.
fn schema_label(path: &Path) -> String {
    if path.is_dir() {
        path.join("schema.rs").display().to_string()
    } else {
        format!("{} (schema)", path.display())
    }
}

/// Adds this machine to the Report, saves it and prints it.
fn finish(
    mut report: overhead_bench::Report,
    args: &RunArgs,
    code_size: Vec<overhead_bench::CodeSize>,
) -> Result<(), String> {
    report.code_size = code_size;
    report.env.cpu = machine::cpu();
    report.env.os = Some(machine::os());
    report.env.date =
        Some(humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string());
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    if let Some(path) = &args.save {
        std::fs::write(path, format!("{json}\n"))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if args.json {
        println!("{json}");
    } else {
        print!("{}", table::render(&report));
    }
    Ok(())
}

/// `--measure size`: the bytes each engine's and peer's code adds to the page's
/// module for the scenario's definitions (several builds, cached).
fn code_size(args: &RunArgs, scenario: &Scenario) -> Result<Vec<overhead_bench::CodeSize>, String> {
    let show_progress = std::io::stderr().is_terminal() && !args.progress_lines;
    let mut status = ondemand_status(args, show_progress, "measuring code size");
    // A bundled scenario's hand-written peers run beside its code: theirs too.
    let bundled = bundled::matching(scenario).map(|b| b.name);
    let sizes = ondemand::code_size(&ondemand::paste(scenario), bundled, &mut status);
    if show_progress {
        table::clear_progress_line();
    }
    sizes.map_err(|unavailable| {
        let mut error = format!("cannot measure code size: {}", unavailable.reason);
        for m in &unavailable.messages {
            error.push_str(&format!("\n  {}:{m}", schema_label(&args.scenario)));
        }
        error
    })
}

fn load(path: &Path) -> Result<Scenario, String> {
    let scenario = if path.is_dir() {
        Scenario::from_folder(path)
    } else {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Scenario::from_document(&text)
    };
    scenario.map_err(|e| e.to_string())
}

fn document(path: &Path) -> Result<(), String> {
    let document = load(path)?.to_document();
    let json = serde_json::to_string_pretty(&document).map_err(|e| e.to_string())?;
    println!("{json}");
    Ok(())
}

fn check(file: &Path, root: Option<&str>, inputs: &[PathBuf]) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let inputs = inputs
        .iter()
        .map(|path| {
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
        })
        .collect::<Result<Vec<String>, String>>()?;
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    // The same reading a run makes: the root it would use, the inputs' forms.
    let diagnosis = overhead_engine::diagnose::diagnose_with(&text, root, &inputs);
    for d in &diagnosis.diagnostics {
        println!("{}:{d}", file.display());
    }
    if diagnosis.runnable {
        let root = match (root, &diagnosis.automatic) {
            (Some(root), _) => format!("`{root}`"),
            (None, Some(automatic)) => format!("`{}` ({})", automatic.name, automatic.why),
            (None, None) => "the first type".into(),
        };
        println!(
            "ok: {} type(s): {}; runs at {root}",
            diagnosis.types.len(),
            diagnosis.types.join(", ")
        );
        Ok(())
    } else {
        let errors = diagnosis
            .diagnostics
            .iter()
            .filter(|d| d.severity == overhead_schema::Severity::Error)
            .count();
        Err(format!("{} cannot run: {errors} error(s)", file.display()))
    }
}

fn prebuild() -> Result<(), String> {
    let scenario = bundled::scenarios()
        .map_err(|e| e.to_string())?
        .into_iter()
        .next()
        .ok_or("no bundled scenario")?;
    let started = std::time::Instant::now();
    let show = std::io::stderr().is_terminal();
    ondemand::prebuild(&scenario, &mut |s| {
        if let (ondemand::Status::Cargo(line), true) = (s, show) {
            table::status_line(&format!("compiled code on demand, dependencies: {line}"));
        }
    })?;
    if show {
        table::clear_progress_line();
    }
    eprintln!(
        "compiled code on demand: dependencies ready ({:.0} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn verdicts(document: &Path, texts: &Path, allow_code: bool) -> Result<(), String> {
    let scenario = load(document)?;
    let texts = std::fs::read_to_string(texts)
        .map_err(|e| format!("cannot read {}: {e}", texts.display()))?;
    let texts: Vec<String> = serde_json::from_str(&texts).map_err(|e| e.to_string())?;
    let answer = ondemand::verdicts(&scenario, texts, allow_code).map_err(|u| {
        std::iter::once(u.reason)
            .chain(u.messages.iter().map(ToString::to_string))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    println!("{answer}");
    Ok(())
}

fn eject(path: &Path, out: &Path) -> Result<(), String> {
    let scenario = load(path)?;
    let show = std::io::stderr().is_terminal();
    let notes = ondemand::eject(&scenario, out, &mut |s| {
        if let (ondemand::Status::Cargo(line), true) = (s, show) {
            table::status_line(&format!("building: {line}"));
        }
    })
    .map_err(|u| {
        let place = schema_label(path);
        std::iter::once(format!("not ejected: {}", u.reason))
            .chain(u.messages.iter().map(|m| format!("  {place}:{m}")))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    if show {
        table::clear_progress_line();
    }
    for note in notes {
        eprintln!("note: {note}");
    }
    println!(
        "Wrote {}: `cd {} && cargo bench` measures its variants, inputs and peers.",
        out.display(),
        out.display()
    );
    Ok(())
}

fn build_browser(document: &Path) -> Result<(), String> {
    let scenario = load(document)?;
    let built = ondemand::build_browser(&ondemand::paste(&scenario), &mut |s| {
        if let ondemand::Status::Cargo(line) = s {
            eprintln!("{}", serde_json::json!({ "building": line }));
        }
    });
    let diagnostics = |messages: &[ondemand::RustcMessage]| -> Vec<serde_json::Value> {
        messages
            .iter()
            .map(|m| {
                serde_json::json!({
                    "level": m.level, "line": m.line, "column": m.column, "message": m.message,
                })
            })
            .collect()
    };
    let answer = match &built {
        Ok(b) => serde_json::json!({
            "key": b.key,
            "dir": b.dir,
            "notes": b.notes,
            "messages": diagnostics(&b.warnings),
            "seconds": { "cargo": b.cargo_s, "bindgen": b.bindgen_s },
            "translations": b.translations.iter().map(|(library, text)| serde_json::json!({ "library": library, "text": text })).collect::<Vec<_>>(),
        }),
        Err(u) => serde_json::json!({ "error": u.reason, "messages": diagnostics(&u.messages) }),
    };
    println!("{answer}");
    match built {
        Ok(_) => Ok(()),
        Err(u) => Err(u.reason),
    }
}

fn list() -> Result<(), String> {
    let scenarios = bundled::scenarios().map_err(|e| e.to_string())?;
    println!("Scenarios (scenarios/<name>):");
    for s in &scenarios {
        let variants: Vec<&str> = s.variants.iter().map(|v| v.code()).collect();
        let inputs: Vec<&str> = s.inputs.iter().map(|i| i.name.as_str()).collect();
        println!("  {:<20} {}", s.name, s.title);
        println!(
            "  {:<20} variants: {}; inputs: {}",
            "",
            variants.join(", "),
            inputs.join(", ")
        );
    }
    println!("\nVariants:");
    for v in Variant::ALL {
        println!("  {:<20} {}", v.code(), v.description());
    }
    Ok(())
}
