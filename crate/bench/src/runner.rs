//! Measures prepared jobs with interleaved runs: run k of every job is taken
//! before run k+1 of any, in an order that rotates from run to run, so that
//! `runs_ns[k]` of two jobs were measured side by side under the same machine noise.

use std::ops::Range;

use crate::warmup::{WarmUp, warm_up};
use crate::{Clock, Error, Job, Settings};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    WarmUp,
    Run,
}

/// Sent before each step and once when all are done (`done == total`).
#[derive(Clone, Copy)]
pub struct Progress<'a> {
    pub done: usize,
    pub total: usize,
    pub phase: Phase,
    /// 1-based run number (0 during warm-up).
    pub run: u32,
    pub runs: u32,
    /// The job about to be measured; `None` on the final report.
    pub job: Option<&'a Job>,
}

/// What was measured of one job.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    pub warm_up: WarmUp,
    /// ns/op of each run, in run order.
    pub runs_ns: Vec<f64>,
}

/// Each job's warm-up and per-run ns/op, in job order. A run that would last
/// longer than `limit_ns` is stopped with the estimate, once the warm-up (or,
/// without one, the first round of runs) tells what an operation costs: better
/// a message in a second than a page busy for an hour.
pub fn measure(
    jobs: &mut [Job],
    settings: &Settings,
    clock: &dyn Clock,
    limit_ns: f64,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<Measured>, Error> {
    let singles: Vec<Range<usize>> = (0..jobs.len()).map(|i| i..i + 1).collect();
    measure_grouped(jobs, &singles, settings, clock, limit_ns, progress)
}

/// [`measure`] with jobs in `groups` (ranges of consecutive jobs, covering
/// them all) that are measured side by side in every run: a job and its
/// counterpart on other definitions (`Benchmark::run_against`).
pub fn measure_grouped(
    jobs: &mut [Job],
    groups: &[Range<usize>],
    settings: &Settings,
    clock: &dyn Clock,
    limit_ns: f64,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<Measured>, Error> {
    let n = jobs.len();
    let total = n * (settings.runs as usize + 1);
    let mut done = 0;
    let mut runs_ns = vec![Vec::with_capacity(settings.runs as usize); n];
    let mut warm_ups = Vec::with_capacity(n);

    for job in jobs.iter_mut() {
        progress(&Progress {
            done,
            total,
            phase: Phase::WarmUp,
            run: 0,
            runs: settings.runs,
            job: Some(job),
        });
        warm_ups.push(warm_up(job, clock, settings.warmup));
        done += 1;
    }
    let per_op: Option<f64> = warm_ups
        .iter()
        .map(|w| (w.iterations > 0).then(|| w.elapsed_ns / w.iterations as f64))
        .sum();
    if let Some(per_op) = per_op {
        let estimate = per_op * settings.iterations as f64 * f64::from(settings.runs);
        over_budget(estimate, limit_ns, settings)?;
    }
    let started = clock.now_ns();
    for run in 0..settings.runs {
        if run == 1 {
            let first_round = clock.now_ns() - started;
            over_budget(first_round * f64::from(settings.runs), limit_ns, settings)?;
        }
        for i in grouped_order(groups, run) {
            progress(&Progress {
                done,
                total,
                phase: Phase::Run,
                run: run + 1,
                runs: settings.runs,
                job: Some(&jobs[i]),
            });
            // Each run of each job on another memory layout.
            let elapsed = jobs[i].time_run(clock, settings.iterations, run as usize * n + i);
            runs_ns[i].push(elapsed / settings.iterations as f64);
            done += 1;
        }
    }
    progress(&Progress {
        done,
        total,
        phase: Phase::Run,
        run: settings.runs,
        runs: settings.runs,
        job: None,
    });
    Ok(warm_ups
        .into_iter()
        .zip(runs_ns)
        .map(|(warm_up, runs_ns)| Measured { warm_up, runs_ns })
        .collect())
}

fn over_budget(estimate_ns: f64, limit_ns: f64, settings: &Settings) -> Result<(), Error> {
    if estimate_ns <= limit_ns {
        return Ok(());
    }
    Err(Error::Run(format!(
        "these settings would take about {} ({} runs of {} iterations of each job); the limit is {}: lower the iterations or runs, or pick Quick",
        minutes(estimate_ns),
        settings.runs,
        settings.iterations,
        minutes(limit_ns)
    )))
}

/// "3 min", "2 h 5 min".
fn minutes(ns: f64) -> String {
    let total = (ns / 60e9).ceil() as u64;
    match (total / 60, total % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

/// Job order for a run: 0..n rotated left by `run`, so no job is always first.
pub fn rotation(n: usize, run: u32) -> impl Iterator<Item = usize> {
    let shift = if n == 0 { 0 } else { run as usize % n };
    (0..n).map(move |i| (i + shift) % n)
}

/// Job order for a run over `groups`: the groups rotated as [`rotation`]
/// rotates jobs, each group's jobs one after the other, in order on even runs
/// and reversed on odd ones, so that neither of a pair always goes first.
pub fn grouped_order(groups: &[Range<usize>], run: u32) -> impl Iterator<Item = usize> + '_ {
    let reversed = run % 2 == 1;
    rotation(groups.len(), run).flat_map(move |g| {
        let Range { start, end } = groups[g];
        (start..end).map(move |i| if reversed { start + end - 1 - i } else { i })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{FakeClock, job as job_costing};

    /// A job whose every operation costs `cost_ns` on `clock`.
    fn job(name: &str, cost_ns: f64, clock: &FakeClock) -> Job {
        job_costing(name, clock, move |_| cost_ns)
    }

    #[test]
    fn rotation_moves_the_first_job_each_run() {
        assert_eq!(rotation(3, 0).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(rotation(3, 1).collect::<Vec<_>>(), [1, 2, 0]);
        assert_eq!(rotation(3, 4).collect::<Vec<_>>(), [1, 2, 0]);
        assert_eq!(rotation(0, 2).count(), 0);
    }

    #[test]
    fn groups_rotate_and_pairs_take_turns_going_first() {
        let groups = [0..2, 2..4, 4..5];
        let order = |run| grouped_order(&groups, run).collect::<Vec<_>>();
        assert_eq!(order(0), [0, 1, 2, 3, 4]);
        assert_eq!(order(1), [3, 2, 4, 1, 0]);
        assert_eq!(order(2), [4, 0, 1, 2, 3]);
        let singles: Vec<Range<usize>> = (0..3).map(|i| i..i + 1).collect();
        for run in 0..4 {
            assert!(grouped_order(&singles, run).eq(rotation(3, run)));
        }
    }

    #[test]
    fn per_run_ns_per_op_comes_from_the_clock() {
        let clock = FakeClock::default();
        let mut jobs = vec![job("a", 100.0, &clock), job("b", 250.0, &clock)];
        let settings = Settings {
            iterations: 1000,
            runs: 3,
            warmup: 10,
        };
        let measured = measure(&mut jobs, &settings, &clock, f64::INFINITY, &mut |_| {})
            .expect("within the limit");
        let runs: Vec<_> = measured.iter().map(|m| m.runs_ns.clone()).collect();
        assert_eq!(runs, vec![vec![100.0; 3], vec![250.0; 3]]);
        assert_eq!(measured[1].warm_up.cold_ns, Some(250.0));
    }

    #[test]
    fn runs_interleave_and_rotate() {
        let clock = FakeClock::default();
        let mut jobs = vec![
            job("a", 1.0, &clock),
            job("b", 1.0, &clock),
            job("c", 1.0, &clock),
        ];
        let settings = Settings {
            iterations: 5,
            runs: 3,
            warmup: 2,
        };
        let mut seen = Vec::new();
        measure(&mut jobs, &settings, &clock, f64::INFINITY, &mut |p| {
            if let Some(job) = p.job {
                seen.push((p.phase, p.run, job.info.input.clone(), p.done, p.total));
            } else {
                assert_eq!(p.done, p.total);
            }
        })
        .expect("within the limit");
        let order: Vec<String> = seen.iter().map(|s| format!("{}{}", s.2, s.1)).collect();
        assert_eq!(
            order,
            [
                "a0", "b0", "c0", "a1", "b1", "c1", "b2", "c2", "a2", "c3", "a3", "b3"
            ]
        );
        assert!(seen.iter().enumerate().all(|(i, s)| s.3 == i && s.4 == 12));
    }

    #[test]
    fn zero_warmup_is_allowed() {
        let clock = FakeClock::default();
        let mut jobs = vec![job("a", 3.0, &clock)];
        let settings = Settings {
            iterations: 2,
            runs: 1,
            warmup: 0,
        };
        let measured = measure(&mut jobs, &settings, &clock, f64::INFINITY, &mut |_| {})
            .expect("within the limit");
        assert_eq!(measured[0].runs_ns, [3.0]);
        assert_eq!(measured[0].warm_up.cold_ns, None);
    }

    #[test]
    fn a_run_past_the_time_limit_stops_with_the_estimate() {
        let clock = FakeClock::default();
        // 1 ms per operation: 5 × 1,000,000 of them is 83 minutes.
        let settings = Settings {
            iterations: 1_000_000,
            runs: 5,
            warmup: 10,
        };
        let limit = 15.0 * 60e9;
        let mut jobs = vec![job("a", 1e6, &clock)];
        let refused = measure(&mut jobs, &settings, &clock, limit, &mut |_| {});
        let Err(Error::Run(message)) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert!(message.contains("about 1 h 24 min"), "{message}");
        assert!(message.contains("the limit is 15 min"), "{message}");
        // Before any timed run: only the warm-up was spent.
        assert!(clock.now_ns() < 1e9 * 60.0);

        // Without a warm-up, the first round of runs tells.
        let no_warmup = Settings {
            warmup: 0,
            ..settings
        };
        let mut jobs = vec![job("a", 1e6, &clock)];
        let refused = measure(&mut jobs, &no_warmup, &clock, limit, &mut |_| {});
        assert!(matches!(refused, Err(Error::Run(_))), "{refused:?}");

        // Within the limit, it runs.
        let mut jobs = vec![job("a", 1e6, &clock)];
        let short = Settings {
            iterations: 1_000,
            ..settings
        };
        assert!(measure(&mut jobs, &short, &clock, limit, &mut |_| {}).is_ok());
    }
}
