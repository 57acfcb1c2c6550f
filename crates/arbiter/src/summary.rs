//! The summary a person reads at the end of a run.

use std::{collections::BTreeMap, fmt::Write as _, time::Duration};

use audit::{GameReport, Kind};

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
    /// Sources that are no PGN file (an image, a PDF, …), in the catalogue's words.
    pub not_pgn: Vec<String>,
}

impl Summary {
    pub fn add(&mut self, report: &GameReport) {
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
        let decided = report.recorded_result.as_deref().is_some_and(|r| r != "*");
        let ruled = report.ruled_result.map(|r| r.as_str());
        if decided && ruled.is_some() && ruled != report.recorded_result.as_deref() {
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
