//! The ruling sheet of `arbiter adjudicate`: what happened, what the Laws
//! say, and the positions the rulings rest on.

use std::io::{self, Write};

use audit::{Finding, GameReport};

use super::{Render, board::diagram};

pub struct Sheet<W: Write> {
    out: W,
    ascii: bool,
    all: bool,
}

impl<W: Write> Sheet<W> {
    pub fn new(out: W, ascii: bool, all: bool) -> Self {
        Sheet { out, ascii, all }
    }

    fn shown<'a>(&self, report: &'a GameReport) -> Vec<&'a Finding> {
        let mut shown: Vec<&Finding> = report
            .findings
            .iter()
            .filter(|f| self.all || !f.kind.is_notation())
            .collect();
        shown.sort_by_key(|f| f.ply.unwrap_or(0));
        shown
    }
}

impl<W: Write> Render for Sheet<W> {
    fn game(&mut self, r: &GameReport) -> io::Result<()> {
        let shown = self.shown(r);
        let ascii = self.ascii;
        let out = &mut self.out;
        let players = match (&r.white, &r.black) {
            (Some(w), Some(b)) => format!("{w} – {b}"),
            _ => "(players not recorded)".to_string(),
        };
        let round = r
            .round
            .as_deref()
            .map(|x| format!(", round {x}"))
            .unwrap_or_default();
        writeln!(
            out,
            "Game {}: {players}{round}   ({}, line {})",
            r.game, r.source, r.line
        )?;
        writeln!(
            out,
            "Recorded result: {}   Ruled result: {}   Plies replayed: {}",
            r.recorded_result.as_deref().unwrap_or("none"),
            r.ruled_result.as_deref().unwrap_or("none (unreadable)"),
            r.plies
        )?;
        if shown.is_empty() {
            writeln!(
                out,
                "\nNo events and no rulings: the record stands as written.\n"
            )?;
            return Ok(());
        }
        writeln!(out, "\nTimeline")?;
        for f in &shown {
            let ply = f
                .ply
                .map_or_else(|| "     ".to_string(), |p| format!("{p:>5}"));
            let article = f.article.map(|a| format!("Art. {a}")).unwrap_or_default();
            let mv = f.move_number.as_deref().unwrap_or("");
            writeln!(out, "  ply{ply}  {mv:<10} {:<26} {article}", f.kind.code())?;
            writeln!(out, "             {}", f.message)?;
            if let Some(seconds) = f.seconds_added {
                writeln!(out, "             time added to the opponent: {seconds} s")?;
            }
            if !f.plies.is_empty() {
                let plies: Vec<String> = f.plies.iter().map(ToString::to_string).collect();
                writeln!(out, "             rests on plies: {}", plies.join(", "))?;
            }
        }
        let mut drawn: Vec<&str> = Vec::new();
        for f in &shown {
            let Some(fen) = f.fen.as_deref() else {
                continue;
            };
            if f.article.is_none() || drawn.contains(&fen) {
                continue;
            }
            drawn.push(fen);
            if let Some(board) = diagram(fen, ascii) {
                let ply = f.ply.map(|p| format!(" at ply {p}")).unwrap_or_default();
                writeln!(
                    out,
                    "\nPosition{ply} ({}, Art. {}):",
                    f.kind.code(),
                    f.article.unwrap_or("-")
                )?;
                write!(out, "{board}")?;
                writeln!(out, "  FEN {fen}")?;
            }
        }
        writeln!(out)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
