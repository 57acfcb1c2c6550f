//! The real-game corpus in `../shared/corpus` (beside the checkout): every
//! game is accounted for, well-formed games replay completely, the two
//! reading paths agree, and the automatic endings agree with python-chess.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use std::{
    collections::HashMap,
    io::Read,
    path::{Path, PathBuf},
};

use audit::{GameReport, Kind, check_game};
use rayon::prelude::*;
use scoresheet::{Encoding, GameText, Scoresheet, Splitter, WrittenMove, fast};

/// `../shared/corpus`, or `None` when it is missing: the test then skips
/// with a message, unless `ARBITER_REQUIRE_CORPUS` is set (CI sets it), when
/// it fails.
fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("ARBITER_REQUIRE_CORPUS").is_none(),
        "{} is missing and ARBITER_REQUIRE_CORPUS is set",
        dir.display()
    );
    eprintln!(
        "skipped: {} is missing (the real-game corpus beside the checkout; see README)",
        dir.display()
    );
    None
}

fn load(path: &Path) -> Vec<u8> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut bytes = Vec::new();
    if path.extension().is_some_and(|e| e == "zst") {
        zstd::stream::read::Decoder::new(file)
            .and_then(|mut d| d.read_to_end(&mut bytes))
            .expect("zstd");
    } else {
        std::io::BufReader::new(file)
            .read_to_end(&mut bytes)
            .expect("read");
    }
    bytes
}

fn games(bytes: &[u8]) -> Vec<GameText> {
    Splitter::new(bytes)
        .collect::<Result<_, _>>()
        .expect("in-memory read")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

fn count_event_tags(bytes: &[u8]) -> usize {
    bytes
        .split(|&b| b == b'\n')
        .filter(|line| line.starts_with(b"[Event "))
        .count()
}

fn check_all(name: &str, texts: &[GameText]) -> Vec<GameReport> {
    texts
        .par_iter()
        .enumerate()
        .map(|(i, t)| check_game(name, i + 1, t))
        .collect()
}

const BROKEN: [Kind; 4] = [
    Kind::UnreadableGame,
    Kind::UnparseableMove,
    Kind::IllegalMove,
    Kind::AmbiguousMove,
];

#[test]
fn bench_games_are_all_accounted_for_and_replay_completely() {
    let Some(corpus) = corpus() else {
        return;
    };
    let mut total = 0;
    for path in files(&corpus.join("bench")) {
        let bytes = load(&path);
        let texts = games(&bytes);
        let name = path.display().to_string();
        assert_eq!(texts.len(), count_event_tags(&bytes), "{name}: games read");
        let reports = check_all(&name, &texts);
        assert_eq!(reports.len(), texts.len());
        for (report, text) in reports.iter().zip(&texts) {
            let broken: Vec<_> = report
                .findings
                .iter()
                .filter(|f| BROKEN.contains(&f.kind))
                .collect();
            assert!(
                broken.is_empty(),
                "{name} game {} (line {}): {broken:?}",
                report.game,
                report.line
            );
            let sheet = Scoresheet::read(text);
            let void = report
                .findings
                .iter()
                .any(|f| f.kind == Kind::MovesAfterEnd);
            if !void {
                assert_eq!(
                    report.plies,
                    sheet.moves.len(),
                    "{name} game {}: replayed completely",
                    report.game
                );
            }
        }
        total += reports.len();
    }
    assert_eq!(
        total, 138_442,
        "the bench corpus README counts 138,442 games"
    );
}

/// Well-formed: UTF-8, no syntax problem, no form the PGN standard does not
/// write (which pgn-reader does not know: `remis`, `10 ... Be2`), every move
/// in English SAN.
fn well_formed(text: &GameText, sheet: &Scoresheet) -> bool {
    text.encoding == Encoding::Utf8
        && sheet.problems.is_empty()
        && sheet.non_standard.is_empty()
        && sheet.moves.iter().all(|m| {
            m.notation.as_ref().is_ok_and(|n| {
                matches!(n.written, WrittenMove::San(_))
                    && n.dialect == scoresheet::Dialect::English
            })
        })
}

fn agree(name: &str, text: &GameText) -> Option<Result<(), String>> {
    let sheet = Scoresheet::read(text);
    if !well_formed(text, &sheet) {
        return None;
    }
    let fast = match fast::read_game(&text.bytes) {
        Ok(Some(game)) => game,
        other => {
            return Some(Err(format!(
                "{name} line {}: pgn-reader read {other:?}",
                text.first_line
            )));
        }
    };
    let precise_moves: Vec<_> = sheet
        .moves
        .iter()
        .filter_map(|m| m.notation.as_ref().ok())
        .map(|n| match n.written {
            WrittenMove::San(san) => Some(san),
            _ => None,
        })
        .collect();
    let fast_moves: Vec<_> = fast.moves.iter().map(|m| Some(m.san)).collect();
    let precise_tags: Vec<(String, String)> = sheet
        .tags()
        .iter()
        .map(|t| (t.name().to_string(), t.value().to_string()))
        .collect();
    let precise_outcome = sheet.result.map(|(o, _)| o);
    if precise_moves != fast_moves {
        return Some(Err(format!(
            "{name} line {}: moves differ ({} precise, {} fast)",
            text.first_line,
            precise_moves.len(),
            fast_moves.len()
        )));
    }
    if precise_tags != fast.tags {
        return Some(Err(format!("{name} line {}: tags differ", text.first_line)));
    }
    if precise_outcome != fast.outcome {
        return Some(Err(format!(
            "{name} line {}: results differ",
            text.first_line
        )));
    }
    Some(Ok(()))
}

#[test]
fn fast_and_precise_reading_paths_agree_on_well_formed_games() {
    let Some(corpus) = corpus() else {
        return;
    };
    let mut dirs = files(&corpus.join("bench"));
    dirs.extend(files(&corpus.join("tricky")));
    let mut compared = 0usize;
    let mut all = 0usize;
    let mut errors = Vec::new();
    for path in dirs {
        let bytes = load(&path);
        let texts = games(&bytes);
        let name = path.display().to_string();
        all += texts.len();
        let results: Vec<_> = texts.par_iter().filter_map(|t| agree(&name, t)).collect();
        compared += results.len();
        errors.extend(results.into_iter().filter_map(Result::err));
    }
    assert!(
        errors.is_empty(),
        "{} disagreements:\n{}",
        errors.len(),
        errors[..errors.len().min(20)].join("\n")
    );
    assert!(
        compared * 100 >= all * 98,
        "only {compared} of {all} games were well-formed"
    );
}

#[test]
fn tricky_files_are_read_without_panic_and_every_game_has_a_row() {
    let Some(corpus) = corpus() else {
        return;
    };
    // Game counts worked out by reading each file: one row per game a person sees.
    let known: HashMap<&str, usize> = [
        ("chesscom-MagnusCarlsen_games-1-25_no-blank-lines.pgn", 25),
        ("chesscom-cancer0707_games-1-60_missing-blank-lines.pgn", 60),
        (
            "chess-data_gibraltar2019-double-blank-line-after-tags.pgn",
            4,
        ),
        ("pgnmentor-Almasi_latin1-crlf-games-1239-1248.pgn", 10),
        ("pychess_dortmund.pgn", 347),
        ("pgn-extract-tests_test-fuzzydepth.pgn", 4),
        ("pgn-extract-tests_test-nobadresults.pgn", 9),
        ("scalachess_uzchesscup-tags-only.pgn", 45),
        ("python-chess_utf8-bom.pgn", 2),
        ("python-chess_chessbase-empty-line.pgn", 1),
        ("rust-pgn-reader_illegal.pgn", 100),
        ("real-record-anomalies.pgn", 15),
        ("real-fivefold-repetition-games.pgn", 34),
        ("real-75-move-rule-games.pgn", 15),
    ]
    .into_iter()
    .collect();
    for path in files(&corpus.join("tricky")) {
        let bytes = load(&path);
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["validate", "--format", "json", "--fail-on", "never"])
            .arg(&path)
            .output()
            .expect("run arbiter");
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON line"))
            .collect();
        let expected = known
            .get(file.as_str())
            .copied()
            .unwrap_or_else(|| count_event_tags(&bytes));
        if known.contains_key(file.as_str()) {
            assert_eq!(rows.len(), expected, "{file}: rows");
        } else {
            assert!(
                rows.len() >= expected,
                "{file}: {} rows for {expected} [Event tags",
                rows.len()
            );
        }
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(row["game"], i + 1, "{file}: games numbered in order");
        }
    }
}

#[test]
fn real_endings_agree_with_python_chess() {
    let Some(corpus) = corpus() else {
        return;
    };
    let root = corpus.join("real-endings");
    let table = std::fs::read_to_string(root.join("expected.tsv")).expect("expected.tsv");
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect("column");
    let (file, plies, legal, fivefold, seventyfive, final_state) = (
        col("file"),
        col("plies"),
        col("legal"),
        col("fivefold_ply"),
        col("seventyfive_ply"),
        col("final_state"),
    );
    let mut checked = 0;
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let path = root.join(cells[file]);
        let bytes = load(&path);
        let texts = games(&bytes);
        assert_eq!(texts.len(), 1, "{}", cells[file]);
        let report = check_game(cells[file], 1, &texts[0]);
        let ply_of = |kind: Kind| {
            report
                .findings
                .iter()
                .find(|f| f.kind == kind)
                .and_then(|f| f.ply)
        };
        let parse = |s: &str| s.parse::<usize>().ok();
        if cells[legal] == "yes" {
            assert_eq!(
                Some(report.plies),
                parse(cells[plies]),
                "{}: plies",
                cells[file]
            );
        }
        // The first automatic ending is the one the Laws apply; later ones are void.
        let dead = ply_of(Kind::DeadPosition);
        let mut expected: Vec<(usize, Kind)> = Vec::new();
        if let Some(p) = parse(cells[fivefold]) {
            expected.push((p, Kind::FivefoldRepetition));
        }
        if let Some(p) = parse(cells[seventyfive]) {
            expected.push((p, Kind::SeventyFiveMoveRule));
        }
        let plies_total = parse(cells[plies]).unwrap_or(0);
        match cells[final_state] {
            "checkmate" => expected.push((plies_total, Kind::Checkmate)),
            "stalemate" => expected.push((plies_total, Kind::Stalemate)),
            _ => {}
        }
        expected.sort();
        let first = expected.first().copied();
        match (first, dead) {
            (_, Some(d)) if first.is_none_or(|(p, _)| d <= p) => {}
            (Some((p, kind)), _) => assert_eq!(ply_of(kind), Some(p), "{}: {kind}", cells[file]),
            (None, _) => {
                let endings = [
                    Kind::FivefoldRepetition,
                    Kind::SeventyFiveMoveRule,
                    Kind::Checkmate,
                    Kind::Stalemate,
                ];
                assert!(
                    report.findings.iter().all(|f| !endings.contains(&f.kind)),
                    "{}: no ending expected, got {:?}",
                    cells[file],
                    report.findings
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 90);
}
