//! The HTML ruling sheet end to end: snapshots of whole pages (`insta`),
//! `audit --html DIR` with its index, and escaping of what the input says.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use std::{
    fs,
    io::Write,
    process::{Command, Stdio},
};

use common::{arbiter, arbiter_fed, scratch};

/// The sheet `adjudicate` writes for one game, with extra options.
fn sheet_with(file: &str, game: &str, lang: &str, extra: &[&str]) -> String {
    // Tests run in parallel and may ask for the same sheet: each call its own folder.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = scratch(&format!("{}-{game}-{lang}-{n}", file.replace('/', "_")));
    let path = dir.join("sheet.html");
    let out = arbiter(
        &[
            &["adjudicate", file, "--game", game, "--lang", lang, "--html"][..],
            &[path.to_str().unwrap()],
            extra,
        ]
        .concat(),
    );
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    let html = fs::read_to_string(&path).expect("sheet written");
    fs::remove_dir_all(dir).ok();
    html
}

fn sheet(file: &str, game: &str, lang: &str) -> String {
    sheet_with(file, game, lang, &[])
}

/// The page without its style sheet and piece drawings, which are the same
/// on every page and tested on their own, and with each board cut to its
/// opening tag (its class and `data-fen`) and what is drawn over the
/// position (marks and arrows): the squares and pieces of a FEN are
/// `svg.rs`'s unit tests. The snapshot shows the content.
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
    let mut kept = Vec::new();
    let mut in_board = false;
    for line in out.lines() {
        if line.starts_with("<svg class=\"board") {
            in_board = true;
            let tag = line.split("><title>").next().unwrap_or(line);
            kept.push(format!("{tag}>"));
            kept.push("…".to_string());
        } else if in_board && line == "</svg>" {
            in_board = false;
            kept.push(line.to_string());
        } else if in_board {
            if line.starts_with("<rect class=\"mark\"") || line.starts_with("<g class=\"arrow") {
                kept.push(line.to_string());
            }
        } else if let Some(rest) = line.strip_prefix("</svg>") {
            kept.push(format!("</svg>{rest}"));
        } else {
            kept.push(line.to_string());
        }
    }
    kept.join("\n")
}

/// One sheet for each kind of ruling, in English and German: the snapshots
/// are reviewed by eye (`cargo insta review`).
const RULINGS: [(&str, &str, &str); 18] = [
    (
        "threefold_written_upheld",
        "fixtures/9.2-threefold/sheet-written-move.pgn",
        "1",
    ),
    (
        "threefold_written_rejected",
        "fixtures/9.2-threefold/sheet-written-move.pgn",
        "2",
    ),
    (
        "threefold_near_miss_castling",
        "fixtures/9.2-threefold/near-miss-castling.pgn",
        "1",
    ),
    (
        "threefold_near_miss_en_passant",
        "fixtures/9.2-threefold/near-miss-en-passant.pgn",
        "1",
    ),
    (
        "written_move_not_played",
        "fixtures/9.2-threefold/written-move.pgn",
        "1",
    ),
    (
        "fifty_written_upheld",
        "fixtures/9.3-fifty/boundary.pgn",
        "1",
    ),
    ("fifty_rejected", "fixtures/9.3-fifty/boundary.pgn", "2"),
    (
        "fivefold",
        "fixtures/9.6-automatic/fivefold-castling.pgn",
        "2",
    ),
    (
        "seventy_five",
        "fixtures/9.6-automatic/seventy-five.pgn",
        "1",
    ),
    ("dead_position", "fixtures/5-endings/dead-position.pgn", "2"),
    ("touch_move", "fixtures/4-touch-move/complaint.pgn", "2"),
    (
        "illegal_move_penalty_and_loss",
        "fixtures/7.5-illegal-moves/basic.pgn",
        "1",
    ),
    (
        "illegal_move_draw",
        "fixtures/7.5-illegal-moves/basic.pgn",
        "3",
    ),
    (
        "illegal_move_rapid",
        "fixtures/7.5-illegal-moves/rapid.pgn",
        "1",
    ),
    (
        "flag_fall_mate_line",
        "fixtures/6-clocks/flag-knight-mate-line.pgn",
        "1",
    ),
    ("flag_fall_draw", "fixtures/5-endings/flag-draw.pgn", "1"),
    ("both_flags", "fixtures/6-clocks/both-flags.pgn", "1"),
    (
        "result_mismatch",
        "fixtures/5-endings/resign-bare-king.pgn",
        "1",
    ),
];

#[test]
fn a_sheet_for_each_ruling_kind_in_english_and_german() {
    for (name, file, game) in RULINGS {
        for lang in ["en", "de"] {
            let html = sheet(file, game, lang);
            insta::assert_snapshot!(format!("{name}_{lang}"), content(&html));
        }
    }
    // A.5.4 needs the rules of rapid play to let the illegal move stand.
    for lang in ["en", "de"] {
        let html = sheet_with(
            "fixtures/A.5-rapid-blitz/rapid-stands.pgn",
            "2",
            lang,
            &["--rules", "rapid"],
        );
        insta::assert_snapshot!(format!("illegal_position_draw_{lang}"), content(&html));
    }
}

#[test]
fn the_written_move_claim_shows_the_position_after_it_beside_the_board() {
    for lang in ["en", "de"] {
        let html = sheet("fixtures/9.2-threefold/sheet-written-move.pgn", "1", lang);
        // The claimed position (after 4...Ng8: the starting position) with the
        // written move as a dashed arrow, then the position on the board.
        let after = "data-fen=\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5\"";
        let on_board = "data-fen=\"rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4\"";
        let (a, b) = (html.find(after), html.find(on_board));
        assert!(a.is_some() && b.is_some() && a < b, "{lang}: {html}");
        assert_eq!(html.matches("class=\"arrow written-move\"").count(), 1);
        let written = match lang {
            "en" => "Written move, not played: 4...Ng8 (as written: Sg8)",
            _ => "Aufgeschriebener, nicht ausgeführter Zug: 4...Sg8",
        };
        assert!(html.contains(written), "{lang}: {html}");
    }
}

#[test]
fn a_claim_from_the_command_line_names_its_written_move_in_both_languages() {
    for (lang, written) in [
        ("en", "ritten move, not played: 4...Ng8"),
        ("de", "ufgeschriebener, nicht ausgeführter Zug: 4...Sg8"),
    ] {
        let html = sheet_with(
            "fixtures/9.2-threefold/fourth-occurrence.pgn",
            "1",
            lang,
            &["--claim", "threefold", "--after", "4.", "--move", "Ng8"],
        );
        assert!(html.contains(written), "{lang}: {html}");
        assert_eq!(html.matches("class=\"arrow written-move\"").count(), 1);
        let out = arbiter(&[
            "--lang",
            lang,
            "adjudicate",
            "fixtures/9.2-threefold/fourth-occurrence.pgn",
            "--game",
            "1",
            "--claim",
            "threefold",
            "--after",
            "4.",
            "--move",
            "Ng8",
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(written), "{lang}: {text}");
    }
}

#[test]
fn near_misses_are_drawn_beside_the_ruling() {
    let html = sheet("fixtures/9.2-threefold/near-miss-en-passant.pgn", "1", "en");
    assert_eq!(html.matches("<svg class=\"board near-miss\"").count(), 1);
    assert!(
        html.contains(
            "data-fen=\"rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3\""
        )
    );
    assert!(html.contains(
        "The same pieces on the same squares, but an en passant capture on d6 was possible"
    ));
    let html = sheet("fixtures/9.2-threefold/near-miss-castling.pgn", "1", "de");
    assert_eq!(html.matches("<svg class=\"board near-miss\"").count(), 1);
    assert!(
        html.contains("Weiß hatte noch das Recht zur kurzen Rochade"),
        "{html}"
    );
}

#[test]
fn positions_are_named_by_move_and_every_board_carries_its_fen() {
    let html = sheet("fixtures/9.2-threefold/fourth-occurrence.pgn", "1", "de");
    assert!(
        html.contains("Entstanden: Ausgangsstellung, 2...Sg8, 4...Sg8, 6...Sg8"),
        "{html}"
    );
    assert!(!html.contains("Halbzügen 3"));
    for board in html.split("<svg class=\"board").skip(1) {
        assert!(
            board.starts_with("\" data-fen=\"") || board.starts_with(" near-miss\" data-fen=\"")
        );
    }
}

#[test]
fn the_mating_line_is_numbered_and_shown_to_the_mate() {
    let html = sheet("fixtures/6-clocks/flag-knight-mate-line.pgn", "1", "en");
    assert!(
        html.contains("Yes: a mating line: 61...Ka8 62.Kc8 h6 63.Nc7#"),
        "{html}"
    );
    let html = sheet("fixtures/6-clocks/flag-knight-mate-line.pgn", "1", "de");
    assert!(
        html.contains("Ja: eine Mattführung: 61...Ka8 62. Kc8 h6 63. Sc7#"),
        "{html}"
    );
    // A queen or a rook: no line, "by material".
    let html = sheet("fixtures/7.5-illegal-moves/basic.pgn", "1", "en");
    assert!(
        html.contains("Yes, by material (a queen or a rook)"),
        "{html}"
    );
}

#[test]
fn the_header_has_what_a_ruling_sheet_has() {
    let html = sheet_with(
        "fixtures/9.2-threefold/sheet-written-move.pgn",
        "2",
        "de",
        &[
            "--arbiter",
            "Erika Muster",
            "--event-regulations",
            "Turnierordnung des Bezirks, § 4",
        ],
    );
    for expected in [
        "Bezirksliga Nord 2024",
        "<dt>Datum</dt><dd>12.10.2024</dd>",
        "<dt>Runde</dt><dd>5</dd>",
        "<dt>Brett</dt><dd>4</dd>",
        "Claussen, Ole (Elo 2101)",
        "40 Züge in 90 min + 30 s je Zug, dann 30 min für den Rest der Partie + 30 s je Zug (Turnierschach)",
        "<dt>Schiedsrichter</dt><dd>Erika Muster</dd>",
        "Turnierordnung des Bezirks, § 4",
        "nach 4...Sg8; Uhren: Weiß 1:33:05, Schwarz 1:30:45",
        "Unterschrift · Schiedsrichter: Erika Muster",
        "Unterschrift · Weiß: Claussen, Ole",
        "Bemerkungen",
    ] {
        assert!(html.contains(expected), "{expected}: {html}");
    }
    let html = sheet_with(
        "fixtures/9.2-threefold/sheet-written-move.pgn",
        "1",
        "en",
        &["--no-signatures"],
    );
    assert!(
        html.contains("Albers, Tim (Elo 1987, FIDE ID 24612345)"),
        "{html}"
    );
    assert!(!html.contains("Signature") && !html.contains("Remarks"));
    // A changed result stands out.
    let html = sheet("fixtures/5-endings/resign-bare-king.pgn", "1", "en");
    assert!(
        html.contains("<dd class=\"changed\">½-½ (changed by the ruling)</dd>"),
        "{html}"
    );
}

#[test]
fn notes_on_the_record_stand_apart_from_the_rulings() {
    // Game 7: a touch-move ruling, and a complaint with nothing to complain of.
    let html = sheet("fixtures/4-touch-move/complaint.pgn", "7", "en");
    let (Some(notes), Some(end)) = (
        html.find("<h2>Notes on the record</h2>"),
        html.find("</tbody></table>"),
    ) else {
        panic!("{html}");
    };
    assert!(notes > end, "the notes follow the rulings: {html}");
    assert!(!html[..notes].contains("Annotation error"), "{html}");
    assert!(html[notes..].contains("Annotation error"), "{html}");
    let html = sheet("fixtures/4-touch-move/complaint.pgn", "7", "de");
    assert!(
        html.contains("<h2>Hinweise zum Partieformular</h2>"),
        "{html}"
    );
}

#[test]
fn a_sixty_second_penalty_cites_a3_in_minutes() {
    let html = sheet("fixtures/7.5-illegal-moves/rapid.pgn", "1", "de");
    assert!(html.contains("Art. 7.5.5, A.3"), "{html}");
    assert!(html.contains("eine Minute Zeitgutschrift"), "{html}");
    assert!(
        html.contains("Eine Minute Zeitgutschrift: Uhr von Schwarz"),
        "{html}"
    );
    let html = sheet("fixtures/7.5-illegal-moves/basic.pgn", "1", "de");
    assert!(html.contains("zwei Minuten Zeitgutschrift"), "{html}");
    // Two illegal-move rulings and the touch-move violation of the replacement move (7.5.1).
    assert_eq!(html.matches("<svg class=\"board").count(), 3, "{html}");
    // Ke3 from e1: the arrow of the illegal move; 2.Nf3: the arrow of the violating replacement.
    assert_eq!(html.matches("class=\"arrow\"").count(), 2, "{html}");
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
    arbiter_fed(
        &["adjudicate", "-", "--html", path.to_str().unwrap()],
        pgn.as_bytes(),
    );
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
    assert!(html.contains("Zwei Minuten Zeitgutschrift: Uhr von Schwarz 0:09:50 → 0:11:50"));
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
fn the_index_is_in_order_of_round_and_board_with_changes_highlighted() {
    let dir = scratch("index-order");
    let out = arbiter(&[
        "audit",
        "--fail-on",
        "never",
        "--html",
        dir.to_str().unwrap(),
        "fixtures/9.2-threefold/sheet-written-move.pgn",
        "fixtures/9.2-threefold/near-miss-castling.pgn",
        "fixtures/5-endings/resign-bare-king.pgn",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let index = fs::read_to_string(dir.join("index.html")).unwrap();
    // Round 5 board 1 (the second file) before boards 3 and 4 (the first);
    // the fixtures of round 1 first of all.
    let at = |text: &str| {
        index
            .find(text)
            .unwrap_or_else(|| panic!("{text}: {index}"))
    };
    assert!(at("Bare, King") < at("Ebert, Jan"));
    assert!(at("Ebert, Jan") < at("Albers, Tim"));
    assert!(at("Albers, Tim") < at("Claussen, Ole"));
    assert!(index.contains("<td class=\"num\">5</td><td class=\"num\">1</td>"));
    // 1-0 ruled ½-½: highlighted; file names break only after a slash.
    assert!(
        index.contains("<td>1-0</td><td class=\"changed\">½-½</td>"),
        "{index}"
    );
    assert!(index.contains("fixtures/<wbr>9.2-threefold/<wbr>near-miss-castling.pgn"));
    assert!(!index.contains("break-all"));
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
