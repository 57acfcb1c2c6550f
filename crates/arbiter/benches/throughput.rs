//! Throughput on `../shared/corpus/bench` (or the paths given as arguments):
//! a bare pgn-reader + shakmaty replay as the baseline, then `arbiter audit`'s
//! pipeline with one job and with all jobs, all in this one process on the
//! same bytes (decompressed before timing).
//! Prints plies per second and the ratios against the baseline, then the peak
//! resident memory of the `arbiter` binary auditing the same bytes three times
//! over from standard input (memory must not grow with the input).
//!
//! Run with `cargo bench -p arbiter --bench throughput` (or `just bench`);
//! `ROUNDS=N` sets the interleaved rounds (3). Beside the fastest of each
//! figure it prints the quartiles of each round's own ratios: on a shared
//! machine the fastest one-job and two-job runs may come from different
//! rounds, one quiet and one disturbed, while a round's ratios pair runs
//! made seconds apart (docs/performance/issue-17.md, part 26).

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod support;

use std::{
    io::Write,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use support::{
    BareReplay, all_jobs, engine, inputs, one_job, quartiles, replay_all, rounds, unpacked,
};

// Out of line, so that callgrind can count the bare replay alone
// (`--toggle-collect=throughput::bare`), with or without a profile-guided
// build (docs/performance/issue-17.md, part 13).
#[inline(never)]
fn bare(inputs: &[Vec<u8>]) -> (u64, Duration) {
    let start = Instant::now();
    let plies = replay_all(inputs);
    (plies, start.elapsed())
}

/// The machine's own ceiling for two jobs: the bare replay over games cut
/// beforehand, with every thread of `pool`.
fn bare_parallel(games: &[&[u8]], pool: &rayon::ThreadPool) -> Duration {
    use rayon::prelude::*;
    let start = Instant::now();
    let plies: u64 = pool.install(|| {
        games
            .par_iter()
            .map(|game| {
                let mut visitor = BareReplay::default();
                visitor.replay(game);
                visitor.plies
            })
            .sum()
    });
    std::hint::black_box(plies);
    start.elapsed()
}

/// How many times the input is streamed through the binary for the memory figure.
const STREAM_COPIES: usize = 3;

/// Peak resident memory (MiB) of `arbiter audit --format json` with `jobs`
/// workers reading `inputs` [`STREAM_COPIES`] times over from standard input,
/// as the binary's own summary reports it (the kernel's high-water mark).
fn streaming_peak(inputs: &[Vec<u8>], jobs: usize) -> Result<f64, String> {
    let summary =
        std::env::temp_dir().join(format!("arbiter-bench-summary-{}.txt", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "audit",
            "--format",
            "json",
            "--fail-on",
            "never",
            "--lang",
            "en",
        ])
        .args(["--jobs", &jobs.to_string(), "--summary"])
        .arg(&summary)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start arbiter: {e}"))?;
    let mut stdout = child.stdout.take().ok_or("no stdout")?;
    let drain = std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    if let Some(mut stdin) = child.stdin.take() {
        for bytes in std::iter::repeat_n(inputs, STREAM_COPIES).flatten() {
            stdin
                .write_all(bytes)
                .map_err(|e| format!("feeding arbiter: {e}"))?;
        }
    }
    let _ = drain.join();
    let status = child.wait().map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(&summary).map_err(|e| format!("no summary: {e}"))?;
    let _ = std::fs::remove_file(&summary);
    if !status.success() {
        return Err(format!("arbiter exited with {status}"));
    }
    text.lines()
        .find_map(|line| line.strip_prefix("peak memory: "))
        .and_then(|rest| rest.trim_end_matches(" MiB").parse().ok())
        .ok_or_else(|| "the summary has no peak memory line (not Linux?)".to_string())
}

fn main() {
    let inputs = inputs();
    if inputs.is_empty() {
        eprintln!("no input; pass PGN files or put the corpus at ../shared/corpus/bench");
        return;
    }
    let mb = inputs.iter().map(Vec::len).sum::<usize>() as f64 / 1e6;
    println!(
        "input: {} file(s), {mb:.1} MB uncompressed (decompressed before timing)",
        inputs.len()
    );

    let one = one_job();
    let all = all_jobs();
    let copies = unpacked(&inputs);
    // One untimed pass warms the page cache for both engine runs.
    let _ = engine(&copies, &all);
    // Interleaved rounds, the fastest of each kept: on a shared machine the
    // minimum is the figure least disturbed by other work.
    let cut: Vec<Vec<u8>> = inputs
        .iter()
        .flat_map(|bytes| scoresheet::Splitter::new(&bytes[..]).flatten())
        .map(|game| game.bytes)
        .collect();
    let cut: Vec<&[u8]> = cut.iter().map(Vec::as_slice).collect();
    let (mut bare_one, mut bare_all) = (Duration::MAX, Duration::MAX);
    let rounds: usize = rounds(3);
    // Each round's own ratios: one job / bare, speed-up, the machine's ceiling.
    let mut paired: Vec<[f64; 3]> = Vec::with_capacity(rounds);
    let (mut bare_plies, mut bare_time) = (0, Duration::MAX);
    let (mut one_plies, mut games, mut one_time) = (0, 0, Duration::MAX);
    let (mut all_plies, mut all_time) = (0, Duration::MAX);
    for _ in 0..rounds {
        let (plies, bare_round) = bare(&inputs);
        (bare_plies, bare_time) = (plies, bare_time.min(bare_round));
        let (plies, count, one_round) = engine(&copies, &one);
        (one_plies, games, one_time) = (plies, count, one_time.min(one_round));
        let (plies, _, all_round) = engine(&copies, &all);
        (all_plies, all_time) = (plies, all_time.min(all_round));
        let (cut_one, cut_all) = (bare_parallel(&cut, &one), bare_parallel(&cut, &all));
        bare_one = bare_one.min(cut_one);
        bare_all = bare_all.min(cut_all);
        let secs = Duration::as_secs_f64;
        paired.push([
            secs(&one_round) / secs(&bare_round),
            secs(&one_round) / secs(&all_round),
            secs(&cut_one) / secs(&cut_all),
        ]);
    }
    if let Some(dir) = copies.first().and_then(|p| p.parent()) {
        let _ = std::fs::remove_dir_all(dir);
    }

    let rate = |plies: u64, t: Duration| plies as f64 / t.as_secs_f64() / 1e6;
    println!("{games} games; the fastest of {rounds} interleaved rounds");
    println!(
        "bare pgn-reader + shakmaty replay: {bare_plies:>10} plies {:>7.2} s {:>6.2} M plies/s",
        bare_time.as_secs_f64(),
        rate(bare_plies, bare_time)
    );
    println!(
        "arbiter engine, 1 job:             {one_plies:>10} plies {:>7.2} s {:>6.2} M plies/s  ratio to bare {:.2}x",
        one_time.as_secs_f64(),
        rate(one_plies, one_time),
        one_time.as_secs_f64() / bare_time.as_secs_f64()
    );
    println!(
        "arbiter engine, {} jobs:            {all_plies:>10} plies {:>7.2} s {:>6.2} M plies/s  ratio to bare {:.2}x, speed-up over 1 job {:.2}x",
        all.current_num_threads(),
        all_time.as_secs_f64(),
        rate(all_plies, all_time),
        all_time.as_secs_f64() / bare_time.as_secs_f64(),
        one_time.as_secs_f64() / all_time.as_secs_f64()
    );
    println!(
        "bare replay on games cut beforehand: 1 job {:.2} s, {} jobs {:.2} s: the machine's ceiling for the speed-up is {:.2}x",
        bare_one.as_secs_f64(),
        all.current_num_threads(),
        bare_all.as_secs_f64(),
        bare_one.as_secs_f64() / bare_all.as_secs_f64()
    );
    for (k, label) in [
        "one job / bare replay",
        "speed-up of all jobs over 1 job",
        "the machine's ceiling",
    ]
    .into_iter()
    .enumerate()
    {
        let [first, middle, third] = quartiles(paired.iter().map(|r| r[k]).collect());
        println!(
            "each round's {label:<33} (first, middle, third quartile): {first:.2}x {middle:.2}x {third:.2}x"
        );
    }
    let streamed = mb * STREAM_COPIES as f64;
    match streaming_peak(&inputs, all.current_num_threads()) {
        Ok(peak) => println!(
            "peak memory of `arbiter audit --format json -` streaming {streamed:.0} MB ({STREAM_COPIES} copies) from standard input: {peak:.1} MiB"
        ),
        Err(e) => println!("peak memory not measured: {e}"),
    }
}
