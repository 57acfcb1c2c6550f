//! The ruling sheet of `arbiter adjudicate`: what happened, what the Laws
//! say, and the positions the rulings rest on.

use std::io::{self, Write};

use audit::GameReport;

use super::{
    Render,
    board::diagram,
    html::{self, capitalised},
    json::fen,
};
use crate::i18n::Messages;

pub struct Sheet<W: Write> {
    out: W,
    ascii: bool,
    all: bool,
    messages: &'static dyn Messages,
}

impl<W: Write> Sheet<W> {
    pub fn new(out: W, ascii: bool, all: bool, messages: &'static dyn Messages) -> Self {
        Sheet {
            out,
            ascii,
            all,
            messages,
        }
    }
}

impl<W: Write> Render for Sheet<W> {
    fn game(&mut self, r: &GameReport) -> io::Result<()> {
        let shown = html::shown(r, self.all);
        let ascii = self.ascii;
        let m = self.messages;
        let l = m.labels();
        let out = &mut self.out;
        let players = html::players(r, m);
        let round = r
            .round
            .as_deref()
            .map(|x| format!(", {} {x}", l.round))
            .unwrap_or_default();
        let game = capitalised(l.game);
        writeln!(
            out,
            "{game} {}: {players}{round}   ({}, {} {})",
            r.game, r.source, l.line, r.line
        )?;
        writeln!(
            out,
            "{}: {}   {}: {}   {}: {}",
            l.recorded_result,
            r.recorded_result.map_or(l.none, |g| g.as_str()),
            l.ruled_result,
            r.ruled_result.map_or(l.none_unreadable, |g| g.as_str()),
            l.plies_replayed,
            r.plies
        )?;
        if shown.is_empty() {
            writeln!(out, "\n{}\n", l.no_rulings)?;
            return Ok(());
        }
        writeln!(out, "\n{}", l.timeline)?;
        for f in &shown {
            let ply = f
                .ply
                .map_or_else(|| "     ".to_string(), |p| format!("{p:>5}"));
            let article = f
                .article
                .map(|a| format!("{} {a}", l.article))
                .unwrap_or_default();
            let mv = f
                .move_number
                .as_ref()
                .map(|mv| m.label(mv))
                .unwrap_or_default();
            writeln!(
                out,
                "  {}{ply}  {mv:<10} {:<26} {article}",
                l.ply,
                f.kind.code()
            )?;
            writeln!(out, "             {}", m.kind_title(f.kind))?;
            writeln!(out, "             {}", m.sentence(r, f))?;
            match (f.seconds_added, f.player) {
                (Some(seconds), Some(player)) => {
                    let change = m.clock_change(seconds, player.opponent(), f.clock_before());
                    writeln!(out, "             {change}")?;
                }
                (Some(seconds), None) => {
                    writeln!(out, "             {}: {seconds} s", l.time_added)?
                }
                _ => {}
            }
            if !f.plies.is_empty() {
                let plies: Vec<String> = f.plies.iter().map(ToString::to_string).collect();
                writeln!(
                    out,
                    "             {}: {}",
                    l.rests_on_plies,
                    plies.join(", ")
                )?;
            }
        }
        let mut drawn: Vec<&shakmaty::Setup> = Vec::new();
        for f in &shown {
            let (Some(pos), Some(article)) = (f.position.as_deref(), f.article) else {
                continue;
            };
            if drawn.contains(&pos) {
                continue;
            }
            drawn.push(pos);
            let board = diagram(&pos.board, pos.turn, ascii, l);
            let ply = f.ply.map(|p| format!(" {p}")).unwrap_or_default();
            writeln!(
                out,
                "\n{}{ply} ({}, {} {article}):",
                l.position_at_ply,
                m.kind_title(f.kind),
                l.article,
            )?;
            write!(out, "{board}")?;
            writeln!(out, "  FEN {}", fen(f).unwrap_or_default())?;
        }
        writeln!(out)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
