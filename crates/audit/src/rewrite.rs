//! What the corrections of a game change in its written record, as places
//! in the game's text and the moves that stand there: the facts the writer
//! of the repaired record (`arbiter validate --repair`) applies. The writer
//! never searches, reads a token or parses a move again: the walk that took
//! a correction records here exactly what it replaced.

use scoresheet::{Encoding, Span};
use shakmaty::{Color, san::SanPlus};

use crate::facts::Repair;

/// One change to the written record (or one remark on it), at one place.
/// A game's rewrites are in the order of the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Rewrite {
    pub change: Change,
    /// The correction as its finding states it (the edit, the move read,
    /// how far the record then replays); `None` where none was taken, or
    /// where the record is the game as played (`--rules`).
    pub repair: Option<Repair>,
}

/// What changes in the text.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// The token read as another move: a piece letter, a square, one of two
    /// moves swapped.
    Read { token: Span, read_as: SanPlus },
    /// The token (with the move number before it, `from` on) is the move
    /// before it written a second time: left out.
    Dropped { from: usize, token: Span },
    /// A move missing from the record, inserted at byte `at` (before the
    /// next token's move number, or the token).
    Inserted {
        at: usize,
        number: u32,
        side: Color,
        san: SanPlus,
    },
    /// The move number at `span` names the other side: the move is
    /// `number`, `side` (a move written in the other player's column).
    Renumbered {
        span: Span,
        number: u32,
        side: Color,
    },
    /// An illegal move that was played and stood: the record stays as
    /// written (it is the game as played).
    Stood { token: Span },
    /// Several corrections explain the record equally and none was taken:
    /// nothing changes. `at` is where the remark goes: after the token, or
    /// before its move number where moves are missing (`missing`).
    Untaken {
        at: usize,
        missing: bool,
        candidates: Vec<Repair>,
    },
}

impl Change {
    /// The bytes of the text the change replaces (empty where it only adds).
    pub fn replaced(&self) -> std::ops::Range<usize> {
        match self {
            Change::Read { token, .. } => token.start..token.end,
            Change::Dropped { from, token } => *from..token.end,
            Change::Inserted { at, .. } | Change::Untaken { at, .. } => *at..*at,
            Change::Renumbered { span, .. } => span.start..span.end,
            Change::Stood { token } => token.end..token.end,
        }
    }
}

/// A game's text as it stood in the source, kept on its report for the
/// writer of the repaired record only when the run asks for it
/// (`Options::keep_text`): an audit holds no game's text longer than its
/// batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptText {
    /// The game's bytes, exactly as in the source.
    pub bytes: Vec<u8>,
    /// The bytes between the game before and this one (blank lines).
    pub before: Vec<u8>,
    pub encoding: Encoding,
    /// Bytes of an oversized game that the splitter did not keep.
    pub dropped_bytes: u64,
}
