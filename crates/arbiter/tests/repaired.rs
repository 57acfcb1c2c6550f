//! The repaired record (`--repair OUT.pgn`) end to end: every game written
//! back byte for byte except the corrections taken, each marked in a
//! comment; the written file read again by `arbiter validate`.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use std::{fs, path::Path};

use common::{arbiter, arbiter_fed, root, rows, scratch};

const REPAIR: &str = "fixtures/scoresheet-repair";

/// Runs `arbiter [--lang LANG] validate --repair OUT FILE` and returns what it wrote.
fn repaired(file: &str, lang: &str, dir: &Path) -> String {
    let out = dir.join(format!(
        "{lang}-{}",
        Path::new(file).file_name().unwrap().to_string_lossy()
    ));
    let run = arbiter(&[
        "--lang",
        lang,
        "validate",
        "--repair",
        out.to_str().unwrap(),
        file,
    ]);
    assert!(run.status.code().is_some_and(|c| c < 2), "{run:?}");
    fs::read_to_string(&out).expect("the repaired record")
}

fn input(file: &str) -> String {
    fs::read_to_string(root().join(file)).expect("fixture")
}

/// The input with each (written, repaired) pair replaced once, in order:
/// everything else must be byte for byte as it was.
fn edited(file: &str, edits: &[(&str, &str)]) -> String {
    let mut text = input(file);
    let mut from = 0;
    for (old, new) in edits {
        let at = from
            + text[from..]
                .find(old)
                .unwrap_or_else(|| panic!("{old} in {file}"));
        text.replace_range(at..at + old.len(), new);
        from = at + new.len();
    }
    text
}

#[test]
fn typos_are_written_corrected_with_a_comment_each() {
    let dir = scratch("repair-typos");
    let file = format!("{REPAIR}/typos.pgn");
    let expected = edited(
        &file,
        &[
            (
                "4. Bg4 Be7",
                "4. Bg5 { arbiter: written \"Bg4\", read as Bg5 (a square written wrong; the record then replays to White's move 10) } Be7",
            ),
            (
                "10. Bxe7 Kxe7 11.",
                "10. Bxe7 Qxe7 { arbiter: written \"Kxe7\", read as Qxe7 (a wrong piece letter; the record then replays to Black's move 15) } 11.",
            ),
            // A German sheet: the moves in its letters.
            (
                "3. Sb5 a6",
                "3. Lb5 { arbiter: written \"Sb5\", read as Lb5 (a wrong piece letter; the record then replays to Black's move 5) } a6",
            ),
            (
                "6. Le1 b5",
                "6. Te1 { arbiter: written \"Le1\", read as Te1 (a wrong piece letter; the record then replays to Black's move 17) } b5",
            ),
            (
                "18. Lc3 Sc5",
                "18. Le3 { arbiter: written \"Lc3\", read as Le3 (a square written wrong; the record then replays to Black's move 20) } Sc5",
            ),
            (
                "3. Lb9 a6",
                "3. Lb5 { arbiter: written \"Lb9\", read as Lb5 (a square written wrong; the record then replays to Black's move 8) } a6",
            ),
            (
                "3. Sb5 a6",
                "3. Lb5 { arbiter: written \"Sb5\", read as Lb5 (a wrong piece letter; the record then replays to Black's move 10) } a6",
            ),
        ],
    );
    assert_eq!(repaired(&file, "en", &dir), expected);
}

#[test]
fn missing_moves_are_inserted_with_their_numbers() {
    let dir = scratch("repair-missing");
    let file = format!("{REPAIR}/missing-moves.pgn");
    let written = repaired(&file, "en", &dir);
    assert!(written.contains(
        "7. Ld3 7... d5 { arbiter: missing from the scoresheet, inserted (the record then replays to Black's move 12) } 8. exd5 cxd5"
    ), "{written}");
    assert!(written.contains(
        "7. Sb3 Le7 8. O-O { arbiter: missing from the scoresheet, inserted (the record then replays to Black's move 14) } \
         8... O-O { arbiter: missing from the scoresheet, inserted (the record then replays to Black's move 14) } 9. Le3"
    ), "{written}");
}

#[test]
fn swapped_moves_and_a_move_written_twice() {
    let dir = scratch("repair-order");
    let file = format!("{REPAIR}/order.pgn");
    let expected = edited(
        &file,
        &[
            (
                "10. Nf1 Re8 11. Nbd2 Be6",
                "10. Nbd2 { arbiter: written \"Nf1\", read as Nbd2 (two moves swapped; the record then replays to Black's move 14) } Re8 \
                 11. Nf1 { arbiter: written \"Nbd2\", read as Nf1 (two moves swapped; the record then replays to Black's move 14) } Be6",
            ),
            (
                "8. c3 c3 O-O",
                "8. c3 { arbiter: \"c3\" written twice, left out (the record then replays to Black's move 12) } O-O",
            ),
        ],
    );
    assert_eq!(repaired(&file, "en", &dir), expected);
}

#[test]
fn a_tie_changes_nothing_and_lists_the_candidates() {
    let dir = scratch("repair-tie");
    let file = format!("{REPAIR}/ambiguous.pgn");
    let expected = edited(
        &file,
        &[(
            "30. Sd1 h6",
            "30. Sd1 { arbiter: not corrected: 30. Td1 (a wrong piece letter), 30. Dd1 (a wrong piece letter) explain the record equally } h6",
        )],
    );
    assert_eq!(repaired(&file, "en", &dir), expected);
}

#[test]
fn a_move_that_stood_and_a_number_in_the_wrong_column() {
    let dir = scratch("repair-stood");
    let stood = repaired(&format!("{REPAIR}/stood.pgn"), "en", &dir);
    assert!(stood.contains(
        "5. Nxd4 Ne5 { arbiter: an illegal move that stood, kept as written; the record then replays to White's move 10 } 6. f4"
    ), "{stood}");
    let file = format!("{REPAIR}/move-numbers.pgn");
    let expected = edited(
        &file,
        &[(
            "1. d4 2. d5 2. c4",
            "1. d4 { arbiter: written \"2.\": a move written in the wrong column } 1... d5 2. c4",
        )],
    );
    assert_eq!(repaired(&file, "en", &dir), expected);
}

#[test]
fn the_comments_speak_german_and_the_moves_keep_the_sheets_letters() {
    let dir = scratch("repair-german");
    let written = repaired(&format!("{REPAIR}/letters.pgn"), "de", &dir);
    assert!(written.contains(
        "4. c3 { arbiter: notiert „Bc3“, gelesen als c3 (falscher Figurenbuchstabe; damit lässt sich die Mitschrift bis zum 12. Zug von Schwarz nachspielen) } Sf6"
    ), "{written}");
}

#[test]
fn crlf_stays_crlf_and_standard_input_works() {
    let dir = scratch("repair-crlf");
    let crlf = input(&format!("{REPAIR}/order.pgn")).replace('\n', "\r\n");
    let out = dir.join("out.pgn");
    let run = arbiter_fed(
        &["validate", "--repair", out.to_str().unwrap(), "-"],
        crlf.as_bytes(),
    );
    assert_eq!(run.status.code(), Some(1));
    let written = fs::read_to_string(&out).unwrap();
    let from_file = repaired(&format!("{REPAIR}/order.pgn"), "en", &dir);
    assert_eq!(written, from_file.replace('\n', "\r\n"));
}

#[test]
fn the_written_record_reads_again_and_replays_further() {
    let dir = scratch("repair-again");
    for name in ["typos", "missing-moves", "order", "letters", "move-numbers"] {
        let file = format!("{REPAIR}/{name}.pgn");
        let written = dir.join(format!("{name}.pgn"));
        fs::write(&written, repaired(&file, "en", &dir)).unwrap();
        let before = rows(&arbiter(&["validate", "--format", "json", &file]));
        let after = rows(&arbiter(&[
            "validate",
            "--format",
            "json",
            written.to_str().unwrap(),
        ]));
        assert_eq!(before.len(), after.len(), "{name}: every game written");
        for (b, a) in before.iter().zip(&after) {
            let errors: Vec<_> = a["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["severity"] == "error")
                .collect();
            // typos game 4: 11.Kc7, which nothing explains, stays an error.
            if b["repairs"].as_u64() > Some(0) && !(name == "typos" && b["game"] == 4) {
                assert!(errors.is_empty(), "{name} game {}: {errors:?}", b["game"]);
                assert_eq!(
                    a["plies"], b["reconstructed_plies"],
                    "{name} game {}",
                    b["game"]
                );
                assert!(
                    a["plies"].as_u64() > b["plies"].as_u64(),
                    "{name} game {}",
                    b["game"]
                );
                assert_eq!(a["repairs"], 0, "{name} game {}", b["game"]);
            }
        }
    }
}

#[test]
fn the_input_is_never_the_output() {
    let dir = scratch("repair-refuse");
    let file = dir.join("round.pgn");
    fs::copy(root().join(REPAIR).join("typos.pgn"), &file).unwrap();
    let before = fs::read(&file).unwrap();
    for target in [file.clone(), dir.join(".").join("round.pgn")] {
        let run = arbiter(&[
            "validate",
            "--repair",
            target.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(2));
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(
            err.contains("--repair") && err.contains(target.to_str().unwrap()),
            "{err}"
        );
    }
    // A folder of inputs holding the file: refused as well.
    let run = arbiter(&[
        "audit",
        "--repair",
        file.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(fs::read(&file).unwrap(), before, "the input is unchanged");
}

#[test]
fn a_hard_link_or_standard_input_from_the_input_is_refused_too() {
    let dir = scratch("repair-link");
    let file = dir.join("round.pgn");
    fs::copy(root().join(REPAIR).join("typos.pgn"), &file).unwrap();
    let before = fs::read(&file).unwrap();
    let link = dir.join("other.pgn");
    fs::hard_link(&file, &link).unwrap();
    let run = arbiter(&[
        "validate",
        "--repair",
        link.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert_eq!(fs::read(&file).unwrap(), before, "the input is unchanged");
    // `--repair round.pgn - < round.pgn`.
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", "--repair", file.to_str().unwrap(), "-"])
        .stdin(fs::File::open(&file).unwrap())
        .output()
        .expect("run arbiter");
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert_eq!(fs::read(&file).unwrap(), before, "the input is unchanged");
}

#[test]
fn the_report_is_never_the_repaired_record() {
    let dir = scratch("repair-report");
    let input = root().join(REPAIR).join("typos.pgn");
    let target = dir.join("out.pgn");
    // The same file under two spellings, one of them not existing yet.
    let other = dir.join(".").join("out.pgn");
    for (flag, sub) in [("--output", "validate"), ("--summary", "audit")] {
        let run = arbiter(&[
            sub,
            "--repair",
            target.to_str().unwrap(),
            flag,
            other.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(2), "{flag}: {run:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains("--repair"), "{err}");
        assert!(!target.exists(), "{flag}: nothing is written");
    }
}

#[test]
fn several_files_are_written_one_after_the_other() {
    let dir = scratch("repair-several");
    let out = dir.join("all.pgn");
    let run = arbiter(&[
        "audit",
        "--repair",
        out.to_str().unwrap(),
        &format!("{REPAIR}/order.pgn"),
        &format!("{REPAIR}/letters.pgn"),
    ]);
    assert_eq!(run.status.code(), Some(1));
    let again = rows(&arbiter(&[
        "validate",
        "--format",
        "json",
        out.to_str().unwrap(),
    ]));
    assert_eq!(again.len(), 3);
    assert!(
        again
            .iter()
            .all(|r| r["repairs"] == 0 && r["plies"].as_u64() > Some(20))
    );
}

#[test]
fn a_windows_1252_game_gets_its_comments_in_windows_1252() {
    let dir = scratch("repair-latin1");
    let pgn =
        b"[Event \"G\xf6rlitz\"]\n[Result \"*\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Sb5 a6 4. Lxc6 dxc6 *\n";
    let file = dir.join("latin1.pgn");
    fs::write(&file, pgn).unwrap();
    let out = dir.join("out.pgn");
    let run = arbiter(&[
        "--lang",
        "de",
        "validate",
        "--repair",
        out.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(1));
    let written = fs::read(&out).unwrap();
    let expected: Vec<u8> = [
        &b"[Event \"G\xf6rlitz\"]\n[Result \"*\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 { arbiter: notiert \x84Sb5\x93, gelesen als Lb5 (falscher Figurenbuchstabe; damit l\xe4sst sich die Mitschrift bis zum 4. Zug von Schwarz nachspielen) } a6 4. Lxc6 dxc6 *\n"[..],
    ]
    .concat();
    assert_eq!(
        String::from_utf8_lossy(&written),
        String::from_utf8_lossy(&expected)
    );
    assert_eq!(written, expected);
}
