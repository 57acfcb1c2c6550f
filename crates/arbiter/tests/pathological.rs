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

/// One run of `arbiter validate --format json` on `input` from standard input.
struct Run {
    stdout: Vec<u8>,
    elapsed: Duration,
    /// Peak resident memory, as the binary's own summary reports it (the
    /// kernel's high-water mark; `None` where the system does not tell).
    peak_mib: Option<f64>,
}

fn run(input: &[u8]) -> Run {
    let summary = std::env::temp_dir().join(format!(
        "arbiter-pathological-{}-{:?}.txt",
        std::process::id(),
        std::thread::current().id()
    ));
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["audit", "--format", "json", "--fail-on", "never"])
        .args(["--lang", "en", "--jobs", "1", "--summary"])
        .arg(&summary)
        .arg("-")
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
    let elapsed = started.elapsed();
    writer.join().expect("writer");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&summary).expect("summary");
    let _ = std::fs::remove_file(&summary);
    let peak_mib = text
        .lines()
        .find_map(|line| line.strip_prefix("peak memory: "))
        .and_then(|rest| rest.trim_end_matches(" MiB").parse().ok());
    Run {
        stdout: out.stdout,
        elapsed,
        peak_mib,
    }
}

fn occurrences(hay: &[u8], needle: &str) -> usize {
    memchr::memmem::find_iter(hay, needle).count()
}

/// The bad game between the two good ones, its movetext `unit` written
/// `times` times over.
fn sandwiched(unit: &str, times: usize) -> Vec<u8> {
    let mut input = BEFORE.as_bytes().to_vec();
    input.extend_from_slice(&game(&format!("1. e4 {} *", unit.repeat(times))));
    input.extend_from_slice(AFTER.as_bytes());
    input
}

/// Checks the game of `unit` written `times` times and 8 times as often,
/// with `check` on each run's output, and that time and peak memory grow at
/// most linearly between the two: no more than 3 × 8 times (best of three
/// runs for the time, growth over a run of a small game for the memory),
/// above a floor that absorbs the noise of a loaded machine. A quadratic
/// cost grows 64 times.
fn grows_linearly(unit: &str, times: usize, check: impl Fn(&Run, usize)) {
    grows_linearly_as(unit, |n| sandwiched(unit, n), times, check);
}

/// [`grows_linearly`] on any input `make` builds for a count, `label` naming it.
fn grows_linearly_as(
    label: &str,
    make: impl Fn(usize) -> Vec<u8>,
    times: usize,
    check: impl Fn(&Run, usize),
) {
    const FACTOR: usize = 8;
    let unit = label;
    let baseline = run(&make(1));
    let measure = |times: usize| {
        let input = make(times);
        let (mut best, mut peak) = (Duration::MAX, None::<f64>);
        for _ in 0..3 {
            let r = run(&input);
            check(&r, times);
            best = best.min(r.elapsed);
            peak = match (peak, r.peak_mib) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
        }
        (best, peak)
    };
    let (small_time, small_peak) = measure(times);
    let (large_time, large_peak) = measure(times * FACTOR);
    eprintln!(
        "{unit:?} × {times}: {small_time:?}, {small_peak:?} MiB; × {}: {large_time:?}, {large_peak:?} MiB",
        times * FACTOR
    );
    let bound = small_time * (3 * FACTOR) as u32 + Duration::from_secs(2);
    assert!(
        large_time <= bound,
        "{unit:?} × {times}: {small_time:?}, × {FACTOR} as many: {large_time:?} (bound {bound:?})"
    );
    if let (Some(base), Some(small), Some(large)) = (baseline.peak_mib, small_peak, large_peak) {
        let bound = (small - base).max(0.0) * (3 * FACTOR) as f64 + 16.0;
        assert!(
            large - base <= bound,
            "{unit:?} × {times}: peak {small:.1} MiB, × {FACTOR} as many: {large:.1} MiB \
             (base {base:.1} MiB, bound {bound:.1} MiB of growth)"
        );
    }
}

/// The bad game's row has one `malformed-pgn` finding, counting the run.
fn one_merged_finding(run: &Run, times: usize) {
    let row = bad_row(run);
    let findings: Vec<&serde_json::Value> = row["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["kind"] == "malformed-pgn")
        .collect();
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(
        findings[0]["message"],
        format!(
            "a stray character (such as }} ] or a control byte) in the movetext ({times} times in a row)"
        )
    );
    assert_eq!(findings[0]["place"]["column"], 7, "after `1. e4 `");
    assert_eq!(row["plies"], 1);
}

#[test]
fn stray_braces_are_one_finding_in_linear_time() {
    grows_linearly("} ", 100_000, one_merged_finding);
}

#[test]
fn stray_braces_on_one_huge_line_are_one_finding_in_linear_time() {
    grows_linearly("}", 200_000, one_merged_finding);
}

#[test]
fn stray_braces_on_many_short_lines_are_one_finding_in_linear_time() {
    grows_linearly("}\n", 100_000, one_merged_finding);
}

/// Findings that cannot be merged: the line index keeps them linear, and a
/// game lists at most a thousand, so its memory stays small too.
#[test]
fn many_distinct_findings_take_linear_time() {
    // Alternating problems, on one line and on short lines, and one problem
    // with a move between each two: `findings` findings per unit.
    for (unit, findings) in [("} ) ", 2), ("} )\n", 2), ("} e4 ", 1)] {
        grows_linearly(unit, 200_000 / unit.len(), |run, times| {
            assert_eq!(occurrences(&run.stdout, "\n"), 3, "three rows");
            // A thousand are listed one by one, the rest counted in one more.
            let listed = (findings * times).min(1000);
            let more = usize::from(findings * times > 1000);
            assert_eq!(occurrences(&run.stdout, "\"malformed-pgn\""), listed + more);
            assert_eq!(occurrences(&run.stdout, "not listed one by one"), more);
            assert_eq!(occurrences(&run.stdout, "times in a row"), 0);
        });
    }
}

/// The bad game's row, from one run's output (three rows: the good games
/// before and after intact).
fn bad_row(run: &Run) -> serde_json::Value {
    let text = String::from_utf8(run.stdout.clone()).expect("utf-8 output");
    let found: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(found.len(), 3);
    assert_eq!(found[0]["ruled_result"], "0-1", "the game before is intact");
    assert_eq!(found[2]["ruled_result"], "1-0", "the game after is intact");
    found[1].clone()
}

/// A typo in every four plies drives the repair search (issue 18): each is
/// read back (`Bg8` for the knight's `Ng8`: no bishop reaches g8, the h8
/// rook does but then `Nf6` has no knight), twelve times, and at the
/// thirteenth checking gives up, so the rest of the game costs only its
/// reading: linear however long the game, up to a 16 MiB one.
#[test]
fn typos_every_few_moves_drive_the_repair_search_in_linear_time() {
    let unit = "Nf6 Nf3 Bg8 Ng1 ";
    grows_linearly_as(
        "typo every 4 plies",
        |n| sandwiched(unit, n),
        (2 << 20) / unit.len(),
        |run, _| {
            let row = bad_row(run);
            let findings = row["findings"].as_array().expect("findings");
            let repaired = findings
                .iter()
                .filter(|f| f["details"]["repair"]["read_as"] == "Ng8")
                .count();
            let gave_up: Vec<_> = findings
                .iter()
                .filter(|f| f["details"]["repair_search"] == "gave-up")
                .collect();
            assert_eq!(repaired, 12, "{findings:?}");
            assert_eq!(gave_up.len(), 1, "{findings:?}");
            // 1.e4, then the typo at every fourth ply from ply 4 on.
            assert_eq!(gave_up[0]["ply"], 4 + 4 * 12);
            assert_eq!(row["repairs"], 12);
            assert_eq!(row["plies"], 3);
        },
    );
}

/// Every move an illegal or unparseable token, with its move number: the
/// first stops the replay (nothing explains it), the rest is only read.
#[test]
fn a_game_of_junk_tokens_with_move_numbers_stays_linear() {
    let make = |n: usize| {
        let moves: String = (2..n + 2).map(|i| format!("{i}. Kxh9 Qz0 ")).collect();
        let mut input = BEFORE.as_bytes().to_vec();
        input.extend_from_slice(&game(&format!("1. e4 {moves}*")));
        input.extend_from_slice(AFTER.as_bytes());
        input
    };
    grows_linearly_as("numbered junk", make, 40_000, |run, _| {
        let row = bad_row(run);
        let errors: Vec<_> = row["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|f| f["severity"] == "error")
            .collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0]["ply"], 2);
        assert_eq!(row["plies"], 1);
        assert_eq!(row["repairs"], 0);
    });
}

/// A header of tens of thousands of distinct tag pairs (a broken export, or
/// a file made to be slow): the splitter looks each name up among the
/// header's names before it to find where a new game begins, and the
/// header checks go through every tag; both stay linear.
#[test]
fn a_header_of_many_distinct_tags_stays_linear() {
    let make = |n: usize| {
        // Names of one length and one first and last letter each, so that
        // no cheap key tells them apart: `T10000x` … `T99999x`.
        let tags: String = (0..n)
            .map(|i| format!("[T{:05}x \"v\"]\n", 10_000 + i))
            .collect();
        let mut input = BEFORE.as_bytes().to_vec();
        input.extend_from_slice(format!("[Event \"bad\"]\n{tags}\n1. e4 *").as_bytes());
        input.extend_from_slice(AFTER.as_bytes());
        input
    };
    grows_linearly_as("distinct tags", make, 10_000, |run, _| {
        let row = bad_row(run);
        assert_eq!(row["plies"], 1);
    });
}
