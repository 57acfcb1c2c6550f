//! The ruling sheet as a self-contained HTML page: the header an arbiter
//! signs (event, players, time control, results, the time of the ruling),
//! the rulings with their articles, a board diagram for each position a
//! ruling rests on, signature lines, and apart from the rulings the notes on
//! the record. Inline CSS and SVG only, no script, no external resource: it
//! opens offline and prints on A4.

use std::fmt::Write as _;

use audit::{Facts, Finding, GameReport, Kind, Side};
use laws::{
    EndingKind,
    mating::{Verdict, Winning},
};
use shakmaty::{Color, Setup};

use super::{
    articles,
    figure::{Figure, Shows, figures},
    json::setup_fen,
    svg,
};
use crate::i18n::Messages;

const STYLE: &str = include_str!("sheet.css");

/// What the command line adds to a sheet beyond the report.
#[derive(Debug, Clone, Default)]
pub struct SheetOptions {
    /// `--arbiter NAME`.
    pub arbiter: Option<String>,
    /// `--event-regulations TEXT`.
    pub regulations: Option<String>,
    /// Signature lines and a remarks field (off with `--no-signatures`).
    pub signatures: bool,
    /// `--all`: pure notation findings too, among the notes on the record.
    pub all: bool,
}

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
    let defs = if body.contains("<svg class=\"board") {
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

/// The findings a sheet shows among its rulings, in the order of the game,
/// and apart from them the notes on the record (pure notation findings and
/// the claims nobody made only with `all`).
pub fn shown(report: &GameReport, all: bool) -> (Vec<&Finding>, Vec<&Finding>) {
    let mut rulings: Vec<&Finding> = Vec::new();
    let mut notes: Vec<&Finding> = Vec::new();
    for f in &report.findings {
        // The claims nobody made are the arbiter's to look up, not rulings: with `all` only.
        if f.kind == audit::Kind::ClaimAvailable && !all {
            continue;
        }
        if !f.kind.is_record_note() {
            rulings.push(f);
        } else if all || !f.kind.is_notation() {
            notes.push(f);
        }
    }
    rulings.sort_by_key(|f| f.ply.unwrap_or(0));
    notes.sort_by_key(|f| f.ply.unwrap_or(0));
    (rulings, notes)
}

/// A result as a sheet writes it: `1-0`, `0-1`, `½-½`, `*`.
pub fn result_text(result: &str) -> String {
    result.replace("1/2", "½")
}

/// "Carlsen, Magnus (GM, Elo 2830, FIDE ID 1503014)".
pub fn player_line(name: Option<&str>, side: &Side, m: &dyn Messages) -> String {
    let l = m.labels();
    let mut extra: Vec<String> = Vec::new();
    extra.extend(side.title.as_ref().map(ToString::to_string));
    extra.extend(side.elo.map(|elo| format!("Elo {elo}")));
    extra.extend(side.fide_id.map(|id| format!("{} {id}", l.fide_id)));
    extra.extend(side.team.as_ref().map(ToString::to_string));
    let name = name.unwrap_or("?");
    if extra.is_empty() {
        name.to_string()
    } else {
        format!("{name} ({})", extra.join(", "))
    }
}

/// The move a finding stands at, as an arbiter names it: its label, the
/// number of the move before its position, or "–" at the start.
pub fn move_at(f: &Finding, m: &dyn Messages) -> String {
    match (&f.move_number, f.ply) {
        (Some(mv), _) => m.label(mv),
        (None, Some(ply)) => moved_before(f.position.as_deref(), ply),
        (None, None) => String::new(),
    }
}

/// When the deciding ruling was made: after which move, and the clocks
/// where the record has them. The last ruling of the game decides.
pub fn time_of_ruling(rulings: &[&Finding], m: &dyn Messages) -> Option<String> {
    let f = rulings.iter().rev().find(|f| f.kind.is_ruling())?;
    let l = m.labels();
    let at = match move_at(f, m).as_str() {
        "" | "–" => capitalised(l.starting_position),
        mv => format!("{} {mv}", l.after),
    };
    Some(match &f.clocks {
        Some(clocks) => format!("{at}; {}: {}", l.clocks, m.clocks(clocks)),
        None => format!("{at} ({})", l.no_clocks),
    })
}

/// The header's rows: what is known of the event, the players' results
/// and the ruling, in the order an arbiter reads them.
pub fn header_rows(
    report: &GameReport,
    rulings: &[&Finding],
    m: &dyn Messages,
    opts: &SheetOptions,
) -> Vec<(&'static str, String, bool)> {
    let l = m.labels();
    let h = &report.header;
    let mut rows: Vec<(&'static str, String, bool)> = Vec::new();
    let recorded = report
        .recorded_result
        .map_or_else(|| l.none.to_string(), |r| result_text(r.as_str()));
    let ruled = report.ruled_result.map_or_else(
        || l.none_unreadable.to_string(),
        |r| result_text(r.as_str()),
    );
    let changed = report
        .recorded_result
        .zip(report.ruled_result)
        .is_some_and(|(rec, ruled)| rec != ruled);
    rows.push((l.recorded_result, recorded, false));
    if changed {
        rows.push((
            l.ruled_result,
            format!("{ruled} ({})", l.result_changed),
            true,
        ));
    } else {
        rows.push((l.ruled_result, ruled, false));
    }
    let mut add = |label: &'static str, value: Option<String>| {
        if let Some(value) = value {
            rows.push((label, value, false));
        }
    };
    add(l.event, h.event.as_ref().map(ToString::to_string));
    add(l.site, h.site.as_ref().map(ToString::to_string));
    add(l.date, h.date.as_ref().map(|d| m.date(d)));
    add(l.round_title, h.round.as_ref().map(ToString::to_string));
    add(l.board, h.board.as_ref().map(ToString::to_string));
    add(
        l.time_control,
        h.time_control
            .as_ref()
            .map(|tc| format!("{} ({})", m.time_control(tc), m.class_name(h.class))),
    );
    add(l.arbiter, opts.arbiter.clone());
    add(l.regulations, opts.regulations.clone());
    add(l.time_of_ruling, time_of_ruling(rulings, m));
    rows
}

/// One game's section: header, rulings, diagrams, signatures, notes.
pub fn game(report: &GameReport, m: &dyn Messages, opts: &SheetOptions) -> String {
    let l = m.labels();
    let (rulings, notes) = shown(report, opts.all);
    let mut out = String::from("<section class=\"game\">\n");
    let kicker = match report.header.event.as_deref() {
        Some(event) => format!("{} · {event}", l.sheet_title),
        None => l.sheet_title.to_string(),
    };
    let _ = writeln!(
        out,
        "<header><p class=\"kicker\">{}</p><h1>{}</h1>",
        esc(&kicker),
        esc(&players(report, m))
    );
    out.push_str("<table class=\"players\">");
    for (colour, name, side) in [
        (l.white, &report.white, &report.header.white),
        (l.black, &report.black, &report.header.black),
    ] {
        let _ = write!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            esc(colour),
            esc(&player_line(name.as_deref(), side, m))
        );
    }
    out.push_str("</table>\n<dl class=\"facts\">");
    for (label, value, changed) in header_rows(report, &rulings, m, opts) {
        // A long value takes the whole line rather than wrapping in a narrow column.
        let wide = value.chars().count() > 32;
        let (term, class) = match (changed, wide) {
            (true, true) => (" class=\"wide\"", " class=\"wide changed\""),
            (true, false) => ("", " class=\"changed\""),
            (false, true) => (" class=\"wide\"", " class=\"wide\""),
            (false, false) => ("", ""),
        };
        let _ = write!(
            out,
            "<dt{term}>{}</dt><dd{class}>{}</dd>",
            esc(label),
            esc(&value)
        );
    }
    out.push_str("</dl></header>\n");

    if rulings.is_empty() {
        let _ = writeln!(out, "<p class=\"none\">{}</p>", esc(l.no_rulings));
    } else {
        // A near-miss several claims share is drawn once.
        let mut figs: Vec<Figure> = Vec::new();
        for fig in rulings.iter().flat_map(|f| figures(f)) {
            let again = matches!(fig.shows, Shows::NearMiss(_))
                && figs.iter().any(|seen| {
                    matches!(seen.shows, Shows::NearMiss(_)) && seen.position == fig.position
                });
            if !again {
                figs.push(fig);
            }
        }
        let figures = figs;
        timeline(&mut out, report, &rulings, &figures, m);
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
    }
    if opts.signatures {
        signatures(&mut out, report, m, opts);
    }
    if !notes.is_empty() {
        notes_on_the_record(&mut out, report, &notes, m);
    }
    let _ = writeln!(
        out,
        "<p class=\"source\">{}: {}, {} {}, {} {}. {}</p>",
        esc(l.source),
        esc(&report.source),
        esc(l.game),
        report.game,
        esc(l.line),
        report.line,
        esc(l.generated_by)
    );
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
        "<h2>{}</h2>\n<table class=\"timeline\"><thead><tr><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
        esc(l.timeline),
        esc(l.moves),
        esc(l.ruling),
        esc(l.article)
    );
    for f in shown {
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
            "<tr class=\"{}\"><td class=\"mv\">{}</td><td><strong>{}</strong>{figure_no}<br>{}",
            f.severity.as_str(),
            esc(&move_at(f, m)),
            esc(m.kind_title(f.kind)),
            esc(&capitalised(&m.sentence(report, f)))
        );
        if let Some(hint) = m.repair_hint(f) {
            let _ = write!(
                out,
                "<br><span class=\"repair\">{}: {}</span>",
                esc(m.labels().repair),
                esc(&hint)
            );
        }
        // The clock before and after stands under the diagram, where there is one.
        if let (Some(seconds), Some(player), true) =
            (f.seconds_added, f.player, figure_no.is_empty())
        {
            let _ = write!(
                out,
                "<br><span class=\"clock\">{}</span>",
                esc(&m.clock_change(seconds, player.opponent(), f.clock_before()))
            );
        }
        let cited = articles(f);
        let _ = writeln!(
            out,
            "</td><td class=\"art\">{}</td></tr>",
            if cited.is_empty() {
                String::new()
            } else {
                esc(&format!("{} {cited}", l.article))
            }
        );
    }
    out.push_str("</tbody></table>\n");
}

/// The occurrences of a repetition by move: "the starting position, 2...Sg8".
fn occurrences(f: &Finding, m: &dyn Messages) -> Option<String> {
    let list = f.facts.occurrences();
    if list.is_empty() {
        return None;
    }
    let l = m.labels();
    let named: Vec<String> = list
        .iter()
        .map(|o| match &o.mv {
            Some(label) => m.label(label),
            None if o.ply == 0 => l.starting_position.to_string(),
            None => format!("{} {}", l.ply, o.ply),
        })
        .collect();
    Some(named.join(", "))
}

fn diagram(out: &mut String, game: usize, n: usize, fig: &Figure, m: &dyn Messages) {
    let l = m.labels();
    let f = fig.finding;
    let at = match move_at(f, m).as_str() {
        "–" => capitalised(l.starting_position),
        mv => mv.to_string(),
    };
    let cited = articles(f);
    let cited = if cited.is_empty() {
        String::new()
    } else {
        format!(" · {} {cited}", l.article)
    };
    let (title, where_, cited) = match fig.shows {
        Shows::Ruling => (m.kind_title(f.kind).to_string(), at, cited),
        Shows::AfterWritten(w) => (
            m.kind_title(f.kind).to_string(),
            format!("{} {}", l.after_written, m.label(&w.label)),
            cited,
        ),
        Shows::OnBoard => (l.on_board.to_string(), at, String::new()),
        Shows::NearMiss(near) => (
            l.near_miss.to_string(),
            match &near.mv {
                Some(label) => m.label(label),
                None => capitalised(l.starting_position),
            },
            String::new(),
        ),
    };
    let fen_text = setup_fen(fig.position);
    let label = esc(&format!("{n}. {title}, {where_}: {fen_text}"));
    let board = svg::board(
        &fig.position.board,
        false,
        &fig.marks,
        &label,
        fig.board_kind(),
        &esc(&fen_text),
    );
    let class = match fig.shows {
        Shows::NearMiss(_) => "position near-miss",
        _ => "position",
    };
    let _ = writeln!(
        out,
        "<figure class=\"{class}\" id=\"d{game}-{n}\">\n<figcaption><strong>{n}. {}</strong> · {}{}</figcaption>\n{board}",
        esc(&title),
        esc(&where_),
        esc(&cited)
    );
    out.push_str("<ul class=\"details\">");
    let mut item = |text: &str| {
        let _ = write!(out, "<li>{}</li>", esc(&capitalised(text)));
    };
    match fig.shows {
        Shows::NearMiss(near) => {
            let why: Vec<String> = near
                .differences
                .iter()
                .map(|d| m.difference(d, fig.position.turn))
                .collect();
            item(&format!("{} {}", l.near_miss_why, why.join("; ")));
        }
        Shows::AfterWritten(_) => item(&capitalised(l.claimed_position)),
        _ => {}
    }
    item(match fig.position.turn {
        Color::White => l.white_to_move,
        Color::Black => l.black_to_move,
    });
    let main = matches!(fig.shows, Shows::Ruling | Shows::AfterWritten(_));
    if main {
        ruling_details(&mut item, f, fig, m);
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

/// The lines under the main diagram of a ruling: where the position
/// occurred, what was touched, played, written or attempted, the time added.
fn ruling_details(item: &mut impl FnMut(&str), f: &Finding, fig: &Figure, m: &dyn Messages) {
    let l = m.labels();
    match &f.facts {
        Facts::Claim(claim) if claim.claim == scoresheet::ClaimKind::Fifty => {
            if let Some(start) = occurrences(f, m) {
                item(&format!("{}: {start}", capitalised(l.quiet_since)));
            }
        }
        _ => {
            if let Some(list) = occurrences(f, m) {
                item(&format!("{}: {list}", capitalised(l.occurred)));
            }
        }
    }
    if let Facts::Ending(EndingKind::SeventyFiveMoves { since }) = &f.facts {
        item(&format!(
            "{}: {} {since}",
            capitalised(l.quiet_since),
            l.ply
        ));
    }
    if !f.touched().is_empty() {
        let squares: Vec<String> = f.touched().iter().map(ToString::to_string).collect();
        item(&format!("{}: {}", l.touched, squares.join(", ")));
    }
    if let (Facts::Touch(_), Some(label)) = (&f.facts, &f.move_number) {
        item(&format!("{}: {}", l.played, m.label(label)));
    }
    if let Some(written) = f.facts.written_move() {
        let named = match &written.legal {
            Some(_) => m.label(&written.label),
            None => written.text.clone(),
        };
        let as_written = match &written.legal {
            Some(san) if m.san(&san.to_string()) != written.text => {
                format!(" ({}: {})", l.as_written, written.text)
            }
            _ => String::new(),
        };
        item(&format!("{}: {named}{as_written}", l.written));
    }
    let attempted = match &f.facts {
        Facts::IllegalAct(a) => a.act.attempted(),
        Facts::Move(mv) if f.kind == Kind::IllegalMove => Some(mv.token.as_str()),
        _ => None,
    };
    if let Some(mv) = attempted {
        item(&format!("{}: {mv}", l.attempted));
    }
    if let (Some(seconds), Some(player)) = (f.seconds_added, f.player)
        && matches!(fig.shows, Shows::Ruling | Shows::AfterWritten(_))
    {
        item(&m.clock_change(seconds, player.opponent(), f.clock_before()));
    }
}

/// Lines for the arbiter's and both players' signatures, and room for remarks.
fn signatures(out: &mut String, report: &GameReport, m: &dyn Messages, opts: &SheetOptions) {
    let l = m.labels();
    let _ = write!(
        out,
        "<section class=\"signatures\">\n<div class=\"remarks\"><span>{}</span></div>\n<div class=\"signs\">",
        esc(l.remarks)
    );
    let who = [
        (l.arbiter, opts.arbiter.as_deref()),
        (l.white, report.white.as_deref()),
        (l.black, report.black.as_deref()),
    ];
    for (role, name) in who {
        let named = match name {
            Some(name) => format!("{role}: {name}"),
            None => role.to_string(),
        };
        let _ = write!(
            out,
            "<div class=\"sign\"><span class=\"line\"></span><span>{} · {}</span></div>",
            esc(l.signature),
            esc(&named)
        );
    }
    out.push_str("</div>\n</section>\n");
}

/// The findings about the record itself, apart from the rulings.
fn notes_on_the_record(
    out: &mut String,
    report: &GameReport,
    notes: &[&Finding],
    m: &dyn Messages,
) {
    let l = m.labels();
    let _ = write!(
        out,
        "<section class=\"notes\">\n<h2>{}</h2>\n<p>{}</p>\n<ul>",
        esc(l.notes_title),
        esc(l.notes_intro)
    );
    for f in notes {
        let mv = move_at(f, m);
        let mv = if mv.is_empty() {
            String::new()
        } else {
            format!("{mv}: ")
        };
        let _ = write!(
            out,
            "<li><strong>{}</strong> {}{}{}</li>",
            esc(m.kind_title(f.kind)),
            esc(&mv),
            esc(&capitalised(&m.sentence(report, f))),
            m.repair_hint(f)
                .map(|h| format!(
                    "<br><span class=\"repair\">{}: {}</span>",
                    esc(m.labels().repair),
                    esc(&h)
                ))
                .unwrap_or_default()
        );
    }
    out.push_str("</ul>\n</section>\n");
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

    #[test]
    fn results_as_sheets_write_them() {
        assert_eq!(result_text("1/2-1/2"), "½-½");
        assert_eq!(result_text("1-0"), "1-0");
    }
}
