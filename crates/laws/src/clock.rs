//! Clock readings against the time control (6.3): a clock that gains more
//! than the increment, a period's time that was not added when its move
//! count was reached, a move time that does not fit. The record's readings
//! come in; what contradicts the time control goes out, as typed problems.

use shakmaty::Color;

use crate::time_control::{Ambiguity, TimeControl};

/// Readings are written to the second (lichess) or the tenth (DGT, chess.com).
const TOLERANCE: f64 = 1.0;

/// What the record says about one ply's clock: the `%clk` reading after it
/// and the `%emt` move time.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Reading {
    pub clock: Option<f64>,
    pub spent: Option<f64>,
}

/// Time the arbiter gave a player (a penalty, an incorrect claim), after `ply`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Credit {
    pub ply: usize,
    pub to: Color,
    pub seconds: f64,
}

/// A reading that contradicts the time control: after which ply, whose clock.
#[derive(Debug, Clone, PartialEq)]
pub struct Contradiction {
    pub ply: usize,
    pub mover: Color,
    pub problem: ClockProblem,
}

/// A clock reading that contradicts the time control (6.3).
#[derive(Debug, Clone, PartialEq)]
pub enum ClockProblem {
    /// A first reading above all the time given by then.
    AboveAllowed {
        clock: f64,
        number: u32,
        time_control: String,
        most: f64,
    },
    /// A first reading without the next period's time, due on completing a period.
    FirstWithoutPeriod {
        clock: f64,
        number: u32,
        period: f64,
    },
    /// The clock gained more than the time control adds.
    Gained {
        gained: f64,
        since_ply: usize,
        from: f64,
        to: f64,
        time_control: String,
        allowed: f64,
    },
    /// The next period's time was not added.
    WithoutPeriod { clock: f64, period: f64 },
    /// The previous reading less the move time plus the time added differs.
    MoveTime {
        clock: f64,
        previous: f64,
        expected: f64,
    },
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
pub fn settle_minutes(tc: TimeControl, first: Option<f64>) -> TimeControl {
    if tc.ambiguity() != Some(Ambiguity::MinutesForSeconds) {
        return tc;
    }
    let limit = |tc: &TimeControl| most_shown(tc, 1).unwrap_or(f64::INFINITY);
    let minutes = tc.in_minutes();
    match first {
        Some(clock) if clock > limit(&tc) && clock <= limit(&minutes) => minutes,
        _ => tc,
    }
}

/// Checks the readings of a game, `readings[ply]` after each ply (index 0,
/// the start, is not read), from a start at move `first.0` with `first.1`
/// to move, with the time the arbiter added.
pub fn check_readings(
    tc: &TimeControl,
    first: (u32, Color),
    readings: &[Reading],
    credits: &[Credit],
) -> Vec<Contradiction> {
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
            return Vec::new();
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
        let since = slot.as_ref().map_or(0, |l| l.ply);
        let given: f64 = credits
            .iter()
            .filter(|c| c.to == mover && since <= c.ply && c.ply <= ply)
            .map(|c| c.seconds)
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
            found.push(Contradiction {
                ply,
                mover,
                problem,
            });
        }
        *slot = Some(Last {
            ply,
            clock,
            added: 0.0,
            period_due: None,
        });
    }
    found
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
