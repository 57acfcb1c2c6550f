//! Every `fixtures/**/NAME.pgn` is run through `arbiter validate --format json`
//! and compared with `NAME.expected.json`, worked out by hand from the Laws.
//!
//! The expected file is a JSON array with one object per game, in order. Each
//! top-level key given must equal the report's. `findings` must match as a
//! multiset on (kind, ply, article, player): no finding may be missing or
//! extra. Any further key of an expected finding (`line`, `column`,
//! `suggestions`, `plies`, `token`, `move_number`, `seconds_added`) must equal
//! that finding's, and `message_contains` must occur in its message. An
//! expected `details` object is matched as a subset: each key it gives must be
//! in the finding's `details` with the same value (nested objects likewise).
//!
//! A `NAME.args` file beside the PGN gives extra command-line options for
//! that fixture, one per line (`--rules` then `rapid`), for rulings that
//! depend on the event's settings rather than on the record.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use std::{path::Path, process::Command};

use serde_json::Value;

const KEYS: [&str; 4] = ["kind", "ply", "article", "player"];

fn key(f: &Value) -> String {
    KEYS.iter()
        .map(|k| f.get(*k).unwrap_or(&Value::Null).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn run(pgn: &Path) -> Vec<Value> {
    let extra: Vec<String> = std::fs::read_to_string(pgn.with_extension("args"))
        .map(|t| {
            t.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", "--format", "json", "--fail-on", "never"])
        .args(&extra)
        .arg(pgn)
        .output()
        .expect("run arbiter");
    assert!(
        out.status.success(),
        "{}: exit {:?}: {}",
        pgn.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// Whether `got` has every key of `want` with the same value, recursing into
/// objects (arrays and scalars must be equal).
fn contains(got: &Value, want: &Value) -> bool {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => w
            .iter()
            .all(|(k, wv)| g.get(k).is_some_and(|gv| contains(gv, wv))),
        _ => got == want,
    }
}

fn compare_finding(ctx: &str, expected: &Value, actual: &Value, errors: &mut Vec<String>) {
    let Some(fields) = expected.as_object() else {
        return;
    };
    for (name, want) in fields {
        if KEYS.contains(&name.as_str()) {
            continue;
        }
        let got = match name.as_str() {
            "line" | "column" => actual.get("place").and_then(|p| p.get(name)).cloned(),
            "message_contains" => {
                let message = actual.get("message").and_then(Value::as_str).unwrap_or("");
                if !want.as_str().is_some_and(|w| message.contains(w)) {
                    errors.push(format!("{ctx}: message {message:?} lacks {want}"));
                }
                continue;
            }
            "details" => {
                let got = actual.get("details").unwrap_or(&Value::Null);
                if !contains(got, want) {
                    errors.push(format!("{ctx}: details {got} do not contain {want}"));
                }
                continue;
            }
            "suggestions" | "plies" => Some(
                actual
                    .get(name)
                    .cloned()
                    .unwrap_or(Value::Array(Vec::new())),
            ),
            _ => actual.get(name).cloned(),
        };
        if got.as_ref() != Some(want) {
            errors.push(format!(
                "{ctx}: {name} expected {want}, got {}",
                got.unwrap_or(Value::Null)
            ));
        }
    }
}

fn check(pgn: &Path, expected: &Path, errors: &mut Vec<String>) {
    let text = std::fs::read_to_string(expected).expect("read expected");
    let expected: Vec<Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", expected.display()));
    let actual = run(pgn);
    let name = pgn.display().to_string();
    if expected.len() != actual.len() {
        errors.push(format!(
            "{name}: expected {} games, got {}",
            expected.len(),
            actual.len()
        ));
        return;
    }
    for (i, (want, got)) in expected.iter().zip(&actual).enumerate() {
        let ctx = format!("{name} game {}", i + 1);
        for (field, value) in want.as_object().into_iter().flatten() {
            if field == "findings" {
                continue;
            }
            if got.get(field) != Some(value) {
                errors.push(format!(
                    "{ctx}: {field} expected {value}, got {}",
                    got.get(field).unwrap_or(&Value::Null)
                ));
            }
        }
        let Some(want_findings) = want.get("findings").and_then(Value::as_array) else {
            continue;
        };
        let mut got_findings: Vec<&Value> = got
            .get("findings")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .collect();
        for wf in want_findings {
            match got_findings.iter().position(|gf| key(gf) == key(wf)) {
                Some(at) => {
                    let gf = got_findings.remove(at);
                    compare_finding(&format!("{ctx} [{}]", key(wf)), wf, gf, errors);
                }
                None => errors.push(format!("{ctx}: missing finding {}", key(wf))),
            }
        }
        for extra in got_findings {
            errors.push(format!(
                "{ctx}: unexpected finding {} ({})",
                key(extra),
                extra.get("message").unwrap_or(&Value::Null)
            ));
        }
    }
}

fn pgn_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

#[test]
fn fixtures_match_their_hand_worked_expectations() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut pgns = Vec::new();
    pgn_files(&root, &mut pgns);
    let mut errors = Vec::new();
    let mut checked = 0;
    for pgn in &pgns {
        let expected = pgn.with_extension("expected.json");
        if expected.exists() {
            check(pgn, &expected, &mut errors);
            checked += 1;
        }
    }
    assert!(
        checked >= 10,
        "only {checked} fixtures with expectations under {}",
        root.display()
    );
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
}
