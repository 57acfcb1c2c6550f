//! Can a side still checkmate? The question behind dead positions (5.2.2),
//! flag falls (6.9), second illegal moves (7.5.5) and resignations (5.1.2).
//!
//! This module answers it only where material alone settles it. The answer
//! is sound in one direction: [`can_never_mate`] never says "cannot" of a
//! side that could mate by some series of legal moves, the opponent
//! cooperating (K+N against K+N, K+B against K+P can still mate).

use shakmaty::{Chess, Color, Position};

/// Whether `side` certainly cannot checkmate by any series of legal moves.
///
/// ```
/// use laws::mating::can_never_mate;
/// use shakmaty::{Chess, Color, fen::Fen, CastlingMode};
/// let pos: Chess = "k7/8/8/8/8/8/8/KN6 w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert!(can_never_mate(&pos, Color::White));
/// let pos: Chess = "kn6/8/8/8/8/8/8/KN6 w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert!(!can_never_mate(&pos, Color::White));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn can_never_mate(pos: &Chess, side: Color) -> bool {
    pos.has_insufficient_material(side)
}

/// Whether neither side can checkmate: a dead position (5.2.2).
pub fn is_dead_position(pos: &Chess) -> bool {
    pos.is_insufficient_material()
}
