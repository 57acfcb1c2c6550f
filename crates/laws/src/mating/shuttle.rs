//! Where CHA's fast proof cannot hold, told without CHA: a shuttle line.
//!
//! 5.1.2 asks of every resignation whether the winner is *proven* unable to
//! mate, and the proof is CHA's fast one (`chasolver::is_unwinnable_fast`,
//! pinned at 3.0.0). On an ordinary position that proof plays out forced
//! moves, searches every line to a depth of four plies (seven with only
//! pawns and bishops on the board) for one that reaches a position where the
//! winner keeps mating material and still has a move, and goes further only
//! on a pawn structure it calls blocked (and then only where its search
//! moved no queen, rook or knight, each stage with conditions of its own).
//! Its answer there is "not proven", and finding that out costs a board of
//! CHA's own and a few of its move generations: the bulk of 5.1.2's cost on
//! real games.
//!
//! The same answer follows, without CHA, from what its code asks:
//! - the side to move has two legal moves, so no forced move is played;
//! - the winner keeps mating material as CHA counts it
//!   ([`cha_insufficient`]) on every position of the line below, since no
//!   move of the line captures;
//! - a *shuttle line* exists: a piece of the side to move steps to an empty
//!   square, a piece of the other side does, and both step back, each move
//!   legal; where the side to move is in check, its move out of check comes
//!   first and the other side's piece starts the shuttle. The placement of
//!   the pieces and the side to move then repeat with period four (castling
//!   rights or an en passant square may be lost on the way, which no move of
//!   the line needs), so the line is as long as CHA's search looks, and its
//!   last position still has a move. One line of the search ends in
//!   "not proven", and that is the search's answer whatever order it tries
//!   its moves in;
//! - the pawn structure is not one CHA calls blocked ([`blocked_gate`]), so
//!   none of its later stages runs.
//!
//! Where any of these fails, CHA is asked as before. The answer is the same
//! in every case (given that the `chess` crate, under CHA, generates legal
//! moves correctly); `tests` check it against CHA on random games, on
//! positions left by illegal moves and on the labelled positions of
//! `../shared/unwinnability`.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Rank, Role, Square, attacks};

/// Whether CHA's fast proof is sure to answer "not proven" for `side`:
/// `true` only where every condition of the module's argument holds.
pub(super) fn fast_proof_fails(pos: &Chess, side: Color) -> bool {
    let board = pos.board();
    !cha_insufficient(board, side)
        && !blocked_gate(board, side)
        && has_shuttle_line(board, pos.turn())
}

/// CHA's `insufficient_white_material`, for `side` as its White: a bare
/// king; a king and knight against no minor piece, rook or pawn; bishops on
/// one colour of square with no knight, pawn or bishop of the other colour
/// on the board.
fn cha_insufficient(board: &Board, side: Color) -> bool {
    let ours = board.by_color(side);
    let theirs = board.by_color(!side);
    let count = ours.count();
    if count == 1 {
        return true;
    }
    let minors = board.knights() | board.bishops();
    if count == 2
        && (ours & board.knights()).any()
        && (theirs & (minors | board.rooks() | board.pawns())).is_empty()
    {
        return true;
    }
    let bishops = ours & board.bishops();
    if bishops.any() {
        let colour = if (bishops & Bitboard::DARK_SQUARES).any() {
            Bitboard::DARK_SQUARES
        } else {
            Bitboard::LIGHT_SQUARES
        };
        if count == bishops.count() + 1
            && (board.bishops() & !colour).is_empty()
            && board.knights().is_empty()
            && board.pawns().is_empty()
        {
            return true;
        }
    }
    false
}

/// Whether CHA's fast proof might go past its search for `side` as its
/// White (it also asks which pieces its search moved, which depends on its
/// move order: left out here, so this gate may only say "might" too often):
/// when enough of the winner's pawns stand blocked head-on
/// (`nb_blocked_pawns` at least half the pawns less two, and at least one),
/// its deeper search, static analysis and closures may run; with an
/// unopposed pawn ("lonely", `has_lonely_pawns`) only the deeper search,
/// and that only with nothing but pawns and bishops on the board.
fn blocked_gate(board: &Board, side: Color) -> bool {
    let ours = board.pawns() & board.by_color(side);
    let theirs = board.pawns() & board.by_color(!side);
    let ahead = match side {
        Color::White => ours.shift(8),
        Color::Black => ours.shift(-8),
    };
    let blocked = (ahead & (theirs | (board.kings() & board.by_color(!side)))).count();
    // CHA's own arithmetic: half the pawns as an `i8`, truncated, less two.
    let pawns = board.pawns().count() as i8;
    let needed = (pawns / 2 - 2).max(1) as usize;
    if blocked < needed {
        return false;
    }
    let only_pawns_and_bishops = (board.knights() | board.rooks() | board.queens()).is_empty();
    !has_lonely_pawns(board) || only_pawns_and_bishops
}

/// CHA's `has_lonely_pawns`: the files of each side's pawns short of its own
/// seventh rank differ. Symmetric in the sides, so the same for either
/// winner.
fn has_lonely_pawns(board: &Board) -> bool {
    let files = |color: Color| {
        let short = board.pawns() & board.by_color(color) & !seventh(color);
        short
            .into_iter()
            .fold(0u8, |acc, sq| acc | 1 << u8::from(sq.file()))
    };
    files(Color::White) != files(Color::Black)
}

/// A side's own seventh rank, the last before it promotes.
fn seventh(color: Color) -> Bitboard {
    Bitboard::from_rank(color.fold_wb(Rank::Seventh, Rank::Second))
}

/// A move of the line: a piece other than a pawn, to an empty square.
#[derive(Clone, Copy)]
struct Step {
    from: Square,
    to: Square,
}

impl Step {
    fn back(self) -> Step {
        Step {
            from: self.to,
            to: self.from,
        }
    }
}

/// How many legal first moves are tried before CHA is asked instead: the
/// first nearly always completes a line.
const FIRST_MOVES: usize = 4;
/// How many legal answers to each first move are tried.
const ANSWERS: usize = 6;

/// Whether `turn` has two legal moves and a shuttle line starts with one of
/// them, or after one of them (see the module's argument): where `turn` is
/// in check, its piece cannot step back into the check, so its move out of
/// check comes first and the other side's pieces start the shuttle.
fn has_shuttle_line(board: &Board, turn: Color) -> bool {
    let in_check = board
        .king_of(turn)
        .is_some_and(|king| board.attacks_to(king, !turn, board.occupied()).any());
    let mut firsts = 0;
    let mut line = false;
    // Stops at the first legal move after a line was found: the second.
    each_legal_step(board, turn, |first| {
        firsts += 1;
        if line {
            return true;
        }
        line = if in_check {
            starts_shuttle(&moved(board, first), !turn)
        } else {
            shuttles(board, turn, first)
        };
        if line {
            return firsts >= 2;
        }
        firsts >= FIRST_MOVES
    });
    line && firsts >= 2
}

/// Whether a shuttle line starts with one of `turn`'s first legal moves.
fn starts_shuttle(board: &Board, turn: Color) -> bool {
    let (mut firsts, mut found) = (0, false);
    each_legal_step(board, turn, |first| {
        firsts += 1;
        found = shuttles(board, turn, first);
        found || firsts >= FIRST_MOVES
    });
    found
}

/// Whether `first`, a legal move of `turn`, starts a shuttle line: an
/// answer, and both back, each legal in its turn.
fn shuttles(board: &Board, turn: Color, first: Step) -> bool {
    let after_first = moved(board, first);
    let mut answers = 0;
    let mut found = false;
    each_legal_step(&after_first, !turn, |answer| {
        answers += 1;
        // An answer onto the square the first move left would block its way back.
        if answer.to != first.from {
            let after_answer = moved(&after_first, answer);
            if is_legal(&after_answer, turn, first.back()) {
                let after_back = moved(&after_answer, first.back());
                found = is_legal(&after_back, !turn, answer.back());
            }
        }
        found || answers >= ANSWERS
    });
    found
}

/// Shows `visit` the legal steps of `color` (its pieces but pawns and the
/// king in the order of their squares, then the king) until it answers
/// `true`.
fn each_legal_step(board: &Board, color: Color, mut visit: impl FnMut(Step) -> bool) {
    let occupied = board.occupied();
    let movers = board.by_color(color) & !board.pawns();
    let pieces = (movers & !board.kings())
        .into_iter()
        .chain(movers & board.kings());
    for from in pieces {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        for to in attacks::attacks(from, piece, occupied) & !occupied {
            let step = Step { from, to };
            if leaves_king_safe(board, color, piece.role, step) && visit(step) {
                return;
            }
        }
    }
}

/// Whether `step` is a legal move of `color`: a piece of its own other than
/// a pawn, reaching an empty square by its own attack, and leaving its king
/// unattacked (no castling, no en passant, no capture: legal by these tests
/// alone).
fn is_legal(board: &Board, color: Color, step: Step) -> bool {
    let Some(piece) = board.piece_at(step.from) else {
        return false;
    };
    piece.color == color
        && piece.role != Role::Pawn
        && !board.occupied().contains(step.to)
        && attacks::attacks(step.from, piece, board.occupied()).contains(step.to)
        && leaves_king_safe(board, color, piece.role, step)
}

/// Whether `color`'s king stands unattacked after `step`, a move of its
/// `role` to an empty square. The other side's pieces do not change, so
/// their attacks are read on this board with the new occupancy.
fn leaves_king_safe(board: &Board, color: Color, role: Role, step: Step) -> bool {
    let occupied = board.occupied() ^ Bitboard::from(step.from) ^ Bitboard::from(step.to);
    let king = if role == Role::King {
        step.to
    } else {
        match board.king_of(color) {
            Some(king) => king,
            None => return false,
        }
    };
    board.attacks_to(king, !color, occupied).is_empty()
}

/// The board after `step` (a move already found legal).
fn moved(board: &Board, step: Step) -> Board {
    let mut after = board.clone();
    if let Some(piece) = after.remove_piece_at(step.from) {
        after.set_piece_at(step.to, piece);
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mating::{position_from_fen, tests::proven_the_long_way};

    /// Wherever the shuttle says CHA's fast proof fails, the answer before
    /// it was "not proven" too.
    fn agrees(pos: &Chess, side: Color) -> bool {
        let skipped = fast_proof_fails(pos, side);
        if skipped {
            assert!(
                !proven_the_long_way(pos, side),
                "{} {side:?}",
                shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            );
        }
        skipped
    }

    #[test]
    fn the_shuttle_agrees_with_cha_on_random_games() {
        let (mut skipped, mut asked) = (0, 0);
        crate::testing::random_games(0x9e37_79b9_7f4a_7c15, 80, 240, |p| {
            for side in [Color::White, Color::Black] {
                asked += 1;
                skipped += usize::from(agrees(p, side));
            }
        });
        // The shortcut must also be one: most positions of a game take it.
        assert!(skipped * 2 > asked, "{skipped} of {asked}");
    }

    /// Positions an illegal move that stood can leave (A.5.2): where CHA
    /// takes the board at all, the shuttle agrees with it there too.
    #[test]
    fn the_shuttle_agrees_with_cha_after_illegal_moves() {
        let mut skipped = 0;
        let illegal = crate::testing::irregular_positions(0x1f83_d9ab_fb41_bd6b, 60, 160, |p| {
            for side in [Color::White, Color::Black] {
                skipped += usize::from(agrees(p, side));
            }
        });
        assert!(
            illegal > 0 && skipped > 0,
            "{illegal} illegal, {skipped} skipped"
        );
    }

    #[test]
    fn the_shuttle_agrees_with_cha_on_the_labelled_positions() {
        let (mut skipped, mut unwinnable_skipped, mut asked) = (0, 0, 0);
        crate::testing::each_labelled_row(|row| {
            asked += 1;
            if agrees(&row.pos, row.side) {
                skipped += 1;
                unwinnable_skipped += usize::from(row.label == "unwinnable");
            }
        });
        assert!(asked > 1000 && skipped > 0, "{skipped} of {asked}");
        // CHA's fast proof is incomplete: the unwinnable positions it does
        // not prove are where the shortcut may take them as well.
        eprintln!("shuttle: {skipped} of {asked} skipped, {unwinnable_skipped} of them unwinnable");
    }

    #[test]
    fn a_wall_is_left_to_cha() {
        // Every pawn blocked head-on, kings and bishops only: CHA's gate.
        let wall =
            position_from_fen("4k3/1b6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1").expect("fen");
        assert!(blocked_gate(wall.board(), Color::White));
        assert!(!fast_proof_fails(&wall, Color::White));
        // Kings shuttle freely here, yet CHA proves Black unable to mate
        // (found by the review of this module): without the gate the
        // shortcut would answer wrongly.
        let locked = position_from_fen("1k6/8/8/3p2p1/1p1P2P1/1P6/8/5K2 b - - 0 1").expect("fen");
        assert!(has_shuttle_line(locked.board(), Color::Black));
        assert!(proven_the_long_way(&locked, Color::Black));
        assert!(!fast_proof_fails(&locked, Color::Black));
    }

    #[test]
    fn a_forced_move_is_left_to_cha() {
        // Black's one legal move is Kb8 (a7 and b7 are the white king's):
        // CHA plays a forced move before it searches.
        let pos = position_from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1").expect("fen");
        assert!(!fast_proof_fails(&pos, Color::White));
        let open = position_from_fen("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1").expect("fen");
        assert!(fast_proof_fails(&open, Color::White));
        assert!(fast_proof_fails(&open, Color::Black));
    }

    #[test]
    fn a_check_is_met_first() {
        // White in check from the queen on a1: no piece of White's can step
        // back into it, but after Kd2 (or Ke2, Kf2) the queen and the knight
        // shuttle.
        let pos = position_from_fen("4k3/8/8/8/8/8/8/q3K1NR w - - 0 1").expect("fen");
        assert!(pos.is_check());
        assert!(agrees(&pos, Color::White));
        assert!(agrees(&pos, Color::Black));
    }

    #[test]
    fn cha_material_rule() {
        let pos = |fen| position_from_fen(fen).expect("fen");
        // K+N against a queen: CHA counts it insufficient (the queen may stay).
        assert!(cha_insufficient(
            pos("k7/8/8/8/8/8/q7/KN6 w - - 0 1").board(),
            Color::White
        ));
        // K+N against a pawn: not.
        assert!(!cha_insufficient(
            pos("k7/p7/8/8/8/8/8/KN6 w - - 0 1").board(),
            Color::White
        ));
        // Bishops on dark squares only (b2, c1) against a bare king.
        assert!(cha_insufficient(
            pos("k7/8/8/8/8/8/1B6/K1B5 w - - 0 1").board(),
            Color::White
        ));
    }
}
