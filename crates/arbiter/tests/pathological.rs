//! Inputs that try to break a reader. Each one must be read without a panic
//! or a hang, get a clear finding, and leave the games before and after it
//! reported: every game of the input has its row.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use std::{
    io::Write,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

const BEFORE: &str = "[Event \"before\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
const AFTER: &str = "\n\n[Event \"after\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

/// Runs `arbiter validate --format json` on `input` via standard input; returns the rows.
fn rows(input: &[u8]) -> Vec<serde_json::Value> {
    rows_exiting(input, 0)
}

/// The same, with the exit code expected.
fn rows_exiting(input: &[u8], code: i32) -> Vec<serde_json::Value> {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", "--format", "json", "--fail-on", "never", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn arbiter");
    let mut stdin = child.stdin.take().expect("stdin");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("arbiter output");
    writer.join().expect("writer");
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(
        out.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn kinds(row: &serde_json::Value) -> Vec<String> {
    row["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| f["kind"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The bad game sits between two good ones; all three get rows.
fn sandwich(bad: &[u8]) -> Vec<serde_json::Value> {
    let mut input = BEFORE.as_bytes().to_vec();
    input.extend_from_slice(bad);
    input.extend_from_slice(AFTER.as_bytes());
    let found = rows(&input);
    assert!(found.len() >= 3, "{} rows", found.len());
    assert_eq!(found[0]["ruled_result"], "0-1", "the game before is intact");
    assert_eq!(
        found.last().unwrap()["ruled_result"],
        "1-0",
        "the game after is intact"
    );
    assert_eq!(found.last().unwrap()["plies"], 7);
    found
}

fn game(movetext: &str) -> Vec<u8> {
    format!("[Event \"bad\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"*\"]\n\n{movetext}").into_bytes()
}

#[test]
fn empty_input_has_no_rows() {
    // No game read at all: exit 2, so that an empty input does not look clean.
    assert!(rows_exiting(b"", 2).is_empty());
    assert!(rows_exiting(b"\n\n  \r\n", 2).is_empty());
}

#[test]
fn random_bytes() {
    // A fixed pseudo-random sequence (xorshift), so that the test is repeatable.
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let bytes: Vec<u8> = (0..200_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect();
    let found = sandwich(&bytes);
    assert!(
        found[1..found.len() - 1]
            .iter()
            .all(|r| !kinds(r).is_empty())
    );
}

#[test]
fn a_100_mb_comment() {
    let mut bad = game("1. e4 {");
    bad.extend(std::iter::repeat_n(b'x', 100 << 20));
    bad.extend_from_slice(b"} e5 *");
    let found = sandwich(&bad);
    assert_eq!(found.len(), 3);
    assert!(
        kinds(&found[1]).contains(&"malformed-pgn".to_string()),
        "cut at the size limit"
    );
}

#[test]
fn variations_nested_10000_deep() {
    let text = format!(
        "1. e4 e5 {} {} 2. Nf3 *",
        "( 1... d5 ".repeat(10_000),
        ")".repeat(10_000)
    );
    let found = sandwich(&game(&text));
    assert_eq!(found[1]["plies"], 3);
    assert!(kinds(&found[1]).is_empty(), "{:?}", kinds(&found[1]));
}

#[test]
fn a_game_of_20000_plies() {
    let text = format!("{} *", "Nf3 Nf6 Ng1 Ng8 ".repeat(5_000));
    let found = sandwich(&game(&text));
    assert_eq!(
        found[1]["plies"], 20_000,
        "void moves after the fivefold still replay"
    );
    assert!(kinds(&found[1]).contains(&"fivefold-repetition".to_string()));
}

#[test]
fn a_tag_line_of_1_mb() {
    let long = "y".repeat(1 << 20);
    let bad = format!(
        "[Event \"{long}\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"*\"]\n\n1. e4 *"
    );
    let found = sandwich(bad.as_bytes());
    assert_eq!(found.len(), 3);
    assert_eq!(found[1]["plies"], 1);
}

#[test]
fn nul_bytes() {
    let found = sandwich(&game("1. e4\0\0 e5 \0 2. Nf3 *"));
    assert_eq!(found[1]["plies"], 3);
    assert!(kinds(&found[1]).contains(&"malformed-pgn".to_string()));
}

#[test]
fn a_file_cut_off_in_the_middle_of_a_game() {
    let mut input = BEFORE.as_bytes().to_vec();
    input.extend_from_slice(&game("1. e4 e5 2. Nf3 Nc6 3. B"));
    let found = rows(&input);
    assert_eq!(found.len(), 2);
    assert_eq!(found[1]["plies"], 4);
    let k = kinds(&found[1]);
    assert!(
        k.contains(&"unparseable-move".to_string()) && k.contains(&"missing-result".to_string()),
        "{k:?}"
    );
}

#[test]
fn unterminated_comment_and_variation() {
    let found = sandwich(&game("1. e4 { never closed\n2. Nf3 *"));
    assert!(kinds(&found[1]).contains(&"malformed-pgn".to_string()));
    let found = sandwich(&game("1. e4 ( 1. d4 d5 2. c4 *"));
    assert_eq!(found[1]["plies"], 1);
    assert!(kinds(&found[1]).contains(&"malformed-pgn".to_string()));
}

#[test]
fn invalid_utf8_in_tags_is_read_as_latin1() {
    let bad = b"[Event \"Gy\xf6r \xff\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"M\xfcller\"]\n[Black \"Y\"]\n[Result \"*\"]\n\n1. e4 *";
    let found = sandwich(bad);
    assert_eq!(found[1]["white"], "Müller");
}
