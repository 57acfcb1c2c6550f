use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use audit::{Finding, GameReport, Kind, Row, Severity};

use super::Render;
use crate::i18n::Messages;

/// Text for people: rustc-like blocks with an excerpt and a caret (`detailed`),
/// or one line per finding.
pub struct Text<W: Write> {
    out: W,
    color: bool,
    detailed: bool,
    /// `--missed-claims`: show the `claim-available` notes, off by default.
    missed_claims: bool,
    messages: &'static dyn Messages,
}

impl<W: Write> Text<W> {
    pub fn new(out: W, color: bool, detailed: bool, messages: &'static dyn Messages) -> Self {
        Text {
            out,
            color,
            detailed,
            missed_claims: false,
            messages,
        }
    }

    /// Shows the claims nobody made (`claim-available`) too.
    pub fn missed_claims(mut self, show: bool) -> Self {
        self.missed_claims = show;
        self
    }

    fn paint(&self, style: Style, text: &str) -> String {
        if self.color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    }

    fn severity_style(severity: Severity) -> Style {
        let color = match severity {
            Severity::Error => AnsiColor::Red,
            Severity::Warning => AnsiColor::Yellow,
            Severity::Note => AnsiColor::Cyan,
        };
        Style::new().bold().fg_color(Some(color.into()))
    }

    fn finding(&mut self, r: &GameReport, f: &Finding) -> io::Result<()> {
        let m = self.messages;
        let l = m.labels();
        let head = self.paint(
            Self::severity_style(f.severity),
            &format!("{}[{}]", m.severity(f.severity), f.kind.code()),
        );
        let message = m.sentence(r, f);
        let (line, column) = f
            .place
            .as_ref()
            .map_or((r.line, None), |p| (p.line, Some(p.column)));
        let at = match column {
            Some(c) => format!("{}:{line}:{c}", r.source),
            None => format!("{}:{line}", r.source),
        };
        // The move by its number, as an arbiter names it; the ply beside it
        // for finding the row in the JSON.
        let ply = match (&f.move_number, f.ply) {
            (Some(mv), Some(p)) => format!(", {} ({} {p})", m.label(mv), l.ply),
            (Some(mv), None) => format!(", {}", m.label(mv)),
            (None, Some(0)) => format!(", {}", l.starting_position),
            (None, Some(p)) => format!(", {} {p}", l.ply),
            (None, None) => String::new(),
        };
        let who = match (&r.white, &r.black) {
            (Some(w), Some(b)) => format!(", {w} – {b}"),
            _ => String::new(),
        };
        // A row of the tournament file is about a round's pairing, or the file.
        let subject = match (r.row, &r.round) {
            (Row::Game, _) => format!("{} {}", l.game, r.game),
            (Row::Tournament, Some(round)) => format!("{} {round}", l.round),
            (Row::Tournament, None) => "TRF".to_string(),
        };
        if !self.detailed {
            return writeln!(self.out, "{at}: {head} {subject}{ply}: {message}");
        }
        let bold = Style::new().bold();
        let blue = Style::new().bold().fg_color(Some(AnsiColor::Blue.into()));
        writeln!(self.out, "{head}: {}", self.paint(bold, &message))?;
        writeln!(
            self.out,
            "  {} {at}  ({subject}{who}{ply})",
            self.paint(blue, "-->"),
        )?;
        if let Some(place) = &f.place {
            let number = place.line.to_string();
            let pad = " ".repeat(number.len());
            let (excerpt, caret_at) = window(&place.excerpt, place.excerpt_offset, 60);
            writeln!(self.out, "{pad} {}", self.paint(blue, "|"))?;
            writeln!(
                self.out,
                "{} {} {excerpt}",
                self.paint(blue, &number),
                self.paint(blue, "|")
            )?;
            let caret = format!(
                "{}{}",
                " ".repeat(caret_at),
                "^".repeat(place.width.min(40))
            );
            writeln!(
                self.out,
                "{pad} {} {}",
                self.paint(blue, "|"),
                self.paint(Self::severity_style(f.severity), &caret)
            )?;
        }
        let eq = self.paint(blue, "=");
        if f.article.is_some() {
            let article = super::articles(f);
            writeln!(self.out, "  {eq} {} {article}", l.article_long)?;
        }
        if let Some(fen) = super::json::fen(f) {
            writeln!(self.out, "  {eq} {}: {fen}", l.position)?;
        }
        if !f.suggestions.is_empty() {
            let moves: Vec<String> = f
                .suggestions
                .iter()
                .map(|s| m.san(&s.to_string()))
                .collect();
            writeln!(
                self.out,
                "  {eq} {}: {}",
                l.probably_meant,
                moves.join(", ")
            )?;
        }
        if let Some(hint) = m.repair_hint(f) {
            writeln!(self.out, "  {eq} {}: {hint}", l.repair)?;
        }
        writeln!(self.out)
    }
}

/// Cuts a long line to about `width` characters around `column` (0-based);
/// returns the text and the caret's column within it.
fn window(line: &str, column: usize, width: usize) -> (String, usize) {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= width {
        return (line.to_string(), column.min(chars.len()));
    }
    let start = column.saturating_sub(width / 3);
    let end = (start + width).min(chars.len());
    let mut text = String::new();
    let mut caret = column - start;
    if start > 0 {
        text.push('…');
        caret += 1;
    }
    text.extend(&chars[start..end]);
    if end < chars.len() {
        text.push('…');
    }
    (text, caret)
}

impl<W: Write> Render for Text<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        for finding in &report.findings {
            if finding.kind == Kind::ClaimAvailable && !self.missed_claims {
                continue;
            }
            self.finding(report, finding)?;
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn long_lines_are_windowed_around_the_caret() {
        let line = format!("{}Nf4{}", "x".repeat(100), "y".repeat(100));
        let (text, caret) = window(&line, 100, 60);
        assert_eq!(text.chars().skip(caret).take(3).collect::<String>(), "Nf4");
        assert_eq!(window("1. e4", 3, 60), ("1. e4".to_string(), 3));
    }
}
