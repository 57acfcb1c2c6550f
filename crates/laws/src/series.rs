//! The series of positions since the last move after which no earlier
//! position can occur again, and the Art. 9.2.3 identity of its positions.
//!
//! In play by the rules that is the last irreversible move (shakmaty's
//! `is_irreversible`): a capture or a pawn move changes what never changes
//! back, castling and the king's or a rook's first move lose a right for
//! good, and a position that offered en passant cannot stand again. An
//! illegal move that stood (A.5.2) is judged by what it changed instead: a
//! castle made without the right loses none, so it does not start a series
//! (the replay decides, see `Replay::advance`).
//!
//! Within a series the identity of a position is its board and the side to
//! move, compared exactly (no hash, so no collision). The rest of 9.2.3 is
//! the same throughout a series: a move that starts none is a piece other
//! than a pawn taking nothing, losing no castling right, made where no en
//! passant capture is possible, so the castling rights never change within
//! a series and no position of a series but its first can offer an en
//! passant capture; a first position that offers one is the whole series,
//! since any move from it starts a new one. The side to move alternates
//! from ply to ply, so it is the parity of a position's distance from the
//! current one.
//!
//! A position can recur only after four reversible plies (each side moves a
//! piece away and back), and most series end sooner: a capture or a pawn
//! move starts a new one. So a series keeps its boards only once it holds
//! [`KEPT_FROM`] positions. Until then it keeps its steps, and the boards
//! are set back from the current one when a claim first asks for them.
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

use std::{borrow::Cow, cell::Cell};

use shakmaty::{Board, Square};

/// Positions a series holds when it first keeps its boards: the fewest in
/// which a position can occur twice.
pub(crate) const KEPT_FROM: usize = 5;

/// The boards a game's series first makes room for: as many as fit in the
/// largest block glibc's per-thread cache of freed blocks holds (1,032
/// bytes by default; fourteen boards of 72 bytes), so that the next game's
/// series gets the block back cheaply. Room for 64 boards (4.6 KB) cost
/// about 400 instructions a game to allocate. A longer series grows.
const FIRST_ROOM: usize = 1_032 / std::mem::size_of::<Board>();

/// The positions since the last irreversible move.
#[derive(Debug, Clone)]
pub(crate) struct Series {
    /// The ply of the series' first position.
    start: usize,
    /// How many positions the series holds (at least one, the current).
    len: usize,
    /// The steps of a series whose boards are not kept yet, in order.
    steps: [QuietStep; KEPT_FROM - 1],
    /// The board of each position, oldest first, once kept; empty before.
    boards: Vec<Board>,
    /// The last count of [`Series::occurrence_count`], for the position at
    /// (`start`, `len`): the fivefold test after a move and the look for
    /// missed claims before the next one both ask it of the same position.
    counted: Cell<(usize, usize, usize)>,
}

/// A reversible move by the rules: a piece steps from one square to an
/// empty one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct QuietStep {
    pub(crate) from: Square,
    pub(crate) to: Square,
}

impl Series {
    /// A series whose first position is at `ply`.
    pub(crate) fn new(ply: usize) -> Series {
        Series {
            start: ply,
            len: 1,
            steps: [QuietStep {
                from: Square::A1,
                to: Square::A1,
            }; KEPT_FROM - 1],
            boards: Vec::new(),
            counted: Cell::new((usize::MAX, 0, 0)),
        }
    }

    /// An irreversible move reached a position at `ply`: a new series.
    #[inline]
    pub(crate) fn restart(&mut self, ply: usize) {
        self.start = ply;
        self.len = 1;
        self.boards.clear();
    }

    /// A reversible move, `step`, reached `after`.
    #[inline]
    pub(crate) fn push_reversible(&mut self, after: &Board, step: QuietStep) {
        self.len += 1;
        if !self.boards.is_empty() {
            self.boards.push(after.clone());
            return;
        }
        self.steps[self.len - 2] = step;
        if self.len == KEPT_FROM {
            self.keep(after);
        }
    }

    /// Keeps the boards from now on, `current` being the series' last:
    /// before a move that cannot be stepped back over (an illegal move that
    /// stood).
    pub(crate) fn keep(&mut self, current: &Board) {
        if self.boards.is_empty() {
            let mut boards = std::mem::take(&mut self.boards);
            // A game keeps the room from one series to the next.
            boards.reserve(FIRST_ROOM);
            self.set_back(current, &mut boards);
            self.boards = boards;
        }
    }

    /// A position `after` reached by a move not known to be legal, which the
    /// steps cannot hold. The boards must be kept from before the move on
    /// ([`Series::keep`]).
    pub(crate) fn push_afresh(&mut self, after: &Board, irreversible: bool, ply: usize) {
        if irreversible {
            self.restart(ply);
        } else {
            self.len += 1;
        }
        self.boards.push(after.clone());
    }

    /// Whether the boards are kept (or still to be set back).
    #[cfg(test)]
    pub(crate) fn keeps_boards(&self) -> bool {
        !self.boards.is_empty()
    }

    /// The ply of the series' first position.
    pub(crate) fn start(&self) -> usize {
        self.start
    }

    /// How many positions the series holds.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The board of each position of the series, oldest first; `current`
    /// is the last.
    pub(crate) fn boards(&self, current: &Board) -> Cow<'_, [Board]> {
        if self.boards.is_empty() {
            let mut boards = Vec::new();
            self.set_back(current, &mut boards);
            Cow::Owned(boards)
        } else {
            Cow::Borrowed(&self.boards)
        }
    }

    /// How often the current position occurred in the series: only every
    /// second position, counted back from the current one, has the same
    /// side to move.
    #[inline]
    pub(crate) fn occurrence_count(&self) -> usize {
        // A series whose boards are not kept is too short for any to recur.
        let Some(current) = self.boards.last() else {
            return 1;
        };
        let (start, len, count) = self.counted.get();
        if (start, len) == (self.start, self.len) {
            return count;
        }
        // The occupied squares first: they differ for nearly every earlier
        // position, where the whole boards' comparison goes through the
        // pawns and pieces that have not moved before it finds a difference.
        let occupied = current.occupied();
        let count = self
            .boards
            .iter()
            .rev()
            .step_by(2)
            .filter(|b| b.occupied() == occupied && *b == current)
            .count();
        self.counted.set((self.start, self.len, count));
        count
    }

    /// Plies at which the current position occurred, oldest first.
    pub(crate) fn occurrences(&self) -> Vec<usize> {
        match self.boards.last() {
            Some(current) => self.plies_of(&self.boards, current, self.len - 1),
            None => vec![self.start + self.len - 1],
        }
    }

    /// Plies of the series at which `board` stood with the side to move of
    /// the position at index `at` (the series' positions counted from 0; the
    /// index past the last is a position not reached yet), given `boards`.
    pub(crate) fn plies_of(&self, boards: &[Board], board: &Board, at: usize) -> Vec<usize> {
        boards
            .iter()
            .enumerate()
            .filter(|&(i, b)| (at - i).is_multiple_of(2) && b == board)
            .map(|(i, _)| self.start + i)
            .collect()
    }

    /// The boards of a series not kept yet, set back from `current`, its
    /// last, into `boards` (empty): each step undone in turn.
    fn set_back(&self, current: &Board, boards: &mut Vec<Board>) {
        // Set back from the last to the first, then put in order.
        let mut board = current.clone();
        boards.push(board.clone());
        for &QuietStep { from, to } in self.steps[..self.len - 1].iter().rev() {
            if let Some(piece) = board.remove_piece_at(to) {
                board.set_piece_at(from, piece);
            }
            boards.push(board.clone());
        }
        boards.reverse();
    }
}
