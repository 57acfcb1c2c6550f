//! Where two jobs' time goes (docs/performance/issue-17.md, part 27): on the
//! bench corpus (or the paths given as arguments), in interleaved rounds,
//!
//! - `arbiter audit`'s pipeline with one job and with all jobs (the reader
//!   thread cutting games beside the workers, as the throughput bench runs it);
//! - the same batches of games cut beforehand, with all jobs: the pipeline's
//!   shape (batches of 256, each a task of the pool, reports handed on in
//!   order) without the reader;
//! - the same, the reports dropped in the pool (their frees off the thread
//!   that hands them on);
//! - the same, each batch's games cut again from their bytes in its task
//!   first: the reader's work done in the pool instead of beside it;
//! - the games cut beforehand in one parallel pass, with one job and all.
//!
//! Each run prints its wall time and the CPU time the process used in it
//! (Linux: `/proc/self/stat`; elsewhere no CPU times), and the quartiles
//! of each figure over the rounds.
//!
//! Run with `cargo bench -p arbiter --bench pipeline` (or `just
//! bench-pipeline`); `ROUNDS=N` sets the rounds (5).

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod support;

use std::{
    sync::{Arc, mpsc},
    time::Instant,
};

use rayon::prelude::*;
use scoresheet::{GameText, Splitter};
use support::{all_jobs, engine, inputs, one_job, quartiles, rounds, unpacked};

/// Games a batch holds, as in `audit::run`.
const BATCH: usize = 256;

/// CPU seconds the process has used (user and system), where the system says.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    // utime and stime, in clock ticks of 1/100 s on Linux.
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// Wall and CPU seconds of `run`.
fn timed(run: impl FnOnce()) -> [f64; 2] {
    let cpu = cpu_seconds();
    let start = Instant::now();
    run();
    let wall = start.elapsed().as_secs_f64();
    let used = cpu.zip(cpu_seconds()).map_or(f64::NAN, |(a, b)| b - a);
    [wall, used]
}

/// What a batch's task does beside checking its games.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Batch {
    /// Sends the reports to the thread that hands them on, as the pipeline does.
    HandsOn,
    /// Drops the reports where they were made and sends their plies only.
    DropsReports,
    /// Cuts its games again from their bytes first, as the reader would
    /// have, and sends the reports on.
    CutsAgain,
}

/// The games of `texts` checked in the pipeline's batches, each a task of
/// `pool`, their reports taken in input order, each task doing as `batch` says.
fn batches(texts: &Arc<Vec<GameText>>, pool: &rayon::ThreadPool, batch: Batch) -> usize {
    let source: Arc<str> = "bench".into();
    let options = audit::Options::default();
    let mut plies = 0;
    let mut hand_on = |reports: mpsc::Receiver<(usize, Vec<audit::GameReport>)>| {
        if let Ok((counted, reports)) = reports.recv() {
            plies += counted + reports.iter().map(|g| g.plies).sum::<usize>();
        }
    };
    let mut checking = None;
    for first in (0..texts.len()).step_by(BATCH) {
        let range = first..texts.len().min(first + BATCH);
        let (done, reports) = mpsc::sync_channel(1);
        let (texts, source, options) = (Arc::clone(texts), Arc::clone(&source), options.clone());
        pool.spawn(move || {
            let games = &texts[range.clone()];
            if batch == Batch::CutsAgain {
                let mut bytes = Vec::new();
                for game in games {
                    bytes.extend_from_slice(&game.bytes);
                    bytes.push(b'\n');
                }
                let cut: Vec<GameText> = Splitter::new(&bytes[..]).flatten().collect();
                std::hint::black_box(cut);
            }
            let checked: Vec<audit::GameReport> = games
                .par_iter()
                .zip(range)
                .map(|(text, i)| audit::check_game_with(Arc::clone(&source), i + 1, text, &options))
                .collect();
            let _ = if batch == Batch::DropsReports {
                done.send((checked.iter().map(|g| g.plies).sum(), Vec::new()))
            } else {
                done.send((0, checked))
            };
        });
        if let Some(previous) = checking.replace(reports) {
            hand_on(previous);
        }
    }
    if let Some(last) = checking {
        hand_on(last);
    }
    plies
}

/// The games of `texts` checked in one parallel pass of `pool`.
fn one_pass(texts: &[GameText], pool: &rayon::ThreadPool) -> usize {
    let source: Arc<str> = "bench".into();
    let options = audit::Options::default();
    pool.install(|| {
        texts
            .par_iter()
            .enumerate()
            .map(|(i, text)| {
                audit::check_game_with(Arc::clone(&source), i + 1, text, &options).plies
            })
            .sum()
    })
}

fn main() {
    let inputs = inputs();
    if inputs.is_empty() {
        eprintln!("no input; pass PGN files or put the corpus at ../shared/corpus/bench");
        return;
    }
    let one = one_job();
    let all = all_jobs();
    let copies = unpacked(&inputs);
    let texts: Arc<Vec<GameText>> = Arc::new(
        inputs
            .iter()
            .flat_map(|bytes| Splitter::new(&bytes[..]).flatten())
            .collect(),
    );
    // One untimed pass warms the page cache and the allocator.
    let _ = engine(&copies, &all);
    let rounds: usize = rounds(5);
    let labels = [
        "pipeline, 1 job",
        "pipeline, all jobs",
        "batches cut beforehand, all jobs",
        "the same, reports dropped in the pool",
        "the same, reports handed on, cut again in the pool",
        "one pass over games cut beforehand, 1 job",
        "one pass over games cut beforehand, all jobs",
    ];
    println!(
        "{} games, {} jobs, {rounds} rounds; wall s (CPU s)",
        texts.len(),
        all.current_num_threads()
    );
    let mut figures: Vec<Vec<[f64; 2]>> = vec![Vec::new(); labels.len()];
    for round in 1..=rounds {
        let runs = [
            timed(|| {
                std::hint::black_box(engine(&copies, &one));
            }),
            timed(|| {
                std::hint::black_box(engine(&copies, &all));
            }),
            timed(|| {
                std::hint::black_box(batches(&texts, &all, Batch::HandsOn));
            }),
            timed(|| {
                std::hint::black_box(batches(&texts, &all, Batch::DropsReports));
            }),
            timed(|| {
                std::hint::black_box(batches(&texts, &all, Batch::CutsAgain));
            }),
            timed(|| {
                std::hint::black_box(one_pass(&texts, &one));
            }),
            timed(|| {
                std::hint::black_box(one_pass(&texts, &all));
            }),
        ];
        let line: Vec<String> = runs
            .iter()
            .map(|[wall, cpu]| format!("{wall:.3} ({cpu:.2})"))
            .collect();
        println!("round {round}: {}", line.join("  "));
        for (figure, run) in figures.iter_mut().zip(runs) {
            figure.push(run);
        }
    }
    if let Some(dir) = copies.first().and_then(|p| p.parent()) {
        let _ = std::fs::remove_dir_all(dir);
    }
    println!("quartiles (first, middle, third) of each run's wall s and CPU s:");
    for (label, runs) in labels.iter().zip(&figures) {
        let wall = quartiles(runs.iter().map(|r| r[0]).collect());
        let cpu = quartiles(runs.iter().map(|r| r[1]).collect());
        println!(
            "  {label:<46} wall {:.3} {:.3} {:.3}   CPU {:.2} {:.2} {:.2}",
            wall[0], wall[1], wall[2], cpu[0], cpu[1], cpu[2]
        );
    }
    let middle = |k: usize, i: usize| quartiles(figures[k].iter().map(|r| r[i]).collect())[1];
    println!(
        "middle speed-up of all jobs over 1 job: pipeline {:.2}x, one pass over games cut beforehand {:.2}x",
        middle(0, 0) / middle(1, 0),
        middle(5, 0) / middle(6, 0)
    );
}
