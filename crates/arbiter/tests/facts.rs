//! Every view says what the engine found, from the same facts: a verdict the
//! report calls undetermined is undetermined in text, JSON, CSV and HTML, in
//! English and German, and no view analyses the position again.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use std::fs;

use common::{arbiter, rows, scratch, stdout};

/// Black's flag fell; White can mate only by a long helpmate that takes the
/// full analysis over a second, so one millisecond leaves it undetermined.
const LONG_HELPMATE: &str = "fixtures/6-clocks/flag-undetermined.pgn";

#[test]
fn an_undetermined_verdict_is_undetermined_in_every_view_and_language() {
    let budget = ["--mate-budget", "1"];
    let json = arbiter(
        &[
            &["validate", "--format", "json", LONG_HELPMATE][..],
            &budget,
        ]
        .concat(),
    );
    let row = &rows(&json)[0];
    let flag = &row["findings"][0];
    assert_eq!(flag["kind"], "flag-fall-loss");
    assert_eq!(flag["details"]["verdict"]["value"], "undetermined");
    assert_eq!(flag["details"]["verdict"]["line"], serde_json::json!([]));
    let message = flag["message"].as_str().unwrap();
    assert!(message.contains("could not be decided"), "{message}");
    assert!(!message.contains("can still checkmate ("), "{message}");
    assert_eq!(row["ruled_result"], "1-0", "the loss stands");

    let csv = arbiter(&[&["validate", "--format", "csv", LONG_HELPMATE][..], &budget].concat());
    assert!(
        stdout(&csv).contains("could not be decided"),
        "{}",
        stdout(&csv)
    );

    for (lang, undetermined, winnable) in [
        ("en", "could not be decided", "can still checkmate ("),
        ("de", "nicht entscheidbar", "kann noch mattsetzen ("),
    ] {
        let text = arbiter(&[&["--lang", lang, "validate", LONG_HELPMATE][..], &budget].concat());
        let text = stdout(&text);
        assert!(text.contains(undetermined), "{lang}: {text}");
        assert!(!text.contains(winnable), "{lang}: {text}");

        let dir = scratch(&format!("undetermined-{lang}"));
        let page = dir.join("sheet.html");
        let html = arbiter(
            &[
                &["--lang", lang, "adjudicate", LONG_HELPMATE, "--html"][..],
                &[page.to_str().unwrap()],
                &budget,
            ]
            .concat(),
        );
        assert!(html.status.code().is_some_and(|c| c <= 1), "{html:?}");
        let html = fs::read_to_string(&page).expect("sheet written");
        // A second analysis without the budget would find the mating line.
        assert!(html.contains(undetermined), "{lang}: {html}");
        assert!(
            !html.contains("Ba7 Bf3"),
            "{lang}: the sheet analysed again"
        );
        fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn without_a_budget_the_long_helpmate_is_found_and_shown_by_material() {
    let json = arbiter(&["validate", "--format", "json", LONG_HELPMATE]);
    let verdict = &rows(&json)[0]["findings"][0]["details"]["verdict"];
    assert_eq!(verdict["value"], "winnable");
    // White has a rook: "yes, by material", and no line to wade through.
    assert_eq!(verdict["reason"], "material");
    assert_eq!(verdict["line"], serde_json::json!([]));
}

#[test]
fn claims_carry_the_written_move_and_their_occurrences_by_move() {
    let json = arbiter(&[
        "validate",
        "--format",
        "json",
        "fixtures/9.2-threefold/written-move.pgn",
    ]);
    let rows = rows(&json);
    let claim = rows
        .iter()
        .flat_map(|r| r["findings"].as_array().unwrap())
        .find(|f| f["details"]["written_move"].is_string())
        .expect("a claim with a written move");
    let occurrences = claim["details"]["occurrences"].as_array().unwrap();
    assert_eq!(occurrences.len(), claim["plies"].as_array().unwrap().len());
    for o in occurrences {
        let ply = o["ply"].as_u64().unwrap();
        if ply > 0 {
            // The move that reached the position: White's moves at odd plies.
            let mv = o["move"].as_str().unwrap();
            assert_eq!(mv.contains("..."), ply % 2 == 0, "{mv} at ply {ply}");
        }
    }
}

#[test]
fn every_finding_has_details() {
    let json = arbiter(&["validate", "--format", "json", "fixtures/"]);
    let mut findings = 0;
    for row in rows(&json) {
        for f in row["findings"].as_array().unwrap() {
            assert!(f["details"].is_object(), "{f}");
            findings += 1;
        }
    }
    assert!(findings > 300);
}

/// The first finding of this kind in a fixture's JSON rows.
fn finding(file: &str, kind: &str) -> serde_json::Value {
    let json = arbiter(&["validate", "--format", "json", file]);
    rows(&json)
        .iter()
        .flat_map(|r| r["findings"].as_array().cloned().unwrap_or_default())
        .find(|f| f["kind"] == kind)
        .unwrap_or_else(|| panic!("{file}: no {kind}"))
}

#[test]
fn near_misses_are_listed_with_their_move_ply_and_difference() {
    let castling = finding(
        "fixtures/9.2-threefold/near-miss-castling.pgn",
        "threefold-claim-rejected",
    );
    assert_eq!(
        castling["details"]["near_misses"],
        serde_json::json!([{"ply": 0, "move": null, "difference": [
            {"kind": "castling-right", "color": "white", "side": "kingside"},
            {"kind": "castling-right", "color": "black", "side": "kingside"}
        ]}])
    );
    let ep = finding(
        "fixtures/9.2-threefold/near-miss-en-passant.pgn",
        "threefold-claim-rejected",
    );
    assert_eq!(
        ep["details"]["near_misses"],
        serde_json::json!([{"ply": 4, "move": "2...d5", "difference": [
            {"kind": "en-passant", "square": "d6"}
        ]}])
    );
    // A claim that rests on nothing near: an empty list, not a missing one.
    let upheld = finding(
        "fixtures/9.2-threefold/sheet-written-move.pgn",
        "threefold-claim-upheld",
    );
    assert_eq!(upheld["details"]["near_misses"], serde_json::json!([]));
    // Fivefold repetitions list theirs too, beside the occurrences by move.
    let fivefold = finding(
        "fixtures/9.6-automatic/fivefold-castling.pgn",
        "fivefold-repetition",
    );
    assert_eq!(
        fivefold["details"]["near_misses"],
        serde_json::json!([{"ply": 0, "move": null, "difference": [
            {"kind": "castling-right", "color": "white", "side": "kingside"}
        ]}])
    );
    assert!(fivefold["details"]["occurrence_plies"].is_array());
    assert!(fivefold["details"]["occurrences"][1]["move"].is_string());
}

#[test]
fn the_written_move_is_named_as_the_scoresheet_has_it() {
    let upheld = finding(
        "fixtures/9.2-threefold/sheet-written-move.pgn",
        "threefold-claim-upheld",
    );
    let details = &upheld["details"];
    assert_eq!(details["written_move"], "Ng8");
    assert_eq!(details["written_move_as_written"], "Sg8");
    assert_eq!(details["written_move_label"], "4...Ng8");
    // Its occurrence is the written move's own, not the move played next.
    let last = details["occurrences"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last, serde_json::json!({"ply": 8, "move": "4...Ng8"}));
}

#[test]
fn a_one_minute_penalty_cites_a3_and_b3() {
    let rapid = finding(
        "fixtures/7.5-illegal-moves/rapid.pgn",
        "illegal-move-penalty",
    );
    assert_eq!(rapid["article"], "7.5.5");
    assert_eq!(rapid["articles"], serde_json::json!(["7.5.5", "A.3"]));
    let blitz = finding(
        "fixtures/7.5-illegal-moves/blitz.pgn",
        "illegal-move-penalty",
    );
    assert_eq!(
        blitz["articles"],
        serde_json::json!(["7.5.5", "B.3", "A.3"])
    );
    let standard = finding(
        "fixtures/7.5-illegal-moves/standard.pgn",
        "illegal-move-penalty",
    );
    assert!(standard.get("articles").is_none(), "{standard}");
}

#[test]
fn the_sheets_get_the_shortest_mating_line_and_a_batch_the_quick_one() {
    let file = "fixtures/6-clocks/flag-knight-mate-line.pgn";
    let line = |out: &std::process::Output| {
        rows(out)[0]["findings"][0]["details"]["verdict"]["line"].clone()
    };
    // adjudicate is the ruling sheet: the shortest line the search finds, to the mate.
    let sheet = line(&arbiter(&["adjudicate", "--format", "json", file]));
    assert_eq!(sheet, serde_json::json!(["Ka8", "Kc8", "h6", "Nc7#"]));
    // validate and audit print the same rows, with CHA's line (its loops cut):
    // as sound, only longer, and no search in a batch.
    let validate = line(&arbiter(&["validate", "--format", "json", file]));
    let audit = line(&arbiter(&["audit", "--format", "json", file]));
    assert_eq!(validate, audit);
    let plies = validate.as_array().map_or(0, Vec::len);
    assert!(plies >= 4, "{validate}");
    assert!(
        validate[plies - 1]
            .as_str()
            .is_some_and(|m| m.ends_with('#'))
    );
}
