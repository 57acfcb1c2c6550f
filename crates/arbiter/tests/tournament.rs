//! `arbiter audit --trf`: a tournament's games against its FIDE TRF. Each
//! expected finding below is worked out by hand from `fixtures/tournament/`
//! (the TRF and one PGN per round; see the comments in the PGNs).

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use common::{arbiter, rows, scratch, stdout};
use serde_json::Value;

const CLEAN: &str = "fixtures/tournament/clean";
const BAD: &str = "fixtures/tournament/discrepancies";

fn audit(trf: &str, games: &str, extra: &[&str]) -> (Option<i32>, Vec<Value>) {
    let mut args = vec![
        "audit",
        "--format",
        "json",
        "--fail-on",
        "never",
        "--trf",
        trf,
    ];
    args.extend_from_slice(extra);
    args.push(games);
    let out = arbiter(&args);
    (out.status.code(), rows(&out))
}

/// Every finding as (source, game, kind), and the finding itself.
fn findings(rows: &[Value]) -> Vec<(String, u64, String, Value)> {
    rows.iter()
        .flat_map(|row| {
            let source = row["source"].as_str().unwrap().to_string();
            let game = row["game"].as_u64().unwrap();
            row["findings"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |f| {
                    (
                        source.clone(),
                        game,
                        f["kind"].as_str().unwrap().to_string(),
                        f.clone(),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

fn rank(player: &Value) -> u64 {
    player["start_rank"].as_u64().unwrap()
}

#[test]
fn the_clean_tournament_has_no_finding_in_either_encoding() {
    for trf in [
        "fixtures/tournament/clean/tournament.trf",
        // Windows-1252 with CR LF, and the TRFx lines XXR and XXC.
        "fixtures/tournament/latin1/tournament.trf",
    ] {
        let (code, rows) = audit(trf, CLEAN, &[]);
        assert_eq!(code, Some(0));
        assert_eq!(rows.len(), 9, "nine games, no row of the TRF");
        assert!(findings(&rows).is_empty(), "{trf}: {:?}", findings(&rows));
        let out = arbiter(&["audit", "--trf", trf, CLEAN]);
        assert_eq!(out.status.code(), Some(0));
        let text = stdout(&out);
        assert!(text.contains("6 players, 3 round(s)"), "{text}");
        // round, pairings, played, games found, results agreeing
        for round in 1..=3 {
            assert!(
                text.lines()
                    .any(|l| l.split_whitespace().collect::<Vec<_>>()
                        == [round.to_string().as_str(), "3", "3", "3", "3"]),
                "{text}"
            );
        }
    }
}

#[test]
fn each_discrepancy_is_found_where_it_is() {
    let trf = "fixtures/tournament/discrepancies/tournament.trf";
    let (code, rows) = audit(trf, BAD, &[]);
    assert_eq!(code, Some(0), "--fail-on never");
    let all = findings(&rows);
    let at = |source: &str, game: u64, kind: &str| -> Vec<&Value> {
        all.iter()
            .filter(|(s, g, k, _)| s.ends_with(source) && *g == game && k == kind)
            .map(|(_, _, _, f)| f)
            .collect()
    };
    let one = |source: &str, game: u64, kind: &str| -> &Value {
        let found = at(source, game, kind);
        assert_eq!(found.len(), 1, "{source} game {game} {kind}: {all:#?}");
        found[0]
    };

    // The TRF's own row first: the rating of player 6, the points of player 5.
    assert_eq!(rows[0]["source"], trf);
    assert_eq!(rows[0]["game"], 1);
    let bad = one("tournament.trf", 1, "trf-bad-line");
    assert_eq!(
        (
            bad["place"]["line"].as_u64(),
            bad["place"]["column"].as_u64()
        ),
        (Some(19), Some(49))
    );
    assert_eq!(bad["details"]["field"], "rating");
    assert_eq!(bad["details"]["text"], "19O0");
    let points = one("tournament.trf", 1, "trf-points-mismatch");
    assert_eq!(rank(&points["details"]["player"]), 5);
    assert_eq!(points["details"]["written"], 1.0);
    assert_eq!(points["details"]["computed"], 0.5);
    assert_eq!(points["place"]["column"], 81);

    // Round 1: Müller (1) had White against Özdemir (4); the game has them the other way round.
    let colours = one("round1.pgn", 1, "trf-colour-mismatch");
    assert_eq!(colours["details"]["round"], 1);
    assert_eq!(rank(&colours["details"]["trf_white"]), 1);
    assert_eq!(rank(&colours["details"]["trf_black"]), 4);
    // Weiß (3) – Becker, Robert (6) drawn, the TRF has 1-0.
    let result = one("round1.pgn", 2, "trf-result-mismatch");
    assert_eq!(result["details"]["trf_code"], "1");
    assert_eq!(result["details"]["ruled"], "1/2-1/2");
    assert_eq!(rank(&result["details"]["white"]), 3);
    // Becker, Anna (5) – Schmidt (2): no scoresheet; a row of its own with the TRF as source.
    let missing: Vec<&(String, u64, String, Value)> =
        all.iter().filter(|f| f.2 == "trf-missing-game").collect();
    assert_eq!(missing.len(), 1);
    let (source, _, _, f) = missing[0];
    assert_eq!(source, trf);
    assert_eq!(f["details"]["round"], 1);
    assert_eq!(rank(&f["details"]["white"]), 5);
    assert_eq!(rank(&f["details"]["black"]), 2);
    assert_eq!(f["details"]["trf_code"], "0");
    assert_eq!(
        (f["place"]["line"].as_u64(), f["place"]["column"].as_u64()),
        (Some(18), Some(92))
    );
    let row = rows
        .iter()
        .find(|r| r["source"] == trf && r["round"] == "1")
        .unwrap();
    assert_eq!(row["white"], "Becker, Anna");
    assert_eq!(row["black"], "Schmidt, Karl");

    // Round 2: a forfeit (4 w -, 3 b +) that was played: that finding only.
    let forfeit = one("round2.pgn", 2, "trf-forfeit-played");
    assert_eq!(forfeit["details"]["trf_code"], "-");
    assert_eq!(rank(&forfeit["details"]["player"]), 4);
    assert_eq!(rank(&forfeit["details"]["opponent"]), 3);
    assert_eq!(
        all.iter()
            .filter(|f| f.0.ends_with("round2.pgn") && f.1 == 2)
            .count(),
        1
    );
    // "Becker" – "Becker" without FIDE IDs: a guess for each side, the TRF's colours kept.
    let guesses = at("round2.pgn", 3, "trf-uncertain-match");
    assert_eq!(guesses.len(), 2);
    for (guess, side, chosen) in [(guesses[0], "white", 6), (guesses[1], "black", 5)] {
        assert_eq!(guess["player"], side);
        assert_eq!(guess["details"]["doubt"], "several-candidates");
        assert_eq!(rank(&guess["details"]["chosen"]), chosen);
        let candidates: Vec<u64> = guess["details"]["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(rank)
            .collect();
        assert_eq!(candidates, [5, 6]);
        assert!(
            guess["message"]
                .as_str()
                .unwrap()
                .contains("Becker, Anna (5), Becker, Robert (6)")
        );
    }
    assert_eq!(
        all.iter()
            .filter(|f| f.0.ends_with("round2.pgn") && f.1 == 3)
            .count(),
        2
    );
    // Weiß (3) – Becker, Anna (5) never met.
    let unmatched = one("round2.pgn", 4, "trf-unmatched-game");
    assert_eq!(unmatched["details"]["cause"], "no-pairing");
    assert_eq!(rank(&unmatched["details"]["white"]), 3);
    assert_eq!(rank(&unmatched["details"]["black"]), 5);
    assert_eq!(unmatched["details"]["paired_in_round"], Value::Null);

    // Round 3: dated a day late; a misspelt name; a one-move draw scored as rated.
    let date = one("round3.pgn", 1, "trf-date-mismatch");
    assert_eq!(date["details"]["game_date"], "2024-05-07");
    assert_eq!(date["details"]["trf_date"], "2024-05-06");
    let guess = one("round3.pgn", 2, "trf-uncertain-match");
    assert_eq!(guess["details"]["doubt"], "name-unmatched");
    assert_eq!(guess["details"]["written"], "Bekker, Rob");
    assert_eq!(rank(&guess["details"]["chosen"]), 6);
    let unplayed = one("round3.pgn", 3, "trf-unplayed-scored");
    assert_eq!(unplayed["details"]["plies"], 1);
    assert_eq!(unplayed["details"]["trf_code"], "=");

    // Nothing else.
    assert_eq!(all.len(), 12, "{all:#?}");
    // The discrepancies fail the default --fail-on error.
    let out = arbiter(&["audit", "--trf", trf, BAD]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn one_round_at_a_time() {
    let trf = "fixtures/tournament/discrepancies/tournament.trf";
    let (_, rows) = audit(trf, BAD, &["--round", "1"]);
    let all = findings(&rows);
    let kinds: Vec<&str> = all.iter().map(|f| f.2.as_str()).collect();
    // The file's own findings, round 1's games, round 1's missing game.
    assert_eq!(
        kinds,
        [
            "trf-points-mismatch",
            "trf-bad-line",
            "trf-colour-mismatch",
            "trf-result-mismatch",
            "trf-missing-game"
        ]
    );
    let out = arbiter(&["audit", "--trf", trf, "--round", "3", BAD]);
    let text = stdout(&out);
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("games found"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(table.len(), 1, "{text}");
    assert_eq!(
        table[0].split_whitespace().collect::<Vec<_>>(),
        ["3", "3", "3", "3", "3"]
    );
    // --round needs --trf, and a round from 1.
    assert_eq!(
        arbiter(&["audit", "--round", "1", BAD]).status.code(),
        Some(2)
    );
    assert_eq!(
        arbiter(&["audit", "--trf", trf, "--round", "0", BAD])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_malformed_trf_is_findings_with_lines_and_columns() {
    let trf = "fixtures/tournament/malformed/tournament.trf";
    let (_, rows) = audit(trf, CLEAN, &["--only", "trf-bad-line,trf-points-mismatch"]);
    let all = findings(&rows);
    assert!(
        all.iter().all(|f| f.0 == trf && f.1 == 1),
        "all in the TRF's own row"
    );
    let got: Vec<(String, u64, u64, String)> = all
        .iter()
        .map(|(_, _, kind, f)| {
            let d = &f["details"];
            let what = d["trf_problem"].as_str().map_or_else(
                || kind.clone(),
                |p| match d["field"].as_str() {
                    Some(field) => format!("{p} {field}"),
                    None => p.to_string(),
                },
            );
            (
                kind.clone(),
                f["place"]["line"].as_u64().unwrap(),
                f["place"]["column"].as_u64().unwrap(),
                what,
            )
        })
        .collect();
    let want = [
        ("trf-bad-line", 6, 5, "player-count"),
        ("trf-bad-line", 15, 112, "bad-field round-date"),
        ("trf-points-mismatch", 17, 81, "trf-points-mismatch"),
        ("trf-bad-line", 17, 112, "asymmetric-pairing"),
        ("trf-bad-line", 18, 92, "bad-colour"),
        ("trf-bad-line", 19, 102, "bad-opponent"),
        ("trf-bad-line", 20, 92, "misaligned"),
        ("trf-bad-line", 22, 5, "duplicate-start-rank"),
    ];
    let want: Vec<(String, u64, u64, String)> = want
        .iter()
        .map(|(k, l, c, w)| (k.to_string(), *l, *c, w.to_string()))
        .collect();
    assert_eq!(got, want);
    let count = &all[0].3["details"];
    assert_eq!(
        (count["declared"].as_u64(), count["found"].as_u64()),
        (Some(7), Some(6))
    );
    // The team line is ignored, and the summary says so.
    let out = arbiter(&["audit", "--trf", trf, "--fail-on", "never", CLEAN]);
    assert!(stdout(&out).contains("1 team line(s) ignored"));
}

#[test]
fn real_trfs_read_without_findings_about_the_file() {
    // An empty PGN file: no game (a warning, and exit 2 because no source
    // had a game), so every pairing at the board is a missing game.
    let dir = scratch("no-games");
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, b"").expect("empty file");
    for trf in [
        "fixtures/tournament/real/fide-example1.trf",
        "fixtures/tournament/real/lichess-2020-05-swiss.trf",
    ] {
        let (code, rows) = audit(trf, empty.to_str().unwrap(), &[]);
        assert_eq!(code, Some(2));
        let all = findings(&rows);
        // Without games, every game at the board is missing, and nothing else.
        assert!(!all.is_empty());
        assert!(
            all.iter().all(|f| f.2 == "trf-missing-game"),
            "{trf}: {:?}",
            all.iter().find(|f| f.2 != "trf-missing-game")
        );
    }
    // FIDE's example: 284 players, 7 rounds, 970 games at the board.
    let (_, rows) = audit(
        "fixtures/tournament/real/fide-example1.trf",
        empty.to_str().unwrap(),
        &[],
    );
    assert_eq!(rows.len(), 139 + 140 + 141 + 138 + 138 + 137 + 137);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn german_text_csv_and_errors() {
    let trf = "fixtures/tournament/discrepancies/tournament.trf";
    let out = arbiter(&["--lang", "de", "audit", "--trf", trf, BAD]);
    let text = stdout(&out);
    assert!(text.contains("das Partieformular fehlt"), "{text}");
    assert!(text.contains("in der Partie sind die Farben vertauscht"));
    assert!(text.contains("Paarungen"));
    assert!(text.contains("Runde 1"));
    let out = arbiter(&[
        "audit",
        "--format",
        "csv",
        "--fail-on",
        "never",
        "--trf",
        trf,
        BAD,
    ]);
    let csv = stdout(&out);
    assert_eq!(csv.lines().filter(|l| l.contains(",trf-")).count(), 12);
    assert!(
        csv.lines()
            .any(|l| l.starts_with(trf) && l.contains("trf-missing-game"))
    );
    // A TRF that is not there is an I/O error, before any game is read.
    let out = arbiter(&["audit", "--trf", "no/such.trf", BAD]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such.trf"));
}
