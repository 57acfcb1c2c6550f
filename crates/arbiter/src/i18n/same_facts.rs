//! English and German carry the same facts: every finding of every fixture
//! is rendered in both languages, and each move, ply or other number,
//! clock reading, article and can-mate verdict that the English sentence
//! names must appear in the German one too.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code

use std::path::{Path, PathBuf};

use audit::{GameReport, Options};
use laws::{GameClass, Supervision};

use super::{Lang, de};

/// Every file under `dir` whose name ends in `.EXTENSION`, in sorted order.
fn files_with(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixtures folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_with(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

/// The options a fixture's `.args` file gives (`--rules rapid`, `--supervision full`).
fn options(pgn: &Path) -> Options {
    let args = std::fs::read_to_string(pgn.with_extension("args")).unwrap_or_default();
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut options = Options::default();
    for pair in words.windows(2) {
        match pair {
            ["--rules", "standard"] => options.class = Some(GameClass::Standard),
            ["--rules", "rapid"] => options.class = Some(GameClass::Rapid),
            ["--rules", "blitz"] => options.class = Some(GameClass::Blitz),
            ["--supervision", "full"] => options.supervision = Supervision::Full,
            _ => {}
        }
    }
    options
}

fn reports() -> Vec<GameReport> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut files = Vec::new();
    files_with(&root, "pgn", &mut files);
    assert!(files.len() > 100, "the fixtures are there");
    let mut reports = Vec::new();
    for file in files {
        let bytes = std::fs::read(&file).expect("fixture");
        let options = options(&file);
        let name = file.display().to_string();
        for (i, text) in scoresheet::Splitter::new(bytes.as_slice()).enumerate() {
            let text = text.expect("game text");
            reports.push(audit::check_game_with(
                name.as_str(),
                i + 1,
                &text,
                &options,
            ));
        }
    }
    reports.extend(tournament_reports(&root));
    reports
}

/// Every TRF of the fixtures against the games beside it (or, where there
/// are none, the clean tournament's): the rows of the file, the games with
/// their TRF findings, and the pairings without a game.
fn tournament_reports(root: &Path) -> Vec<GameReport> {
    let mut trfs = Vec::new();
    files_with(root, "trf", &mut trfs);
    assert!(trfs.len() >= 6, "the tournament fixtures are there");
    let mut reports = Vec::new();
    for trf in trfs {
        let dir = trf.parent().expect("a folder");
        let mut games = Vec::new();
        files_with(dir, "pgn", &mut games);
        if games.is_empty() {
            files_with(&root.join("tournament/clean"), "pgn", &mut games);
        }
        let bytes = std::fs::read(&trf).expect("trf");
        let mut t = audit::tournament::Tournament::read(&trf.display().to_string(), &bytes, None);
        reports.extend(t.file_row());
        for file in games {
            let bytes = std::fs::read(&file).expect("fixture");
            let name = file.display().to_string();
            for (i, text) in scoresheet::Splitter::new(bytes.as_slice()).enumerate() {
                let text = text.expect("game text");
                let mut report = audit::check_game(&name, i + 1, &text);
                t.game(&mut report);
                reports.push(report);
            }
        }
        reports.extend(t.finish());
    }
    reports
}

fn is_move_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '=' | '+' | '#' | '-' | '.' | '@')
}

/// Moves named in a sentence: SAN and labels (`40...Kg7`, `Nf3`, `exd5`,
/// `O-O`), found as words with a file letter followed by a rank digit.
fn moves(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| !is_move_char(c))
        .map(|w| w.trim_end_matches(['.', '-']))
        .filter(|w| {
            let b = w.as_bytes();
            let square = b
                .windows(2)
                .any(|p| (b'a'..=b'h').contains(&p[0]) && (b'1'..=b'8').contains(&p[1]));
            let castle = w.contains("O-O");
            (square || castle) && w.len() <= 14 && !w.contains(':')
        })
        .map(|w| {
            // A label's number: "40...Kg7" and "40.Kg7" name the move "Kg7".
            w.rsplit('.').next().unwrap_or(w).to_string()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Clock readings (`0:10:00`, `1:01.5`) and article numbers (`9.5.2`).
fn dotted(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| !(c.is_ascii_digit() || c == ':' || c == '.'))
        .map(|w| w.trim_matches(['.', ':']))
        .filter(|w| (w.contains(':') || w.contains('.')) && w.chars().any(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// Whole numbers outside moves, clocks and articles.
fn numbers(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '"' | '“' | '„'))
        .filter(|w| !w.contains(':') && !w.contains('.') && !w.contains('/'))
        .filter(|w| w.chars().all(|c| c.is_ascii_digit()) && !w.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn english_and_german_carry_the_same_facts() {
    let (en, de_m) = (Lang::En.messages(), Lang::De.messages());
    let mut checked = 0;
    let mut failures = Vec::new();
    for report in reports() {
        for f in &report.findings {
            let english = en.sentence(&report, f);
            let german = de_m.sentence(&report, f);
            assert!(!german.contains("(engl.:"), "{german}");
            // The German forms of the same facts: piece letters, labels with a
            // space after White's move number, results with ½.
            let german_norm = german.replace(". ", ".").replace("½-½", "1/2-1/2");
            let mut missing = Vec::new();
            for mv in moves(&english) {
                if !german_norm.contains(&de::san_letters(&mv)) && !german_norm.contains(&mv) {
                    missing.push(mv);
                }
            }
            for token in dotted(&english) {
                if !german_norm.contains(&token) && !german.contains(&token) {
                    missing.push(token);
                }
            }
            let german_numbers = numbers(&german.replace(['.', ':'], " "));
            let english_text = english.clone();
            for n in numbers(&english) {
                let seconds = english_text.contains(&format!("{n} seconds"));
                let as_duration = n
                    .parse::<u32>()
                    .is_ok_and(|s| german.contains(&de::duration_words(s)));
                let named = german_numbers.contains(&n) || (seconds && as_duration);
                if !named {
                    missing.push(n);
                }
            }
            let verdicts = [
                ("can still checkmate", "kann noch mattsetzen"),
                ("cannot checkmate", "kann mit keiner Folge"),
                ("could not be decided", "nicht entscheidbar"),
            ];
            for (english_words, german_words) in verdicts {
                if english.contains(english_words) && !german.contains(german_words) {
                    missing.push(english_words.to_string());
                }
            }
            checked += 1;
            if !missing.is_empty() {
                failures.push(format!(
                    "{} game {} {}: {missing:?}\n  en: {english}\n  de: {german}",
                    report.source, report.game, f.kind
                ));
            }
        }
    }
    assert!(checked > 300, "only {checked} findings");
    assert!(
        failures.is_empty(),
        "{} of {checked} German sentences lack facts of the English:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_extractors_find_what_a_sentence_names() {
    assert_eq!(
        moves("White's move 31 \"Qxe1\" is not legal; perhaps Qd1 or 40...Kg7 was meant"),
        vec!["Qxe1", "Qd1", "Kg7"]
    );
    assert_eq!(
        dotted("clock 0:10:00 → 0:12:00 (9.5.2)"),
        vec!["0:10:00", "0:12:00", "9.5.2"]
    );
    assert_eq!(
        numbers("gets 120 seconds (plies 4, 8)"),
        vec!["120", "4", "8"]
    );
}
