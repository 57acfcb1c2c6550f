//! What the unit tests of several modules share: random games that are the
//! same on every run, and the labelled positions of `../shared`.

use shakmaty::{Chess, Color, Move, Position, Role, Square};

/// The next state of a xorshift64 generator.
pub(crate) fn xorshift(seed: &mut u64) {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
}

/// A move of `moves` drawn from `seed`: one that neither captures nor moves
/// a pawn (keeping a series of reversible moves going, so that positions
/// recur), except once in `every` draws or where there is none.
pub(crate) fn quiet_move(moves: &[Move], seed: u64, every: u64) -> Option<Move> {
    let quiet: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| !m.is_capture() && m.role() != Role::Pawn)
        .collect();
    let list = if quiet.is_empty() || seed.is_multiple_of(every) {
        moves
    } else {
        &quiet
    };
    let index = usize::try_from((seed >> 8) % list.len().max(1) as u64).unwrap_or(0);
    list.get(index).copied()
}

/// Plays `games` random games from the start, each at most `plies` plies
/// long and each move drawn from `seed`, and shows `visit` every position
/// reached: castling rights, en passant squares, mates and stalemates pass
/// by on the way.
pub(crate) fn random_games(
    mut seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Chess),
) {
    for _ in 0..games {
        let mut pos = Chess::default();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            xorshift(&mut seed);
            let index = usize::try_from(seed % moves.len() as u64).unwrap_or(0);
            pos.play_unchecked(moves[index]);
            visit(&pos);
        }
    }
}

/// Positions an illegal move that stood can leave (A.5.2): positions of
/// random games, eight a game spread over its plies, each followed by one
/// to three displacements of a piece of the side to move to any square but
/// one of its own and an enemy king's (a pawn may reach the last rank, a
/// king may step into check or next to the other king). `visit` sees each
/// displaced position. Returns how many of them were illegal positions, for
/// the tests to show they met some.
pub(crate) fn irregular_positions(
    mut seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Chess),
) -> usize {
    let every = (plies / 8).max(1);
    let mut starts = Vec::new();
    let mut seen = 0;
    random_games(seed, games, plies, |p| {
        seen += 1;
        if seen % every == 0 {
            starts.push(p.clone());
        }
    });
    let mut illegal = 0;
    for start in starts {
        let mut pos = start;
        xorshift(&mut seed);
        for _ in 0..=seed % 3 {
            xorshift(&mut seed);
            let ours: Vec<Square> = pos.us().into_iter().collect();
            let from = ours[usize::try_from(seed % ours.len() as u64).unwrap_or(0)];
            xorshift(&mut seed);
            let to = Square::new(u32::try_from(seed % 64).unwrap_or(0));
            let board = pos.board();
            if pos.us().contains(to) || board.kings().contains(to) {
                continue;
            }
            let Some(role) = board.role_at(from) else {
                continue;
            };
            pos.play_unchecked(Move::Normal {
                role,
                from,
                capture: board.role_at(to).filter(|&r| r != Role::King),
                to,
                promotion: None,
            });
            illegal += usize::from(crate::standing::is_illegal_position(&pos));
            visit(&pos);
        }
    }
    illegal
}

/// The rows of `../shared/unwinnability/positions.tsv` (FEN, side, label),
/// without the header.
pub(crate) fn labelled_positions() -> String {
    labelled("positions.tsv")
}

/// The rows of one file of `../shared/unwinnability` (FEN, side, label and
/// more), without the header.
pub(crate) fn labelled(file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/unwinnability")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the labelled positions, {}: {e}", path.display()));
    text.lines().skip(1).collect::<Vec<_>>().join("\n")
}

/// A row of the labelled files: its FEN, the position, the side asked
/// about, and the label (`winnable` or `unwinnable`).
pub(crate) struct LabelledRow<'a> {
    pub fen: &'a str,
    pub pos: Chess,
    pub side: Color,
    pub label: &'a str,
}

/// Shows `visit` every row of the three files of `../shared/unwinnability`
/// whose FEN is a position.
pub(crate) fn each_labelled_row(mut visit: impl FnMut(LabelledRow<'_>)) {
    for file in [
        "positions.tsv",
        "lichess-sample.tsv",
        "lichess-unfair-timeouts-2022.tsv",
    ] {
        for line in labelled(file).lines() {
            let mut cells = line.split('\t');
            let (Some(fen), Some(color), Some(label)) = (cells.next(), cells.next(), cells.next())
            else {
                continue;
            };
            let Some(pos) = crate::mating::position_from_fen(fen) else {
                continue;
            };
            let side = if color == "white" {
                Color::White
            } else {
                Color::Black
            };
            visit(LabelledRow {
                fen,
                pos,
                side,
                label,
            });
        }
    }
}
