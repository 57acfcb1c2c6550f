//! The first hour of a new user (issue 21): wrong inputs say what is wrong
//! with which path, and exit 2; spreadsheets open in German Excel; the
//! summary lists the games whose result the rulings change.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use std::{fs, process::Output};

use common::{arbiter, rows, scratch, stdout};

const MATE: &str = "fixtures/5-endings/fools-mate.pgn";

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn code(out: &Output) -> Option<i32> {
    out.status.code()
}

#[test]
fn an_empty_file_is_a_warning_naming_it_and_exit_2_when_nothing_was_read() {
    let dir = scratch("empty-file");
    let empty = dir.join("empty.pgn");
    fs::write(&empty, "").unwrap();
    let empty = empty.to_str().unwrap();
    let out = arbiter(&["validate", empty]);
    assert_eq!(code(&out), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains(&format!("{empty}: no games")), "{err}");
    assert!(err.contains("no game was read"), "{err}");

    // Beside a source with games: a warning, and the run goes on.
    let out = arbiter(&["validate", empty, MATE]);
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains(&format!("warning: {empty}: no games")));

    let out = arbiter(&["--lang", "de", "validate", empty]);
    assert_eq!(code(&out), Some(2));
    assert!(
        stderr(&out).contains(&format!("{empty}: keine Partien")),
        "{}",
        stderr(&out)
    );
    fs::remove_dir_all(dir).ok();
}

#[test]
fn a_folder_without_pgn_files_is_a_usage_error_naming_it() {
    let dir = scratch("no-pgn");
    fs::write(dir.join("notes.txt"), "1. e4 e5").unwrap();
    let name = dir.to_str().unwrap();
    for args in [vec!["validate", name], vec!["audit", name]] {
        let out = arbiter(&args);
        assert_eq!(code(&out), Some(2));
        let err = stderr(&out);
        assert!(err.contains(&format!("{name}: no PGN files")), "{err}");
    }
    let out = arbiter(&["--lang", "de", "audit", name]);
    assert!(
        stderr(&out).contains("keine PGN-Dateien"),
        "{}",
        stderr(&out)
    );
    fs::remove_dir_all(dir).ok();
}

#[test]
fn an_output_path_in_a_missing_folder_is_an_error_naming_it() {
    let dir = scratch("missing-out");
    let out_file = dir.join("no/such/dir/report.csv");
    let out_file = out_file.to_str().unwrap();
    let out = arbiter(&["validate", "--format", "csv", "-o", out_file, MATE]);
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains(out_file), "{}", stderr(&out));

    let sheets = dir.join("no/such/sheets");
    let sheets = sheets.to_str().unwrap();
    let out = arbiter(&["audit", "--html", sheets, MATE]);
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains(sheets), "{}", stderr(&out));

    let page = dir.join("no/such/sheet.html");
    let page = page.to_str().unwrap();
    let out = arbiter(&["adjudicate", MATE, "--html", page]);
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains(page), "{}", stderr(&out));
    fs::remove_dir_all(dir).ok();
}

#[test]
fn binary_input_is_not_a_pgn_file() {
    let dir = scratch("binary");
    let files = [
        (
            "photo.pgn",
            &[0xff, 0xd8, 0xff, 0xe0, 0, 0x10, b'J', b'F'][..],
            "JPEG",
        ),
        ("scan.pgn", b"\x89PNG\r\n\x1a\n\0\0", "PNG"),
        ("sheet.pgn", b"%PDF-1.7\n%\xe2\xe3", "PDF"),
        ("round.pgn", b"PK\x03\x04\x14\0\0\0", "zip"),
        ("blob.pgn", b"\0\0\0\x01[Event \"x\"]", "binary"),
    ];
    for (name, bytes, what) in files {
        let path = dir.join(name);
        fs::write(&path, bytes).unwrap();
        let path = path.to_str().unwrap();
        let out = arbiter(&["validate", path]);
        assert_eq!(code(&out), Some(2), "{name}");
        let err = stderr(&out);
        assert!(err.contains(&format!("{path}: not a PGN file")), "{err}");
        assert!(err.contains(what), "{err}");
        assert!(!stdout(&out).contains("unreadable-game"), "{name}");

        // Beside a real scoresheet the run goes on: exit as --fail-on says.
        let out = arbiter(&["validate", path, MATE]);
        assert_eq!(code(&out), Some(0), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains("not a PGN file"));

        let out = arbiter(&["adjudicate", path]);
        assert_eq!(code(&out), Some(2));
        assert!(stderr(&out).contains(&format!("{path}: not a PGN file")));
    }
    let out = arbiter(&[
        "--lang",
        "de",
        "validate",
        dir.join("photo.pgn").to_str().unwrap(),
    ]);
    assert!(stderr(&out).contains("keine PGN-Datei"), "{}", stderr(&out));
    fs::remove_dir_all(dir).ok();
}

#[test]
fn a_missing_input_is_named() {
    let out = arbiter(&["validate", "no/such/file.pgn"]);
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains("no/such/file.pgn: no such file"));
    let out = arbiter(&["adjudicate", "no/such/file.pgn"]);
    assert_eq!(code(&out), Some(2));
    assert!(
        stderr(&out).contains("no/such/file.pgn: "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn adjudicate_needs_the_game() {
    let dir = scratch("adjudicate-empty");
    let empty = dir.join("empty.pgn");
    fs::write(&empty, "\n\n").unwrap();
    let empty = empty.to_str().unwrap();
    let out = arbiter(&["adjudicate", empty]);
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains(&format!("{empty}: there is no game")));

    let out = arbiter(&["adjudicate", MATE, "--game", "0"]);
    assert_eq!(code(&out), Some(2));
    assert!(
        stderr(&out).contains("games count from 1"),
        "{}",
        stderr(&out)
    );
    let out = arbiter(&["--lang", "de", "adjudicate", MATE, "--game", "0"]);
    assert!(stderr(&out).contains("ab 1 gezählt"), "{}", stderr(&out));

    let out = arbiter(&["adjudicate", MATE, "--game", "7"]);
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains("has 1 game"), "{}", stderr(&out));
    fs::remove_dir_all(dir).ok();
}

/// A game with a German name and a round.board tag whose result the rulings change.
const MUELLER: &str = "[Event \"Vereinsmeisterschaft\"]\n[Site \"Köln\"]\n[Date \"2024.05.01\"]\n\
[Round \"5.3\"]\n[White \"Müller, Jürgen\"]\n[Black \"Weiß, Käthe\"]\n[Result \"1-0\"]\n\n\
1. f3 e5 2. g4 Qh4# 1-0\n";

#[test]
fn excel_csv_has_a_bom_semicolons_and_round_trips_umlauts() {
    let dir = scratch("excel");
    let pgn = dir.join("runde5.pgn");
    fs::write(&pgn, MUELLER).unwrap();
    let csv = dir.join("runde5.csv");
    let out = arbiter(&[
        "--lang",
        "de",
        "validate",
        "--format",
        "csv",
        "--csv-dialect",
        "excel",
        "--fail-on",
        "never",
        "-o",
        csv.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    let bytes = fs::read(&csv).unwrap();
    assert!(bytes.starts_with("\u{feff}source;game;".as_bytes()));
    let script = r#"
import csv, sys
with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
    rows = list(csv.DictReader(f, delimiter=";"))
r = [r for r in rows if r["kind"] == "result-mismatch"][0]
print(r["white"], r["black"], r["round"], r["board"], r["recorded_result"], r["ruled_result"], sep="|")
print(r["message"])
"#;
    let python = std::process::Command::new("python3")
        .args(["-c", script, csv.to_str().unwrap()])
        .output()
        .expect("python3");
    let text = String::from_utf8(python.stdout.clone()).unwrap();
    assert!(python.status.success(), "{}", stderr(&python));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("Müller, Jürgen|Weiß, Käthe|5|3|1-0|0-1"));
    let message = lines.next().unwrap();
    assert!(
        message.contains("Schwarz") || message.contains("Ergebnis"),
        "German message: {message}"
    );

    // The standard dialect stays comma-separated without BOM.
    let out = arbiter(&["validate", "--format", "csv", pgn.to_str().unwrap()]);
    assert!(stdout(&out).starts_with("source,game,"));
    fs::remove_dir_all(dir).ok();
}

#[test]
fn the_summary_lists_the_games_whose_result_changes() {
    let dir = scratch("summary");
    let pgn = dir.join("runde5.pgn");
    // Game 1: recorded 1-0, mate by Black: result-mismatch. Game 2: recorded
    // `*`, the same mate: changed, but no result-mismatch. Game 3: correct.
    let unfinished = MUELLER
        .replace("[Result \"1-0\"]", "[Result \"*\"]")
        .replace("Qh4# 1-0", "Qh4# *")
        .replace("5.3", "5.4");
    let correct = MUELLER
        .replace("[Result \"1-0\"]", "[Result \"0-1\"]")
        .replace("Qh4# 1-0", "Qh4# 0-1")
        .replace("5.3", "5.5");
    fs::write(&pgn, format!("{MUELLER}\n{unfinished}\n{correct}")).unwrap();
    let name = pgn.to_str().unwrap();
    let out = arbiter(&["audit", "--fail-on", "never", "--jobs", "1", name]);
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("results changed by the rulings: 2"), "{text}");
    assert!(
        text.contains(&format!(
            "  {name}, game 1, round 5.3, Müller, Jürgen – Weiß, Käthe: 1-0 → 0-1 (checkmate, Art. 5.1.1)"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("  {name}, game 2, round 5.4,")),
        "{text}"
    );
    assert!(!text.contains(&format!("{name}, game 3,")), "{text}");
    assert!(
        text.contains("1 of these game(s) had no decided recorded result"),
        "{text}"
    );
    let mismatch = text
        .lines()
        .find(|l| l.trim_start().starts_with("result-mismatch"))
        .unwrap();
    assert!(mismatch.contains(" 1 "), "{mismatch}");

    let out = arbiter(&["--lang", "de", "audit", "--fail-on", "never", name]);
    let text = stdout(&out);
    assert!(text.contains("geänderte Ergebnisse: 2"), "{text}");
    assert!(text.contains("Partie 1, Runde 5.3"), "{text}");
    let summary = &text[text.find("Partien mit Befunden").unwrap()..];
    assert!(
        !summary.contains("result-mismatch") && summary.contains("Schachmatt"),
        "German kind names: {summary}"
    );
    fs::remove_dir_all(dir).ok();
}

#[test]
fn completions_and_the_manual_page_come_from_the_options() {
    for (shell, marker) in [
        ("bash", "_arbiter()"),
        ("zsh", "#compdef arbiter"),
        ("fish", "complete -c arbiter"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = arbiter(&["completions", shell]);
        assert_eq!(code(&out), Some(0), "{shell}");
        let text = stdout(&out);
        assert!(text.contains(marker), "{shell}: {text}");
        assert!(text.contains("csv-dialect"), "{shell}");
    }
    let out = arbiter(&["manpage"]);
    assert_eq!(code(&out), Some(0));
    let page = stdout(&out);
    assert!(page.contains(".TH arbiter 1"), "{page}");
    assert!(page.contains("validate"), "{page}");

    let dir = scratch("man");
    let out = arbiter(&["manpage", "--dir", dir.to_str().unwrap()]);
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    assert!(dir.join("arbiter.1").is_file());
    assert!(dir.join("arbiter-audit.1").is_file());
    fs::remove_dir_all(dir).ok();
}

#[test]
fn each_subcommand_lists_only_its_own_options() {
    let validate = stdout(&arbiter(&["validate", "--help"]));
    assert!(!validate.contains("--summary"), "{validate}");
    assert!(!validate.contains("--no-duplicates"), "{validate}");
    assert!(validate.contains("--html"), "validate writes sheets too");
    let audit = stdout(&arbiter(&["audit", "--help"]));
    assert!(audit.contains("--summary") && audit.contains("--no-duplicates"));
    let can_mate = stdout(&arbiter(&["can-mate", "--help"]));
    assert!(
        can_mate.contains("text, json") && !can_mate.contains("csv"),
        "{can_mate}"
    );
    assert_eq!(
        code(&arbiter(&[
            "can-mate",
            "--format",
            "csv",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1"
        ])),
        Some(2)
    );
}

#[test]
fn progress_always_writes_plain_lines_when_standard_error_is_no_terminal() {
    let out = arbiter(&["audit", "--progress", "always", "--fail-on", "never", MATE]);
    assert_eq!(code(&out), Some(0));
    let err = stderr(&out);
    let last = err.lines().last().unwrap_or_default();
    assert!(last.starts_with("1 games, "), "{err}");
    assert!(
        !err.contains('\r') && !err.contains('\u{1b}'),
        "plain lines: {err:?}"
    );
    let out = arbiter(&["--lang", "de", "audit", "--progress", "always", MATE]);
    assert!(stderr(&out).contains("1 Partien, "), "{}", stderr(&out));
    let quiet = arbiter(&["audit", "--fail-on", "never", MATE]);
    assert!(stderr(&quiet).is_empty(), "auto: nothing off a terminal");
}

#[test]
fn ascii_boards_use_german_letters() {
    let out = arbiter(&["--lang", "de", "adjudicate", MATE, "--ascii"]);
    let text = stdout(&out);
    assert!(text.contains("  1  T S L D K L S T"), "{text}");
}

#[test]
fn clap_errors_are_german_with_lang_de() {
    let out = arbiter(&["--lang", "de", "audit", "--format", "xml", MATE]);
    assert_eq!(code(&out), Some(2));
    let err = stderr(&out);
    assert!(err.contains("Fehler: ungültiger Wert 'xml'"), "{err}");
    assert!(err.contains("mögliche Werte"), "{err}");
    let out = arbiter(&["--lang", "de", "validate", "--bogus", MATE]);
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains("Aufruf: arbiter validate [OPTIONEN]"));
}

/// The text views name a move as an arbiter does, by its number (in the
/// scoresheet's language), with the ply beside it for the JSON reader; a
/// result the board changes names the move that ended the game, not a ply.
#[test]
fn text_views_name_moves_by_their_number() {
    let file = "fixtures/5-endings/flag-draw.pgn";
    let de = stdout(&arbiter(&[
        "validate",
        "--lang",
        "de",
        "--fail-on",
        "never",
        file,
    ]));
    assert!(
        de.contains("(Partie 1, Bare, King – Rook, Side, 2. Kc2 (Halbzug 3))"),
        "{de}"
    );
    assert!(
        de.contains("das Blättchen von Schwarz fiel nach 2. Kc2 (Halbzug 3)"),
        "{de}"
    );
    assert!(!de.contains("nach Halbzug"), "{de}");
    let en = stdout(&arbiter(&["audit", "--fail-on", "never", file]));
    assert!(en.contains("game 2, 1.Nxc2 (ply 1): "), "{en}");
    assert!(en.contains("a dead position after 1.Nxc2 (ply 1)"), "{en}");
    let json = rows(&arbiter(&[
        "validate",
        "--format",
        "json",
        "--fail-on",
        "never",
        file,
    ]));
    let mismatch = json[0]["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["kind"] == "result-mismatch")
        .expect("a result-mismatch");
    assert_eq!(mismatch["details"]["cause_move"], "2.Kc2");
    assert_eq!(mismatch["details"]["cause_ply"], 3);
    assert_eq!(mismatch["move_number"], "2.Kc2");
}
