//! Completed illegal moves (7.5): the position before the irregularity is
//! reinstated, the first costs the offender time and the second the game
//! (7.5.5), unless the opponent cannot checkmate by any series of legal
//! moves, when it is a draw. The time added is two minutes, one minute in
//! rapid (A.3) and in blitz under B.3.

use std::time::Duration;

use shakmaty::{Chess, Color};

use crate::{
    EndingKind, GameClass, Supervision,
    mating::{Verdict, analyse_with},
};

/// What 7.5.5 makes of one completed illegal act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalRuling {
    /// The first: play goes on, the opponent gets `seconds` more.
    Penalty { seconds: u32 },
    /// The second: the game ends, lost, or drawn where `verdict` says the
    /// opponent cannot checkmate.
    Forfeit { verdict: Verdict },
}

impl IllegalRuling {
    /// The ending it brings about, if any.
    pub fn ending(&self, offender: Color) -> Option<EndingKind> {
        match self {
            IllegalRuling::Penalty { .. } => None,
            IllegalRuling::Forfeit { verdict } => Some(EndingKind::IllegalMoveForfeit {
                offender,
                draw: verdict.is_unwinnable(),
            }),
        }
    }
}

/// Each player's completed illegal acts so far in a game.
///
/// ```
/// use laws::{GameClass, Supervision, illegal::{IllegalRuling, Tally}};
/// use shakmaty::{Chess, Color};
/// let mut tally = Tally::default();
/// let pos = Chess::default();
/// let first = tally.record(&pos, Color::White, GameClass::Rapid, Supervision::Limited, None, 0);
/// assert_eq!(first, (1, IllegalRuling::Penalty { seconds: 60 }));
/// let (count, second) = tally.record(&pos, Color::White, GameClass::Rapid, Supervision::Limited, None, 0);
/// assert_eq!(count, 2);
/// assert!(matches!(second, IllegalRuling::Forfeit { .. }));
/// ```
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    completed: [u8; 2],
}

impl Tally {
    /// Records a completed illegal act of `offender` in `pos` and rules on it;
    /// returns how many the offender has completed, this one included.
    /// `budget` bounds the can-still-mate analysis a second one needs, and
    /// `line_nodes` the search for a shorter mating line to show.
    pub fn record(
        &mut self,
        pos: &Chess,
        offender: Color,
        class: GameClass,
        supervision: Supervision,
        budget: Option<Duration>,
        line_nodes: u64,
    ) -> (u8, IllegalRuling) {
        let count = &mut self.completed[offender as usize];
        *count = count.saturating_add(1);
        let ruling = if *count == 1 {
            IllegalRuling::Penalty {
                seconds: class.penalty_seconds(supervision),
            }
        } else {
            IllegalRuling::Forfeit {
                verdict: analyse_with(pos, !offender, budget, line_nodes),
            }
        };
        (*count, ruling)
    }
}
