//! Replaying a game move by move, with the state the Laws need: the position,
//! the repetition history (Art. 9.2.3 identity), the quiet-move counter, and
//! the first automatic ending.

use scoresheet::{Mark, WrittenMove};
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, Move, Position,
    san::SanPlus,
    zobrist::Zobrist128,
};

use crate::{
    ending::{Ending, EndingKind},
    mating::is_dead_position,
    resolve::{MoveError, resolve},
};

/// A move that was replayed.
#[derive(Debug, Clone)]
pub struct Played {
    pub mv: Move,
    /// The move in canonical SAN, with the check or mate suffix it deserves.
    pub san: SanPlus,
    /// The ply of this move (the first recorded half-move is ply 1).
    pub ply: usize,
    /// The move as an arbiter says it: `40...Kg7`.
    pub label: String,
    /// The written check or mate mark, when it is wrong.
    pub wrong_mark: Option<Mark>,
    /// The ending this move brought about, if the game had not ended before.
    pub ending: Option<Ending>,
}

/// The state of a game being replayed.
///
/// ```
/// use laws::Replay;
/// use scoresheet::notation::parse_move;
/// let mut game = Replay::new(shakmaty::Chess::default(), shakmaty::CastlingMode::Standard);
/// for token in ["f3", "e5", "g4", "Qh4#"] {
///     let written = parse_move(token.as_bytes()).expect("notation").written;
///     game.play(&written, None).expect("legal");
/// }
/// assert_eq!(game.ending().map(|e| e.ply), Some(4));
/// ```
#[derive(Debug, Clone)]
pub struct Replay {
    pos: Chess,
    mode: CastlingMode,
    ply: usize,
    /// Positions since the last irreversible move: (identity hash, ply).
    history: Vec<(u128, usize)>,
    hash: Zobrist128,
    ending: Option<Ending>,
}

impl Replay {
    /// Starts a replay from `start` (the standard position or a FEN set-up).
    pub fn new(start: Chess, mode: CastlingMode) -> Replay {
        let hash: Zobrist128 = start.zobrist_hash(EnPassantMode::Legal);
        let mut replay = Replay {
            history: vec![(hash.0, 0)],
            hash,
            pos: start,
            mode,
            ply: 0,
            ending: None,
        };
        replay.ending = replay.detect_ending(None);
        replay
    }

    pub fn position(&self) -> &Chess {
        &self.pos
    }

    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Plies played so far.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The first automatic ending reached, if any.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// How `mv` is called at this point: `12.Nf3` or `12...Nf6`.
    pub fn label(&self, san: &SanPlus) -> String {
        move_label(&self.pos, san)
    }

    /// Plays the written move if it is legal. `mark` is the check or mate
    /// mark that was written with it, to be checked against the board.
    pub fn play(&mut self, written: &WrittenMove, mark: Option<Mark>) -> Result<Played, MoveError> {
        let mv = resolve(&self.pos, written, self.mode)?;
        Ok(self.play_move(mv, mark))
    }

    /// Plays a move known to be legal in the current position.
    pub fn play_move(&mut self, mv: Move, mark: Option<Mark>) -> Played {
        let before = self.pos.clone();
        let irreversible = before.is_irreversible(mv);
        let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, mv);
        let label = move_label(&before, &san);
        self.ply += 1;
        self.hash = before
            .update_zobrist_hash(self.hash, mv, EnPassantMode::Legal)
            .unwrap_or_else(|| self.pos.zobrist_hash(EnPassantMode::Legal));
        if irreversible {
            self.history.clear();
        }
        self.history.push((self.hash.0, self.ply));

        let wrong_mark = match mark {
            Some(Mark::Check) if !self.pos.is_check() => Some(Mark::Check),
            Some(Mark::Mate) if !self.pos.is_checkmate() => Some(Mark::Mate),
            _ => None,
        };
        let ending = if self.ending.is_none() {
            self.ending = self.detect_ending(Some(mv));
            self.ending.clone()
        } else {
            None
        };
        Played {
            mv,
            san,
            ply: self.ply,
            label,
            wrong_mark,
            ending,
        }
    }

    /// Plies at which the current position occurred (Art. 9.2.3 identity),
    /// oldest first, the current ply last.
    pub fn occurrences(&self) -> Vec<usize> {
        self.history
            .iter()
            .filter(|(h, _)| *h == self.hash.0)
            .map(|&(_, ply)| ply)
            .collect()
    }

    fn detect_ending(&self, _last: Option<Move>) -> Option<Ending> {
        let ply = self.ply;
        let kind = if self.pos.is_checkmate() {
            EndingKind::Checkmate {
                winner: !self.pos.turn(),
            }
        } else if self.pos.is_stalemate() {
            EndingKind::Stalemate
        } else if is_dead_position(&self.pos) {
            EndingKind::DeadPosition
        } else {
            let occurrences = self.occurrences();
            if occurrences.len() >= 5 {
                EndingKind::FivefoldRepetition { occurrences }
            } else if self.pos.halfmoves() >= 150 {
                let since = ply.saturating_sub(self.pos.halfmoves() as usize);
                EndingKind::SeventyFiveMoves { since }
            } else {
                return None;
            }
        };
        Some(Ending { kind, ply })
    }

    pub fn turn(&self) -> Color {
        self.pos.turn()
    }
}

/// `12.Nf3` for White, `12...Nf6` for Black, numbered from the position.
pub fn move_label(before: &Chess, san: &SanPlus) -> String {
    let number = before.fullmoves();
    match before.turn() {
        Color::White => format!("{number}.{san}"),
        Color::Black => format!("{number}...{san}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::notation::parse_move;
    use shakmaty::fen::Fen;

    fn replay(fen: &str, moves: &str) -> Replay {
        let pos: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let mut game = Replay::new(pos, CastlingMode::Standard);
        for token in moves.split_whitespace() {
            let n = parse_move(token.as_bytes()).expect("notation");
            game.play(&n.written, n.mark).expect("legal move");
        }
        game
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn fivefold_counts_scattered_occurrences() {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ";
        let game = replay(START, &shuffle.repeat(4));
        let ending = game.ending().expect("fivefold");
        assert_eq!(ending.ply, 16);
        assert_eq!(
            ending.kind,
            EndingKind::FivefoldRepetition {
                occurrences: vec![0, 4, 8, 12, 16]
            }
        );
    }

    #[test]
    fn pinned_en_passant_does_not_break_identity() {
        // Digest edge case 1: after 1...d5 exd6 would expose Ka5 to Rh5.
        let game = replay("1n4k1/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1", "d5 Nf3 Kh8 Ng1 Kg8 Nf3 Kh8 Ng1 Kg8");
        assert_eq!(game.occurrences(), vec![1, 5, 9]);
        // Digest edge case 2: no pin, so the first position differs.
        let game = replay("1n4k1/3p4/8/4P3/8/8/8/K5N1 b - - 0 1", "d5 Nf3 Kh8 Ng1 Kg8 Nf3 Kh8 Ng1 Kg8");
        assert_eq!(game.occurrences(), vec![5, 9]);
    }

    #[test]
    fn lost_castling_right_changes_identity() {
        let game = replay("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kf1 Kd8 Ke1 Ke8");
        assert_eq!(game.occurrences(), vec![4]);
    }

    #[test]
    fn mate_on_the_150th_ply_wins() {
        let game = replay("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Ra8#");
        assert!(matches!(game.ending().map(|e| &e.kind), Some(EndingKind::Checkmate { winner: Color::White })));
        let game = replay("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Rb1");
        assert_eq!(game.ending().map(|e| (&e.kind, e.ply)), Some((&EndingKind::SeventyFiveMoves { since: 0 }, 1)));
    }

    #[test]
    fn wrong_marks() {
        let mut game = replay(START, "e4 e5");
        let qh5 = parse_move(b"Qh5+").expect("notation");
        let played = game.play(&qh5.written, qh5.mark).expect("legal");
        assert_eq!(played.wrong_mark, Some(Mark::Check));
        assert_eq!(played.label, "2.Qh5");
    }

    #[test]
    fn dead_position_by_capture() {
        let game = replay("kb6/8/8/8/8/8/8/K1B1n3 w - - 0 1", "Bd2");
        assert!(game.ending().is_none());
        let game = replay("kb6/8/8/8/8/8/3n4/K1B5 w - - 0 1", "Bxd2");
        assert_eq!(game.ending().map(|e| (&e.kind, e.ply)), Some((&EndingKind::DeadPosition, 1)));
    }
}
