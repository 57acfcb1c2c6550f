//! Near-misses of a repetition: earlier positions with the same pieces on
//! the same squares that are nevertheless not the same position under
//! 9.2.3, and why. They are what players argue about when a claim fails
//! ("the position was there three times!"), so the ruling names them.
//!
//! Within one game every such difference is held by the earlier position:
//! castling rights are lost and never regained (9.2.3.2), and an en passant
//! capture is possible only right after a double step (9.2.3.1), which
//! starts a new series of placements, since a pawn never moves back.
//!
//! Claims are rare, so the search runs on a second replay of the game,
//! after the walk that rules on it: one board comparison per ply and claim.

use shakmaty::{Board, CastlingSide, Chess, Color, EnPassantMode, Position, Square};

/// How a position with the same placement differs (9.2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difference {
    /// The other player was to move.
    SideToMove,
    /// This castling right was still held then (the king and that rook had
    /// not moved), and is lost now (9.2.3.2).
    CastlingRight { color: Color, side: CastlingSide },
    /// An en passant capture onto this square was possible then (9.2.3.1).
    EnPassant { square: Square },
}

/// An earlier position with the same placement that does not count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearMiss {
    /// The number of plies played to reach it (0: the starting position).
    pub ply: usize,
    pub differences: Vec<Difference>,
}

/// How `then`, an earlier position of the game with the same placement as
/// `now`, differs from it under 9.2.3; empty when it is the same position.
///
/// ```
/// use laws::repetition::{differences, Difference};
/// use laws::mating::position_from_fen;
/// use shakmaty::{CastlingSide, Color};
/// let then = position_from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").expect("fen");
/// let now = position_from_fen("4k3/8/8/8/8/8/8/4K2R w - - 4 3").expect("fen");
/// assert_eq!(
///     differences(&then, &now),
///     [Difference::CastlingRight { color: Color::White, side: CastlingSide::KingSide }]
/// );
/// ```
pub fn differences(then: &Chess, now: &Chess) -> Vec<Difference> {
    let mut out = Vec::new();
    if then.turn() != now.turn() {
        out.push(Difference::SideToMove);
    }
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if then.castles().has(color, side) && !now.castles().has(color, side) {
                out.push(Difference::CastlingRight { color, side });
            }
        }
    }
    if let Some(square) = then.ep_square(EnPassantMode::Legal)
        && now.ep_square(EnPassantMode::Legal) != Some(square)
    {
        out.push(Difference::EnPassant { square });
    }
    out
}

/// Collects the near-misses of one position (`target`, reached or about to
/// be reached at ply `at`) while a replay passes the positions before it.
#[derive(Debug, Clone)]
pub struct NearMisses {
    board: Board,
    target: Chess,
    at: usize,
    found: Vec<NearMiss>,
}

impl NearMisses {
    pub fn new(target: Chess, at: usize) -> NearMisses {
        NearMisses {
            board: target.board().clone(),
            target,
            at,
            found: Vec::new(),
        }
    }

    /// The position of the game after `ply` plies; whether it is a near-miss.
    pub fn look(&mut self, ply: usize, pos: &Chess) -> bool {
        if ply >= self.at || pos.board() != &self.board {
            return false;
        }
        let differences = differences(pos, &self.target);
        let near = !differences.is_empty();
        if near {
            self.found.push(NearMiss { ply, differences });
        }
        near
    }

    /// The ply the target position has.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The first ply at which a position of a game of legal moves can have
    /// the target's placement: the one after the last capture or pawn move
    /// before it, which its half-move clock counts back to (a capture takes
    /// a piece for good, a pawn never moves back, and between captures the
    /// pawns only advance). Positions before it need not be looked at.
    pub fn earliest(&self) -> usize {
        let quiet = usize::try_from(self.target.halfmoves()).unwrap_or(usize::MAX);
        self.at.saturating_sub(quiet)
    }

    /// The near-misses found, oldest first.
    pub fn finish(self) -> Vec<NearMiss> {
        self.found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Replay;
    use scoresheet::notation::parse_move;
    use shakmaty::{CastlingMode, fen::Fen};

    fn near_misses(fen: &str, moves: &str) -> Vec<NearMiss> {
        let pos: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let mut game = Replay::new(pos, CastlingMode::Standard);
        let mut seen = vec![(0, game.position().clone())];
        for token in moves.split_whitespace() {
            let n = parse_move(token.as_bytes()).expect("notation");
            game.play(&n.written, n.mark).expect("legal move");
            seen.push((game.ply(), game.position().clone()));
        }
        let mut finder = NearMisses::new(game.position().clone(), game.ply());
        for (ply, pos) in &seen {
            finder.look(*ply, pos);
        }
        finder.finish()
    }

    #[test]
    fn a_lost_castling_right() {
        // Digest edge case 4: the start had White's kingside right.
        let found = near_misses("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kf1 Kd8 Ke1 Ke8");
        assert_eq!(
            found,
            [NearMiss {
                ply: 0,
                differences: vec![Difference::CastlingRight {
                    color: Color::White,
                    side: CastlingSide::KingSide
                }]
            }]
        );
    }

    #[test]
    fn a_legal_en_passant_capture_but_not_a_pinned_one() {
        // Edge case 2: after 1...d5 exd6 was possible.
        let moves = "d5 Nf3 Kh8 Ng1 Kg8 Nf3 Kh8 Ng1 Kg8";
        let found = near_misses("1n4k1/3p4/8/4P3/8/8/8/K5N1 b - - 0 1", moves);
        assert_eq!(
            found,
            [NearMiss {
                ply: 1,
                differences: vec![Difference::EnPassant { square: Square::D6 }]
            }]
        );
        // Edge case 1: the capture would expose the king, so ply 1 counts.
        let found = near_misses("1n4k1/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1", moves);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn the_other_side_to_move() {
        // The king triangulates (a1-b1-b2-a1): the start's placement, Black to move.
        let found = near_misses("k7/8/8/8/8/8/8/K6R w - - 0 1", "Kb1 Kb8 Kb2 Ka8 Ka1");
        assert_eq!(
            found,
            [NearMiss {
                ply: 0,
                differences: vec![Difference::SideToMove]
            }]
        );
    }
}
