//! Where a written move points on the board, legal or not: the squares a
//! ruling sheet draws as an arrow for an illegal move that was attempted.

use scoresheet::WrittenMove;
use shakmaty::{Bitboard, Board, CastlingSide, Color, File, Rank, Role, Square, attacks, san::San};

/// The squares of a written move: the origin where the notation or the board
/// names it (a piece of that kind that could reach the square if checks and
/// pins were no matter), and the target.
///
/// ```
/// use laws::squares::squares_of;
/// use scoresheet::notation::parse_move;
/// use shakmaty::{Chess, Color, Position, Square};
/// let pos = Chess::default();
/// let ke2 = parse_move(b"Ke2").expect("notation").written;
/// // Illegal (e2 is occupied), yet the king is the only king.
/// assert_eq!(squares_of(pos.board(), Color::White, &ke2), Some((Some(Square::E1), Square::E2)));
/// ```
pub fn squares_of(
    board: &Board,
    turn: Color,
    written: &WrittenMove,
) -> Option<(Option<Square>, Square)> {
    match *written {
        WrittenMove::Coordinates { from, to, .. } => Some((Some(from), to)),
        WrittenMove::San(San::Castle(side)) => {
            let rank = turn.backrank();
            let king = board.king_of(turn)?;
            let file = match side {
                CastlingSide::KingSide => File::G,
                CastlingSide::QueenSide => File::C,
            };
            Some((Some(king), Square::from_coords(file, rank)))
        }
        WrittenMove::San(San::Normal {
            role,
            file,
            rank,
            to,
            ..
        }) => {
            let occupied = board.occupied();
            let candidates: Vec<Square> = board
                .by_piece(role.of(turn))
                .into_iter()
                .filter(|from| {
                    file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r)
                })
                .collect();
            // An illegal move may go where its piece cannot; the only piece
            // of its kind is still the one meant (Ke3 from e1).
            let from = candidates
                .iter()
                .copied()
                .find(|&from| reaches(role, turn, from, to, occupied))
                .or(match candidates.as_slice() {
                    [only] => Some(*only),
                    _ => None,
                });
            Some((from, to))
        }
        WrittenMove::San(_) | WrittenMove::Null => None,
    }
}

fn reaches(role: Role, turn: Color, from: Square, to: Square, occupied: Bitboard) -> bool {
    if attacks::attacks(from, role.of(turn), occupied).contains(to) {
        return true;
    }
    if role != Role::Pawn || from.file() != to.file() {
        return false;
    }
    let step: i32 = match turn {
        Color::White => 8,
        Color::Black => -8,
    };
    let distance = i32::from(to) - i32::from(from);
    distance == step || (distance == 2 * step && from.rank() == turn.relative_rank(Rank::Second))
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::notation::parse_move;
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

    fn at(fen: &str, written: &str) -> Option<(Option<Square>, Square)> {
        let pos: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let written = parse_move(written.as_bytes()).expect("notation").written;
        squares_of(pos.board(), pos.turn(), &written)
    }

    #[test]
    fn illegal_and_legal_moves() {
        let after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        // Ke3 is illegal (not a king move), yet the king is the only king.
        assert_eq!(at(after_e4_e5, "Ke3"), Some((Some(Square::E1), Square::E3)));
        // No rook can reach e3, and there are two: only the target is known.
        assert_eq!(at(after_e4_e5, "Re3"), Some((None, Square::E3)));
        assert_eq!(at(after_e4_e5, "Ke2"), Some((Some(Square::E1), Square::E2)));
        assert_eq!(at(after_e4_e5, "Nf3"), Some((Some(Square::G1), Square::F3)));
        assert_eq!(at(after_e4_e5, "d4"), Some((Some(Square::D2), Square::D4)));
        assert_eq!(
            at(after_e4_e5, "g1f3"),
            Some((Some(Square::G1), Square::F3))
        );
        assert_eq!(at(after_e4_e5, "Sf3"), Some((Some(Square::G1), Square::F3)));
    }
}
