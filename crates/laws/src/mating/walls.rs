//! A checked line before CHA on pawn walls.
//!
//! The per-ply dead-position check ([`super::is_dead_position`]) asks CHA's
//! full analysis about every pawn wall: every pawn blocked head-on by an
//! enemy pawn, nothing but kings and bishops besides. Walls reached in games
//! are nearly always simple endings one side can still win by cooperation:
//! its king walks to an enemy pawn it may take, takes it, the pawn that stood
//! blocked behind it runs to promotion, and the new queen mates with the
//! other side's help. CHA finds that line too, but at about 9 M instructions
//! a call; the line built here costs a small part of that.
//!
//! The construction is a guided depth-first search over real moves, both
//! sides cooperating (a helpmate: any legal moves), ordered by `progress`,
//! a measure of how far the mating side is from its goal in three stages:
//! its king's steps to a pawn it can take (while no pawn of its own can
//! run), then the runner's steps to promotion, then how close the kings and
//! the queen stand to a mating net on an edge, where every move that mates
//! at once is looked for. Positions are never visited twice, and the search
//! expands at most [`NODES`] positions: it is bounded by nodes, never by
//! time, so it costs little where it fails (an unwinnable wall, a king that
//! can never get through: there the measure is unreachable at the start and
//! nothing is searched at all).
//!
//! It is a certificate, never a verdict: a line is trusted only once
//! `certify_moves` ([`super`]) has replayed it move by move in shakmaty to a
//! checkmate delivered by the side, the 75-move rule not ending the game
//! before. A certified line proves the side can mate, so nothing CHA would
//! have said changes: where the construction fails, CHA answers as before.

use std::collections::HashSet;

use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, Move, Position, Square, attacks, san::SanPlus,
    zobrist::Zobrist64,
};

use super::{certify_moves, moves_mate};

/// Positions one construction may expand: a line of a wall ending reached
/// in games takes some 20 to 100 plies, and the search rarely steps back
/// (on the 458 walls of the bench files, 98 % of the lines found took
/// fewer than 100 expansions; on the slice's, at most 89).
pub const NODES: u32 = 200;
/// The longest line built, in plies.
pub const LONGEST: usize = 120;

/// The measure of a position from which the construction sees no way on.
const UNREACHABLE: u32 = 1_000;
/// Where the measure of each stage starts: a queen (mating net) below a
/// runner below a king on its way to a pawn.
const RUNNER: u32 = 100;
const KING_WALK: u32 = 200;

/// A helpmate by `side` from `pos`, built by the guided search and
/// certified: the line in SAN when it replays to checkmate by `side`,
/// `None` when the construction failed (nothing is known then).
///
/// ```
/// use laws::mating::{position_from_fen, walls::certified_line};
/// use shakmaty::Color;
/// // White's king takes g5 and the g-pawn queens.
/// let pos = position_from_fen("8/8/8/6p1/6P1/8/7k/5K2 b - - 0 53").expect("fen");
/// assert!(certified_line(&pos, Color::White).is_some());
/// // A closed wall: no king gets through.
/// let wall = position_from_fen("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1").expect("fen");
/// assert!(certified_line(&wall, Color::White).is_none());
/// ```
pub fn certified_line(pos: &Chess, side: Color) -> Option<Vec<SanPlus>> {
    let moves = candidate(pos, side, NODES)?;
    certify_moves(pos, side, &moves)
}

/// Whether [`certified_line`] finds a line, without writing it in SAN:
/// what the dead-position check asks, on every wall.
pub fn has_certified_line(pos: &Chess, side: Color) -> bool {
    candidate(pos, side, NODES).is_some_and(|moves| moves_mate(pos, side, &moves))
}

/// The line the guided search builds, not yet certified, expanding at most
/// `nodes` positions.
pub fn candidate(pos: &Chess, side: Color, nodes: u32) -> Option<Vec<Move>> {
    if progress(pos, side) >= UNREACHABLE {
        return None;
    }
    let mut guide = Guide {
        side,
        nodes,
        line: Vec::new(),
        seen: HashSet::new(),
    };
    guide.walk(pos).then_some(guide.line)
}

struct Guide {
    side: Color,
    /// Expansions left.
    nodes: u32,
    line: Vec<Move>,
    /// Positions (by hash) already expanded: a line never comes back.
    seen: HashSet<u64>,
}

impl Guide {
    /// Whether a line from `pos` was found; `self.line` then holds it.
    fn walk(&mut self, pos: &Chess) -> bool {
        if self.nodes == 0 || self.line.len() >= LONGEST || pos.halfmoves() >= 150 {
            return false;
        }
        if !self
            .seen
            .insert(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0)
        {
            return false;
        }
        self.nodes -= 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.is_check() && pos.turn() != self.side;
        }
        let mover = pos.turn() == self.side;
        // With a queen on the board, a move that mates at once ends the line.
        let netting = mover && (pos.board().by_color(self.side) & pos.board().queens()).any();
        let mut children = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if netting && child.is_checkmate() {
                self.line.push(mv);
                return true;
            }
            let measure = progress(&child, self.side);
            if measure >= UNREACHABLE {
                continue;
            }
            let tie = if mover {
                0
            } else {
                out_of_the_way(&child, self.side, measure)
            };
            children.push((measure, tie, mv, child));
        }
        children.sort_by_key(|&(measure, tie, _, _)| (measure, tie));
        for (_, _, mv, child) in children {
            self.line.push(mv);
            if self.walk(&child) {
                return true;
            }
            self.line.pop();
            if self.nodes == 0 {
                return false;
            }
        }
        false
    }
}

/// Between replies of the other side that measure the same: away from the
/// mating king while it walks or its pawn runs (nearer is worse), and no
/// check that would bind the mating side's next move.
fn out_of_the_way(pos: &Chess, side: Color, measure: u32) -> u32 {
    let board = pos.board();
    let check = u32::from(pos.is_check());
    if measure < RUNNER {
        return check;
    }
    let near = match (board.king_of(side), board.king_of(!side)) {
        (Some(king), Some(theirs)) => 8 - king.distance(theirs).min(8),
        _ => 0,
    };
    2 * check + near
}

/// How far `side` stands from mating, by stages (lower is nearer):
/// below [`RUNNER`] with a queen, by how close the kings and the queen are
/// to a mating net on an edge; below [`KING_WALK`] with a pawn whose file
/// ahead is free of pawns, by its steps to promotion, the pieces in its way
/// and the enemy king within a step of its file; else by the king's steps to
/// an enemy pawn it may take (one no enemy pawn guards, with a pawn of the
/// side blocked behind it and no pawn beyond), through squares no enemy pawn
/// attacks and no own pawn holds, three more where the enemy king or a
/// bishop guards it. [`UNREACHABLE`] when none of these applies: the
/// measure never says a side cannot mate, only that this search sees no way.
fn progress(pos: &Chess, side: Color) -> u32 {
    let board = pos.board();
    let (Some(king), Some(theirs)) = (board.king_of(side), board.king_of(!side)) else {
        return UNREACHABLE;
    };
    let own = board.by_color(side);
    let enemy = board.by_color(!side);
    if (own & board.queens()).any() {
        return net(pos, side, king, theirs);
    }
    let pawns = board.pawns();
    // Where the enemy king stands or steps: it must keep off the runner's
    // file and away from the pawn the mating king goes for.
    let reach = attacks::king_attacks(theirs).with(theirs);
    let runner = (own & pawns)
        .into_iter()
        .filter_map(|pawn| {
            let ahead = ahead(side, pawn);
            (ahead & pawns).is_empty().then(|| {
                ahead.count() as u32
                    + 2 * (ahead & board.occupied()).count() as u32
                    + 2 * u32::from(ahead.intersects(reach))
            })
        })
        .min();
    if let Some(steps) = runner {
        return RUNNER + steps;
    }
    let their_pawns = enemy & pawns;
    let guarded = their_pawns.into_iter().fold(Bitboard::EMPTY, |acc, sq| {
        acc | attacks::pawn_attacks(!side, sq)
    });
    let back = if side == Color::White { -8 } else { 8 };
    let targets: Bitboard = (their_pawns & !guarded)
        .into_iter()
        .filter(|&target| {
            target
                .offset(back)
                .is_some_and(|behind| (own & pawns).contains(behind))
                && (ahead(side, target) & pawns).is_empty()
        })
        .collect();
    if targets.is_empty() {
        return UNREACHABLE;
    }
    let passable = !(own & pawns) & !guarded;
    // A pawn the enemy king or a bishop guards costs the moves to drive it off.
    let defended = targets.into_iter().fold(Bitboard::EMPTY, |acc, target| {
        let defenders = board.attacks_to(target, !side, board.occupied()) & !pawns;
        if defenders.any() {
            acc.with(target)
        } else {
            acc
        }
    });
    let free = king_steps(king, targets & !defended, passable);
    let driven = king_steps(king, defended, passable).map(|steps| steps + 3);
    free.into_iter()
        .chain(driven)
        .min()
        .map_or(UNREACHABLE, |steps| KING_WALK + steps)
}

/// The mating net's measure: the enemy king's distance to an edge, the
/// kings' distance from two squares apart (opposition), and the enemy
/// king's flight squares no piece of the side covers.
fn net(pos: &Chess, side: Color, king: Square, theirs: Square) -> u32 {
    let board = pos.board();
    let (file, rank) = (theirs.file().to_u32(), theirs.rank().to_u32());
    let edge = file.min(7 - file).min(rank).min(7 - rank);
    let gap = king.distance(theirs).abs_diff(2);
    let covered = (board.by_color(side) & !board.kings())
        .into_iter()
        .fold(attacks::king_attacks(king), |acc, sq| {
            acc | board.attacks_from(sq)
        });
    let flights = attacks::king_attacks(theirs) & !board.by_color(!side) & !covered;
    4 * edge + 2 * gap + flights.count() as u32
}

/// The squares of `square`'s file ahead of it for a pawn of `side`.
fn ahead(side: Color, square: Square) -> Bitboard {
    let file = Bitboard::from_file(square.file());
    let index = square.to_u32();
    let mask = match side {
        Color::White => u64::MAX.checked_shl(index + 1).unwrap_or(0),
        Color::Black => (1u64 << index) - 1,
    };
    file & Bitboard(mask)
}

/// The fewest king steps from `from` to any of `targets` over `passable`
/// squares (the targets themselves always enterable).
fn king_steps(from: Square, targets: Bitboard, passable: Bitboard) -> Option<u32> {
    if targets.is_empty() {
        return None;
    }
    let open = passable | targets;
    let mut reached = Bitboard::from_square(from);
    for steps in 0..64 {
        if reached.intersects(targets) {
            return Some(steps);
        }
        let next = reached | (grow(reached) & open);
        if next == reached {
            return None;
        }
        reached = next;
    }
    None
}

/// `squares` and every square a king step away.
fn grow(squares: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let x = squares.0;
    let row = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    Bitboard(row | (row << 8) | (row >> 8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mating::{is_dead_position, is_wall, position_from_fen, wall_unwinnable};

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).expect("test FEN")
    }

    /// The live walls the per-ply check met on the benchmark slice (the
    /// eight of the brief first). In each, each side's king can walk to an
    /// enemy pawn no pawn guards, take it and queen the pawn behind it, so
    /// both sides can mate: the certificates prove it move by move.
    const LIVE: [&str; 23] = [
        "8/8/8/6p1/6P1/8/7k/5K2 b - - 0 53",
        "8/b7/8/1k6/5K1p/7P/8/8 b - - 0 90",
        "8/1k6/3K4/pBb5/P7/8/8/8 w - - 0 58",
        "6b1/6k1/1p2p3/pP1pP2K/P2P2B1/8/8/8 b - - 0 62",
        "8/k1K5/4p3/4Pp2/5P2/3b4/8/8 w - - 0 58",
        "4K3/7p/7P/5k2/8/8/8/8 w - - 0 74",
        "8/4B3/8/1p6/1Pk5/7K/8/4b3 b - - 0 66",
        "1K6/5B2/8/2k5/7p/7P/8/8 w - - 0 75",
        "2k5/4K3/4B3/8/7p/7P/8/8 b - - 43 96",
        "3B4/5kb1/8/p2K4/Pp6/1P6/8/8 w - - 0 48",
        "8/1B2K3/8/3k4/7p/7P/8/8 b - - 31 90",
        "8/1k1K4/8/3B4/7p/7P/8/8 b - - 53 101",
        "8/1k6/8/pBK5/P7/8/8/8 b - - 0 58",
        "8/4k3/6p1/p3K1Pp/P6P/8/8/8 b - - 0 52",
        "8/8/3k4/7p/5K1P/8/8/8 w - - 0 56",
        "8/8/5k2/6p1/4K1Pp/7P/8/8 b - - 0 70",
        "8/8/5k2/6p1/4b1Pp/4K2P/8/8 w - - 0 70",
        "8/8/6p1/3k2P1/7p/5K1P/8/8 w - - 0 68",
        "8/8/8/2k5/6p1/6P1/5K2/8 b - - 0 48",
        "8/8/8/3k1p2/1p3Pp1/1PbK2P1/5B2/8 w - - 0 61",
        "8/8/8/5K1p/7P/5k2/8/8 b - - 0 57",
        "8/8/8/6K1/p2k3p/P6P/8/8 b - - 0 62",
        "8/p7/P2k4/8/6B1/8/5K2/8 b - - 0 67",
    ];

    #[test]
    fn lines_are_found_and_certified_on_the_walls_of_games() {
        for fen in LIVE {
            let p = pos(fen);
            assert!(is_wall(&p), "{fen}");
            for side in [Color::White, Color::Black] {
                assert!(has_certified_line(&p, side), "{fen} {side:?}");
                let line = certified_line(&p, side)
                    .unwrap_or_else(|| panic!("{fen}: no line for {side:?}"));
                // The last move mates, as the certificate checked.
                assert!(
                    line.last()
                        .is_some_and(|san| san.to_string().ends_with('#')),
                    "{fen} {side:?}"
                );
            }
            assert!(!is_dead_position(&p), "{fen}");
        }
        // The king takes g5 on the tenth ply at the earliest: with 146 quiet
        // half-moves played, the 75-move rule ends the game first.
        let late = pos("8/8/8/6p1/6P1/8/7k/5K2 b - - 146 153");
        assert!(certified_line(&late, Color::White).is_none());
        assert!(!has_certified_line(&late, Color::White));
    }

    #[test]
    fn no_line_is_claimed_on_dead_walls() {
        for fen in [
            // The closed wall: neither king passes the pawns' attacks.
            "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
            // From the slice: each king is shut in its own half.
            "8/8/3k1p2/1p1p1Pp1/1P1P2Pp/3K3P/8/8 b - - 0 62",
            // The same with bishops no pawn can ever take, nor take a pawn.
            "4k3/2b5/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4B3/4K3 w - - 0 1",
        ] {
            let p = pos(fen);
            assert!(is_wall(&p), "{fen}");
            for side in [Color::White, Color::Black] {
                // Nothing to walk to: not a single position is expanded.
                assert_eq!(progress(&p, side), UNREACHABLE, "{fen} {side:?}");
                assert!(candidate(&p, side, NODES).is_none(), "{fen} {side:?}");
                assert!(certified_line(&p, side).is_none(), "{fen} {side:?}");
                assert!(!has_certified_line(&p, side), "{fen} {side:?}");
            }
            assert!(is_dead_position(&p), "{fen}");
        }
    }

    #[test]
    fn the_budget_is_in_nodes() {
        let p = pos("8/8/8/6p1/6P1/8/7k/5K2 b - - 0 53");
        assert!(candidate(&p, Color::White, 0).is_none());
        // The line takes more than a dozen expansions.
        assert!(candidate(&p, Color::White, 12).is_none());
        assert!(candidate(&p, Color::White, NODES).is_some());
    }

    #[test]
    fn the_measure_has_its_stages() {
        // King walk: Kf1 to g5 around the attacked f4 and h4.
        let p = pos("8/8/8/6p1/6P1/8/7k/5K2 b - - 0 53");
        assert_eq!(progress(&p, Color::White), KING_WALK + 5);
        // A runner: the g-pawn has six squares to go.
        let p = pos("8/8/8/8/8/6P1/8/k4K2 b - - 0 1");
        assert_eq!(progress(&p, Color::White), RUNNER + 5);
        // A queen: below both.
        let p = pos("6Q1/8/8/8/8/8/8/k4K2 b - - 0 1");
        assert!(progress(&p, Color::White) < RUNNER);
        assert_eq!(ahead(Color::White, Square::H8), Bitboard::EMPTY);
        assert_eq!(ahead(Color::Black, Square::A1), Bitboard::EMPTY);
        assert_eq!(ahead(Color::Black, Square::B3).count(), 2);
    }

    /// On every labelled wall of `../shared/unwinnability/positions.tsv`,
    /// the dead-position check answers as before (CHA alone), and a line is
    /// certified only for a side CHA and the label find winnable:
    /// `cargo test --release -p laws -- --ignored labelled_walls`.
    #[test]
    #[ignore = "about 40 s: CHA's full analysis on 936 labelled walls"]
    fn the_line_changes_no_verdict_on_the_labelled_walls() {
        let text = crate::testing::labelled_positions();
        let (mut walls, mut winnable, mut lines) = (0, 0, 0);
        for row in text.lines() {
            let cells: Vec<&str> = row.split('\t').collect();
            let (Some(fen), Some(color), Some(expected)) =
                (cells.first(), cells.get(1), cells.get(2))
            else {
                continue;
            };
            let Some(p) = position_from_fen(fen) else {
                continue;
            };
            if !is_wall(&p) {
                continue;
            }
            walls += 1;
            winnable += usize::from(*expected == "winnable");
            let before = p.is_insufficient_material()
                || crate::mating::dead_after_every_reply(&p)
                || (wall_unwinnable(&p, Color::White) && wall_unwinnable(&p, Color::Black));
            assert_eq!(is_dead_position(&p), before, "{fen}");
            let side = if *color == "white" {
                Color::White
            } else {
                Color::Black
            };
            if certified_line(&p, side).is_some() {
                lines += 1;
                assert!(!wall_unwinnable(&p, side), "{fen} {side:?}");
                assert_eq!(*expected, "winnable", "{fen} {side:?}");
            }
        }
        println!("{walls} labelled walls, {winnable} winnable, {lines} with a certified line");
        assert!(walls > 0);
    }
}
