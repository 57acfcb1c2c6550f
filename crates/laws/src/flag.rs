//! Flag falls: the player whose time runs out loses, unless the opponent
//! cannot checkmate by any series of legal moves (6.9); both flags down
//! with the order unknown (Guidelines III.3.1).

use std::time::Duration;

use shakmaty::{Chess, Color};

use crate::{
    EndingKind, GameClass,
    mating::{Verdict, analyse_with},
    time_control::TimeControl,
};

/// The flag of `flagged` fell in `pos`: can the opponent still checkmate,
/// and so how does the game end? `budget` bounds the analysis; an
/// undetermined verdict leaves the loss standing.
/// `line_nodes` bounds the search for a shorter mating line to show.
pub fn rule_flag(
    pos: &Chess,
    flagged: Color,
    budget: Option<Duration>,
    line_nodes: u64,
) -> (Verdict, EndingKind) {
    let verdict = analyse_with(pos, !flagged, budget, line_nodes);
    let draw = verdict.is_unwinnable();
    (verdict, EndingKind::FlagFall { flagged, draw })
}

/// Both flags recorded in one position, the order unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BothFlags {
    /// Guidelines III.3.1, the last period: a draw.
    LastPeriod,
    /// Guidelines III.3.1, an earlier period: play goes on.
    EarlierPeriod { number: u32 },
    /// Guidelines III do not apply (an increment, blitz, no known time
    /// control): the clock's flag indicator decides and the record does not
    /// say it, so the recorded result stands (6.9).
    RecordedStands,
}

/// Rules on both flags fallen during move `number`. Guidelines III apply to
/// standard and rapid games without increment (III.2.2).
///
/// ```
/// use laws::{GameClass, flag::{BothFlags, both_flags}, time_control::TimeControl};
/// let tc = TimeControl::parse("40/5400:1800").expect("a time control");
/// assert_eq!(both_flags(Some(&tc), GameClass::Standard, 30), BothFlags::EarlierPeriod { number: 30 });
/// assert_eq!(both_flags(Some(&tc), GameClass::Standard, 50), BothFlags::LastPeriod);
/// assert_eq!(both_flags(None, GameClass::Standard, 50), BothFlags::RecordedStands);
/// ```
pub fn both_flags(tc: Option<&TimeControl>, class: GameClass, number: u32) -> BothFlags {
    let guidelines = tc.filter(|tc| !tc.has_increment() && class != GameClass::Blitz);
    match guidelines.and_then(|tc| tc.is_last_period(number)) {
        Some(true) => BothFlags::LastPeriod,
        Some(false) => BothFlags::EarlierPeriod { number },
        None => BothFlags::RecordedStands,
    }
}
