//! The `arbiter` command line end to end: inputs, formats, exit codes,
//! and `adjudicate` with claims given as options.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use std::{
    io::Write,
    process::{Command, Stdio},
};

use common::{arbiter, root, rows, stdout};

const KNIGHTS: &str = "fixtures/9.6-automatic/fivefold-knights.pgn";
const MATE: &str = "fixtures/5-endings/fools-mate.pgn";

#[test]
fn exit_codes_follow_fail_on() {
    // Fool's mate recorded correctly: only a note.
    assert_eq!(arbiter(&["validate", MATE]).status.code(), Some(0));
    assert_eq!(
        arbiter(&["validate", "--fail-on", "note", MATE])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        arbiter(&["validate", "--fail-on", "checkmate", MATE])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        arbiter(&["validate", "--fail-on", "never", "fixtures/"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(arbiter(&["validate", "fixtures/"]).status.code(), Some(1));
    assert_eq!(
        arbiter(&["validate", "no/such/file.pgn"]).status.code(),
        Some(2)
    );
    assert_eq!(
        arbiter(&["validate", "--fail-on", "bogus", MATE])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        arbiter(&["validate", "--only", "bogus", MATE])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn every_subcommand_has_help_with_examples() {
    for sub in ["validate", "audit", "adjudicate"] {
        let out = arbiter(&[sub, "--help"]);
        assert_eq!(out.status.code(), Some(0));
        assert!(stdout(&out).contains("Examples:"), "{sub}");
        // And in German, with the option's spelling either way.
        for lang in [&["--lang", "de"][..], &["--lang=de"][..]] {
            let mut args = vec![sub, "--help"];
            args.extend_from_slice(lang);
            let help = stdout(&arbiter(&args));
            assert!(
                help.contains("Beispiele:") && help.contains("Optionen:"),
                "{sub}: {help}"
            );
            assert!(!help.contains("Examples:"), "{sub}");
        }
    }
    let top = stdout(&arbiter(&["--lang", "de", "--help"]));
    assert!(
        top.contains("Befehle:") && top.contains("Schiedsrichter"),
        "{top}"
    );
}

#[test]
fn json_rows_follow_the_contract() {
    let out = arbiter(&["validate", "--format", "json", KNIGHTS]);
    let rows = rows(&out);
    assert_eq!(rows.len(), 3);
    let first = &rows[0];
    for field in [
        "source",
        "game",
        "line",
        "white",
        "black",
        "round",
        "plies",
        "recorded_result",
        "ruled_result",
        "findings",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
    assert_eq!(first["source"], KNIGHTS);
    // The claims nobody made come first (claim-available), then the fivefold repetition.
    let finding = first["findings"]
        .as_array()
        .and_then(|all| all.iter().find(|f| f["kind"] != "claim-available"))
        .expect("a finding besides the missed claims");
    for field in ["kind", "ply", "article", "player", "message"] {
        assert!(finding.get(field).is_some(), "missing findings[].{field}");
    }
    assert_eq!(finding["kind"], "fivefold-repetition");
    assert_eq!(finding["article"], "9.6.1");
}

#[test]
fn missed_claims_are_in_json_always_and_in_text_when_asked() {
    let json = stdout(&arbiter(&["validate", "--format", "json", KNIGHTS]));
    assert!(json.contains("\"claim-available\""));
    let text = stdout(&arbiter(&["validate", KNIGHTS]));
    assert!(!text.contains("claim-available"), "{text}");
    assert!(text.contains("fivefold-repetition"));
    let asked = stdout(&arbiter(&["validate", "--missed-claims", KNIGHTS]));
    assert!(asked.contains("note[claim-available]"), "{asked}");
}

#[test]
fn only_and_skip_filter_findings() {
    let out = arbiter(&[
        "validate",
        "--format",
        "json",
        "--only",
        "result-mismatch",
        KNIGHTS,
    ]);
    let kinds: Vec<String> = rows(&out)
        .iter()
        .flat_map(|r| r["findings"].as_array().cloned().unwrap_or_default())
        .map(|f| f["kind"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(!kinds.is_empty());
    assert!(kinds.iter().all(|k| k == "result-mismatch"));
    let out = arbiter(&[
        "validate",
        "--format",
        "json",
        "--skip",
        "fivefold-repetition,result-mismatch,moves-after-end,claim-available",
        KNIGHTS,
    ]);
    assert!(
        rows(&out)
            .iter()
            .all(|r| r["findings"].as_array().is_some_and(Vec::is_empty))
    );
}

#[test]
fn csv_has_a_row_per_finding() {
    let out = arbiter(&["validate", "--format", "csv", KNIGHTS]);
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "source,game,white,black,ply,move_number,kind,severity,article,player,message,line,column,ruled_result,round,board,recorded_result"
        )
    );
    let json = rows(&arbiter(&["validate", "--format", "json", KNIGHTS]));
    let findings: usize = json
        .iter()
        .map(|r| r["findings"].as_array().map_or(0, Vec::len))
        .sum();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(reader.records().count(), findings);
}

#[test]
fn stdin_gzip_and_zstd_inputs() {
    let pgn = std::fs::read(root().join(MATE)).expect("fixture");
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("nested")).expect("temp dir");
    let gz = dir.join("nested/game.pgn.gz");
    let mut enc = flate2::write::GzEncoder::new(
        std::fs::File::create(&gz).expect("gz"),
        flate2::Compression::default(),
    );
    enc.write_all(&pgn).expect("gz write");
    enc.finish().expect("gz finish");
    std::fs::write(
        dir.join("game.pgn.zst"),
        zstd::encode_all(&pgn[..], 3).expect("zstd"),
    )
    .expect("zst");
    std::fs::write(dir.join("ignored.txt"), b"not a pgn").expect("txt");
    let out = arbiter(&[
        "validate",
        "--format",
        "json",
        dir.to_str().expect("utf-8 path"),
    ]);
    let found = rows(&out);
    assert_eq!(
        found.len(),
        2,
        "the .gz in a subfolder and the .zst, not the .txt"
    );
    assert!(found.iter().all(|r| r["ruled_result"] == "0-1"));

    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&pgn)
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    let piped = rows(&out);
    assert_eq!(piped[0]["source"], "-");
    assert_eq!(piped[0]["plies"], 4);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn audit_prints_a_summary() {
    let out = arbiter(&["audit", "--fail-on", "never", "--jobs", "2", "fixtures/"]);
    let text = stdout(&out);
    assert!(text.contains("games with findings:"));
    assert!(text.contains("results changed by the rulings:"));
    let out = arbiter(&[
        "audit",
        "--format",
        "json",
        "--fail-on",
        "never",
        "fixtures/",
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("games with findings:"));
    assert!(stdout(&out).lines().all(|l| l.starts_with('{')));
}

#[test]
fn an_agreed_draw_is_an_ending_in_the_summary() {
    // Game 6: recorded 1-0, but Black's offer after 2...Nc6 was accepted (5.2.3).
    let out = arbiter(&[
        "audit",
        "--fail-on",
        "never",
        "fixtures/9.1-draw-offers/offers.pgn",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("game 6, round 6, Agreed, White – Agreed, Black: 1-0 → 1/2-1/2 (draw-agreed, Art. 5.2.3)"),
        "{text}"
    );
}

/// The first ruling on a claim in a row (the notes of claims nobody made stand beside it).
fn first_claim(row: &serde_json::Value) -> &serde_json::Value {
    row["findings"]
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|f| f["kind"].as_str().is_some_and(|k| k.contains("-claim-")))
        })
        .expect("a claim ruling")
}

#[test]
fn adjudicate_rules_on_a_claim_given_as_options() {
    // After 4...Ng8 the start position stands for the third time (plies 0, 4, 8).
    let out = arbiter(&[
        "adjudicate",
        KNIGHTS,
        "--game",
        "1",
        "--claim",
        "threefold",
        "--after",
        "4...Ng8",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the recorded moves after the draw are void"
    );
    let first = rows(&out);
    let claim = first_claim(&first[0]);
    assert_eq!(claim["kind"], "threefold-claim-upheld");
    assert_eq!(claim["article"], "9.2.2");
    assert_eq!(claim["ply"], 8);
    assert_eq!(claim["player"], "white");
    assert_eq!(claim["plies"], serde_json::json!([0, 4, 8]));

    // A written move that would repeat the position for the third time (9.2.1).
    let out = arbiter(&[
        "adjudicate",
        KNIGHTS,
        "--game",
        "1",
        "--claim",
        "threefold",
        "--after",
        "4.Ng1",
        "--move",
        "Ng8",
        "--format",
        "json",
    ]);
    let claim = first_claim(&rows(&out)[0]).clone();
    assert_eq!(claim["kind"], "threefold-claim-upheld");
    assert_eq!(claim["article"], "9.2.1");
    assert_eq!(claim["ply"], 7);
    assert_eq!(claim["player"], "black");

    // Fifty moves are far away: rejected, two minutes to White.
    let out = arbiter(&[
        "adjudicate",
        KNIGHTS,
        "--game",
        "1",
        "--claim",
        "fifty",
        "--after",
        "3.Nf3",
        "--format",
        "json",
    ]);
    let claim = first_claim(&rows(&out)[0]).clone();
    assert_eq!(claim["kind"], "fifty-move-claim-rejected");
    assert_eq!(claim["article"], "9.5.3");
    assert_eq!(claim["seconds_added"], 120);
    let out = arbiter(&[
        "adjudicate",
        KNIGHTS,
        "--game",
        "1",
        "--claim",
        "fifty",
        "--after",
        "3.Nf3",
        "--rules",
        "rapid",
        "--format",
        "json",
    ]);
    assert_eq!(first_claim(&rows(&out)[0])["seconds_added"], 60);
}

#[test]
fn adjudicate_sheet_shows_timeline_and_board() {
    let out = arbiter(&["adjudicate", KNIGHTS, "--game", "2", "--ascii"]);
    let text = stdout(&out);
    assert!(text.contains("Timeline"));
    assert!(text.contains("fivefold-repetition"));
    assert!(text.contains("Art. 9.6.1"));
    assert!(text.contains("  1  R N B Q K B N R"), "{text}");
    let out = arbiter(&["adjudicate", KNIGHTS, "--game", "2"]);
    assert!(stdout(&out).contains("♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"));
}

#[test]
fn adjudicate_refuses_unclear_claims() {
    // Several games and no --game.
    assert_eq!(
        arbiter(&["adjudicate", KNIGHTS, "--claim", "fifty", "--after", "3."])
            .status
            .code(),
        Some(2)
    );
    // The named move is not the recorded one.
    let out = arbiter(&[
        "adjudicate",
        KNIGHTS,
        "--game",
        "1",
        "--claim",
        "fifty",
        "--after",
        "3.Nc3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("3.Nf3"));
    // A move number the game never reaches.
    assert_eq!(
        arbiter(&[
            "adjudicate",
            KNIGHTS,
            "--game",
            "1",
            "--claim",
            "fifty",
            "--after",
            "90..."
        ])
        .status
        .code(),
        Some(2)
    );
    assert_eq!(
        arbiter(&["adjudicate", KNIGHTS, "--game", "9"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn audit_reports_the_same_game_submitted_twice() {
    let out = arbiter(&[
        "audit",
        "--format",
        "json",
        "--fail-on",
        "never",
        MATE,
        MATE,
    ]);
    let found = rows(&out);
    assert_eq!(found.len(), 2);
    assert!(
        found[0]["findings"]
            .as_array()
            .is_some_and(|f| f.iter().all(|f| f["kind"] != "duplicate-game"))
    );
    assert!(
        found[1]["findings"]
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["kind"] == "duplicate-game"))
    );
    let out = arbiter(&[
        "audit",
        "--format",
        "json",
        "--fail-on",
        "never",
        "--no-duplicates",
        MATE,
        MATE,
    ]);
    assert!(rows(&out).iter().all(|r| {
        r["findings"]
            .as_array()
            .is_some_and(|f| f.iter().all(|f| f["kind"] != "duplicate-game"))
    }));
}

#[test]
fn can_mate_gives_verdicts_reasons_and_lines() {
    // Digest edge case 22: the only legal move captures Black's queen.
    let out = arbiter(&[
        "can-mate",
        "k7/8/8/8/8/8/6PP/6qK w - - 0 1",
        "--side",
        "black",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let verdict = &rows(&out)[0];
    assert_eq!(verdict["verdict"], "unwinnable");
    assert_eq!(verdict["reason"], "forced-line");
    assert!(
        verdict["explanation"]
            .as_str()
            .is_some_and(|e| e.contains("Kxg1"))
    );
    // The 16-pawn wall: blocked for both sides.
    let out = arbiter(&[
        "can-mate",
        "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
        "--format",
        "json",
    ]);
    assert!(
        rows(&out)
            .iter()
            .all(|v| v["verdict"] == "unwinnable" && v["reason"] == "blocked-structure")
    );
    // Edge case 20: two knights can mate a bare king, with a line to prove it.
    let out = arbiter(&[
        "can-mate",
        "k7/8/8/8/8/8/8/KNN5 w - - 0 1",
        "--format",
        "json",
    ]);
    let both = rows(&out);
    assert_eq!(both[0]["side"], "white");
    assert_eq!(both[0]["verdict"], "winnable");
    assert!(both[0]["line"].as_array().is_some_and(|l| {
        l.last()
            .and_then(|m| m.as_str())
            .is_some_and(|m| m.ends_with('#'))
    }));
    assert_eq!(both[1]["verdict"], "unwinnable");
    // Positions no game can reach get no verdict; unreadable FENs are usage errors.
    assert_eq!(
        arbiter(&["can-mate", "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(arbiter(&["can-mate", "not a fen"]).status.code(), Some(2));
}

#[test]
fn can_mate_budget_leaves_a_long_search_undetermined() {
    // A hard community position (positions.tsv, winnable for White) whose
    // search takes seconds; 20 ms is not enough, and the verdict says so
    // rather than guessing.
    let hard = "N1b1N1N1/1pPpPpPp/1P1P1P1P/8/8/8/8/kb2B1K1 w - - 0 1";
    let out = arbiter(&[
        "can-mate",
        hard,
        "--side",
        "white",
        "--format",
        "json",
        "--mate-budget",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(rows(&out)[0]["verdict"], "undetermined");
    // Positions the quick layers decide need no search, budget or not.
    let out = arbiter(&[
        "can-mate",
        "k7/8/8/8/8/8/8/KNN5 w - - 0 1",
        "--side",
        "black",
        "--mate-budget",
        "0",
        "--format",
        "json",
    ]);
    assert_eq!(rows(&out)[0]["reason"], "material");
}
