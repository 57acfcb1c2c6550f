//! The series of positions since the last irreversible move, and their
//! Art. 9.2.3 identities (side to move, pieces, castling rights, a legal
//! en passant capture).
//!
//! Only a position of the current series can occur again, and only after
//! four reversible plies: each side must move a piece away and back. Most
//! series end sooner (a capture, a pawn move), so a series is hashed only
//! once it holds [`HASHED_FROM`] positions. Until then it keeps its moves,
//! and the identities are derived backwards from the current position's
//! when they are first needed: a reversible move changes nothing but the
//! side to move and one piece's square (shakmaty's `is_irreversible`: no
//! capture, no pawn, no castling right lost, no en passant capture offered
//! before it, none possible after it), so a step back is three XORs.
//!
//! ```
//! use laws::Replay;
//! use scoresheet::notation::parse_move;
//! let mut game = Replay::new(shakmaty::Chess::default(), shakmaty::CastlingMode::Standard);
//! for token in ["Nf3", "Nf6", "Ng1", "Ng8"] {
//!     game.play(&parse_move(token.as_bytes()).expect("notation").written, None).expect("legal");
//! }
//! assert_eq!(game.occurrences(), [0, 4]);
//! ```

use std::borrow::Cow;

use shakmaty::{
    Chess, Color, EnPassantMode, Position, Role, Square,
    zobrist::{Zobrist128, ZobristValue},
};

/// Positions a series holds when it is first hashed: the fewest in which a
/// position can occur twice.
pub(crate) const HASHED_FROM: usize = 5;

/// The positions since the last irreversible move.
#[derive(Debug, Clone)]
pub(crate) struct Series {
    /// The ply of the series' first position.
    start: usize,
    /// How many positions the series holds (at least one, the current).
    len: usize,
    /// The reversible moves of a series not hashed yet, in order.
    moves: [QuietStep; HASHED_FROM - 1],
    /// `(identity, ply)` of each position, oldest first, once hashed; empty
    /// before.
    identities: Vec<(u128, usize)>,
}

impl Series {
    /// A series whose first position is at `ply`.
    pub(crate) fn new(ply: usize) -> Series {
        Series {
            start: ply,
            len: 1,
            moves: [QuietStep {
                role: Role::King,
                from: Square::A1,
                to: Square::A1,
            }; HASHED_FROM - 1],
            // Room for the usual series, so that it never grows.
            identities: Vec::with_capacity(64),
        }
    }

    /// An irreversible move reached a position at `ply`: a new series.
    #[inline]
    pub(crate) fn restart(&mut self, ply: usize) {
        self.start = ply;
        self.len = 1;
        self.identities.clear();
    }

    /// A reversible move, a legal one, reached `after` at `ply`.
    #[inline]
    pub(crate) fn push_reversible(&mut self, after: &Chess, mv: QuietStep, ply: usize) {
        self.len += 1;
        if let Some(&(last, _)) = self.identities.last() {
            let identity = last ^ mv.toggle(!after.turn());
            self.identities.push((identity, ply));
            return;
        }
        self.moves[self.len - 2] = mv;
        if self.len == HASHED_FROM {
            self.hash(after);
        }
    }

    /// Hashes the series now, `current` being its last position: before a
    /// move whose identity is computed afresh (an illegal move that stood).
    pub(crate) fn hash(&mut self, current: &Chess) {
        if self.identities.is_empty() {
            let mut identities = std::mem::take(&mut self.identities);
            self.derive(current, &mut identities);
            self.identities = identities;
        }
    }

    /// A position reached at `ply` by a move not known to be legal, which
    /// [`Series::push_reversible`] cannot step back over: its identity is
    /// computed afresh. The series must have been hashed before the move
    /// ([`Series::hash`]).
    pub(crate) fn push_afresh(&mut self, after: &Chess, irreversible: bool, ply: usize) {
        if irreversible {
            self.restart(ply);
        } else {
            self.len += 1;
        }
        self.identities.push((identity(after), ply));
    }

    /// Whether the identities are hashed (or still to be derived).
    #[cfg(test)]
    pub(crate) fn is_hashed(&self) -> bool {
        !self.identities.is_empty()
    }

    /// The ply of the series' first position.
    pub(crate) fn start(&self) -> usize {
        self.start
    }

    /// How many positions the series holds.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// `(identity, ply)` of each position of the series, oldest first;
    /// `current` is its last position.
    pub(crate) fn identities(&self, current: &Chess) -> Cow<'_, [(u128, usize)]> {
        if self.identities.is_empty() {
            let mut identities = Vec::new();
            self.derive(current, &mut identities);
            Cow::Owned(identities)
        } else {
            Cow::Borrowed(&self.identities)
        }
    }

    /// How often the current position occurred in the series. Only every
    /// second entry, counted back from the current one, can be the same
    /// position: the others have the other side to move, which is part of
    /// the identity.
    #[inline]
    pub(crate) fn occurrence_count(&self) -> usize {
        // A series not hashed is too short for any position to recur.
        let Some(&(current, _)) = self.identities.last() else {
            return 1;
        };
        self.identities
            .iter()
            .rev()
            .step_by(2)
            .filter(|(h, _)| *h == current)
            .count()
    }

    /// Plies at which the current position occurred, oldest first.
    pub(crate) fn occurrences(&self) -> Vec<usize> {
        let Some(&(current, _)) = self.identities.last() else {
            return vec![self.start + self.len - 1];
        };
        self.identities
            .iter()
            .filter(|(h, _)| *h == current)
            .map(|&(_, ply)| ply)
            .collect()
    }

    /// The identities of a series not hashed yet, derived backwards from
    /// `current`, its last position, into `identities` (empty).
    fn derive(&self, current: &Chess, identities: &mut Vec<(u128, usize)>) {
        identities.resize(self.len, (0, 0));
        let mut hash = identity(current);
        // The last move was made by the side not to move, the one before by
        // the other side, and so on back.
        let mut mover = !current.turn();
        for (at, entry) in identities.iter_mut().enumerate().rev() {
            *entry = (hash, self.start + at);
            if at > 0 {
                hash ^= self.moves[at - 1].toggle(mover);
                mover = !mover;
            }
        }
    }
}

/// A reversible move: a piece other than a pawn steps to an empty square,
/// and no castling right or en passant capture changes (shakmaty's
/// `is_irreversible` is false). Nothing else can be one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct QuietStep {
    pub(crate) role: Role,
    pub(crate) from: Square,
    pub(crate) to: Square,
}

impl QuietStep {
    /// What the step changes in the identity: the side to move and the
    /// piece's square. XOR is its own inverse: the same value steps forward
    /// and back.
    #[inline]
    fn toggle(self, mover: Color) -> u128 {
        type Z = Zobrist128;
        let piece = self.role.of(mover);
        (Z::zobrist_for_white_turn()
            ^ Z::zobrist_for_piece(self.from, piece)
            ^ Z::zobrist_for_piece(self.to, piece))
        .0
    }
}

/// The position's identity in the sense of Art. 9.2.3: side to move, pieces,
/// castling rights and a *legal* en passant capture.
pub(crate) fn identity(pos: &Chess) -> u128 {
    pos.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0
}
