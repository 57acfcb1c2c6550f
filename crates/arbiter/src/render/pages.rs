//! Writing ruling sheets as HTML files: one page for `adjudicate --html`,
//! and for `audit --html DIR` a page per game with rulings plus an index.

use std::{
    fs,
    io::{self, Write},
    path::{Path, PathBuf},
};

use audit::GameReport;

use super::{
    Render,
    html::{self, SheetOptions, esc},
};
use crate::i18n::Messages;

fn footer(m: &dyn Messages) -> String {
    format!("<footer>{}</footer>\n", esc(m.labels().generated_by))
}

/// `adjudicate --html FILE`: every game shown goes onto one page (a page
/// break between games when printed).
pub struct Sheet {
    path: PathBuf,
    messages: &'static dyn Messages,
    lang: &'static str,
    options: SheetOptions,
    title: Option<String>,
    body: String,
}

impl Sheet {
    pub fn new(
        path: PathBuf,
        messages: &'static dyn Messages,
        lang: &'static str,
        options: SheetOptions,
    ) -> Self {
        Sheet {
            path,
            messages,
            lang,
            options,
            title: None,
            body: String::new(),
        }
    }
}

impl Render for Sheet {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        let m = self.messages;
        if self.title.is_none() {
            self.title = Some(format!(
                "{}: {}",
                m.labels().sheet_title,
                html::players(report, m)
            ));
        }
        self.body.push_str(&html::game(report, m, &self.options));
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        let m = self.messages;
        let title = self.title.as_deref().unwrap_or(m.labels().sheet_title);
        let body = self.body.clone();
        fs::write(&self.path, html::document(self.lang, title, &body))
    }
}

/// `audit --html DIR`: each game with a ruling gets its page as soon as its
/// report arrives; the index is written at the end.
pub struct Dir {
    dir: PathBuf,
    messages: &'static dyn Messages,
    lang: &'static str,
    options: SheetOptions,
    /// One table row per page with its place in the order of the index: all
    /// the index keeps of a game, so memory stays bounded however many games
    /// the audit reads.
    entries: Vec<(SortKey, String)>,
}

impl Dir {
    pub fn new(
        dir: &Path,
        messages: &'static dyn Messages,
        lang: &'static str,
        options: SheetOptions,
    ) -> io::Result<Self> {
        fs::create_dir_all(dir)?;
        Ok(Dir {
            dir: dir.to_path_buf(),
            messages,
            lang,
            options,
            entries: Vec::new(),
        })
    }
}

/// Where a page stands in the index: by round, then board (numbers as
/// numbers: round 2 before round 10), then in input order.
type SortKey = (Vec<Part>, Vec<Part>, usize);

/// A piece of a round or board number: digits compare as numbers, and a
/// missing number sorts last.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Number(u64),
    Text(String),
    Missing,
}

fn parts(text: Option<&str>) -> Vec<Part> {
    let Some(text) = text else {
        return vec![Part::Missing];
    };
    text.split(['.', '-', ' '])
        .filter(|p| !p.is_empty())
        .map(|p| match p.parse() {
            Ok(n) => Part::Number(n),
            Err(_) => Part::Text(p.to_string()),
        })
        .collect()
}

/// A path that may break after its slashes, never inside a name.
fn breakable_path(path: &str) -> String {
    esc(path).replace('/', "/<wbr>")
}

/// A file name from the source's name: letters, digits, `-` and `_` only.
fn stem(source: &str) -> String {
    if source == "-" {
        return "stdin".to_string();
    }
    let name = Path::new(source)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "stdin".to_string());
    let name = name.split('.').next().unwrap_or("game");
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    if clean.is_empty() {
        "game".to_string()
    } else {
        clean
    }
}

impl Render for Dir {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        if !report.findings.iter().any(|f| f.kind.is_ruling()) {
            return Ok(());
        }
        let m = self.messages;
        // A running number keeps names unique across sources of the same name.
        let file = format!(
            "{:04}-{}-game{}.html",
            self.entries.len() + 1,
            stem(&report.source),
            report.game
        );
        let title = format!("{}: {}", m.labels().sheet_title, html::players(report, m));
        let back = format!(
            "<p><a href=\"index.html\">← {}</a></p>\n",
            esc(m.labels().index_title)
        );
        let body = format!("{back}{}", html::game(report, m, &self.options));
        let mut out = io::BufWriter::new(fs::File::create(self.dir.join(&file))?);
        out.write_all(html::document(self.lang, &title, &body).as_bytes())?;
        out.flush()?;
        let mut kinds: Vec<&str> = report
            .findings
            .iter()
            .filter(|f| f.kind.is_ruling())
            .map(|f| m.kind_title(f.kind))
            .collect();
        kinds.dedup();
        let header = &report.header;
        let recorded = report
            .recorded_result
            .map(|r| html::result_text(r.as_str()));
        let ruled = report.ruled_result.map(|r| html::result_text(r.as_str()));
        let changed = recorded.is_some() && ruled.is_some() && recorded != ruled;
        let result_class = if changed { " class=\"changed\"" } else { "" };
        let line = format!(
            "<td class=\"num\">{}</td><td class=\"num\">{}</td><td><a href=\"{file}\">{}</a></td>\
             <td>{}</td><td{result_class}>{}</td><td>{}</td><td class=\"src\">{}, {} {}</td>",
            esc(header.round.as_deref().unwrap_or("–")),
            esc(header.board.as_deref().unwrap_or("–")),
            esc(&html::players(report, m)),
            esc(recorded.as_deref().unwrap_or("?")),
            esc(ruled.as_deref().unwrap_or("?")),
            esc(&kinds.join("; ")),
            breakable_path(&report.source),
            esc(m.labels().game),
            report.game
        );
        let key = (
            parts(header.round.as_deref()),
            parts(header.board.as_deref()),
            self.entries.len(),
        );
        self.entries.push((key, line));
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        let m = self.messages;
        let l = m.labels();
        let mut body = format!("<h1>{}</h1>\n", esc(l.index_title));
        if self.entries.is_empty() {
            body.push_str(&format!("<p class=\"none\">{}</p>\n", esc(l.index_empty)));
        } else {
            body.push_str(&format!(
                "<table class=\"index\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>\n",
                esc(l.round_title),
                esc(l.board),
                esc(l.players),
                esc(l.recorded),
                esc(l.ruled),
                esc(l.rulings),
                esc(l.source)
            ));
            // In order of round and board; the page numbers keep the input's order.
            self.entries.sort_by(|a, b| a.0.cmp(&b.0));
            for (_, entry) in &self.entries {
                body.push_str(&format!("<tr>{entry}</tr>\n"));
            }
            body.push_str("</tbody></table>\n");
        }
        body.push_str(&footer(m));
        fs::write(
            self.dir.join("index.html"),
            html::document(self.lang, l.index_title, &body),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{Part, breakable_path, parts, stem};

    #[test]
    fn file_names_from_sources() {
        assert_eq!(stem("fixtures/9.2-threefold/basic.pgn"), "basic");
        assert_eq!(stem("-"), "stdin");
        assert_eq!(stem("a b/ü x.pgn.zst"), "__x");
    }

    #[test]
    fn rounds_sort_as_numbers() {
        assert!(parts(Some("2")) < parts(Some("10")));
        assert!(parts(Some("5.2")) < parts(Some("5.10")));
        assert!(parts(Some("10")) < parts(None));
        assert_eq!(parts(Some("3a")), [Part::Text("3a".to_string())]);
        assert_eq!(breakable_path("a/b.pgn"), "a/<wbr>b.pgn");
    }
}
