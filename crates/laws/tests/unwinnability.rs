//! The can-still-mate analysis against every labelled position of
//! `../shared/unwinnability` (beside the checkout): it must never contradict
//! a label, every helpmate it returns is replayed to mate (by construction),
//! and the static layer must never call a winnable side unable to mate.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use std::path::{Path, PathBuf};

use laws::mating::{Verdict, can_never_mate, decide, position_from_fen};
use rayon::prelude::*;
use shakmaty::{Color, Position};

struct Row {
    fen: String,
    color: Color,
    winnable: bool,
}

/// `../shared/unwinnability`, or `None` when it is missing: the test then
/// skips with a message, unless `ARBITER_REQUIRE_CORPUS` is set (CI sets it),
/// when it fails.
fn labelled() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/unwinnability");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("ARBITER_REQUIRE_CORPUS").is_none(),
        "{} is missing and ARBITER_REQUIRE_CORPUS is set",
        dir.display()
    );
    eprintln!(
        "skipped: {} is missing (the labelled positions beside the checkout; see README)",
        dir.display()
    );
    None
}

/// The text of `file` in `../shared/unwinnability`, `None` when the folder
/// is missing (see [`labelled`]).
fn table(file: &str) -> Option<String> {
    let path = labelled()?.join(file);
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The index of each of `names` among the tab-separated cells of `header`.
fn columns<const N: usize>(header: &str, names: [&str; N]) -> [usize; N] {
    let header: Vec<&str> = header.split('\t').collect();
    names.map(|name| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("column {name}"))
    })
}

fn rows(file: &str, stride: usize) -> Vec<Row> {
    let Some(text) = table(file) else {
        return Vec::new();
    };
    let mut lines = text.lines();
    let [fen, color, expected] =
        columns(lines.next().expect("header"), ["fen", "color", "expected"]);
    lines
        .step_by(stride)
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            Row {
                fen: cells[fen].to_string(),
                color: if cells[color] == "white" {
                    Color::White
                } else {
                    Color::Black
                },
                winnable: match cells[expected] {
                    "winnable" => true,
                    "unwinnable" => false,
                    other => panic!("label {other}"),
                },
            }
        })
        .collect()
}

/// Checks the rows; returns (rows, undetermined, unparseable).
fn check(file: &str, stride: usize) -> (usize, usize, usize) {
    let rows = rows(file, stride);
    let results: Vec<Result<Option<bool>, String>> = rows
        .par_iter()
        .map(|row| {
            let Some(pos) = position_from_fen(&row.fen) else {
                return Ok(None);
            };
            if row.winnable && can_never_mate(&pos, row.color) {
                return Err(format!(
                    "static layer calls a winnable side unable to mate: {} {:?}",
                    row.fen, row.color
                ));
            }
            match decide(&pos, row.color) {
                Verdict::Winnable(_) if !row.winnable => {
                    Err(format!("winnable? {} {:?}", row.fen, row.color))
                }
                Verdict::Unwinnable(_) if row.winnable => {
                    Err(format!("unwinnable? {} {:?}", row.fen, row.color))
                }
                Verdict::Undetermined => Ok(Some(false)),
                _ => Ok(Some(true)),
            }
        })
        .collect();
    let errors: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        errors.is_empty(),
        "{file}: {} contradictions:\n{:?}",
        errors.len(),
        &errors[..errors.len().min(10)]
    );
    let undetermined = results
        .iter()
        .filter(|r| matches!(r, Ok(Some(false))))
        .count();
    let unparseable = results.iter().filter(|r| matches!(r, Ok(None))).count();
    (rows.len(), undetermined, unparseable)
}

#[test]
fn hard_positions_agree_with_their_labels() {
    if labelled().is_none() {
        return;
    }
    let (rows, undetermined, unparseable) = check("positions.tsv", 1);
    assert_eq!(rows, 6882);
    assert!(unparseable <= 10, "{unparseable} FENs could not be read");
    assert!(
        undetermined * 100 <= rows,
        "{undetermined} undetermined of {rows}"
    );
}

#[test]
fn lichess_timeouts_agree_with_their_labels() {
    if labelled().is_none() {
        return;
    }
    let (rows, undetermined, _) = check("lichess-sample.tsv", 64);
    assert!(rows >= 2000);
    assert!(
        undetermined * 100 <= rows,
        "{undetermined} undetermined of {rows}"
    );
}

#[test]
fn unfair_lichess_timeouts_are_unwinnable() {
    if labelled().is_none() {
        return;
    }
    let (rows, undetermined, _) = check("lichess-unfair-timeouts-2022.tsv", 64);
    assert!(rows >= 1300);
    assert!(
        undetermined * 100 <= rows,
        "{undetermined} undetermined of {rows}"
    );
}

/// Every row of the three files (226,341): `cargo test --release -p laws --test unwinnability -- --ignored`.
#[test]
#[ignore = "several minutes; run by hand or in the weekly job"]
fn every_labelled_row() {
    if labelled().is_none() {
        return;
    }
    for file in [
        "positions.tsv",
        "lichess-sample.tsv",
        "lichess-unfair-timeouts-2022.tsv",
    ] {
        let (rows, undetermined, unparseable) = check(file, 1);
        eprintln!("{file}: {rows} rows, {undetermined} undetermined, {unparseable} unreadable");
    }
}

/// The per-ply dead-position check must find every dead pawn wall that the
/// full analysis finds: every position of the hard file made only of kings,
/// bishops and pawns blocked head-on, dead for both sides, is dead for
/// `is_dead_position` too. A guard for any cheaper filter put in front of
/// the analysis: two were tried and both lost dead walls (a pawn on every
/// file: pawn attacks also stop kings; CHA's fast proof alone: one wall
/// needs the search).
#[test]
fn the_wall_filter_keeps_every_dead_wall() {
    if labelled().is_none() {
        return;
    }
    let mut fens: Vec<String> = rows("positions.tsv", 1)
        .into_iter()
        .map(|r| r.fen)
        .collect();
    fens.sort();
    fens.dedup();
    let walls: Vec<String> = fens
        .into_par_iter()
        .filter(|fen| {
            let Some(pos) = position_from_fen(fen) else {
                return false;
            };
            let board = pos.board();
            let white = board.pawns() & board.white();
            let black = board.pawns() & board.black();
            let others = board.occupied() & !board.pawns() & !board.kings() & !board.bishops();
            let blocked = white.any() && others.is_empty() && white.shift(8) == black;
            blocked
                && decide(&pos, Color::White).is_unwinnable()
                && decide(&pos, Color::Black).is_unwinnable()
                && !laws::mating::is_dead_position(&pos)
        })
        .collect();
    assert!(walls.is_empty(), "dead walls the filter skips: {walls:?}");
}

/// The vendored CHA (`vendor/chasolver`, changed for speed and for a bounded
/// helpmate search: its ARBITER.md) answers as CHA 3.0.0 as published: on
/// every row of `positions-cha-results.tsv` whose full analysis took the
/// published crate at most 20 ms (6,319 of 6,882; the rest take up to
/// seconds each), the same full verdict, the same helpmate move for move,
/// and the same fast proof. The file records the published crate's answers.
/// All rows, by hand: `ARBITER_CHA_ALL_ROWS=1 cargo test --release -p laws
/// --test unwinnability the_vendored_cha`.
#[test]
fn the_vendored_cha_answers_as_published() {
    let Some(text) = table("positions-cha-results.tsv") else {
        return;
    };
    let mut lines = text.lines();
    let [fen, color, full, micros, fast, line] = columns(
        lines.next().expect("header"),
        [
            "fen",
            "color",
            "cha_full",
            "cha_full_us",
            "cha_fast",
            "helpmate_uci",
        ],
    );
    let all = std::env::var_os("ARBITER_CHA_ALL_ROWS").is_some();
    let rows: Vec<Vec<&str>> = lines
        .map(|l| l.split('\t').collect::<Vec<&str>>())
        .filter(|c| all || c[micros].parse::<u64>().is_ok_and(|us| us <= 20_000))
        .collect();
    assert!(rows.len() >= 6_300, "{} rows", rows.len());
    let differences: Vec<String> = rows
        .par_iter()
        .filter_map(|c| {
            let board: chess::Board = c[fen].parse().expect("CHA reads every FEN of the file");
            let side = if c[color] == "white" {
                chess::Color::White
            } else {
                chess::Color::Black
            };
            let (verdict, helpmate) = match chasolver::winnability(&board, side) {
                Some(chasolver::Winnability::Unwinnable) => ("unwinnable", String::new()),
                Some(chasolver::Winnability::Winnable { helpmate }) => (
                    "winnable",
                    helpmate
                        .iter()
                        .map(|m| m.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                None => ("none", String::new()),
            };
            let proof = if chasolver::is_unwinnable_fast(&board, side) {
                "unwinnable"
            } else {
                "inconclusive"
            };
            (verdict != c[full] || helpmate != c[line] || proof != c[fast]).then(|| {
                format!(
                    "{} {}: {verdict}/{} {proof}/{} [{helpmate}] [{}]",
                    c[fen], c[color], c[full], c[fast], c[line]
                )
            })
        })
        .collect();
    assert!(
        differences.is_empty(),
        "{} rows differ from the published answers:\n{}",
        differences.len(),
        differences[..differences.len().min(10)].join("\n")
    );
}
