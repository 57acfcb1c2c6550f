//! The floor of one job's time (docs/performance/issue-17.md, part 14): in
//! rounds, interleaved, the bare pgn-reader + shakmaty replay, `arbiter audit`'s
//! pipeline with one job with CHA's proofs (5.1.2, 6.9, the pawn walls of
//! 5.2.2) and without them, and the engine alone over games cut beforehand,
//! on this thread (no reader thread, no pool). Prints the quartiles of each
//! round's ratios: on a shared machine one round says little, the middle of
//! many says what the proofs and the pipeline take of the time.
//!
//! Run with `cargo bench -p arbiter --bench floor --features measure-floor
//! [-- FILES]`; `ROUNDS=N` sets the rounds (7). The feature compiles the
//! switch that turns the proofs off (`laws::mating::floor`): the rulings
//! of the round without them are not the Laws', only its time counts.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod support;

use std::{
    sync::{Arc, atomic::Ordering},
    time::{Duration, Instant},
};

use laws::mating::floor::PROOFS_OFF;
use support::{engine, inputs, one_job, quartiles, replay_all, rounds, unpacked};

fn bare(inputs: &[Vec<u8>]) -> Duration {
    let start = Instant::now();
    std::hint::black_box(replay_all(inputs));
    start.elapsed()
}

fn main() {
    let inputs = inputs();
    if inputs.is_empty() {
        eprintln!("no input; pass PGN files or put the corpus at ../shared/corpus/bench");
        return;
    }
    let rounds: usize = rounds(7);
    let one = one_job();
    let copies = unpacked(&inputs);
    let texts: Vec<scoresheet::GameText> = inputs
        .iter()
        .flat_map(|bytes| scoresheet::Splitter::new(&bytes[..]).flatten())
        .collect();
    let source: Arc<str> = Arc::from("bench");
    let options = audit::Options::default();
    // One untimed pass warms the page cache.
    let _ = engine(&copies, &one);
    let mut rows = Vec::with_capacity(rounds);
    let one_job = |proofs_off: bool| {
        PROOFS_OFF.store(proofs_off, Ordering::Relaxed);
        let (plies, _, time) = engine(&copies, &one);
        PROOFS_OFF.store(false, Ordering::Relaxed);
        (plies, time)
    };
    for round in 0..rounds {
        let bare_time = bare(&inputs).as_secs_f64();
        // The two take turns at going first, so that neither always follows the bare replay.
        let ((with_plies, with), (without_plies, without)) = if round % 2 == 0 {
            let with = one_job(false);
            (with, one_job(true))
        } else {
            let without = one_job(true);
            (one_job(false), without)
        };
        // The proofs change rulings, never how far a game is replayed.
        assert_eq!(with_plies, without_plies);
        let start = Instant::now();
        let plies: usize = texts
            .iter()
            .enumerate()
            .map(|(i, text)| {
                audit::check_game_with(Arc::clone(&source), i + 1, text, &options).plies
            })
            .sum();
        std::hint::black_box(plies);
        let alone = start.elapsed().as_secs_f64();
        rows.push([
            bare_time,
            with.as_secs_f64() / bare_time,
            without.as_secs_f64() / bare_time,
            without.as_secs_f64() / with.as_secs_f64(),
            alone / bare_time,
        ]);
    }
    if let Some(dir) = copies.first().and_then(|p| p.parent()) {
        let _ = std::fs::remove_dir_all(dir);
    }
    println!(
        "{} games, {rounds} interleaved rounds; quartiles (first, middle, third) of each round's figure",
        texts.len()
    );
    for (k, label) in [
        "bare replay, seconds",
        "one job, with the proofs / bare replay",
        "one job, without the proofs / bare replay",
        "one job, without / with the proofs (the same round)",
        "the engine alone on this thread, games cut / bare",
    ]
    .into_iter()
    .enumerate()
    {
        let [first, middle, third] = quartiles(rows.iter().map(|r| r[k]).collect());
        println!(
            "{:<56}{first:.2} {middle:.2} {third:.2}",
            format!("{label}:")
        );
    }
}
