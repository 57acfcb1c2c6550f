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
//! move, compared exactly. The rest of 9.2.3 is the same throughout a
//! series: a move that starts none is a piece other than a pawn taking
//! nothing, losing no castling right, made where no en passant capture is
//! possible, so the castling rights never change within a series and no
//! position of a series but its first can offer an en passant capture; a
//! first position that offers one is the whole series, since any move from
//! it starts a new one. The side to move alternates from ply to ply, so it
//! is the parity of a position's distance from the current one.
//!
//! A series of legal moves keeps only its steps (two squares each), not its
//! boards: copying a board of 72 bytes on every reversible ply cost more
//! than all the counting. For each side to move it keeps a 64-bit filter,
//! one bit set for each of its positions, chosen by a hash of the occupied
//! squares. Equal boards set the same bit, so a position whose bit was
//! clear when it came has not occurred before, which is the answer on
//! nearly every ply. Only where the bit was set are the occupied squares set
//! back step by step, and where they agree the boards, compared whole: a
//! filter or occupied squares that agree cost time, never a wrong count. A
//! move not known to be legal cannot be stepped back over: from such a
//! move on the series keeps its boards.
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

use std::cell::Cell;

use shakmaty::{Bitboard, Board, Square};

/// Positions a series holds before any can have occurred twice: each side
/// moves a piece away and back.
const RECURS_FROM: usize = 5;

/// The steps a game's series first makes room for: those of 64 moves (256
/// bytes), enough for nearly every series; a longer one grows. Growing from
/// a few steps cost more than keeping the steps.
const FIRST_STEPS: usize = 128;

/// The boards a game's series first makes room for when it keeps them: as
/// many as fit in the largest block glibc's per-thread cache of freed
/// blocks holds (1,032 bytes by default; fourteen boards of 72 bytes), so
/// that the next game's series gets the block back cheaply. A longer
/// series grows.
const FIRST_ROOM: usize = 1_032 / std::mem::size_of::<Board>();

/// The positions since the last irreversible move.
#[derive(Debug, Clone)]
pub(crate) struct Series {
    /// The ply of the series' first position.
    start: usize,
    /// How many positions the series holds (at least one, the current).
    len: usize,
    /// The step into each position after the first, while the boards are
    /// not kept.
    steps: Vec<QuietStep>,
    /// For each side to move (the parity of a position's index), the
    /// filter of its positions' occupied squares ([`filter_bit`]), while the
    /// boards are not kept.
    seen: [u64; 2],
    /// Whether the current position may have occurred before with the same
    /// side to move (its bit was set when it came).
    may_recur: bool,
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

/// The bit of a board's occupied squares in a filter of [`Series::seen`]:
/// the top six bits of Fibonacci hashing's product, which depend on every
/// square.
#[inline]
fn filter_bit(occupied: Bitboard) -> u64 {
    1 << (occupied.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58)
}

impl QuietStep {
    /// The two squares the step changes.
    #[inline]
    fn squares(self) -> Bitboard {
        Bitboard::from_square(self.from) | Bitboard::from_square(self.to)
    }

    /// Takes the step back on `board`.
    #[inline]
    fn undo(self, board: &mut Board) {
        if let Some(piece) = board.remove_piece_at(self.to) {
            board.set_piece_at(self.from, piece);
        }
    }
}

impl Series {
    /// A series whose first position, on `first`, is at `ply`.
    pub(crate) fn new(ply: usize, first: &Board) -> Series {
        Series {
            start: ply,
            len: 1,
            steps: Vec::new(),
            seen: [filter_bit(first.occupied()), 0],
            may_recur: false,
            boards: Vec::new(),
            counted: Cell::new((usize::MAX, 0, 0)),
        }
    }

    /// An irreversible move reached a position, on `first`, at `ply`: a new
    /// series.
    #[inline]
    pub(crate) fn restart(&mut self, ply: usize, first: &Board) {
        self.start = ply;
        self.len = 1;
        self.steps.clear();
        self.seen = [filter_bit(first.occupied()), 0];
        self.may_recur = false;
        self.boards.clear();
    }

    /// A reversible move, `step`, reached `after`.
    #[inline(always)]
    pub(crate) fn push_reversible(&mut self, after: &Board, step: QuietStep) {
        self.len += 1;
        if self.boards.is_empty() {
            if self.steps.capacity() == 0 {
                // A game keeps the room from one series to the next.
                self.steps.reserve(FIRST_STEPS);
            }
            self.steps.push(step);
            let bit = filter_bit(after.occupied());
            let seen = &mut self.seen[(self.len - 1) % 2];
            self.may_recur = *seen & bit != 0;
            *seen |= bit;
        } else {
            self.boards.push(after.clone());
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
            self.steps.clear();
        }
    }

    /// A position `after` reached by a move not known to be legal, which the
    /// steps cannot hold. The boards must be kept from before the move on
    /// ([`Series::keep`]).
    pub(crate) fn push_afresh(&mut self, after: &Board, irreversible: bool, ply: usize) {
        if irreversible {
            self.restart(ply, after);
        } else {
            self.len += 1;
        }
        self.boards.push(after.clone());
    }

    /// The board of the series' first position, set back from `current`
    /// through the steps; `None` where the series keeps its boards.
    pub(crate) fn first_board(&self, current: &Board) -> Option<Board> {
        if !self.boards.is_empty() {
            return None;
        }
        let mut board = current.clone();
        for step in self.steps.iter().rev() {
            step.undo(&mut board);
        }
        Some(board)
    }

    /// Whether the current position certainly occurred once in the series:
    /// its bit was clear in the filter when it came, and the filter is kept
    /// (not the boards).
    #[inline]
    pub(crate) fn surely_new(&self) -> bool {
        self.boards.is_empty() && !self.may_recur
    }

    /// Whether the boards are kept.
    #[cfg(test)]
    pub(crate) fn keeps_boards(&self) -> bool {
        !self.boards.is_empty()
    }

    /// Whether the filter could not tell that the current position is new.
    #[cfg(test)]
    pub(crate) fn may_recur(&self) -> bool {
        self.may_recur
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
    #[cfg(test)]
    pub(crate) fn boards(&self, current: &Board) -> Vec<Board> {
        if self.boards.is_empty() {
            let mut boards = Vec::with_capacity(self.len);
            self.set_back(current, &mut boards);
            boards
        } else {
            self.boards.clone()
        }
    }

    /// How often the current position, on `current`, occurred in the
    /// series: only every second position, counted back from the current
    /// one, has the same side to move.
    #[inline]
    pub(crate) fn occurrence_count(&self, current: &Board) -> usize {
        // The answer on nearly every ply, where the callers ask it.
        if self.boards.is_empty() && !self.may_recur {
            return 1;
        }
        self.count_occurrences(current)
    }

    /// [`Series::occurrence_count`] where the filter cannot tell.
    #[inline(never)]
    fn count_occurrences(&self, current: &Board) -> usize {
        let (start, len, count) = self.counted.get();
        if (start, len) == (self.start, self.len) {
            return count;
        }
        let count = if self.boards.is_empty() {
            let mut count = 0;
            self.each_occurrence(current, |_| count += 1);
            count
        } else {
            // The occupied squares first: they differ for nearly every
            // earlier position, where the whole boards' comparison goes
            // through the pawns and pieces that have not moved before it
            // finds a difference.
            let occupied = current.occupied();
            self.boards
                .iter()
                .rev()
                .step_by(2)
                .filter(|b| b.occupied() == occupied && *b == current)
                .count()
        };
        self.counted.set((self.start, self.len, count));
        count
    }

    /// Plies at which the current position, on `current`, occurred, oldest
    /// first.
    pub(crate) fn occurrences(&self, current: &Board) -> Vec<usize> {
        if self.boards.is_empty() {
            let mut plies = Vec::new();
            self.each_occurrence(current, |i| plies.push(self.start + i));
            plies.reverse();
            plies
        } else {
            self.plies_of(&self.boards, current, self.len - 1)
        }
    }

    /// Hands `found` the index of each position of a series whose boards
    /// are not kept that is the current one, on `current`, the current one
    /// first and then back to the oldest.
    fn each_occurrence(&self, current: &Board, mut found: impl FnMut(usize)) {
        let last = self.len - 1;
        found(last);
        if self.len >= RECURS_FROM && self.may_recur {
            self.each_earlier(current, current, last, found);
        }
    }

    /// Plies of the series at which `next` stood with the side to move of
    /// the position after the current one, on `current`: where the position
    /// a move would reach occurred.
    pub(crate) fn plies_of_next(&self, current: &Board, next: &Board) -> Vec<usize> {
        if !self.boards.is_empty() {
            return self.plies_of(&self.boards, next, self.len);
        }
        let mut plies = Vec::new();
        self.each_earlier(current, next, self.len, |i| plies.push(self.start + i));
        plies.reverse();
        plies
    }

    /// Hands `found` the index of each position before the current one (on
    /// `current`) of a series whose boards are not kept where `target`
    /// stood with the side to move of the position at index `at`, the
    /// latest first. The occupied squares are set back step by step first,
    /// to find the oldest position that can be one; only back to there are
    /// the boards set back, one at a time, and compared whole where the
    /// occupied squares agree.
    fn each_earlier(
        &self,
        current: &Board,
        target: &Board,
        at: usize,
        mut found: impl FnMut(usize),
    ) {
        let wanted = target.occupied();
        let mut occupied = current.occupied();
        let mut oldest = None;
        for (i, step) in self.steps.iter().enumerate().rev() {
            occupied ^= step.squares();
            if (at - i).is_multiple_of(2) && occupied == wanted {
                oldest = Some(i);
            }
        }
        let Some(oldest) = oldest else {
            return;
        };
        let mut board = current.clone();
        for i in (oldest..self.len - 1).rev() {
            self.steps[i].undo(&mut board);
            if (at - i).is_multiple_of(2) && board.occupied() == wanted && board == *target {
                found(i);
            }
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
        for step in self.steps.iter().rev() {
            step.undo(&mut board);
            boards.push(board.clone());
        }
        boards.reverse();
    }
}

#[cfg(test)]
mod tests {
    use crate::{Replay, mating::position_from_fen};
    use scoresheet::notation::parse_move;
    use shakmaty::CastlingMode;

    #[test]
    fn a_board_with_an_earlier_ones_squares_is_compared_whole() {
        // The knights trade squares (b1 and b5): the occupied squares are the
        // start's, the board is not. Then they trade back: the start's
        // position, which ply 4's did not repeat.
        let start = position_from_fen("7k/8/8/1n6/8/8/8/1N5K w - - 0 1").expect("fen");
        let mut game = Replay::new(start, CastlingMode::Standard);
        let mut seen = Vec::new();
        for token in ["Na3", "Nc3", "Nb5", "Nb1", "Na3", "Nc3", "Nb1", "Nb5"] {
            let n = parse_move(token.as_bytes()).expect("notation");
            game.play(&n.written, n.mark).expect("legal");
            seen.push((game.occurrences(), game.occurrence_count()));
        }
        assert_eq!(game.stretch_len(), 9);
        assert_eq!(seen[3], (vec![4], 1));
        assert_eq!(seen[7], (vec![0, 8], 2));
        // Ply 4's occupied squares are those of ply 8 too.
        assert_eq!(game.occurrences(), [0, 8]);
    }
}
