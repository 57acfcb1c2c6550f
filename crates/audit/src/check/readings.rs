//! Clock readings (`[%clk]`, `[%emt]`) as the record has them, handed to
//! `laws::clock` (6.3), which says which ones contradict the time control.

use laws::{
    Article, MoveLabel, Replay,
    clock::{Credit, Reading, check_readings},
    time_control::TimeControl,
};
use scoresheet::ClockAt;
use shakmaty::{CastlingMode, Chess, Color, Position};

use super::Context;
use crate::{
    facts::Facts,
    kind::Kind,
    report::{Finding, GameReport},
};

/// A tag such as `90+30`, read in minutes when the first clock reading
/// (after either player's first move) fits only that reading; `clocks`,
/// the comments' ([`scoresheet::Scoresheet::comment_commands`]).
pub(super) fn settle_minutes(tc: TimeControl, clocks: &[ClockAt]) -> TimeControl {
    let first = clocks
        .iter()
        .filter(|c| (1..=2).contains(&c.after_ply))
        .find_map(|c| c.clock);
    laws::clock::settle_minutes(tc, first)
}

impl Context<'_> {
    fn readings(&self, plies: usize) -> Vec<Reading> {
        let mut readings = vec![Reading::default(); plies + 1];
        for at in &self.clocks {
            let Some(reading) = readings.get_mut(at.after_ply) else {
                continue;
            };
            // A ply's first reading stands.
            reading.clock = reading.clock.or(at.clock);
            reading.spent = reading.spent.or(at.spent);
        }
        readings
    }

    /// Checks the readings of the `report.plies` moves replayed from `start`.
    pub(super) fn clock_readings(
        &self,
        report: &mut GameReport,
        start: &Chess,
        mode: CastlingMode,
    ) {
        let Some(tc) = self
            .time_control
            .as_ref()
            .filter(|tc| !tc.periods().is_empty())
        else {
            return;
        };
        if !self.sheet.comments.iter().any(|c| c.after_ply > 0) {
            return;
        }
        let readings = self.readings(report.plies);
        // Time the arbiter gave a player, by the ply after which it was given.
        let credits: Vec<Credit> = report
            .findings
            .iter()
            .filter_map(|f| {
                Some(Credit {
                    ply: f.ply?,
                    to: !f.player?.color(),
                    seconds: f64::from(f.seconds_added?),
                })
            })
            .collect();
        let first = (start.fullmoves().get(), start.turn());
        let mut found: Vec<Finding> = check_readings(tc, first, &readings, &credits)
            .into_iter()
            .map(|c| {
                Finding::new(
                    Kind::ClockInconsistency,
                    Some(c.ply),
                    Facts::Clock(c.problem),
                )
                .article(Article::TIME_PERIODS)
                .player(c.mover)
            })
            .collect();
        if !found.is_empty() {
            let plies: Vec<usize> = found.iter().filter_map(|f| f.ply).collect();
            let labels = self.labels(start, mode, &plies);
            for f in &mut found {
                f.move_number = f
                    .ply
                    .and_then(|p| labels.iter().find(|l| l.0 == p))
                    .map(|l| l.1.clone());
            }
        }
        report.findings.extend(found);
    }

    /// The moves at these plies as an arbiter names them (`41.Rd1`),
    /// replayed again: only games with findings pay for it.
    pub(super) fn labels(
        &self,
        start: &Chess,
        mode: CastlingMode,
        plies: &[usize],
    ) -> Vec<(usize, MoveLabel)> {
        let mut replay = Replay::new(start.clone(), mode);
        let mut labels = Vec::new();
        let last = plies.iter().copied().max().unwrap_or(0);
        for recorded in self.sheet.moves.iter().take(last) {
            let Ok(notation) = &recorded.notation else {
                break;
            };
            if replay.play(&notation.written, None).is_err() {
                break;
            }
            if plies.contains(&replay.ply()) {
                labels.extend(replay.last_label().map(|l| (replay.ply(), l)));
            }
        }
        labels
    }
}

impl Context<'_> {
    /// The time of each ruling: both players' last `%clk` readings at or
    /// before its position. Only games with rulings and clock readings pay.
    pub(super) fn ruling_clocks(&self, report: &mut GameReport, start: &Chess) {
        if !report.findings.iter().any(|f| f.kind.is_ruling()) {
            return;
        }
        let first = start.turn();
        let readings: Vec<(usize, Color, f64)> = self
            .clocks
            .iter()
            .filter(|c| c.after_ply > 0)
            .filter_map(|c| {
                let clock = c.clock?;
                // Move `ply` was made by the side to move first when `ply` is odd.
                let mover = if c.after_ply % 2 == 1 { first } else { !first };
                Some((c.after_ply, mover, clock))
            })
            .collect();
        if readings.is_empty() {
            return;
        }
        for f in report.findings.iter_mut().filter(|f| f.kind.is_ruling()) {
            let Some(ply) = f.ply else {
                continue;
            };
            let last = |color: Color| {
                readings
                    .iter()
                    .filter(|(p, c, _)| *p <= ply && *c == color)
                    .max_by_key(|(p, _, _)| *p)
                    .map(|(_, _, clock)| *clock)
            };
            let clocks = crate::report::Clocks {
                white: last(Color::White),
                black: last(Color::Black),
            };
            if clocks.white.is_some() || clocks.black.is_some() {
                f.clocks = Some(clocks);
            }
        }
    }
}
