//! The summary a person reads at the end of a run.

use std::{collections::BTreeMap, fmt::Write as _, time::Duration};

use audit::{GameReport, Kind, Row, tournament::RoundTally};

use crate::i18n::Messages;

#[derive(Debug, Default)]
pub struct Summary {
    pub sources: usize,
    pub games: usize,
    pub plies: u64,
    pub games_with_findings: usize,
    pub by_kind: BTreeMap<Kind, usize>,
    pub results_changed: usize,
    pub unreadable: usize,
    pub failed_sources: Vec<String>,
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
        let decided = report.recorded_result.is_some_and(|r| r.is_decided());
        if decided && report.ruled_result.is_some() && report.ruled_result != report.recorded_result
        {
            self.results_changed += 1;
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
        for (kind, count) in &self.by_kind {
            let _ = writeln!(
                out,
                "  {:<24} {:>8} {}  [{}]",
                kind.code(),
                count,
                l.games_counted,
                m.severity(kind.severity())
            );
        }
        let _ = writeln!(out, "{}: {}", l.results_changed, self.results_changed);
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
        for failed in &self.failed_sources {
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
