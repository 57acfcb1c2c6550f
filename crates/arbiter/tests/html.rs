//! The HTML ruling sheet end to end: snapshots of whole pages (`insta`),
//! `audit --html DIR` with its index, and escaping of what the input says.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use std::{
    fs,
    io::Write,
    process::{Command, Stdio},
};

use common::{arbiter, scratch};

/// The sheet `adjudicate` writes for one game.
fn sheet(file: &str, game: &str, lang: &str) -> String {
    let dir = scratch(&format!("{}-{game}-{lang}", file.replace('/', "_")));
    let path = dir.join("sheet.html");
    let out = arbiter(&[
        "adjudicate",
        file,
        "--game",
        game,
        "--lang",
        lang,
        "--html",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    let html = fs::read_to_string(&path).expect("sheet written");
    fs::remove_dir_all(dir).ok();
    html
}

/// The page without its style sheet and piece drawings, which are the same
/// on every page and tested on their own: the snapshot shows the content.
fn content(html: &str) -> String {
    let mut out = html.to_string();
    for (open, close, stub) in [
        ("<style>", "</style>", "<style>…</style>"),
        (
            "<svg class=\"pieces\"",
            "</svg>\n",
            "<svg class=\"pieces\">…</svg>\n",
        ),
    ] {
        if let (Some(a), Some(b)) = (out.find(open), out.find(close)) {
            out.replace_range(a..b + close.len(), stub);
        }
    }
    out
}

#[test]
fn threefold_claim_with_its_plies() {
    let html = sheet("fixtures/9.2-threefold/fourth-occurrence.pgn", "3", "en");
    assert_eq!(html.matches("<svg class=\"board\"").count(), 1);
    assert!(html.contains("occurred after plies 3 (2.), 7 (4.), 11 (6.)"));
    insta::assert_snapshot!("threefold_en", content(&html));
}

#[test]
fn illegal_moves_in_german() {
    let html = sheet("fixtures/7.5-illegal-moves/basic.pgn", "1", "de");
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"de\">"));
    assert_eq!(html.matches("<svg class=\"board\"").count(), 2);
    // Ke3 from e1: the arrow of the illegal move.
    assert_eq!(html.matches("class=\"arrow\"").count(), 1);
    assert!(html.contains("Regelwidriger Zug: Zeitgutschrift"));
    assert!(html.contains("<strong>Kann Schwarz noch mattsetzen?</strong>"));
    assert!(html.contains("3. Lc4"), "German piece letters in moves");
    insta::assert_snapshot!("illegal_de", content(&html));
}

#[test]
fn flag_fall_with_the_verdict() {
    let html = sheet("fixtures/5-endings/flag-draw.pgn", "1", "en");
    assert!(html.contains("Can White still checkmate?"));
    assert!(html.contains("No: there is not enough material to checkmate"));
    insta::assert_snapshot!("flag_draw_en", content(&html));
    let html = sheet("fixtures/5-endings/flag-win-stands.pgn", "1", "de");
    assert!(html.contains("Ja: eine Mattführung: "), "{html}");
}

#[test]
fn touched_pieces_are_highlighted() {
    let html = sheet("fixtures/4-touch-move/own-piece.pgn", "3", "de");
    // e1 and g1 touched, Nf3 played.
    assert_eq!(html.matches("class=\"mark\"").count(), 2);
    assert_eq!(html.matches("class=\"arrow\"").count(), 1);
    assert!(html.contains("berührt: e1, g1"));
    assert!(html.contains("gespielt: 2. Sf3"), "{html}");
    insta::assert_snapshot!("touch_de", content(&html));
}

#[test]
fn every_page_is_self_contained() {
    let html = sheet("fixtures/9.6-automatic/fivefold-knights.pgn", "2", "en");
    // The SVG namespace is a name, not a resource.
    let rest = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for outside in ["<script", "src=", "http", "@import", "url("] {
        assert!(!rest.contains(outside), "{outside}");
    }
    assert!(html.contains("@page { size: A4"));
    assert!(html.contains("break-inside: avoid"));
    assert_eq!(
        html.matches("<symbol id=").count(),
        12,
        "pieces embedded once"
    );
}

#[test]
fn names_from_the_input_are_escaped() {
    let pgn = "[White \"<script>alert('x')</script>\"]\n[Black \"A & B\"]\n[Result \"1-0\"]\n\n\
               1. e4 e5 { [%illegal Ke3] } 2. Nf3 1-0\n";
    let dir = scratch("escape");
    let path = dir.join("sheet.html");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["adjudicate", "-", "--html", path.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("run arbiter");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    child.wait().unwrap();
    let html = fs::read_to_string(&path).unwrap();
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    assert!(html.contains("A &amp; B"));
    fs::remove_dir_all(dir).ok();
}

#[test]
fn clock_before_and_after_a_penalty() {
    let pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
               1. e4 { [%clk 0:10:00] } e5 { [%clk 0:09:50] } { [%illegal Ke3] } 2. Nf3 *\n";
    let dir = scratch("clock");
    let path = dir.join("sheet.html");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "adjudicate",
            "-",
            "--lang",
            "de",
            "--html",
            path.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run arbiter");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Uhr von Schwarz 0:09:50 → 0:11:50"), "{text}");
    let html = fs::read_to_string(&path).unwrap();
    assert!(html.contains("120 s Zeitgutschrift: Uhr von Schwarz 0:09:50 → 0:11:50"));
    fs::remove_dir_all(dir).ok();
}

#[test]
fn audit_writes_a_page_per_game_with_rulings_and_an_index() {
    let dir = scratch("audit");
    let out = arbiter(&[
        "audit",
        "--fail-on",
        "never",
        "--html",
        dir.to_str().unwrap(),
        "fixtures/7.5-illegal-moves/basic.pgn",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut pages: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    // Game 4's only finding is an annotation error: no ruling, no page.
    assert_eq!(
        pages,
        [
            "0001-basic-game1.html",
            "0002-basic-game2.html",
            "0003-basic-game3.html",
            "0004-basic-game5.html",
            "index.html"
        ]
    );
    let index = fs::read_to_string(dir.join("index.html")).unwrap();
    for page in &pages[..4] {
        assert!(index.contains(&format!("href=\"{page}\"")));
    }
    insta::assert_snapshot!("audit_index_en", content(&index));
    // The exit code still follows --fail-on.
    let out = arbiter(&[
        "audit",
        "--html",
        dir.to_str().unwrap(),
        "fixtures/7.5-illegal-moves/basic.pgn",
    ]);
    assert_eq!(out.status.code(), Some(1));
    fs::remove_dir_all(dir).ok();
}

#[test]
fn an_unwritable_html_path_is_an_io_error() {
    let out = arbiter(&[
        "adjudicate",
        "fixtures/5-endings/fools-mate.pgn",
        "--html",
        "/nonexistent/dir/sheet.html",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn german_text_output() {
    let out = arbiter(&[
        "validate",
        "--lang",
        "de",
        "fixtures/7.5-illegal-moves/basic.pgn",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("FIDE-Regeln, Artikel 7.5.5"), "{text}");
    assert!(text.contains("Partie(n) geprüft"), "{text}");
    let out = arbiter(&[
        "adjudicate",
        "--lang",
        "de",
        "fixtures/5-endings/fools-mate.pgn",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Verlauf"), "{text}");
    assert!(text.contains("Schachmatt"), "{text}");
    assert!(text.contains("Dh4#"), "{text}");
    let out = arbiter(&["can-mate", "--lang", "de", "8/8/8/8/8/8/8/K6k w - - 0 1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Kann Weiß noch mattsetzen? Nein: das Material reicht nicht zum Mattsetzen"),
        "{text}"
    );
}
