//! The ruling sheet of `arbiter adjudicate` as text: the header, what
//! happened and what the Laws say, the positions the rulings rest on,
//! signature lines, and apart from the rulings the notes on the record.

use std::io::{self, Write};

use audit::GameReport;

use super::{
    Render, articles,
    board::diagram,
    figure::{Shows, figures},
    html::{self, SheetOptions, capitalised, move_at, player_line},
    json::setup_fen,
};
use crate::i18n::Messages;

pub struct Sheet<W: Write> {
    out: W,
    ascii: bool,
    options: SheetOptions,
    messages: &'static dyn Messages,
}

impl<W: Write> Sheet<W> {
    pub fn new(
        out: W,
        ascii: bool,
        options: SheetOptions,
        messages: &'static dyn Messages,
    ) -> Self {
        Sheet {
            out,
            ascii,
            options,
            messages,
        }
    }
}

/// Spaces before the lines under a timeline entry.
const INDENT: &str = "             ";

impl<W: Write> Render for Sheet<W> {
    fn game(&mut self, r: &GameReport) -> io::Result<()> {
        let (rulings, notes) = html::shown(r, self.options.all);
        let ascii = self.ascii;
        let m = self.messages;
        let l = m.labels();
        let out = &mut self.out;
        let game = capitalised(l.game);
        writeln!(
            out,
            "{} — {game} {}: {}",
            l.sheet_title,
            r.game,
            html::players(r, m)
        )?;
        writeln!(
            out,
            "  {}: {}",
            l.white,
            player_line(r.white.as_deref(), &r.header.white, m)
        )?;
        writeln!(
            out,
            "  {}: {}",
            l.black,
            player_line(r.black.as_deref(), &r.header.black, m)
        )?;
        for (label, value, _) in html::header_rows(r, &rulings, m, &self.options) {
            writeln!(out, "  {label}: {value}")?;
        }
        writeln!(
            out,
            "  {}: {}, {} {}   {}: {}",
            l.source, r.source, l.line, r.line, l.plies_replayed, r.plies
        )?;
        if rulings.is_empty() {
            writeln!(out, "\n{}", l.no_rulings)?;
        } else {
            writeln!(out, "\n{}", l.timeline)?;
        }
        for f in &rulings {
            let cited = articles(f);
            let article = if cited.is_empty() {
                String::new()
            } else {
                format!("{} {cited}", l.article)
            };
            let mv = move_at(f, m);
            // Named by move, as an arbiter names a position.
            writeln!(out, "  {mv:<10} {:<26} {article}", f.kind.code())?;
            writeln!(out, "{INDENT}{}", m.kind_title(f.kind))?;
            writeln!(out, "{INDENT}{}", m.sentence(r, f))?;
            if let Some(written) = f.facts.written_move() {
                let named = match &written.legal {
                    Some(_) => m.label(&written.label),
                    None => written.text.clone(),
                };
                writeln!(out, "{INDENT}{}: {named}", l.written)?;
            }
            match (f.seconds_added, f.player) {
                (Some(seconds), Some(player)) => {
                    let change = m.clock_change(seconds, player.opponent(), f.clock_before());
                    writeln!(out, "{INDENT}{change}")?;
                }
                (Some(seconds), None) => writeln!(out, "{INDENT}{}: {seconds} s", l.time_added)?,
                _ => {}
            }
            if let Some(clocks) = &f.clocks {
                writeln!(
                    out,
                    "{INDENT}{}: {}",
                    capitalised(l.clocks),
                    m.clocks(clocks)
                )?;
            }
        }
        let mut drawn: Vec<&shakmaty::Setup> = Vec::new();
        for fig in rulings.iter().flat_map(|f| figures(f)) {
            if drawn.contains(&fig.position) {
                continue;
            }
            drawn.push(fig.position);
            let f = fig.finding;
            let title = match fig.shows {
                Shows::Ruling => format!("{} · {}", m.kind_title(f.kind), move_at(f, m)),
                Shows::AfterWritten(w) => format!(
                    "{} · {} {}",
                    m.kind_title(f.kind),
                    l.after_written,
                    m.label(&w.label)
                ),
                Shows::OnBoard => format!("{} · {}", l.on_board, move_at(f, m)),
                Shows::NearMiss(near) => {
                    let at = near
                        .mv
                        .as_ref()
                        .map_or_else(|| capitalised(l.starting_position), |mv| m.label(mv));
                    let why: Vec<String> = near
                        .differences
                        .iter()
                        .map(|d| m.difference(d, fig.position.turn))
                        .collect();
                    format!(
                        "{} · {at}: {} {}",
                        l.near_miss,
                        l.near_miss_why,
                        why.join("; ")
                    )
                }
            };
            writeln!(out, "\n{title}")?;
            write!(
                out,
                "{}",
                diagram(&fig.position.board, fig.position.turn, ascii, l)
            )?;
            writeln!(out, "  FEN {}", setup_fen(fig.position))?;
        }
        if self.options.signatures {
            writeln!(out, "\n{}:", l.remarks)?;
            writeln!(out, "\n\n")?;
            let who = [
                (l.arbiter, self.options.arbiter.as_deref()),
                (l.white, r.white.as_deref()),
                (l.black, r.black.as_deref()),
            ];
            for (role, name) in who {
                let named = name.map_or_else(|| role.to_string(), |n| format!("{role}: {n}"));
                writeln!(out, "  {}: ______________________  ({named})", l.signature)?;
            }
        }
        if !notes.is_empty() {
            writeln!(out, "\n{}", l.notes_title)?;
            writeln!(out, "  {}", l.notes_intro)?;
            for f in &notes {
                let mv = move_at(f, m);
                let mv = if mv.is_empty() {
                    String::new()
                } else {
                    format!("{mv}: ")
                };
                writeln!(out, "  - {} {mv}{}", m.kind_title(f.kind), m.sentence(r, f))?;
            }
        }
        writeln!(out)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
