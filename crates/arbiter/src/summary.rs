//! The summary a person reads at the end of a run.

use std::{collections::BTreeMap, fmt::Write as _, time::Duration};

use audit::{Finding, GameReport, Group, Kind, Row, tournament::RoundTally};

use crate::i18n::Messages;

/// A game whose recorded result the rulings change.
#[derive(Debug)]
pub struct Changed {
    pub source: String,
    pub game: usize,
    pub round: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub recorded: String,
    pub ruled: &'static str,
    /// The finding the new result rests on, and its article.
    pub kind: Option<Kind>,
    pub article: Option<&'static str>,
    /// Whether the game has a `result-mismatch` finding (its recorded result
    /// was decided).
    pub mismatch: bool,
}

/// The finding a changed result rests on: the ending on the board or the
/// ruling (a claim, a flag, a forfeit), else the result-mismatch itself.
fn deciding(report: &GameReport) -> Option<&Finding> {
    let findings = &report.findings;
    findings
        .iter()
        .find(|f| {
            f.kind.group() == Group::Ending
                || (f.kind.is_ruling() && f.kind != Kind::ResultMismatch)
        })
        .or_else(|| findings.iter().find(|f| f.kind == Kind::ResultMismatch))
}

#[derive(Debug, Default)]
pub struct Summary {
    pub sources: usize,
    pub games: usize,
    pub plies: u64,
    pub games_with_findings: usize,
    pub by_kind: BTreeMap<Kind, usize>,
    /// The games whose result the rulings change, in input order.
    pub changed: Vec<Changed>,
    pub unreadable: usize,
    pub failed_sources: Vec<String>,
    /// Sources that are no PGN file (an image, a PDF, …), in the catalogue's words.
    pub not_pgn: Vec<String>,
    /// `--trf`: the tournament's figures, round by round.
    pub tournament: Option<TournamentSummary>,
}

/// The tournament file and its per-round table.
#[derive(Debug, Default)]
pub struct TournamentSummary {
    pub source: String,
    pub players: usize,
    pub rounds: u32,
    pub team_lines: u32,
    pub tallies: Vec<RoundTally>,
}

impl TournamentSummary {
    pub fn of(t: &audit::tournament::Tournament, path: Option<&std::path::Path>) -> Self {
        TournamentSummary {
            source: path.map(|p| p.display().to_string()).unwrap_or_default(),
            players: t.trf().players.len(),
            rounds: t.trf().rounds(),
            team_lines: t.team_lines(),
            tallies: t.tallies(),
        }
    }
}

impl Summary {
    pub fn add(&mut self, report: &GameReport) {
        if report.row == Row::Tournament {
            // A row of the TRF: its findings count, but it is no game.
            let mut kinds: Vec<Kind> = report.findings.iter().map(|f| f.kind).collect();
            kinds.sort();
            kinds.dedup();
            for kind in kinds {
                *self.by_kind.entry(kind).or_default() += 1;
            }
            return;
        }
        self.games += 1;
        self.plies += report.plies as u64;
        if !report.findings.is_empty() {
            self.games_with_findings += 1;
        }
        let mut kinds: Vec<Kind> = report.findings.iter().map(|f| f.kind).collect();
        kinds.sort();
        kinds.dedup();
        for kind in kinds {
            *self.by_kind.entry(kind).or_default() += 1;
        }
        if report
            .findings
            .iter()
            .any(|f| f.kind == Kind::UnreadableGame)
        {
            self.unreadable += 1;
        }
        if let (Some(recorded), Some(ruled)) = (report.recorded_result, report.ruled_result)
            && recorded != ruled
        {
            let decider = deciding(report);
            self.changed.push(Changed {
                source: report.source.to_string(),
                game: report.game,
                round: report.round.as_deref().map(str::to_string),
                white: report.white.as_deref().map(str::to_string),
                black: report.black.as_deref().map(str::to_string),
                recorded: recorded.as_str().to_string(),
                ruled: ruled.as_str(),
                kind: decider.map(|f| f.kind),
                article: decider.and_then(|f| f.article).map(|a| a.as_str()),
                mismatch: report
                    .findings
                    .iter()
                    .any(|f| f.kind == Kind::ResultMismatch),
            });
        }
    }

    pub fn render(&self, elapsed: Duration, m: &dyn Messages) -> String {
        let l = m.labels();
        let mut out = String::new();
        let secs = elapsed.as_secs_f64();
        let _ = writeln!(
            out,
            "{}",
            m.summary_head(self.games, self.sources, self.plies, secs)
        );
        let _ = writeln!(
            out,
            "{}: {}",
            l.games_with_findings, self.games_with_findings
        );
        let width = self
            .by_kind
            .keys()
            .map(|k| m.kind_name(*k).chars().count())
            .max()
            .unwrap_or(0)
            .max(24);
        for (kind, count) in &self.by_kind {
            let _ = writeln!(
                out,
                "  {:<width$} {:>8} {}  [{}]",
                m.kind_name(*kind),
                count,
                l.games_counted,
                m.severity(kind.severity())
            );
        }
        let _ = writeln!(out, "{}: {}", l.results_changed, self.changed.len());
        for c in &self.changed {
            let players = match (&c.white, &c.black) {
                (None, None) => l.players_unknown.to_string(),
                (w, b) => format!(
                    "{} – {}",
                    w.as_deref().unwrap_or("?"),
                    b.as_deref().unwrap_or("?")
                ),
            };
            let round = c
                .round
                .as_deref()
                .map(|r| format!(", {} {r}", l.round))
                .unwrap_or_default();
            let why = match (c.kind, c.article) {
                (Some(kind), Some(article)) => {
                    format!(" ({}, {} {article})", m.kind_name(kind), l.article)
                }
                (Some(kind), None) => format!(" ({})", m.kind_name(kind)),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {}, {} {}{round}, {players}: {} → {}{why}",
                c.source, l.game, c.game, c.recorded, c.ruled
            );
        }
        let without = self.changed.iter().filter(|c| !c.mismatch).count();
        if without > 0 {
            let _ = writeln!(out, "  {}", m.changed_without_mismatch(without));
        }
        if let Some(t) = &self.tournament {
            let _ = writeln!(
                out,
                "{}",
                m.trf_head(&t.source, t.players, t.rounds, t.team_lines)
            );
            let [round, pairings, played, found, agreeing] = l.trf_columns;
            let widths =
                [round, pairings, played, found, agreeing].map(|c| c.chars().count().max(5));
            let _ = writeln!(
                out,
                "  {round:>w0$}  {pairings:>w1$}  {played:>w2$}  {found:>w3$}  {agreeing:>w4$}",
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2],
                w3 = widths[3],
                w4 = widths[4]
            );
            for r in &t.tallies {
                let _ = writeln!(
                    out,
                    "  {:>w0$}  {:>w1$}  {:>w2$}  {:>w3$}  {:>w4$}",
                    r.round,
                    r.pairings,
                    r.played,
                    r.games_found,
                    r.results_agreeing,
                    w0 = widths[0],
                    w1 = widths[1],
                    w2 = widths[2],
                    w3 = widths[3],
                    w4 = widths[4]
                );
            }
        }
        let _ = writeln!(out, "{}: {}", l.unreadable_games, self.unreadable);
        if let Some(peak) = peak_memory_kib() {
            let _ = writeln!(out, "{}: {:.1} MiB", l.peak_memory, peak as f64 / 1024.0);
        }
        for failed in self.failed_sources.iter().chain(&self.not_pgn) {
            let _ = writeln!(out, "{}: {failed}", l.could_not_read);
        }
        out
    }
}

/// The process's peak resident memory, where the system tells it (Linux).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
