//! A chess helpmate solver and unwinnability detector.
//!
//! Given a position and an intended winner, determines whether a helpmate is
//! achievable (a sequence of legal moves ending in checkmate by the intended
//! winner) or proves that none exists.
//!
//! Note that in a helpmate both players cooperate toward that goal: the
//! intended winner delivers checkmate, but not necessarily by force.
//!
//! See the [README](https://github.com/miguel-ambrona/chasolver#readme) for
//! the background motivating this crate, and for usage examples.

// Not part of the public API; keeps the README's usage example under test
// without rendering the whole README as a docs.rs page.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod deduction;
mod search;
mod utils;
mod winnability;

use chess::{Board, ChessMove, Color};
use winnability::{fast, full};

/// Result of a [`winnability`] analysis for the intended winner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Winnability {
    /// Helpmate is achievable for the intended winner; `helpmate` is a
    /// possible sequence of moves leading to checkmate.
    Winnable { helpmate: Vec<ChessMove> },

    /// Helpmate is provably impossible for the intended winner.
    Unwinnable,
}

/// Full helpmate search for `intended_winner`.
///
/// Returns `Some` result if the analysis is successful:
/// - [`Winnability::Winnable`] if the position is winnable for the intended
///   winner, together with a supporting helpmate sequence.
///
/// - [`Winnability::Unwinnable`] if no helpmate exists.
///
/// Returns `None` if winnability could not be decided on this position.
pub fn winnability(board: &Board, intended_winner: Color) -> Option<Winnability> {
    match intended_winner {
        Color::White => full::analysis(board),
        Color::Black => {
            let flipped_board = utils::mirror_board(board);
            let result = full::analysis(&flipped_board);
            result.map(utils::mirror_moves)
        }
    }
}

/// What [`fast_proof`] found. Added for arbiter (see ARBITER.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FastProof {
    /// Proven unwinnable: [`is_unwinnable_fast`] returns `true`.
    Unwinnable,

    /// Not proven: [`is_unwinnable_fast`] returns `false`.
    NotProven,

    /// A line of moves, found where the fast check would have gone on to its
    /// static analysis, that the search took for a helpmate for the intended
    /// winner. Where it is one, the position is winnable, and
    /// [`is_unwinnable_fast`] returns `false` except where its static
    /// analysis errs (see ARBITER.md); the caller should replay the line
    /// before relying on it.
    Helpmate(Vec<ChessMove>),
}

/// [`is_unwinnable_fast`], except that where it would run its static analysis
/// (blocked pawn structures) a helpmate search of at most `helpmate_nodes`
/// nodes runs first, and a line it finds is returned instead of an answer.
/// Added for arbiter (see ARBITER.md).
pub fn fast_proof(board: &Board, intended_winner: Color, helpmate_nodes: u64) -> FastProof {
    match intended_winner {
        Color::White => fast::proof(board, Some(helpmate_nodes)),
        Color::Black => match fast::proof(&utils::mirror_board(board), Some(helpmate_nodes)) {
            FastProof::Helpmate(helpmate) => {
                match utils::mirror_moves(Winnability::Winnable { helpmate }) {
                    Winnability::Winnable { helpmate } => FastProof::Helpmate(helpmate),
                    Winnability::Unwinnable => FastProof::NotProven,
                }
            }
            answer => answer,
        },
    }
}

/// Fast but incomplete check for unwinnability; cheaper than [`winnability`]
/// when a mating line isn't needed.
///
/// Returns `true` if the position is provably unwinnable for `intended_winner`,
/// `false` if the analysis is inconclusive (the position may still be
/// unwinnable).
pub fn is_unwinnable_fast(board: &Board, intended_winner: Color) -> bool {
    match intended_winner {
        Color::White => fast::is_unwinnable(board),
        Color::Black => fast::is_unwinnable(&utils::mirror_board(board)),
    }
}

/// Whether the side to move, not in check, has a legal move found by the
/// test the searches' leaves use instead of the move generator: a piece
/// other than the king, not pinned, with a square to go to. `true` must
/// imply a legal move; `false` means "none found". Exposed so that the
/// crate using this copy can test it (its tests run there, not here).
/// Added for arbiter (see ARBITER.md).
#[doc(hidden)]
pub fn leaf_has_move(board: &Board) -> bool {
    search::has_unpinned_move(board)
}
