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
