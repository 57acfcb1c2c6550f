//! Rapid and blitz under Appendix A.5: an illegal move that nobody caught
//! before the opponent's next move stands (A.5.2), and an illegal position
//! still on the board after the next move draws (A.5.4).
//!
//! An illegal move stands as it was made: the piece went from one square to
//! another. So what is replayed is the physical displacement the record
//! describes, which shakmaty can play although it breaks the rules (moving
//! into check, through pieces, out of a pin); the position that results may
//! itself be illegal (the mover's king in check with the opponent to move).

use scoresheet::WrittenMove;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, Move, Position, Rank, Role, Square, attacks, san::San,
};

/// The displacement `written` describes in `pos`, when exactly one piece of
/// the side to move could have made it by the way it moves (ignoring
/// checks and pins). `None` when no piece, or more than one, fits: then the
/// record is simply wrong, not an illegal move that stood.
///
/// ```
/// use laws::standing::physical_move;
/// use scoresheet::notation::parse_move;
/// use shakmaty::{Chess, fen::Fen, CastlingMode, Square};
/// // The knight on d2 is pinned; Nf3 is illegal but was physically possible.
/// let pos: Chess = "4k3/4r3/8/8/8/8/3N4/3K4 w - - 0 1".parse::<Fen>().expect("fen")
///     .into_position(CastlingMode::Standard).expect("legal");
/// let nf3 = parse_move(b"Nf3").expect("notation").written;
/// assert_eq!(physical_move(&pos, &nf3).map(|m| m.to()), Some(Square::F3));
/// let nf4 = parse_move(b"Nf4").expect("notation").written;
/// assert_eq!(physical_move(&pos, &nf4), None);
/// ```
pub fn physical_move(pos: &Chess, written: &WrittenMove) -> Option<Move> {
    let us = pos.turn();
    let board = pos.board();
    let candidates: Vec<Move> = match *written {
        WrittenMove::Null => return None,
        WrittenMove::San(San::Castle(side)) => castle(pos, side).into_iter().collect(),
        WrittenMove::San(San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        }) => (board.by_piece(role.of(us)))
            .into_iter()
            .filter(|from| file.is_none_or(|f| from.file() == f))
            .filter(|from| rank.is_none_or(|r| from.rank() == r))
            .filter_map(|from| displacement(pos, from, to, promotion))
            .collect(),
        WrittenMove::San(_) => return None,
        WrittenMove::Coordinates {
            from,
            to,
            promotion,
            ..
        } => {
            let king_castles = board.role_at(from) == Some(Role::King)
                && from.rank() == us.backrank()
                && from.distance(to) == 2;
            if king_castles {
                let side = if to.file() > from.file() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                castle(pos, side).into_iter().collect()
            } else {
                displacement(pos, from, to, promotion).into_iter().collect()
            }
        }
    };
    match candidates.as_slice() {
        [only] => Some(*only),
        _ => None,
    }
}

/// The piece on `from` going to `to` by the way it moves, or `None`.
fn displacement(pos: &Chess, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    let us = pos.turn();
    let board = pos.board();
    let piece = board.piece_at(from).filter(|p| p.color == us)?;
    let target = board.piece_at(to);
    // Own pieces cannot be captured, nor can the king (the capture would be a
    // further illegal move, and no position without a king can stand).
    if target.is_some_and(|t| t.color == us || t.role == Role::King) || from == to {
        return None;
    }
    let occupied = board.occupied();
    let reaches = match piece.role {
        Role::Pawn => {
            let forward: i32 = if us == Color::White { 1 } else { -1 };
            let rank_step = i32::from(to.rank()) - i32::from(from.rank());
            let file_step = (i32::from(to.file()) - i32::from(from.file())).abs();
            let start = us.relative_rank(Rank::Second);
            if file_step == 1 && rank_step == forward {
                if target.is_none() {
                    // Only en passant captures onto an empty square; the
                    // pawn beside may not have just made a double step (3.7.3.2
                    // broken), but the capture was made all the same.
                    let beside = Square::from_coords(to.file(), from.rank());
                    let victim = board.piece_at(beside) == Some(Role::Pawn.of(!us));
                    return victim.then_some(Move::EnPassant { from, to });
                }
                true
            } else if file_step == 0 && target.is_none() {
                let mid_empty = from
                    .rank()
                    .offset(forward)
                    .is_some_and(|r| !occupied.contains(Square::from_coords(from.file(), r)));
                rank_step == forward
                    || (rank_step == 2 * forward && from.rank() == start && mid_empty)
            } else {
                false
            }
        }
        _ => attacks::attacks(from, piece, occupied).contains(to),
    };
    let last_rank = to.rank() == (!us).backrank();
    let promotion = if piece.role == Role::Pawn && last_rank {
        promotion
    } else if promotion.is_some() {
        return None;
    } else {
        None
    };
    reaches.then_some(Move::Normal {
        role: piece.role,
        from,
        capture: target.map(|t| t.role),
        to,
        promotion,
    })
}

/// Castling as the pieces stand, whether or not it is allowed: the king on
/// its original square and a rook in the corner of that side.
fn castle(pos: &Chess, side: CastlingSide) -> Option<Move> {
    let us = pos.turn();
    let board = pos.board();
    // Castling without the right still needs the king on its own square.
    let king = (board.by_piece(Role::King.of(us)) & Bitboard::from(us.backrank()))
        .first()
        .filter(|k| pos.castles().has(us, side) || k.file() == shakmaty::File::E)?;
    let rook = pos.castles().rook(us, side).or_else(|| {
        let corner = match side {
            CastlingSide::KingSide => Square::from_coords(shakmaty::File::H, us.backrank()),
            CastlingSide::QueenSide => Square::from_coords(shakmaty::File::A, us.backrank()),
        };
        (board.piece_at(corner) == Some(Role::Rook.of(us))).then_some(corner)
    })?;
    // The king and the rook must have somewhere to go: castling through a
    // piece standing on their squares cannot be done even illegally.
    let free = |to: Square| to == king || to == rook || board.piece_at(to).is_none();
    let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
    (free(king_to) && free(rook_to)).then_some(Move::Castle { king, rook })
}

/// Whether a position cannot stand (A.5.4): the side that just moved has
/// its king in check, or a pawn stands on its first or last rank.
pub fn is_illegal_position(pos: &Chess) -> bool {
    let board = pos.board();
    let them = !pos.turn();
    let their_king_attacked = board.king_of(them).is_some_and(|king| {
        (board.attacks_to(king, pos.turn(), board.occupied()) & board.by_color(pos.turn())).any()
    });
    their_king_attacked || (board.pawns() & Bitboard::BACKRANKS).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::notation::parse_move;
    use shakmaty::{CastlingMode, fen::Fen};

    fn pos(fen: &str) -> Chess {
        let Ok(setup) = fen.parse::<Fen>() else {
            panic!("bad test FEN {fen}");
        };
        match setup.into_position(CastlingMode::Standard) {
            Ok(p) => p,
            Err(_) => panic!("illegal test FEN {fen}"),
        }
    }

    fn physical(fen: &str, token: &str) -> Option<Move> {
        let written = match parse_move(token.as_bytes()) {
            Ok(n) => n.written,
            Err(e) => panic!("{token}: {e:?}"),
        };
        physical_move(&pos(fen), &written)
    }

    #[test]
    fn king_into_check_and_through_pieces() {
        // Ke2 walks into the rook's file.
        let m = physical("4r2k/8/8/8/8/8/8/3K4 w - - 0 1", "Ke2");
        assert_eq!(m.map(|m| m.to()), Some(Square::E2));
        // A bishop cannot jump: Bh6 through the d2 pawn is not a displacement.
        assert_eq!(physical("7k/8/8/8/8/8/3P4/2B1K3 w - - 0 1", "Bh6"), None);
        // Two rooks could reach d1: the record does not say which moved.
        assert_eq!(physical("2k5/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1"), None);
        // Castling out of check, as the pieces stand; not onto a piece.
        let castle = physical("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O");
        assert!(matches!(castle, Some(Move::Castle { .. })));
        assert_eq!(physical("4k3/8/8/8/8/8/8/4KNNR w K - 0 1", "O-O"), None);
        assert_eq!(physical("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O"), None);
        // A king that has left e1 cannot castle, even illegally.
        assert_eq!(physical("4k3/8/8/8/8/8/8/5K1R w - - 0 1", "O-O"), None);
    }

    #[test]
    fn pawns() {
        assert_eq!(
            physical("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "e4").map(|m| m.from()),
            Some(Some(Square::E2))
        );
        assert_eq!(physical("7k/8/8/8/8/4n3/4P3/K7 w - - 0 1", "e4"), None);
        assert_eq!(physical("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "exd3"), None);
        // En passant without the right: the d5 pawn did not just arrive.
        assert_eq!(
            physical("4k3/8/8/3pP3/8/8/8/3RK3 w - - 0 1", "exd6"),
            Some(Move::EnPassant {
                from: Square::E5,
                to: Square::D6
            })
        );
    }

    #[test]
    fn illegal_positions() {
        // White to move, Black's king attacked by the rook: Black just moved into it.
        let mut p = pos("1k6/8/8/8/8/8/8/R3K3 b - - 0 1");
        assert!(!is_illegal_position(&p));
        p.play_unchecked(Move::Normal {
            role: Role::King,
            from: Square::B8,
            capture: None,
            to: Square::A7,
            promotion: None,
        });
        assert!(is_illegal_position(&p));
    }
}
