//! The shortest helpmate we can find within a small budget: an iterative
//! deepening search over every series of legal moves, both sides
//! cooperating, one ply deeper at a time (two, so that the mating side makes
//! the last move). A line found at a depth is the shortest there is, since
//! every shallower depth was searched in full first; when the budget runs
//! out, the caller keeps the line it had (CHA's).
//!
//! The search is for the sheets: the line an arbiter shows the players, not
//! the verdict, which CHA has already given.

use std::collections::HashMap;

use shakmaty::{Chess, Color, EnPassantMode, Move, Position, zobrist::Zobrist64};

/// The deepest line searched for, in plies.
pub const LONGEST: usize = 15;
/// Positions one search may visit for a ruling sheet: about 30 ms in a
/// release build.
pub const NODES: u64 = 1_000_000;
/// Positions for a batch audit that shows the line only in its message:
/// none, so that the online games' many flag falls cost the audit nothing
/// beyond cutting the loops out of CHA's line.
pub const QUICK_NODES: u64 = 0;

/// What a search below one position found.
enum Found {
    Mate,
    None,
    /// The budget ran out: nothing is known.
    OutOfBudget,
}

struct Search {
    side: Color,
    nodes: u64,
    line: Vec<Move>,
    /// Positions (by hash) known to have no helpmate within this many plies.
    failed: HashMap<u64, usize>,
}

/// The shortest helpmate by `side` from `pos` of at most `longest` plies,
/// visiting at most `nodes` positions; `None` when there is none that short
/// or the budget ran out first. The moves are legal and end in checkmate by
/// `side` (checked move by move by the caller's certificate).
///
/// ```
/// use laws::mating::{helpmate::shortest, position_from_fen};
/// use shakmaty::Color;
/// // Edge case 18: K+N against K+P, the pawn blocks its own king's square.
/// let pos = position_from_fen("k1K5/p7/4N3/8/8/8/8/8 w - - 0 1").expect("fen");
/// assert_eq!(shortest(&pos, Color::White, 5, 10_000).map(|l| l.len()), Some(1));
/// ```
pub fn shortest(pos: &Chess, side: Color, longest: usize, nodes: u64) -> Option<Vec<Move>> {
    let mut search = Search {
        side,
        nodes,
        line: Vec::new(),
        failed: HashMap::new(),
    };
    // The mating side makes the last move: odd depths when it is to move.
    let first = if pos.turn() == side { 1 } else { 2 };
    for depth in (first..=longest).step_by(2) {
        match search.below(pos, depth) {
            Found::Mate => return Some(search.line),
            Found::None => {}
            Found::OutOfBudget => return None,
        }
    }
    None
}

/// A helpmate at most as long as `line` (a helpmate by `side` from `pos`),
/// within `nodes` positions in all: the loops the line makes are cut out
/// (a position it passes twice), then the shortest line from the start is
/// searched for, and failing that, from each position along the line a
/// shorter way to mate than the rest of the line. Returns `line` itself
/// where nothing shorter is found.
pub fn shorten(pos: &Chess, side: Color, line: &[Move], nodes: u64) -> Vec<Move> {
    let mut line = without_loops(pos, line);
    if nodes == 0 {
        return line;
    }
    let mut left = nodes;
    // From the start, as deep as the line in hand allows.
    let longest = line.len().saturating_sub(2).min(LONGEST);
    let half = left / 2;
    if let Some(found) = shortest_counting(pos, side, longest, half, &mut left) {
        return found;
    }
    // Along the line: a shorter rest from each position in turn.
    let mut here = pos.clone();
    let mut i = 0;
    while i + 3 < line.len() && left > 0 {
        let Some(&mv) = line.get(i) else {
            break;
        };
        here.play_unchecked(mv);
        i += 1;
        let rest = line.len() - i;
        let longest = rest.saturating_sub(2).min(LONGEST);
        let share = left / u64::try_from(rest).unwrap_or(u64::MAX).max(1);
        if let Some(found) = shortest_counting(&here, side, longest, share, &mut left) {
            line.truncate(i);
            line.extend(found);
        }
    }
    line
}

/// [`shortest`] with `nodes` taken from what is `left`.
fn shortest_counting(
    pos: &Chess,
    side: Color,
    longest: usize,
    nodes: u64,
    left: &mut u64,
) -> Option<Vec<Move>> {
    let nodes = nodes.min(*left);
    let mut search = Search {
        side,
        nodes,
        line: Vec::new(),
        failed: HashMap::new(),
    };
    let first = if pos.turn() == side { 1 } else { 2 };
    let mut found = None;
    for depth in (first..=longest).step_by(2) {
        match search.below(pos, depth) {
            Found::Mate => {
                found = Some(std::mem::take(&mut search.line));
                break;
            }
            Found::None => {}
            Found::OutOfBudget => break,
        }
    }
    *left -= nodes - search.nodes;
    found
}

/// `line` without the stretches that come back to a position it had
/// passed (by 9.2.3 identity): the mate is reached all the same.
fn without_loops(pos: &Chess, line: &[Move]) -> Vec<Move> {
    let key = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
    let mut positions = Vec::with_capacity(line.len() + 1);
    let mut p = pos.clone();
    positions.push(key(&p));
    for &mv in line {
        p.play_unchecked(mv);
        positions.push(key(&p));
    }
    let mut last: HashMap<u64, usize> = HashMap::new();
    for (i, &k) in positions.iter().enumerate() {
        last.insert(k, i);
    }
    let mut out = Vec::with_capacity(line.len());
    let mut i = 0;
    while i < line.len() {
        // Jump to the last time the line stands in this position.
        let j = positions
            .get(i)
            .and_then(|k| last.get(k))
            .copied()
            .unwrap_or(i)
            .max(i);
        if j >= line.len() {
            break;
        }
        if let Some(&mv) = line.get(j) {
            out.push(mv);
        }
        i = j + 1;
    }
    out
}

impl Search {
    /// Whether a helpmate of at most `plies` plies starts at `pos`; on
    /// `Mate`, `self.line` holds it.
    fn below(&mut self, pos: &Chess, plies: usize) -> Found {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() && pos.turn() != self.side {
                Found::Mate
            } else {
                Found::None
            };
        }
        // The 75-move rule would end the game before any further move (9.6.2).
        if plies == 0 || pos.halfmoves() >= 150 {
            return Found::None;
        }
        let key = (plies >= 2).then(|| pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
        if let Some(key) = key
            && self.failed.get(&key).is_some_and(|&done| done >= plies)
        {
            return Found::None;
        }
        // The last move must be the mating side's, and it must give check.
        let last = plies == 1;
        if last && pos.turn() != self.side {
            return Found::None;
        }
        for &mv in &moves {
            if self.nodes == 0 {
                return Found::OutOfBudget;
            }
            self.nodes -= 1;
            let mut next = pos.clone();
            next.play_unchecked(mv);
            if last && !next.is_check() {
                continue;
            }
            self.line.push(mv);
            match self.below(&next, plies - 1) {
                Found::Mate => return Found::Mate,
                Found::OutOfBudget => return Found::OutOfBudget,
                Found::None => {
                    self.line.pop();
                }
            }
        }
        if let Some(key) = key {
            let done = self.failed.entry(key).or_insert(0);
            *done = (*done).max(plies);
        }
        Found::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mating::position_from_fen;

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).expect("test FEN")
    }

    fn mates(start: &Chess, side: Color, line: &[Move]) -> bool {
        let mut p = start.clone();
        for &mv in line {
            if !p.is_legal(mv) {
                return false;
            }
            p.play_unchecked(mv);
        }
        p.is_checkmate() && p.turn() != side
    }

    #[test]
    fn finds_the_shortest_line() {
        // K+N against K+2P, Black to move: the a-pawn blocks, the h-pawn waits.
        let p = pos("1k6/p2K3p/4N3/8/8/8/8/8 b - - 0 61");
        let line = shortest(&p, Color::White, LONGEST, NODES).expect("a helpmate");
        assert!(mates(&p, Color::White, &line));
        assert_eq!(line.len(), 4, "{line:?}");
        // Nothing shorter exists.
        assert!(shortest(&p, Color::White, 2, NODES).is_none());
        // White to move mates at once.
        let p = pos("k1K5/p7/4N3/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            shortest(&p, Color::White, LONGEST, NODES).map(|l| l.len()),
            Some(1)
        );
    }

    #[test]
    fn loops_are_cut_out_of_a_line() {
        let start = pos("1k6/p2K3p/4N3/8/8/8/8/8 b - - 0 61");
        let mut p = start.clone();
        let mut line = Vec::new();
        // Ka8 Kd6 Kb8 Kd7 comes back to the start; then the mate.
        for san in ["Ka8", "Kd6", "Kb8", "Kd7", "Ka8", "Kc8", "h6", "Nc7#"] {
            let mv = san
                .parse::<shakmaty::san::SanPlus>()
                .expect("san")
                .san
                .to_move(&p)
                .expect("legal");
            p.play_unchecked(mv);
            line.push(mv);
        }
        assert!(mates(&start, Color::White, &line));
        let cut = without_loops(&start, &line);
        assert_eq!(cut.len(), 4);
        assert!(mates(&start, Color::White, &cut));
        // `shorten` never returns a longer line, and this one it can cut.
        let short = shorten(&start, Color::White, &line, NODES);
        assert_eq!(short.len(), 4);
        assert!(mates(&start, Color::White, &short));
    }

    #[test]
    fn a_bare_king_finds_nothing_and_the_budget_holds() {
        let p = pos("8/8/8/4k3/8/8/8/KN6 w - - 0 1");
        assert!(shortest(&p, Color::White, 7, 2_000).is_none());
    }
}
