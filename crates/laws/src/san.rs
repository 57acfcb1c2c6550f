//! A recorded move in standard algebraic notation, found on the board without
//! a move list.
//!
//! shakmaty's [`San::to_move`] generates the candidates into a 256-slot move
//! list that it returns by value; over a replay, copying that list costs a
//! third of all the time spent resolving moves. Yet a written move names the
//! piece and its target square, so when the mover is not in check the few
//! pieces that could have made it can be looked at one by one, under the same
//! pin rule shakmaty applies, and in check under its rule for evasions.
//! Castling and en passant, where the rules are subtler and the moves rare,
//! go to shakmaty itself.
//!
//! The answer is always exactly shakmaty's, in legal and illegal positions
//! alike: the tests below compare the two on every piece, square, capture
//! sign, promotion and disambiguation of thousands of positions.

use shakmaty::{
    Bitboard, Board, Chess, Color, Move, Position, Role, Square, attacks,
    san::{San, SanError},
};

/// SAN naming a move's square of departure in full (`Ng1f3`), as a
/// coordinate notation names it: `to_move` then finds that move or none.
pub(crate) fn from_square(
    role: Role,
    from: Square,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> San {
    San::Normal {
        role,
        file: Some(from.file()),
        rank: Some(from.rank()),
        capture,
        to,
        promotion,
    }
}

/// [`San::to_move`], without building a move list where none is needed.
///
/// ```
/// use laws::san::to_move;
/// use shakmaty::{Chess, san::San};
/// let pos = Chess::default();
/// let nf3: San = "Nf3".parse()?;
/// assert_eq!(to_move(&pos, nf3), nf3.to_move(&pos));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn to_move(pos: &Chess, san: San) -> Result<Move, SanError> {
    to_move_inline(pos, &san)
}

/// [`to_move`] inline, for the one loop that runs it on nearly every ply
/// (`resolve::resolve_in_loop`): as a call, saving and restoring its
/// registers and passing its result back cost a tenth of it. The move is
/// taken by reference, its fields read from the record where they are
/// used: passed by value, it was loaded as one six-byte word and split
/// with shifts on every ply (9.2 M instructions on the bench slice).
#[inline(always)]
pub fn to_move_inline(pos: &Chess, san: &San) -> Result<Move, SanError> {
    let &San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        return san.to_move(pos);
    };
    let ep_target = role == Role::Pawn && pos.maybe_ep_square() == Some(to);
    let Some(king) = pos.board().king_of(pos.turn()) else {
        return san.to_move(pos);
    };
    if ep_target {
        return san.to_move(pos);
    }
    let board = pos.board();
    // In check, shakmaty's evasions: the king to a square off every
    // checking slider's line, another piece only against a single checker,
    // to take it or to stand between.
    let checkers = checkers(board, king, pos.turn());
    let (evasion_target, off_lines) = if checkers.any() {
        let mut lines = Bitboard::EMPTY;
        for checker in checkers & board.sliders() {
            lines |= attacks::ray(checker, king) ^ checker;
        }
        let target = checkers.single_square().map_or(Bitboard::EMPTY, |checker| {
            attacks::between(king, checker).with(checker)
        });
        (target, !lines)
    } else {
        (Bitboard::FULL, Bitboard::FULL)
    };
    if role != Role::King && !evasion_target.contains(to) {
        return Err(SanError::IllegalSan);
    }
    if pos.us().contains(to) {
        return Err(SanError::IllegalSan);
    }
    // Every move to `to` captures what stands there, so the sign decides at once.
    let captured = board.role_at(to);
    if capture != captured.is_some() {
        return Err(SanError::IllegalSan);
    }
    let promotes = Bitboard::BACKRANKS.contains(to) && role == Role::Pawn;
    let promotion_fits = match promotion {
        None => !promotes,
        Some(Role::Queen | Role::Rook | Role::Bishop | Role::Knight) => promotes,
        Some(Role::Pawn | Role::King) => false,
    };
    if !promotion_fits {
        return Err(SanError::IllegalSan);
    }
    // The squares the pieces that could make the move stand on, as the
    // written file or rank narrows them.
    let origins = match role {
        Role::Pawn => pawn_origins(pos, to, captured.is_some()),
        Role::King => {
            if attacks::king_attacks(king).contains(to)
                && off_lines.contains(to)
                && attackers(board, to, !pos.turn()).is_empty()
            {
                Bitboard::from_square(king)
            } else {
                Bitboard::EMPTY
            }
        }
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            piece_reach(board, pos.our(role), role, to)
        }
    };
    let named = origins
        & file.map_or(Bitboard::FULL, Bitboard::from_file)
        & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
    // Only a piece on a line through the king can be pinned: the blockers
    // are looked for only where a candidate stands on one. One test for
    // all the candidates, not one a candidate: which candidates stand on
    // the king's lines is as good as random, and a branch taken on it was
    // mispredicted two times in five.
    // Nor can it be pinned with no enemy slider on those lines.
    let king_lines = all_lines(king);
    let exposed = named & king_lines;
    let free = if exposed.is_empty() || (pos.them() & board.sliders() & king_lines).is_empty() {
        named
    } else {
        let mut pinned = Bitboard::EMPTY;
        for from in exposed & slider_blockers(board, pos.them(), king) {
            if !attacks::aligned(from, to, king) {
                pinned.add(from);
            }
        }
        named & !pinned
    };
    match free.first() {
        Some(from) if !free.more_than_one() => Ok(Move::Normal {
            role,
            from,
            capture: captured,
            to,
            promotion,
        }),
        Some(_) => Err(SanError::AmbiguousSan),
        None => Err(SanError::IllegalSan),
    }
}

/// Our pieces of `role`, a knight, bishop, rook or queen, that reach `to`
/// on the board as it stands (a knight's jump, a slider's line with the
/// squares between empty), pins aside.
#[inline(always)]
fn piece_reach(board: &Board, ours: Bitboard, role: Role, to: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(to) & ours,
        // The sliders of the role on its lines through `to`, each asked
        // whether the squares between are empty, instead of shakmaty's
        // attack table: that table (700 KiB) is never all in cache beside
        // the rest of the audit, and its look-ups here were a twentieth of
        // the walk's time for a hundredth of its instructions (perf) and a
        // seventh of the misses of a 512 KiB cache (cachegrind). The lines
        // come from 240 bytes of tables, the squares between from 32 KiB.
        Role::Bishop | Role::Rook | Role::Queen => {
            let lines = match role {
                Role::Rook => straight_lines(to),
                Role::Bishop => diagonals(to),
                _ => all_lines(to),
            };
            let occupied = board.occupied();
            let mut reach = Bitboard::EMPTY;
            for from in ours & lines {
                if (attacks::between(from, to) & occupied).is_empty() {
                    reach.add(from);
                }
            }
            reach
        }
        Role::Pawn | Role::King => Bitboard::EMPTY,
    }
}

/// The squares from which our pieces of `role`, a knight, bishop, rook or
/// queen, can legally move to `to` where the side to move is not in check:
/// the departures of shakmaty's `san_candidates` for the role and square,
/// found without its move list (a list of 256 moves returned by value).
/// `None` in check, without a king, or for a pawn or the king, where
/// shakmaty's candidates are to be asked. `board` with `turn` to move is
/// the position's (its castling rights and en passant square play no part).
pub(crate) fn piece_origins(
    board: &Board,
    turn: Color,
    role: Role,
    to: Square,
) -> Option<Bitboard> {
    if matches!(role, Role::Pawn | Role::King) {
        return None;
    }
    let king = board.king_of(turn)?;
    if checkers(board, king, turn).any() {
        return None;
    }
    if board.by_color(turn).contains(to) {
        return Some(Bitboard::EMPTY);
    }
    let ours = board.by_piece(role.of(turn));
    let reach = piece_reach(board, ours, role, to);
    // shakmaty's rule for a piece's move: off the king's line only if it
    // blocks no enemy slider's.
    let mut origins = reach;
    for from in reach & slider_blockers(board, board.by_color(!turn), king) {
        if !attacks::aligned(from, to, king) {
            origins.discard(from);
        }
    }
    Some(origins)
}

/// The pieces that give check to our king on `king` (`us` to move):
/// shakmaty's `checkers`. Asked before every move is read.
#[inline]
fn checkers(board: &Board, king: Square, us: Color) -> Bitboard {
    attackers(board, king, !us)
}

/// Whether the side to move is in check: shakmaty's `is_check`, as
/// [`checkers`] finds it.
pub(crate) fn in_check(pos: &Chess) -> bool {
    // The first king, as shakmaty takes it where a board has more than one.
    pos.our(Role::King)
        .first()
        .is_some_and(|king| checkers(pos.board(), king, pos.turn()).any())
}

/// The pieces of `by` that attack `sq`: shakmaty's `Board::attacks_to`
/// with the board's own occupancy. A slider is looked for only on the
/// lines through `sq`, and asked whether the squares between are empty
/// (32 KiB of table), not looked up in shakmaty's attack table: that table
/// (700 KiB) is never all in cache beside the rest of the audit, and these
/// look-ups, before every move and for every king move, took five to seven
/// times their share of the instructions in time (perf, part 16).
#[inline]
fn attackers(board: &Board, sq: Square, by: Color) -> Bitboard {
    let them = board.by_color(by);
    let mut found = them
        & ((attacks::knight_attacks(sq) & board.knights())
            | (attacks::king_attacks(sq) & board.kings())
            | (attacks::pawn_attacks(!by, sq) & board.pawns()));
    let sliders = them
        & ((board.rooks_and_queens() & straight_lines(sq))
            | (board.bishops_and_queens() & diagonals(sq)));
    let occupied = board.occupied();
    for from in sliders {
        if (attacks::between(from, sq) & occupied).is_empty() {
            found.add(from);
        }
    }
    found
}

/// The squares on the file and the rank through `sq`, `sq` left out: it
/// is on both, and their exclusive or drops it.
#[inline]
fn straight_lines(sq: Square) -> Bitboard {
    Bitboard::from_file(sq.file()) ^ Bitboard::from_rank(sq.rank())
}

/// The squares on the two diagonals through `sq`, `sq` left out.
#[inline]
fn diagonals(sq: Square) -> Bitboard {
    let (file, rank) = (sq.file() as usize, sq.rank() as usize);
    Bitboard(DIAGONALS[7 + file - rank] ^ ANTI_DIAGONALS[file + rank])
}

/// Every square on a line through `sq`, `sq` left out: each other square
/// lies on at most one of its four lines.
#[inline]
fn all_lines(sq: Square) -> Bitboard {
    straight_lines(sq) ^ diagonals(sq)
}

/// The squares of each diagonal (file minus rank, plus 7) and each
/// anti-diagonal (file plus rank).
const DIAGONALS: [u64; 15] = lines_of(false);
const ANTI_DIAGONALS: [u64; 15] = lines_of(true);

const fn lines_of(anti: bool) -> [u64; 15] {
    let mut lines = [0u64; 15];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        let line = if anti { file + rank } else { 7 + file - rank };
        lines[line] |= 1 << square;
        square += 1;
    }
    lines
}

/// The squares our pawns could reach `to` from: diagonally behind it for a
/// capture, straight behind it (one step, or two onto the own half of the
/// board across an empty square) for an advance. As shakmaty generates them,
/// whatever the rank the pawn stands on.
fn pawn_origins(pos: &Chess, to: Square, capture: bool) -> Bitboard {
    let turn = pos.turn();
    let pawns = pos.our(Role::Pawn);
    let back = |steps: i32| to.rank().offset(turn.fold_wb(-steps, steps));
    let mut origins = Bitboard::EMPTY;
    if capture {
        if let Some(rank) = back(1) {
            for side in [-1, 1] {
                if let Some(file) = to.file().offset(side) {
                    origins.add(Square::from_coords(file, rank));
                }
            }
        }
        return origins & pawns;
    }
    let occupied = pos.board().occupied();
    let Some(one) = back(1).map(|rank| Square::from_coords(to.file(), rank)) else {
        return origins;
    };
    if pawns.contains(one) {
        origins.add(one);
    } else if !occupied.contains(one)
        && own_half(turn).contains(to)
        && let Some(two) = back(2).map(|rank| Square::from_coords(to.file(), rank))
    {
        origins.add(two);
    }
    origins & pawns
}

/// Where a double step may land: shakmaty's rule, ranks 1 to 4 for White.
fn own_half(turn: Color) -> Bitboard {
    turn.fold_wb(Bitboard::SOUTH, Bitboard::NORTH)
}

/// Pieces that alone stand between our king and an enemy slider: they may
/// only move along that line. The rule of shakmaty's own move generator.
fn slider_blockers(board: &Board, enemy: Bitboard, king: Square) -> Bitboard {
    // On an empty board a rook sees its file and rank, a bishop its diagonals.
    let snipers = (straight_lines(king) & board.rooks_and_queens())
        | (diagonals(king) & board.bishops_and_queens());
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers & enemy {
        let between = attacks::between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            blockers |= between;
        }
    }
    blockers
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, File, Rank, fen::Fen};

    use super::*;

    /// A deterministic stream of numbers, so that a failure can be replayed.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n.max(1)
        }
    }

    /// Every way of writing a move to every square: all pieces, both capture
    /// signs, the promotions (and a king), with no hint, a file, a rank or both.
    fn compare_everything(pos: &Chess) {
        let files = [None, Some(File::A), Some(File::E)];
        let ranks = [None, Some(Rank::Second)];
        for to in Square::ALL {
            for role in Role::ALL {
                for capture in [false, true] {
                    for promotion in [
                        None,
                        Some(Role::Queen),
                        Some(Role::Knight),
                        Some(Role::King),
                    ] {
                        for file in files {
                            for rank in ranks {
                                let san = San::Normal {
                                    role,
                                    file,
                                    rank,
                                    capture,
                                    to,
                                    promotion,
                                };
                                assert_eq!(
                                    to_move(pos, san),
                                    san.to_move(pos),
                                    "{san} in {}",
                                    Fen::from_position(pos, shakmaty::EnPassantMode::Always)
                                );
                            }
                        }
                    }
                }
            }
        }
        // And each legal move as SAN would write it, then with both hints.
        for m in pos.legal_moves() {
            let san = San::from_move(pos, m);
            assert_eq!(to_move(pos, san), Ok(m));
            if let (
                San::Normal {
                    role,
                    capture,
                    to,
                    promotion,
                    ..
                },
                Some(from),
            ) = (san, m.from())
            {
                let full = from_square(role, from, capture, to, promotion);
                assert_eq!(to_move(pos, full), full.to_move(pos));
            }
        }
    }

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .expect("test FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal test position")
    }

    #[test]
    fn agrees_with_shakmaty_on_pins_promotions_and_checks() {
        for fen in [
            // Pinned: a knight, a rook that may slide along its pin, a pawn.
            "4k3/4r3/8/8/1b5q/8/3NRP2/4K3 w - - 0 1",
            "4k3/4r3/8/8/1b5q/6P1/3NRP2/4K3 w - - 0 1",
            // Promotions by advance and by capture, both sides.
            "1n2k3/P1P5/8/8/8/8/1p4p1/4K2R b K - 0 1",
            "1n2k3/P1P5/8/8/8/8/1p4p1/4K2R w K - 0 1",
            // En passant that would expose the king (left to shakmaty).
            "8/8/8/K2pP2r/8/8/8/6k1 w - d6 0 1",
            // In check: a bishop to block or take, the king off the line.
            "4k3/8/8/8/1b6/8/8/4K2R w K - 0 1",
            "4k3/8/8/8/1b6/8/8/RN2K2R w KQ - 0 1",
            // A rook checks along the rank: no step back along it.
            "4k3/8/8/8/8/8/8/r3K2N w - - 0 1",
            // Double check: only the king moves.
            "4k3/8/8/8/1b6/8/8/r3K1NR w - - 0 1",
            // A knight checks: take it, or move the king; a pinned piece cannot help.
            "7k/8/8/8/8/3n4/4R3/4K3 w - - 0 1",
            "4k3/4r3/8/8/8/3n4/4B3/R3K3 w - - 0 1",
            // A pawn checks and a pawn may take it; a promotion may block.
            "7k/8/8/8/8/5p2/4K1P1/8 w - - 0 1",
            "r6K/2P5/8/8/8/8/8/k7 w - - 0 1",
            // Double steps over an empty or a blocked square, and two knights to one square.
            "4k3/pp6/N7/8/8/1N6/PPP5/4K3 w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ] {
            compare_everything(&position(fen));
        }
    }

    /// After an illegal move that stood (A.5.2) the board may hold what no
    /// legal game reaches: a pawn left on the last rank, a king left in check.
    #[test]
    fn agrees_with_shakmaty_in_illegal_positions() {
        let mut pawn_on_last_rank = position("4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1");
        pawn_on_last_rank.play_unchecked(Move::Normal {
            role: Role::Pawn,
            from: Square::B7,
            capture: None,
            to: Square::B8,
            promotion: None,
        });
        compare_everything(&pawn_on_last_rank);
        let mut king_left_in_check = position("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
        king_left_in_check.play_unchecked(Move::Normal {
            role: Role::King,
            from: Square::E1,
            capture: None,
            to: Square::E2,
            promotion: None,
        });
        compare_everything(&king_left_in_check);
    }

    /// The check test before each move gives shakmaty's checkers, and the
    /// attackers of any square shakmaty's `attacks_to`, in the
    /// positions of random games (checks by every piece, discovered and
    /// double checks pass by) and in those an illegal move that stood
    /// leaves (a king next to the other, a pawn on the last rank). It fails
    /// if either line test is left out or given the wrong lines.
    #[test]
    fn checkers_and_attackers_are_shakmatys() {
        let mut checks = 0;
        let mut same = |pos: &Chess| {
            if let Some(king) = pos.board().king_of(pos.turn()) {
                let found = checkers(pos.board(), king, pos.turn());
                assert_eq!(
                    found,
                    pos.checkers(),
                    "{}",
                    Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
                );
                checks += usize::from(found.any());
            }
            assert_eq!(in_check(pos), pos.is_check());
            // Every square, both sides: shakmaty's attackers.
            let board = pos.board();
            for sq in Square::ALL {
                for by in Color::ALL {
                    let theirs = board.attacks_to(sq, by, board.occupied());
                    assert_eq!(attackers(board, sq, by), theirs, "{sq} {by:?}");
                }
            }
        };
        crate::testing::random_games(0x2545_f491_4f6c_dd1d, 300, 120, &mut same);
        let illegal =
            crate::testing::irregular_positions(0x9e37_79b9_7f4a_7c15, 100, 120, &mut same);
        assert!(
            checks > 1_000 && illegal > 50,
            "{checks} checks, {illegal} illegal positions"
        );
    }

    #[test]
    fn agrees_with_shakmaty_along_random_games() {
        let mut random = Lcg(7);
        for _ in 0..12 {
            let mut pos = Chess::default();
            for _ in 0..100 {
                compare_everything(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[random.below(moves.len())];
                pos.play_unchecked(m);
            }
        }
    }
}
