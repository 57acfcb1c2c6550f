//! The `TimeControl` tag read into the periods of Article 6.3: how many
//! moves each period asks for, its time, and the increment per move.
//!
//! The PGN standard writes seconds (`5400`, `40/7200:3600`, `*180` for a
//! sandclock, `?` unknown, `-` none); real files add the increment with `+`
//! (`300+3`, `40/5400+30:1800+30`). Some writers put minutes where seconds
//! belong (`90+30` for the classic 90 minutes plus 30 seconds): such a tag is
//! read literally, as the standard says, and called [`Ambiguity`] so that the
//! arbiter can override the class with `--rules`.

mod words;

use chrono::TimeDelta;

use crate::class::GameClass;

/// One period of play (6.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Moves to be made in this period; `None` for all remaining moves.
    pub moves: Option<u32>,
    /// Time given for the period (unused time carries over, 6.3.2).
    pub time: TimeDelta,
    /// Time added after each move of the period.
    pub increment: TimeDelta,
}

/// What the tag says about the clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Control {
    /// `?`: not known.
    Unknown,
    /// `-`: played without a clock.
    None,
    /// Periods in order; the last one may repeat if it has a move count.
    Periods(Vec<Period>),
    /// `*180`: a sandclock of this many seconds.
    Sandclock(TimeDelta),
}

/// Why a readable tag may not mean what it literally says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ambiguity {
    /// A base of a few seconds, or under ten increments: probably minutes.
    MinutesForSeconds,
    /// The last period has a move count and nothing follows it.
    NoFinalPeriod,
}

/// A `TimeControl` tag: the raw text and what it means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControl {
    pub raw: String,
    pub control: Control,
    /// Read from words (`15 min/game + 10 sec/move`), not the standard's form.
    pub in_words: bool,
}

/// The tag cannot be read as any form of the standard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableTimeControl(pub String);

impl std::fmt::Display for UnreadableTimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TimeControl \"{}\" cannot be read", self.0)
    }
}

impl std::error::Error for UnreadableTimeControl {}

fn seconds(text: &str) -> Option<TimeDelta> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = text.parse().ok()?;
    // A month of thinking time is already absurd; beyond it the tag is junk.
    (n <= 30 * 24 * 3600).then(|| TimeDelta::seconds(n))
}

fn period(text: &str) -> Option<Period> {
    let (moves, rest) = match text.split_once('/') {
        Some((moves, rest)) => {
            let moves: u32 = moves.trim().parse().ok()?;
            (Some(moves).filter(|&m| m > 0)?, rest)
        }
        None => (0, text),
    };
    let (time, increment) = match rest.split_once('+') {
        Some((time, inc)) => (seconds(time)?, seconds(inc)?),
        None => (seconds(rest)?, TimeDelta::zero()),
    };
    // A period of no time at all is no time control ("0", "0+0"); "0+1",
    // all moves on increments alone, is one (lichess plays it).
    if time.is_zero() && increment.is_zero() {
        return None;
    }
    Some(Period {
        moves: (moves > 0).then_some(moves),
        time,
        increment,
    })
}

impl TimeControl {
    /// Reads a tag.
    ///
    /// ```
    /// use laws::time_control::{Control, TimeControl};
    /// let tc = TimeControl::parse("40/5400+30:1800+30").expect("readable");
    /// let Control::Periods(periods) = &tc.control else { panic!() };
    /// assert_eq!((periods[0].moves, periods[0].time.num_minutes()), (Some(40), 90));
    /// assert_eq!((periods[1].moves, periods[1].increment.num_seconds()), (None, 30));
    /// assert!(TimeControl::parse("1 hour").is_ok_and(|t| t.in_words));
    /// assert!(TimeControl::parse("an hour").is_err());
    /// ```
    pub fn parse(raw: &str) -> Result<TimeControl, UnreadableTimeControl> {
        let text = raw.trim();
        if let Some(periods) = words::periods(text) {
            return Ok(TimeControl {
                raw: raw.to_string(),
                control: Control::Periods(periods),
                in_words: true,
            });
        }
        let control = match text {
            "?" | "" => Control::Unknown,
            "-" => Control::None,
            _ => match text.strip_prefix('*') {
                Some(glass) => Control::Sandclock(
                    seconds(glass)
                        .filter(|t| !t.is_zero())
                        .ok_or_else(|| UnreadableTimeControl(raw.to_string()))?,
                ),
                None => Control::Periods(
                    text.split(':')
                        .map(period)
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| UnreadableTimeControl(raw.to_string()))?,
                ),
            },
        };
        Ok(TimeControl {
            raw: raw.to_string(),
            control,
            in_words: false,
        })
    }

    /// The tag as the PGN standard writes it (`40/5400+30:1800+30`), with
    /// the increment by `+` as real files do.
    ///
    /// ```
    /// use laws::time_control::TimeControl;
    /// let tc = TimeControl::parse("90 min/40 moves + 30 min + 30 sec/move").expect("readable");
    /// assert_eq!(tc.standard_form(), "40/5400+30:1800+30");
    /// ```
    pub fn standard_form(&self) -> String {
        match &self.control {
            Control::Unknown => "?".to_string(),
            Control::None => "-".to_string(),
            Control::Sandclock(time) => format!("*{}", time.num_seconds()),
            Control::Periods(periods) => periods
                .iter()
                .map(|p| {
                    let moves = p.moves.map(|m| format!("{m}/")).unwrap_or_default();
                    let inc = if p.increment.is_zero() {
                        String::new()
                    } else {
                        format!("+{}", p.increment.num_seconds())
                    };
                    format!("{moves}{}{inc}", p.time.num_seconds())
                })
                .collect::<Vec<_>>()
                .join(":"),
        }
    }

    pub fn periods(&self) -> &[Period] {
        match &self.control {
            Control::Periods(periods) => periods,
            _ => &[],
        }
    }

    /// Why the tag may not mean what it says, if it may not.
    ///
    /// ```
    /// use laws::time_control::{Ambiguity, TimeControl};
    /// let read = |t: &str| TimeControl::parse(t).expect("readable").ambiguity();
    /// assert_eq!(read("90+30"), Some(Ambiguity::MinutesForSeconds));
    /// assert_eq!(read("40/7200"), Some(Ambiguity::NoFinalPeriod));
    /// assert_eq!(read("5400+30"), None);
    /// assert_eq!(read("60+1"), None); // bullet, one minute plus one second
    /// assert_eq!(read("15+0"), None); // lichess's ultrabullet
    /// ```
    pub fn ambiguity(&self) -> Option<Ambiguity> {
        let periods = self.periods();
        let first = periods.first()?;
        // Lichess plays 15 seconds ("15+0") and "0+1"; a few seconds, or less
        // than ten increments, is how "3+2" or "90+30" in minutes reads.
        let seconds = first.time.num_seconds();
        // Words give every time its unit: no doubt about minutes there.
        if !self.in_words
            && ((1..15).contains(&seconds) || (seconds > 0 && first.time < first.increment * 10))
        {
            return Some(Ambiguity::MinutesForSeconds);
        }
        if periods.last().is_some_and(|p| p.moves.is_some()) {
            return Some(Ambiguity::NoFinalPeriod);
        }
        None
    }

    /// The same tag with every period's time read as minutes (the increment
    /// stays in seconds): `90+30` as 90 minutes plus 30 seconds a move.
    pub fn in_minutes(&self) -> TimeControl {
        let control = match &self.control {
            Control::Periods(periods) => Control::Periods(
                periods
                    .iter()
                    .map(|p| Period {
                        time: p.time * 60,
                        ..*p
                    })
                    .collect(),
            ),
            other => other.clone(),
        };
        TimeControl {
            raw: self.raw.clone(),
            control,
            in_words: self.in_words,
        }
    }

    /// Standard, rapid or blitz by Appendices A.1 and B.1: the time for the
    /// first 60 moves (every period begun by then, plus 60 increments).
    /// `None` when the tag does not say.
    ///
    /// ```
    /// use laws::{GameClass, time_control::TimeControl};
    /// let class = |t: &str| TimeControl::parse(t).ok().and_then(|t| t.class());
    /// assert_eq!(class("900+10"), Some(GameClass::Rapid));
    /// assert_eq!(class("40/7200:3600"), Some(GameClass::Standard));
    /// assert_eq!(class("*180"), Some(GameClass::Blitz));
    /// assert_eq!(class("?"), None);
    /// ```
    pub fn class(&self) -> Option<GameClass> {
        let total = match &self.control {
            Control::Sandclock(time) => *time,
            Control::Periods(periods) => {
                let first = periods.first()?;
                let mut total = first.increment * 60;
                let mut started = 0u32;
                for period in periods {
                    total += period.time;
                    match period.moves {
                        Some(moves) if started.saturating_add(moves) < 60 => started += moves,
                        _ => break,
                    }
                }
                total
            }
            Control::Unknown | Control::None => return None,
        };
        Some(GameClass::from_seconds(
            u64::try_from(total.num_seconds()).unwrap_or(0),
            0,
        ))
    }

    /// The period a player is in while making move `number` (1-based), with
    /// its index; the last period with a move count repeats (6.3.1 as
    /// clocks implement it).
    pub fn period_of_move(&self, number: u32) -> Option<(usize, Period)> {
        self.locate(number)
            .map(|(index, period, _)| (index, period))
    }

    /// Where move `number` falls: the period's index, its terms, and the
    /// number of the first move of the run of that period it is in.
    fn locate(&self, number: u32) -> Option<(usize, Period, u64)> {
        let periods = self.periods();
        let number = u64::from(number);
        let mut first = 1u64;
        for (index, period) in periods.iter().enumerate() {
            match period.moves {
                Some(moves) if number >= first + u64::from(moves) => first += u64::from(moves),
                _ => return Some((index, *period, first)),
            }
        }
        // Past the last period, which asks for a number of moves: it repeats.
        let period = *periods.last()?;
        let moves = u64::from(period.moves?);
        let run = (number - first) / moves;
        Some((periods.len() - 1, period, first + run * moves))
    }

    /// Time added to a player's clock on completing move `number`: the
    /// increment, plus the next period's time when this move completes a
    /// period's move count.
    pub fn added_after_move(&self, number: u32) -> Option<(TimeDelta, TimeDelta)> {
        let (_, period, first) = self.locate(number)?;
        let (_, next) = self.period_of_move(number.saturating_add(1))?;
        let completes = period
            .moves
            .is_some_and(|moves| u64::from(number) == first + u64::from(moves) - 1);
        Some((
            period.increment,
            if completes {
                next.time
            } else {
                TimeDelta::zero()
            },
        ))
    }

    /// The most time a player can have been given on completing move
    /// `number`: every period begun by then (the next one included when this
    /// move completes a period) and every increment earned. A clock reading
    /// above it contradicts the time control, whatever came before.
    ///
    /// ```
    /// use laws::time_control::TimeControl;
    /// let tc = TimeControl::parse("40/5400+30:1800+30").expect("readable");
    /// assert_eq!(tc.most_after(1).map(|t| t.num_seconds()), Some(5430));
    /// assert_eq!(tc.most_after(40).map(|t| t.num_seconds()), Some(5400 + 1800 + 40 * 30));
    /// ```
    pub fn most_after(&self, number: u32) -> Option<TimeDelta> {
        // Absurd move numbers (a FEN's) would overflow: no bound then.
        let periods = self.periods();
        let number = i64::from(number);
        let mut total = TimeDelta::zero();
        let mut start = 1i64;
        let mut last = None;
        for period in periods {
            if start > number + 1 {
                return Some(total);
            }
            let end = period
                .moves
                .map_or(i64::MAX, |m| start.saturating_add(i64::from(m)) - 1);
            total = total.checked_add(&period.time)?.checked_add(
                &period
                    .increment
                    .checked_mul(moves_between(start, end.min(number)))?,
            )?;
            last = Some(*period);
            match period.moves {
                Some(_) => start = end.saturating_add(1),
                None => return Some(total),
            }
        }
        // A last period with a move count repeats.
        let period = last?;
        let moves = i64::from(period.moves?);
        if start <= number + 1 {
            let repeats = i32::try_from((number + 1 - start) / moves + 1).ok()?;
            total = total
                .checked_add(&period.time.checked_mul(repeats)?)?
                .checked_add(&period.increment.checked_mul(moves_between(start, number))?)?;
        }
        Some(total)
    }

    /// Whether move `number` falls in the period for all remaining moves
    /// (Guidelines III.3.1: both flags down there is a draw).
    pub fn is_last_period(&self, number: u32) -> Option<bool> {
        let (index, period) = self.period_of_move(number)?;
        Some(index + 1 == self.periods().len() && period.moves.is_none())
    }

    /// Whether any period adds time per move.
    pub fn has_increment(&self) -> bool {
        self.periods().iter().any(|p| !p.increment.is_zero())
    }
}

/// How many moves from `first` to `last`, both included, as a multiplier.
fn moves_between(first: i64, last: i64) -> i32 {
    i32::try_from((last - first + 1).max(0)).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        match TimeControl::parse(text) {
            Ok(tc) => tc,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn every_form_of_the_standard() {
        assert_eq!(tc("?").control, Control::Unknown);
        assert_eq!(tc("-").control, Control::None);
        assert_eq!(
            tc("*180").control,
            Control::Sandclock(TimeDelta::seconds(180))
        );
        assert_eq!(
            tc("300").periods(),
            [Period {
                moves: None,
                time: TimeDelta::minutes(5),
                increment: TimeDelta::zero()
            }]
        );
        assert_eq!(tc("300+3").periods()[0].increment, TimeDelta::seconds(3));
        assert_eq!(tc("0+1").periods()[0].increment, TimeDelta::seconds(1));
        assert_eq!(tc("40/7200:3600").periods().len(), 2);
        assert_eq!(tc(" 40/5400+30:1800+30 ").raw, " 40/5400+30:1800+30 ");
        assert!(tc("1h").in_words);
        for junk in [
            "40/",
            "/300",
            "300+",
            "0/300",
            "*",
            "+3",
            "40/7200::3600",
            "-5",
        ] {
            assert!(TimeControl::parse(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn classes_by_the_first_sixty_moves() {
        let class = |t: &str| tc(t).class();
        assert_eq!(class("600"), Some(GameClass::Blitz));
        assert_eq!(class("601"), Some(GameClass::Rapid));
        assert_eq!(class("180+2"), Some(GameClass::Blitz));
        assert_eq!(class("3000+10"), Some(GameClass::Standard));
        assert_eq!(class("2999+1"), Some(GameClass::Rapid));
        assert_eq!(class("40/5400+30:1800+30"), Some(GameClass::Standard));
        // 20 moves in 10 minutes, then 20 more in 10: 20 minutes for 60 moves.
        assert_eq!(class("20/600:20/600:600"), Some(GameClass::Rapid));
        assert_eq!(class("-"), None);
    }

    #[test]
    fn periods_and_what_each_move_adds() {
        let t = tc("40/5400+30:1800+30");
        assert_eq!(t.period_of_move(40).map(|p| p.0), Some(0));
        assert_eq!(t.period_of_move(41).map(|p| p.0), Some(1));
        assert_eq!(
            t.added_after_move(40),
            Some((TimeDelta::seconds(30), TimeDelta::minutes(30)))
        );
        assert_eq!(
            t.added_after_move(39),
            Some((TimeDelta::seconds(30), TimeDelta::zero()))
        );
        assert_eq!(t.is_last_period(30), Some(false));
        assert_eq!(t.is_last_period(41), Some(true));
        let repeating = tc("40/7200");
        assert_eq!(
            repeating.added_after_move(80),
            Some((TimeDelta::zero(), TimeDelta::hours(2)))
        );
        assert_eq!(repeating.is_last_period(100), Some(false));
        assert!(tc("300+3").has_increment());
        assert_eq!(
            tc("40/600:1800").most_after(20),
            Some(TimeDelta::seconds(600))
        );
        assert_eq!(
            tc("40/600:1800").most_after(45),
            Some(TimeDelta::seconds(2400))
        );
        assert_eq!(tc("300+3").most_after(10), Some(TimeDelta::seconds(330)));
        // A repeating 40-move period: the third begins after move 80.
        assert_eq!(tc("40/7200").most_after(80), Some(TimeDelta::hours(6)));
        // Absurd counts found by the fuzzer: no overflow, an answer all the same.
        let huge = tc("4000000000/60:4000000000/60:60");
        assert!(huge.added_after_move(u32::MAX).is_some());
        assert!(huge.class().is_some());
        // No overflow panic at the extremes, whatever the answer.
        let _ = tc("300+2592000").most_after(u32::MAX);
        let _ = tc("1/2592000+2592000").most_after(u32::MAX);
        assert!(huge.most_after(u32::MAX).is_some());
        assert!(!tc("40/7200:3600").has_increment());
    }
}
