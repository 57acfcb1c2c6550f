//! Claims nobody made: where the player to move could have claimed a draw
//! under 9.2 or 9.3, with or without a written move, found as the replay
//! passes each position.
//!
//! Each of the four forms (9.2.1, 9.2.2, 9.3.1, 9.3.2) is reported once per
//! series, at the first position where it becomes available: for threefold
//! repetition the series is a run of reversible moves (no position before an
//! irreversible move can occur again), for fifty moves the run of moves
//! without capture or pawn move. Later positions of the same series add
//! nothing an arbiter needs.
//!
//! The cost is small: the repetition count is the replay's own history
//! (scanned only once the series is long enough for a position to have
//! occurred twice), the quiet count is the position's half-move clock, and
//! moves are generated only in a series where a position already occurred
//! twice and only for a board one move away from it, or at the 99th quiet ply.

use scoresheet::ClaimKind;
use shakmaty::{Board, Chess, Color, Move, Position, Role};

use crate::{Article, Replay, resolve::legal_moves};

/// A claim that the player to move could make here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opportunity {
    pub kind: ClaimKind,
    /// 9.2.1, 9.2.2, 9.3.1 or 9.3.2.
    pub article: Article,
    /// Who could claim: the side to move.
    pub player: Color,
    /// The move to write with a claim under 9.2.1 or 9.3.1.
    pub written: Option<Move>,
}

/// Positions in a series of reversible moves from which one can recur: a
/// position recurs no sooner than four plies on.
const RECURS_FROM: usize = 5;
/// Quiet plies from which a fifty-move claim can be made: with a written
/// move at 99 (9.3.1), on the board at 100 (9.3.2).
const QUIET_CLAIM: u32 = 99;

/// The four forms, in a fixed order, for the series already reported.
const FORMS: [Article; 4] = [
    Article::THREEFOLD_WRITTEN,
    Article::THREEFOLD_ON_BOARD,
    Article::FIFTY_WRITTEN,
    Article::FIFTY_ON_BOARD,
];

/// Follows a replay position by position.
#[derive(Debug, Clone, Default)]
pub struct Opportunities {
    /// Per form, the series it was last reported (or claimed) in.
    seen: [Option<usize>; 4],
    /// The placements of the current series that occurred twice, with the
    /// side to move then: a move that restores one may repeat it a third time.
    twice: Vec<(Color, Board)>,
    /// The series `twice` belongs to.
    twice_series: usize,
    /// Where the first series in which a position recurred began: the
    /// position before its first move and that position's ply
    /// ([`Replay::before_series`]), for a second pass over the game.
    first_recurrence: Option<(usize, Chess)>,
}

/// Where a claim of this kind could have been made: the series of the
/// replay's current position.
pub fn series(replay: &Replay, kind: ClaimKind) -> usize {
    match kind {
        ClaimKind::Threefold => replay.stretch_start(),
        ClaimKind::Fifty => replay
            .ply()
            .saturating_sub(replay.position().halfmoves() as usize),
    }
}

impl Opportunities {
    /// Whether [`Opportunities::look`] can find anything in the replay's
    /// position: most positions stand early in a series of reversible moves
    /// and of quiet moves, or occur for the first time in their series with
    /// no placement of the series seen twice that a move of the side to move
    /// could restore, where no claim can arise and the look changes nothing
    /// (the list of placements seen twice is emptied by the next look that
    /// finds a new series, before it is read). The walk asks this on every
    /// ply before setting up a look.
    #[inline]
    pub fn may_find(&self, replay: &Replay) -> bool {
        replay.ending().is_none()
            && (replay.position().halfmoves() >= QUIET_CLAIM
                || (replay.stretch_len() >= RECURS_FROM
                    && (!replay.surely_first_occurrence() || self.may_restore(replay))))
    }

    /// The position before the first series in which a position recurred
    /// (as far as the looks saw), and the ply it stood at: where a second
    /// pass that names a repetition's moves may start, if nothing it names
    /// or compares stands before it (the pass checks).
    pub fn first_recurrence(&self) -> Option<(usize, &Chess)> {
        self.first_recurrence.as_ref().map(|(ply, pos)| (*ply, pos))
    }

    /// Whether a placement of the replay's series occurred twice with the
    /// other side to move: a move may repeat it a third time (9.2.1).
    fn may_restore(&self, replay: &Replay) -> bool {
        let turn = replay.turn();
        self.twice_series == replay.stretch_start()
            && self.twice.iter().any(|(then, _)| *then != turn)
    }

    /// The claims first available in the replay's current position, added to
    /// `found`. A kind in `claimed` was claimed here by the side to move: it
    /// is no missed claim, and the series counts as reported.
    ///
    /// ```
    /// use laws::{missed::Opportunities, Replay, Article};
    /// use scoresheet::notation::parse_move;
    /// let mut game = Replay::new(shakmaty::Chess::default(), shakmaty::CastlingMode::Standard);
    /// let mut missed = Opportunities::default();
    /// let mut found = Vec::new();
    /// for token in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     missed.look(&game, &[], &mut found);
    ///     game.play(&parse_move(token.as_bytes()).expect("notation").written, None).expect("legal");
    /// }
    /// missed.look(&game, &[], &mut found);
    /// // Black could write 4...Ng8 (9.2.1), then White claim on the board (9.2.2).
    /// let articles: Vec<Article> = found.iter().map(|o| o.article).collect();
    /// assert_eq!(articles, [Article::THREEFOLD_WRITTEN, Article::THREEFOLD_ON_BOARD]);
    /// ```
    pub fn look(&mut self, replay: &Replay, claimed: &[ClaimKind], found: &mut Vec<Opportunity>) {
        if replay.ending().is_some() {
            return;
        }
        let pos = replay.position();
        let turn = pos.turn();
        let mut note = |seen: &mut [Option<usize>; 4], form: usize, series, written, kind| {
            seen[form] = Some(series);
            if !claimed.contains(&kind) {
                found.push(Opportunity {
                    kind,
                    article: FORMS[form],
                    player: turn,
                    written,
                });
            }
        };
        if replay.stretch_len() >= RECURS_FROM {
            let stretch = replay.stretch_start();
            if self.twice_series != stretch {
                self.twice.clear();
                self.twice_series = stretch;
            }
            let count = replay.occurrence_count();
            if count == 2 {
                self.twice.push((turn, pos.board().clone()));
                if self.first_recurrence.is_none() {
                    self.first_recurrence = replay.before_series();
                }
            }
            if count >= 3 && self.seen[1] != Some(stretch) {
                note(&mut self.seen, 1, stretch, None, ClaimKind::Threefold);
            }
            // Where the position itself has occurred three times, a claim with a written
            // move is ruled on the board (9.2.2): 9.2.1 is a form of its own only before.
            if count < 3
                && self.seen[0] != Some(stretch)
                && let Some(mv) = self.repeating_move(replay)
            {
                note(&mut self.seen, 0, stretch, Some(mv), ClaimKind::Threefold);
            }
        }
        let quiet = pos.halfmoves();
        if quiet >= QUIET_CLAIM {
            let since = series(replay, ClaimKind::Fifty);
            if quiet >= 100 {
                if self.seen[3] != Some(since) {
                    note(&mut self.seen, 3, since, None, ClaimKind::Fifty);
                }
            } else if self.seen[2] != Some(since)
                && let Some(mv) = legal_moves(pos)
                    .into_iter()
                    .find(|mv| !mv.is_capture() && mv.role() != Role::Pawn)
            {
                note(&mut self.seen, 2, since, Some(mv), ClaimKind::Fifty);
            }
        }
    }
}

impl Opportunities {
    /// A legal move of the side to move that repeats a position of the series
    /// for the third time (9.2.1). Only a placement that occurred twice, with
    /// the opponent to move, can be the one repeated: one piece of the side to
    /// move stands elsewhere (captures, pawn moves and castling are
    /// irreversible and end the series), so the boards differ in exactly two
    /// squares, and only then are the legal moves generated.
    fn repeating_move(&self, replay: &Replay) -> Option<Move> {
        let pos = replay.position();
        let turn = pos.turn();
        let board = pos.board();
        let ours = board.by_color(turn);
        self.twice
            .iter()
            .filter(|(then, _)| *then != turn)
            .filter_map(|(_, target)| {
                let changed = board.occupied() ^ target.occupied();
                let from = (changed & ours).single_square()?;
                let to = (changed & !board.occupied()).single_square()?;
                (changed.count() == 2 && board.piece_at(from) == target.piece_at(to))
                    .then_some((from, to))
            })
            .find_map(|(from, to)| {
                legal_moves(pos).into_iter().find(|&mv| {
                    mv.from() == Some(from)
                        && mv.to() == to
                        && !pos.is_irreversible(mv)
                        && replay.occurrences_after(mv).len() >= 3
                })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::notation::parse_move;
    use shakmaty::{CastlingMode, Chess, fen::Fen};

    fn walk(fen: &str, moves: &str) -> Vec<(usize, Opportunity)> {
        let pos: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let mut game = Replay::new(pos, CastlingMode::Standard);
        let mut missed = Opportunities::default();
        let mut out = Vec::new();
        let mut look = |game: &Replay, out: &mut Vec<(usize, Opportunity)>| {
            let mut found = Vec::new();
            missed.look(game, &[], &mut found);
            out.extend(found.into_iter().map(|o| (game.ply(), o)));
        };
        look(&game, &mut out);
        for token in moves.split_whitespace() {
            let n = parse_move(token.as_bytes()).expect("notation");
            game.play(&n.written, n.mark).expect("legal move");
            look(&game, &mut out);
        }
        out
    }

    #[test]
    fn the_gate_skips_only_positions_where_a_look_finds_nothing() {
        // Random games of pieces, quiet moves preferred, so that positions
        // recur and placements occur twice: one follower looks wherever the
        // gate of the build before looked (long series and quiet counts),
        // the other only where `may_find` says; both must find the same
        // opportunities at the same plies. The counts show the gate both
        // skipped looks and let looks through only for a placement seen
        // twice that a move could restore.
        let starts = [
            "4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1",
            "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/3p4/8/2n5/8/5N2/4P3/4K3 w - - 90 60",
        ];
        let mut seed = 0x0dd5_eed5_0fa1_1ed5_u64;
        let (mut found, mut skipped, mut by_restore) = (0, 0, 0);
        for fen in starts.iter().cycle().take(240) {
            let pos = crate::mating::position_from_fen(fen).expect("fen");
            let mut game = Replay::new(pos, CastlingMode::Standard);
            let (mut every, mut gated) = (Opportunities::default(), Opportunities::default());
            for _ in 0..160 {
                let old_gate = game.ending().is_none()
                    && (game.stretch_len() >= RECURS_FROM
                        || game.position().halfmoves() >= QUIET_CLAIM);
                let mut all = Vec::new();
                if old_gate {
                    every.look(&game, &[], &mut all);
                }
                let mut some = Vec::new();
                if gated.may_find(&game) {
                    by_restore += usize::from(
                        game.surely_first_occurrence() && game.position().halfmoves() < QUIET_CLAIM,
                    );
                    gated.look(&game, &[], &mut some);
                } else {
                    skipped += usize::from(old_gate);
                }
                assert_eq!(all, some, "{fen} at ply {}", game.ply());
                found += all.len();
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                crate::testing::xorshift(&mut seed);
                let Some(mv) = crate::testing::quiet_move(&moves, seed, 16) else {
                    break;
                };
                game.play_move(mv, None);
            }
        }
        assert!(
            found > 400 && skipped > 10_000 && by_restore > 1_000,
            "{found} {skipped} {by_restore}"
        );
    }

    #[test]
    fn fifty_moves_once_per_series() {
        // 98 quiet plies on the clock: after 1.Rb1 it is 99, and Black may write a quiet move.
        let found = walk("7k/8/8/8/8/8/8/R6K w - - 98 80", "Rb1 Kg8 Rc1 Kh8 Rd1");
        let at: Vec<(usize, Article, Color)> = found
            .iter()
            .map(|(ply, o)| (*ply, o.article, o.player))
            .collect();
        assert_eq!(
            at,
            [
                (1, Article::FIFTY_WRITTEN, Color::Black),
                (2, Article::FIFTY_ON_BOARD, Color::White)
            ]
        );
        assert!(found[0].1.written.is_some());
    }

    #[test]
    fn a_pawn_move_starts_a_new_series() {
        let found = walk(
            "7k/8/8/8/8/8/P7/R6K w - - 99 80",
            "Rb1 Kg8 a3 Kh8 Ra1 Kg8 Rb1 Kh8",
        );
        // White at the start (99: 9.3.1), Black after 1.Rb1 (100: 9.3.2); nothing after the pawn move.
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].0, 0);
        assert_eq!(found[0].1.article, Article::FIFTY_WRITTEN);
        assert_eq!(found[1].1.article, Article::FIFTY_ON_BOARD);
    }

    #[test]
    fn a_claim_made_is_no_missed_claim() {
        let mut game = Replay::new(Chess::default(), CastlingMode::Standard);
        let mut missed = Opportunities::default();
        let mut found = Vec::new();
        for token in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
            missed.look(&game, &[], &mut found);
            let n = parse_move(token.as_bytes()).expect("notation");
            game.play(&n.written, None).expect("legal");
        }
        missed.look(&game, &[ClaimKind::Threefold], &mut found);
        assert!(found.is_empty(), "{found:?}");
        // Reported as claimed: not again at the next position.
        let n = parse_move(b"Nc6").expect("notation");
        game.play(&n.written, None).expect("legal");
        missed.look(&game, &[], &mut found);
        assert!(found.is_empty(), "{found:?}");
    }
}
