//! The ruling sheet as a self-contained HTML page: game header, timeline of
//! events and rulings, and a board diagram for each position a ruling rests
//! on. Inline CSS and SVG only, no script, no external resource: it opens
//! offline and prints on A4.

use std::fmt::Write as _;

use audit::{Facts, Finding, GameReport};
use laws::mating::{Verdict, Winning};
use shakmaty::{Color, Setup};

use super::{
    figure::{Figure, figure},
    json::fen,
    svg,
};
use crate::i18n::Messages;

const STYLE: &str = include_str!("sheet.css");

/// Escapes text for HTML element content and quoted attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A whole page around `body`, with the piece symbols the boards use.
pub fn document(lang: &str, title: &str, body: &str) -> String {
    let defs = if body.contains("class=\"board\"") {
        svg::piece_defs()
    } else {
        String::new()
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{defs}{body}</body>\n</html>\n",
        esc(title)
    )
}

/// "White – Black", or that the players are not recorded.
pub fn players(report: &GameReport, m: &dyn Messages) -> String {
    match (&report.white, &report.black) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        _ => m.labels().players_unknown.to_string(),
    }
}

/// The findings a sheet shows, in the order of the game.
pub fn shown(report: &GameReport, all: bool) -> Vec<&Finding> {
    let mut shown: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| all || !f.kind.is_notation())
        .collect();
    shown.sort_by_key(|f| f.ply.unwrap_or(0));
    shown
}

/// One game's section: header, timeline, diagrams.
pub fn game(report: &GameReport, m: &dyn Messages, all: bool) -> String {
    let l = m.labels();
    let mut out = String::from("<section class=\"game\">\n");
    let _ = writeln!(
        out,
        "<header><p class=\"kicker\">{}</p><h1>{}</h1>",
        esc(l.sheet_title),
        esc(&players(report, m))
    );
    let mut rows = vec![
        (
            l.source,
            format!(
                "{}, {} {}, {} {}",
                report.source, l.game, report.game, l.line, report.line
            ),
        ),
        (
            l.recorded_result,
            report.recorded_result.clone().unwrap_or(l.none.into()),
        ),
        (
            l.ruled_result,
            report
                .ruled_result
                .map_or(l.none_unreadable.into(), |r| r.as_str().to_string()),
        ),
        (l.plies_replayed, report.plies.to_string()),
    ];
    if let Some(round) = &report.round {
        rows.insert(1, (l.round_title, round.clone()));
    }
    out.push_str("<table class=\"facts\">");
    for (label, value) in rows {
        let _ = write!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            esc(label),
            esc(&value)
        );
    }
    out.push_str("</table></header>\n");

    let shown = shown(report, all);
    if shown.is_empty() {
        let _ = writeln!(out, "<p class=\"none\">{}</p>", esc(l.no_rulings));
        out.push_str("</section>\n");
        return out;
    }
    let figures: Vec<Figure> = shown.iter().filter_map(|f| figure(f)).collect();
    timeline(&mut out, report, &shown, &figures, m);
    if !figures.is_empty() {
        let _ = writeln!(
            out,
            "<h2>{}</h2>\n<div class=\"figures\">",
            esc(l.positions)
        );
        for (n, fig) in figures.iter().enumerate() {
            diagram(&mut out, report.game, n + 1, fig, m);
        }
        out.push_str("</div>\n");
    }
    out.push_str("</section>\n");
    out
}

fn timeline(
    out: &mut String,
    report: &GameReport,
    shown: &[&Finding],
    figures: &[Figure],
    m: &dyn Messages,
) {
    let l = m.labels();
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<table class=\"timeline\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
        esc(l.timeline),
        esc(l.moves),
        esc(&capitalised(l.ply)),
        esc(l.ruling),
        esc(l.article)
    );
    for f in shown {
        let mv = match (&f.move_number, f.ply) {
            (Some(mv), _) => m.label(mv),
            (None, Some(ply)) => moved_before(f.position.as_deref(), ply),
            (None, None) => String::new(),
        };
        let ply = f.ply.map(|p| p.to_string()).unwrap_or_default();
        let figure_no = figures
            .iter()
            .position(|fig| std::ptr::eq(fig.finding, *f))
            .map(|n| {
                format!(
                    " <a class=\"ref\" href=\"#d{}-{}\">▦ {}</a>",
                    report.game,
                    n + 1,
                    n + 1
                )
            })
            .unwrap_or_default();
        let _ = write!(
            out,
            "<tr class=\"{}\"><td class=\"mv\">{}</td><td class=\"ply\">{ply}</td><td><strong>{}</strong>{figure_no}<br>{}",
            f.severity.as_str(),
            esc(&mv),
            esc(m.kind_title(f.kind)),
            esc(&capitalised(&m.sentence(report, f)))
        );
        if let (Some(seconds), Some(player)) = (f.seconds_added, f.player) {
            let _ = write!(
                out,
                "<br><span class=\"clock\">{}</span>",
                esc(&m.clock_change(seconds, player.opponent(), f.clock_before()))
            );
        }
        let _ = writeln!(
            out,
            "</td><td class=\"art\">{}</td></tr>",
            f.article
                .map(|a| format!("{} {a}", l.article))
                .unwrap_or_default()
        );
    }
    out.push_str("</tbody></table>\n");
}

fn diagram(out: &mut String, game: usize, n: usize, fig: &Figure, m: &dyn Messages) {
    let l = m.labels();
    let f = fig.finding;
    let title = m.kind_title(f.kind);
    let at = match (&f.move_number, f.ply) {
        (Some(mv), _) => m.label(mv),
        (None, Some(ply)) => format!("{} {ply}", l.ply),
        (None, None) => String::new(),
    };
    let fen_text = fen(f).unwrap_or_default();
    let label = esc(&format!("{n}. {title}, {at}: {fen_text}"));
    let board = svg::board(&fig.position.board, false, &fig.marks, &label);
    let to_move = match fig.position.turn {
        Color::White => l.white_to_move,
        Color::Black => l.black_to_move,
    };
    let _ = writeln!(
        out,
        "<figure class=\"position\" id=\"d{game}-{n}\">\n<figcaption><strong>{n}. {}</strong> · {} · {}</figcaption>\n{board}",
        esc(title),
        esc(&at),
        f.article
            .map(|a| format!("{} {a}", l.article))
            .unwrap_or_default()
    );
    out.push_str("<ul class=\"details\">");
    let _ = write!(out, "<li>{}</li>", esc(to_move));
    if !f.plies.is_empty() {
        let base = f
            .ply
            .and_then(|ply| index_of(fig.position).checked_sub(ply));
        let plies: Vec<String> = f
            .plies
            .iter()
            .map(|&p| match base {
                Some(base) => format!("{p} ({})", move_of(base + p)),
                None => p.to_string(),
            })
            .collect();
        let _ = write!(
            out,
            "<li>{} {}</li>",
            esc(l.occurred_at),
            esc(&plies.join(", "))
        );
    }
    if !f.touched().is_empty() {
        let squares: Vec<String> = f.touched().iter().map(ToString::to_string).collect();
        let _ = write!(
            out,
            "<li>{}: {}</li>",
            esc(l.touched),
            esc(&squares.join(", "))
        );
    }
    if let (Facts::Touch(_), Some(label)) = (&f.facts, &f.move_number) {
        let _ = write!(out, "<li>{}: {}</li>", esc(l.played), esc(&m.label(label)));
    }
    if let Some(written) = f.facts.written_move() {
        let mv = match &written.legal {
            Some(san) => m.san(&san.to_string()),
            None => written.text.clone(),
        };
        let _ = write!(out, "<li>{}: {}</li>", esc(l.written), esc(&mv));
    }
    let attempted = match &f.facts {
        Facts::IllegalAct(a) => a.act.attempted(),
        Facts::Move(m) if f.kind == audit::Kind::IllegalMove => Some(m.token.as_str()),
        _ => None,
    };
    if let Some(mv) = attempted {
        let _ = write!(out, "<li>{}: {}</li>", esc(l.attempted), esc(mv));
    }
    if let (Some(seconds), Some(player)) = (f.seconds_added, f.player) {
        let _ = write!(
            out,
            "<li>{}</li>",
            esc(&m.clock_change(seconds, player.opponent(), f.clock_before()))
        );
    }
    if let Some((side, verdict)) = &fig.verdict {
        let _ = write!(
            out,
            "<li class=\"verdict\"><strong>{}</strong> {}</li>",
            esc(&m.can_mate_question(*side)),
            esc(&verdict_answer(m, fig.position, verdict))
        );
    }
    let _ = writeln!(
        out,
        "<li class=\"fen\">FEN {}</li></ul>\n</figure>",
        esc(&fen_text)
    );
}

/// Plies from the first position of a game (1. White to move) to `pos`.
fn index_of(pos: &Setup) -> usize {
    (pos.fullmoves.get() as usize - 1) * 2 + usize::from(pos.turn == Color::Black)
}

/// "Yes: a mating line: 61...Ka8 62.Kc8 h6 63.Nc7#", "Yes, by material
/// (a queen or a rook)", "No: there is not enough material …": the whole
/// line, numbered from the position's move number, in the language's letters.
pub fn verdict_answer(m: &dyn Messages, pos: &Setup, verdict: &Verdict) -> String {
    let l = m.labels();
    match verdict {
        Verdict::Winnable(Winning::Mate) => format!("{}: {}", l.yes, l.already_mate),
        Verdict::Winnable(Winning::Material) => format!("{}, {}", l.yes, l.by_material),
        Verdict::Winnable(Winning::Line(line)) => format!(
            "{}: {}: {}",
            l.yes,
            l.mating_line,
            m.line(pos.fullmoves.get(), pos.turn, line)
        ),
        Verdict::Unwinnable(why) => format!("{}: {}", l.no, m.unwinnable(why)),
        Verdict::Undetermined => l.undetermined.to_string(),
    }
}

/// The first letter in upper case: the engine's sentences begin in lower
/// case when they begin with a move or a phrase meant to follow a colon.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The last move played before a position, from its move number and side to
/// move ("2..." when White is to play move 3), or "–" at the start.
fn moved_before(pos: Option<&Setup>, ply: usize) -> String {
    if ply == 0 {
        return "–".to_string();
    }
    pos.map(|pos| move_of(index_of(pos))).unwrap_or_default()
}

/// The move that reached the position `index` plies after the game's first
/// position: "2..." for Black's second move, "3." for White's third.
fn move_of(index: usize) -> String {
    if index == 0 {
        return "–".to_string();
    }
    if index % 2 == 1 {
        format!("{}.", index / 2 + 1)
    } else {
        format!("{}...", index / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            esc("<b>\"Tom\" & 'Jerry'</b>"),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
    }

    #[test]
    fn move_numbers() {
        assert_eq!(move_of(1), "1.");
        assert_eq!(move_of(4), "2...");
        let line: Vec<shakmaty::san::SanPlus> = ["Kg2", "Kb2", "Nf3"]
            .iter()
            .map(|s| s.parse().expect("san"))
            .collect();
        let (en, de) = (
            crate::i18n::Lang::En.messages(),
            crate::i18n::Lang::De.messages(),
        );
        assert_eq!(en.line(7, Color::Black, &line), "7...Kg2 8.Kb2 Nf3");
        assert_eq!(de.line(7, Color::Black, &line), "7...Kg2 8. Kb2 Sf3");
        assert_eq!(en.line(8, Color::White, &line[1..]), "8.Kb2 Nf3");
    }
}
