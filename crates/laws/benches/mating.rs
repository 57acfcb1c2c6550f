//! Speed of the can-still-mate analysis on the labelled positions of
//! `../shared/unwinnability` (or the TSV files given as arguments): positions
//! per second, median and worst time per position, for the static layer,
//! CHA's fast proof and the full analysis. Run with
//! `cargo bench -p laws --bench mating [-- FILE...] [--stride N]`.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a bench: a failure should stop it

use std::{path::PathBuf, time::Instant};

use laws::mating::{analyse, can_never_mate, position_from_fen, proven_unwinnable};
use shakmaty::{Chess, Color};

fn rows(path: &PathBuf, stride: usize) -> Vec<(Chess, Color)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let fen = header.iter().position(|h| *h == "fen").expect("fen column");
    let color = header
        .iter()
        .position(|h| *h == "color")
        .expect("color column");
    lines
        .step_by(stride.max(1))
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let side = if cells[color] == "white" {
                Color::White
            } else {
                Color::Black
            };
            position_from_fen(cells[fen]).map(|pos| (pos, side))
        })
        .collect()
}

fn measure(name: &str, rows: &[(Chess, Color)], f: impl Fn(&Chess, Color)) {
    let mut times: Vec<f64> = Vec::with_capacity(rows.len());
    let start = Instant::now();
    for (pos, side) in rows {
        let t = Instant::now();
        f(pos, *side);
        times.push(t.elapsed().as_secs_f64() * 1e6);
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let worst = times.last().copied().unwrap_or(0.0);
    println!(
        "  {name:<22} {:>10.0} positions/s   median {median:>9.1} µs   worst {worst:>12.1} µs",
        rows.len() as f64 / total.max(1e-9)
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let stride = args
        .iter()
        .position(|a| a == "--stride")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let files: Vec<PathBuf> = {
        let given: Vec<PathBuf> = args
            .iter()
            .filter(|a| a.ends_with(".tsv"))
            .map(PathBuf::from)
            .collect();
        if given.is_empty() {
            vec![
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("../../../shared/unwinnability/positions.tsv"),
            ]
        } else {
            given
        }
    };
    for file in files {
        let rows = rows(&file, stride);
        println!("{} ({} positions)", file.display(), rows.len());
        measure("static layer", &rows, |pos, side| {
            std::hint::black_box(can_never_mate(pos, side));
        });
        measure("static + CHA fast", &rows, |pos, side| {
            std::hint::black_box(proven_unwinnable(pos, side));
        });
        measure("full analysis", &rows, |pos, side| {
            std::hint::black_box(analyse(pos, side));
        });
    }
}
