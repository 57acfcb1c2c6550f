//! Clock readings (`[%clk]`, `[%emt]`) against the time control (6.3): a
//! clock that gains more than the increment, a period's time that was not
//! added when its move count was reached, a move time that does not fit.

use laws::{
    Article, MoveLabel, Replay,
    time_control::{Ambiguity, TimeControl},
};
use scoresheet::{GameText, Scoresheet};
use shakmaty::{CastlingMode, Chess, Color, Position};

use super::Context;
use crate::{
    facts::{ClockProblem, Facts},
    kind::Kind,
    report::{Finding, GameReport},
};

/// Readings are written to the second (lichess) or the tenth (DGT, chess.com).
const TOLERANCE: f64 = 1.0;

/// What the record says about one ply's clock.
#[derive(Default, Clone, Copy)]
struct Reading {
    clock: Option<f64>,
    spent: Option<f64>,
}

/// A player's last reading, and what was added to their clock since.
struct Last {
    ply: usize,
    clock: f64,
    added: f64,
    /// A move since then completed a period, whose time is due now.
    period_due: Option<f64>,
}

/// A tag such as `90+30`, ambiguous between seconds and minutes, read in
/// minutes when the first clock reading (after either player's first move)
/// fits only that reading.
pub(super) fn settle_minutes(tc: TimeControl, sheet: &Scoresheet, text: &GameText) -> TimeControl {
    if tc.ambiguity() != Some(Ambiguity::MinutesForSeconds) {
        return tc;
    }
    let first = sheet
        .comments
        .iter()
        .filter(|c| (1..=2).contains(&c.after_ply))
        .find_map(|c| sheet.clock_command(text, c, "clk"));
    let limit = |tc: &TimeControl| most_shown(tc, 1).unwrap_or(f64::INFINITY);
    let minutes = tc.in_minutes();
    match first {
        Some(clock) if clock > limit(&tc) && clock <= limit(&minutes) => minutes,
        _ => tc,
    }
}

impl Context<'_> {
    fn readings(&self, plies: usize) -> Vec<Reading> {
        let mut readings = vec![Reading::default(); plies + 1];
        for comment in &self.sheet.comments {
            let Some(reading) = readings.get_mut(comment.after_ply) else {
                continue;
            };
            reading.clock = reading
                .clock
                .or_else(|| self.sheet.clock_command(self.text, comment, "clk"));
            reading.spent = reading
                .spent
                .or_else(|| self.sheet.clock_command(self.text, comment, "emt"));
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
        let credits: Vec<(usize, Color, f64)> = report
            .findings
            .iter()
            .filter_map(|f| {
                let offender = f.player?.color();
                Some((f.ply?, !offender, f64::from(f.seconds_added?)))
            })
            .collect();
        let first = (start.fullmoves().get(), start.turn());
        let mut last: [Option<Last>; 2] = [None, None];
        let mut found = Vec::new();
        for (ply, reading) in readings.iter().enumerate().skip(1) {
            let half = ply - 1 + usize::from(first.1 == Color::Black);
            let mover = if half % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let number = first
                .0
                .saturating_add(u32::try_from(half / 2).unwrap_or(u32::MAX));
            let Some((increment, period)) = tc.added_after_move(number) else {
                return;
            };
            let (increment, period) = (seconds(increment), seconds(period));
            let slot = &mut last[mover as usize];
            if let Some(l) = slot.as_mut() {
                l.added += increment + period;
                if period > 0.0 {
                    l.period_due = Some(period);
                }
            }
            let Some(clock) = reading.clock else {
                continue;
            };
            let given: f64 = credits
                .iter()
                .filter(|&&(at, to, _)| {
                    to == mover && slot.as_ref().map_or(0, |l| l.ply) <= at && at <= ply
                })
                .map(|&(_, _, s)| s)
                .sum();
            let problem = match slot.as_ref() {
                None => first_reading(tc, number, clock, given, period, increment),
                Some(l) => {
                    // A move time speaks only of the move since the last reading.
                    let spent = reading.spent.filter(|_| l.ply + 2 == ply);
                    compare(tc, l, clock, given, spent, increment)
                }
            };
            if let Some(problem) = problem {
                let f = Finding::new(Kind::ClockInconsistency, Some(ply), Facts::Clock(problem))
                    .article(Article::TIME_PERIODS)
                    .player(mover);
                found.push(f);
            }
            *slot = Some(Last {
                ply,
                clock,
                added: 0.0,
                period_due: None,
            });
        }
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
            .sheet
            .comments
            .iter()
            .filter(|c| c.after_ply > 0)
            .filter_map(|c| {
                let clock = self.sheet.clock_command(self.text, c, "clk")?;
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

/// A player's first reading, with nothing before it to compare with: it
/// cannot exceed all the time given by then (a game from a FEN included, its
/// move number says how far it is), nor lack a period's time that this
/// move's completing the period has just added.
fn first_reading(
    tc: &TimeControl,
    number: u32,
    clock: f64,
    given: f64,
    period: f64,
    increment: f64,
) -> Option<ClockProblem> {
    if let Some(most) = most_shown(tc, number)
        && clock > most + given
    {
        return Some(ClockProblem::AboveAllowed {
            clock,
            number,
            time_control: tc.raw.clone(),
            most: most + given - TOLERANCE,
        });
    }
    (period > 0.0 && clock + TOLERANCE < period + increment).then_some(
        ClockProblem::FirstWithoutPeriod {
            clock,
            number,
            period,
        },
    )
}

fn compare(
    tc: &TimeControl,
    last: &Last,
    clock: f64,
    given: f64,
    spent: Option<f64>,
    increment: f64,
) -> Option<ClockProblem> {
    let gained = clock - last.clock;
    let allowed = last.added + given;
    // Relay boards sometimes read a clock just before the press, so the
    // next reading carries two increments: one increment of lag is not
    // a contradiction.
    if gained > allowed + increment + TOLERANCE {
        return Some(ClockProblem::Gained {
            gained,
            since_ply: last.ply,
            from: last.clock,
            to: clock,
            time_control: tc.raw.clone(),
            allowed,
        });
    }
    if let Some(period) = last.period_due
        && clock + TOLERANCE < period + increment
    {
        return Some(ClockProblem::WithoutPeriod { clock, period });
    }
    let expected = spent.map(|s| last.clock - s + allowed);
    if let Some(expected) = expected
        && (clock - expected).abs() > 2.0 * TOLERANCE
    {
        return Some(ClockProblem::MoveTime {
            clock,
            previous: last.clock,
            expected,
        });
    }
    None
}

/// The most a clock can show after a player's move `number`, rounding
/// included: all the time given by then, and one increment more, since
/// electronic clocks in Fischer mode (DGT among them) add the first
/// increment before the first move as well as after it.
fn most_shown(tc: &TimeControl, number: u32) -> Option<f64> {
    let first_increment = tc.periods().first().map_or(0.0, |p| seconds(p.increment));
    tc.most_after(number)
        .map(|most| seconds(most) + first_increment + TOLERANCE)
}

fn seconds(delta: chrono::TimeDelta) -> f64 {
    delta.num_milliseconds() as f64 / 1000.0
}
