//! The ruling sheet in a real browser: headless Chromium loads each page,
//! and the DOM it builds must hold every board diagram, with no error in the
//! console. Printing to PDF must work too (the sheet is meant for paper).
//!
//! Needs Debian's `chromium` (`apt-get install chromium`; `.ci/run` installs
//! it). Where it is missing the test says so and passes: the snapshot tests in
//! `html.rs` still check the pages' content.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

mod common;

use common::root;

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
    thread,
    time::{Duration, Instant},
};

fn chromium() -> Option<PathBuf> {
    let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
    candidates
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .or_else(|| {
            let out = Command::new("sh")
                .args(["-c", "command -v chromium"])
                .output()
                .ok()?;
            let path = String::from_utf8(out.stdout).ok()?;
            let path = path.trim();
            (!path.is_empty()).then(|| PathBuf::from(path))
        })
}

/// Runs Chromium headless on `page` with extra `args`; a hung browser is
/// killed after a generous while so the suite cannot hang (this bounds the
/// run, it asserts nothing about speed).
fn run_chromium(browser: &Path, profile: &Path, args: &[String], page: &Path) -> Output {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let started = Instant::now();
    while child.try_wait().expect("chromium status").is_none() {
        if started.elapsed() > Duration::from_secs(300) {
            child.kill().ok();
            break;
        }
        thread::sleep(Duration::from_millis(100));
    }
    child.wait_with_output().expect("chromium output")
}

fn sheet(dir: &Path, file: &str, game: &str, lang: &str) -> PathBuf {
    let path = dir.join(format!("{}-{game}-{lang}.html", file.replace('/', "_")));
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["adjudicate", file, "--game", game, "--lang", lang])
        .args(["--arbiter", "Erika Muster", "--html"])
        .arg(&path)
        .current_dir(root())
        .output()
        .expect("run arbiter");
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    path
}

/// Lines of Chromium's log that would mean the page is broken: script or
/// console errors, resources that failed to load.
fn page_errors(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|l| {
            l.contains("CONSOLE")
                || l.contains("Uncaught")
                || l.contains("Failed to load resource")
                || l.contains("net::ERR_")
        })
        .collect()
}

/// The pages of a PDF: poppler's `pdfinfo` where it is installed, else the
/// page objects Chromium (Skia) writes, `/Type /Page` each.
fn page_count(pdf: &Path) -> usize {
    if let Ok(out) = Command::new("pdfinfo").arg(pdf).output()
        && out.status.success()
    {
        let info = String::from_utf8_lossy(&out.stdout);
        if let Some(n) = info
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .and_then(|n| n.trim().parse().ok())
        {
            return n;
        }
    }
    let bytes = fs::read(pdf).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

/// Each page's text without white space, by poppler's `pdftotext`; `None`
/// where poppler is not installed.
fn page_texts(pdf: &Path, pages: usize) -> Option<Vec<String>> {
    (1..=pages)
        .map(|page| {
            let out = Command::new("pdftotext")
                .args(["-f", &page.to_string(), "-l", &page.to_string()])
                .arg(pdf)
                .arg("-")
                .output()
                .ok()
                .filter(|o| o.status.success())?;
            Some(
                String::from_utf8_lossy(&out.stdout)
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect(),
            )
        })
        .collect()
}

/// Each diagram of a page as the sheet writes it: its caption's number and
/// title (the top of the figure) and its FEN line (the bottom), without
/// white space.
fn diagrams(html: &str) -> Vec<(String, String)> {
    let strip = |s: &str| -> String {
        s.replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    };
    html.split("<figcaption><strong>")
        .skip(1)
        .filter_map(|figure| {
            let caption = figure.split("</strong>").next()?;
            let fen = figure
                .split("<li class=\"fen\">")
                .nth(1)?
                .split("</li>")
                .next()?;
            Some((strip(caption), strip(fen)))
        })
        .collect()
}

#[test]
fn sheets_load_in_headless_chromium_with_every_diagram() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: chromium not installed (apt-get install chromium)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("arbiter-chromium-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let dir = dir.canonicalize().unwrap();
    let profile = dir.join("profile");
    // First prove the log is read right: a page with a script error must be caught.
    let broken = dir.join("broken.html");
    fs::write(
        &broken,
        "<html><body><script>nothing.here();</script></body></html>",
    )
    .unwrap();
    let out = run_chromium(&browser, &profile, &["--dump-dom".to_string()], &broken);
    assert!(
        !page_errors(&String::from_utf8_lossy(&out.stderr)).is_empty(),
        "Chromium's log shows no console errors: the check below would prove nothing"
    );
    let poppler = Command::new("pdftotext").arg("-v").output().is_ok();
    if !poppler {
        eprintln!("note: poppler-utils not installed: diagrams are not checked for page breaks");
    }
    // (fixture, game, language, boards, near-miss boards, written-move arrows, most pages)
    let cases = [
        (
            "fixtures/9.2-threefold/sheet-written-move.pgn",
            "2",
            "de",
            3,
            0,
            1,
            1,
        ),
        (
            "fixtures/9.2-threefold/sheet-written-move.pgn",
            "1",
            "en",
            2,
            0,
            1,
            1,
        ),
        (
            "fixtures/9.2-threefold/near-miss-castling.pgn",
            "1",
            "de",
            2,
            1,
            0,
            1,
        ),
        (
            "fixtures/9.2-threefold/near-miss-en-passant.pgn",
            "1",
            "en",
            2,
            1,
            0,
            1,
        ),
        (
            "fixtures/6-clocks/flag-knight-mate-line.pgn",
            "1",
            "de",
            1,
            0,
            0,
            1,
        ),
        // Two illegal-move rulings and the touch-move violation of the replacement move (7.5.1).
        (
            "fixtures/7.5-illegal-moves/basic.pgn",
            "1",
            "de",
            3,
            0,
            0,
            1,
        ),
        ("fixtures/4-touch-move/own-piece.pgn", "3", "de", 1, 0, 0, 1),
        ("fixtures/5-endings/flag-draw.pgn", "1", "en", 1, 0, 0, 1),
        (
            "fixtures/9.6-automatic/fivefold-castling.pgn",
            "2",
            "en",
            2,
            1,
            0,
            1,
        ),
        // Five diagrams need a second page; none may be cut by the break.
        (
            "fixtures/9.2-threefold/castling-rights.pgn",
            "2",
            "en",
            5,
            1,
            2,
            2,
        ),
    ];
    for (file, game, lang, boards, near, written, most_pages) in cases {
        let page = sheet(&dir, file, game, lang);
        let html = fs::read_to_string(&page).unwrap();
        assert_eq!(
            html.matches("<svg class=\"board").count(),
            boards,
            "{file} game {game}"
        );
        let out = run_chromium(&browser, &profile, &["--dump-dom".to_string()], &page);
        let dom = String::from_utf8_lossy(&out.stdout);
        let log = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "chromium failed on {file}: {log}");
        assert!(dom.contains("<section class=\"game\">"), "{file}: {dom}");
        assert_eq!(
            dom.matches("<svg class=\"board").count(),
            boards,
            "{file} game {game}: every diagram in the DOM"
        );
        assert_eq!(
            dom.matches("<svg class=\"board\" data-fen=\"").count()
                + dom
                    .matches("<svg class=\"board near-miss\" data-fen=\"")
                    .count(),
            boards,
            "{file} game {game}: every board carries its FEN"
        );
        assert_eq!(
            dom.matches("<svg class=\"board near-miss\"").count(),
            near,
            "{file} game {game}: the near-miss diagrams"
        );
        assert_eq!(
            dom.matches("class=\"arrow written-move\"").count(),
            written,
            "{file} game {game}: the written-move arrows"
        );
        assert_eq!(dom.matches("<symbol id=").count(), 12, "{file}");
        assert!(
            page_errors(&log).is_empty(),
            "{file}: {:?}",
            page_errors(&log)
        );

        let pdf = page.with_extension("pdf");
        let out = run_chromium(
            &browser,
            &profile,
            &[
                "--no-pdf-header-footer".to_string(),
                format!("--print-to-pdf={}", pdf.display()),
            ],
            &page,
        );
        let bytes = fs::read(&pdf).unwrap_or_default();
        assert!(
            bytes.starts_with(b"%PDF"),
            "{file}: printing failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let pages = page_count(&pdf);
        assert!(
            (1..=most_pages).contains(&pages),
            "{file} game {game}: {pages} A4 pages, at most {most_pages} expected"
        );
        if let Some(texts) = page_texts(&pdf, pages) {
            // A diagram is whole when its caption (top) and its FEN (bottom)
            // are printed on one page.
            for (caption, fen) in diagrams(&html) {
                assert!(
                    texts
                        .iter()
                        .any(|t| t.contains(&caption) && t.contains(&fen)),
                    "{file} game {game}: diagram {caption} is cut by a page break or missing"
                );
            }
        }
    }
    // And prove the page-break check would catch a cut: the same sheet with
    // diagrams allowed to break and made too tall for what is left of a page.
    if poppler {
        let page = sheet(
            &dir,
            "fixtures/9.2-threefold/castling-rights.pgn",
            "2",
            "en",
        );
        let html = fs::read_to_string(&page).unwrap().replace(
            "</style>",
            "figure.position { break-inside: auto !important; page-break-inside: auto !important; \
             width: 170mm !important; } svg.board { width: 170mm !important; height: 170mm !important; }\n</style>",
        );
        let cut = dir.join("cut.html");
        fs::write(&cut, &html).unwrap();
        let pdf = dir.join("cut.pdf");
        run_chromium(
            &browser,
            &profile,
            &[
                "--no-pdf-header-footer".to_string(),
                format!("--print-to-pdf={}", pdf.display()),
            ],
            &cut,
        );
        let texts = page_texts(&pdf, page_count(&pdf)).unwrap_or_default();
        assert!(
            diagrams(&html).iter().any(|(caption, fen)| !texts
                .iter()
                .any(|t| t.contains(caption) && t.contains(fen))),
            "the page-break check finds no cut diagram where there must be one: it would prove nothing"
        );
    }
    fs::remove_dir_all(&dir).ok();
}
