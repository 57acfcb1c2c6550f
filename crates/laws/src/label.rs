//! A move as an arbiter names it: `40...Kg7` is Black's 40th move.

use shakmaty::{
    Board, CastlingSide, Chess, Color, Move, MoveList, Position, Role,
    san::{San, SanPlus, Suffix},
};

/// What a label says was played: a move found on the board, in SAN, or the
/// token as the scoresheet has it when it names no legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveText {
    San(SanPlus),
    Written(String),
}

/// A move with its number and the side that made it. Views render it in
/// their own piece letters; `Display` gives the English form.
///
/// ```
/// use laws::label::MoveLabel;
/// use shakmaty::{Chess, Position, san::SanPlus};
/// let pos = Chess::default();
/// let e4 = pos.legal_moves()[0].clone();
/// let label = MoveLabel::of(&pos, SanPlus::from_move(pos.clone(), e4));
/// assert_eq!(label.number, 1);
/// assert!(label.to_string().starts_with("1."));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLabel {
    pub number: u32,
    pub side: Color,
    pub text: MoveText,
}

impl MoveLabel {
    /// The label of `san`, played in `before`.
    pub fn of(before: &Chess, san: SanPlus) -> MoveLabel {
        MoveLabel {
            number: before.fullmoves().get(),
            side: before.turn(),
            text: MoveText::San(san),
        }
    }

    /// The label of a token that names no legal move in `before`.
    pub fn written(before: &Chess, token: String) -> MoveLabel {
        MoveLabel {
            number: before.fullmoves().get(),
            side: before.turn(),
            text: MoveText::Written(token),
        }
    }

    /// The number with its dots: `40.` or `40...`.
    pub fn prefix(&self) -> String {
        match self.side {
            Color::White => format!("{}.", self.number),
            Color::Black => format!("{}...", self.number),
        }
    }
}

/// `SanPlus::from_move(before.clone(), mv)`, the same text for less work.
///
/// shakmaty's suffix asks for the position's outcome after the move, a
/// generation of every legal move, whatever the move was. In standard chess
/// only a checkmate is decisive, and a position without check is none, so
/// the outcome is asked for only after a move that gives check. A label is
/// written for each finding and each ending that names a move, and for
/// each move of a certified mating line.
///
/// One move differs: in a position no game reaches (the side not to move
/// in check), a move that takes the king is named without a suffix, where
/// shakmaty's outcome panics for want of a king. No move of a record gets
/// here: resolving a written move and replaying one that stood leave no
/// king to be taken.
///
/// ```
/// use laws::label::san_plus;
/// use shakmaty::{Chess, Position, san::SanPlus};
/// let pos = Chess::default();
/// for mv in pos.legal_moves() {
///     assert_eq!(san_plus(&pos, mv), SanPlus::from_move(pos.clone(), mv));
/// }
/// ```
pub fn san_plus(before: &Chess, mv: Move) -> SanPlus {
    // The candidates as shakmaty's `SanPlus::from_move` asks for them: a
    // piece's out of check (most labels) found on the board, without a
    // list of them returned by value.
    let mut moves = MoveList::new();
    if !piece_candidates(before.board(), before.turn(), mv, &mut moves) {
        moves = match mv {
            Move::Normal { role, to, .. } | Move::Put { role, to } => {
                before.san_candidates(role, to)
            }
            Move::EnPassant { to, .. } => before.san_candidates(Role::Pawn, to),
            Move::Castle { king, rook } if king.file() < rook.file() => {
                before.castling_moves(CastlingSide::KingSide)
            }
            Move::Castle { .. } => before.castling_moves(CastlingSide::QueenSide),
        };
    }
    let suffix = if moves.contains(&mv) {
        let mut after = before.clone();
        after.play_unchecked(mv);
        suffix(&after)
    } else {
        None
    };
    SanPlus {
        san: San::disambiguate(mv, &moves),
        suffix,
    }
}

/// The candidates shakmaty's `san_candidates` lists for `mv`, a piece's
/// move (a knight's, bishop's, rook's or queen's, no promotion) on `board`
/// with `turn` to move and not in check, added to `moves`; `false` (and
/// nothing added) for another move or in check, where shakmaty's own are
/// to be asked.
pub(crate) fn piece_candidates(board: &Board, turn: Color, mv: Move, moves: &mut MoveList) -> bool {
    let Move::Normal {
        role,
        to,
        promotion: None,
        ..
    } = mv
    else {
        return false;
    };
    let Some(origins) = crate::san::piece_origins(board, turn, role, to) else {
        return false;
    };
    let capture = board.role_at(to);
    moves.extend(origins.into_iter().map(|from| Move::Normal {
        role,
        from,
        capture,
        to,
        promotion: None,
    }));
    true
}

/// shakmaty's suffix of a move that reached `after`: `+`, `#` or none.
pub(crate) fn suffix(after: &Chess) -> Option<Suffix> {
    if after.checkers().is_empty() {
        None
    } else {
        Suffix::from_position(after)
    }
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveText::San(san) => write!(f, "{san}"),
            MoveText::Written(token) => f.write_str(token),
        }
    }
}

impl std::fmt::Display for MoveLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.prefix(), self.text)
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Board, CastlingMode, fen::Fen};

    use super::*;

    /// Each legal move, and each piece's step along its attacks whether
    /// legal or not (a pinned piece, a king into check: a move that stood),
    /// is named as shakmaty names it.
    fn compare(pos: &Chess, checks: &mut usize, mates: &mut usize) {
        let board: &Board = pos.board();
        let ours = board.by_color(pos.turn());
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        for from in ours {
            let Some(role) = board.role_at(from) else {
                continue;
            };
            for to in board.attacks_from(from) & !ours {
                moves.push(Move::Normal {
                    role,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion: None,
                });
                // The same step with the capture misread: no move of the
                // position, so a label with no suffix.
                moves.push(Move::Normal {
                    role,
                    from,
                    capture: match board.role_at(to) {
                        None => Some(Role::Queen),
                        Some(_) => None,
                    },
                    to,
                    promotion: None,
                });
            }
        }
        // Taking a king leaves a position shakmaty's outcome refuses (it
        // panics), so shakmaty has no answer to compare with (see above).
        for mv in moves
            .into_iter()
            .filter(|m| m.capture() != Some(Role::King))
        {
            let expected = SanPlus::from_move(pos.clone(), mv);
            assert_eq!(
                san_plus(pos, mv),
                expected,
                "{mv:?} in {}",
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            );
            match expected.suffix {
                Some(Suffix::Check) => *checks += 1,
                Some(Suffix::Checkmate) => *mates += 1,
                None => {}
            }
        }
    }

    /// The suffix is shakmaty's: after checks and mates (by a piece, a
    /// promotion, a discovery, castling, en passant), after quiet moves,
    /// and for a move that is no legal move (no suffix). It fails if the
    /// outcome is skipped after a check, or asked after no move at all.
    #[test]
    fn a_label_is_shakmatys_san() {
        let (mut checks, mut mates) = (0, 0);
        crate::testing::random_games(0x5851_f42d_4c95_7f2d, 200, 120, |p| {
            compare(p, &mut checks, &mut mates)
        });
        let irregular = crate::testing::irregular_positions(0x1405_7b7e_f767_814f, 60, 120, |p| {
            compare(p, &mut checks, &mut mates)
        });
        assert!(irregular > 100, "{irregular} irregular positions");
        for fen in [
            // Mate by a rook on the back rank, a smothered knight, a promotion.
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
            "k7/7P/1K6/8/8/8/8/8 w - - 0 1",
            // Mate by castling, by a discovery, by en passant (discovering the rook).
            "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1",
            "R2N3k/6pp/8/8/8/8/8/6K1 w - - 0 1",
            "3rkr2/5p2/8/2NpP3/8/8/8/4R2K w - d6 0 1",
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .expect("test FEN")
                .into_position(CastlingMode::Standard)
                .expect("legal test position");
            compare(&pos, &mut checks, &mut mates);
        }
        assert!(
            checks > 50_000 && mates > 500,
            "{checks} checks, {mates} mates"
        );
    }
}
