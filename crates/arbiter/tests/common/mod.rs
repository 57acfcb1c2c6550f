//! What the test binaries share: running the `arbiter` binary from the top of
//! the checkout, reading its output, and scratch folders.

#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)] // each binary uses a part

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
};

/// The top of the checkout, where `fixtures/` is.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `arbiter ARGS` in the top of the checkout.
pub fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run arbiter")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

/// JSON Lines output, one value per game.
pub fn rows(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

/// An empty folder of this test's own under the system's temporary folder.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-test-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch dir");
    dir
}
